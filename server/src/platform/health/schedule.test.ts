import { parseSchedule } from '../jobs/schedule.js';
import { DEFAULT_SCHEDULE, scheduleTextOf } from './schedule.js';

describe('scheduleTextOf', () => {
  it('takes the column, then spec.schedule, then spec.interval (seconds), then every 5 minutes', () => {
    expect(scheduleTextOf({ schedule: '@hourly', spec: { schedule: '@daily', interval: 30 } })).toBe(
      '@hourly',
    );
    expect(scheduleTextOf({ schedule: ' ', spec: { schedule: '@daily', interval: 30 } })).toBe('@daily');
    expect(scheduleTextOf({ schedule: null, spec: { interval: 30 } })).toBe('@every 30s');
    expect(scheduleTextOf({ spec: { interval: '45' } })).toBe('@every 45s');
    expect(scheduleTextOf({ spec: {} })).toBe(DEFAULT_SCHEDULE);
    expect(DEFAULT_SCHEDULE).toBe('@every 5m');
  });

  it('passes a bad interval on, so reading the schedule names the problem', () => {
    const text = scheduleTextOf({ spec: { interval: 'often' } });
    expect(() => parseSchedule(text)).toThrow("'@every often' is not '@every' followed by a duration");
  });
});
