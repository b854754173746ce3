import { intervalSchedule, parseInterval, parseSchedule, ScheduleError } from './schedule.js';

const at = new Date('2024-06-11T10:17:23.000Z');

describe('parseSchedule', () => {
  it.each([
    ['@every 30s', 30_000],
    ['@every 5m', 300_000],
    ['@every 1h30m', 5_400_000],
    ['@every 2h', 7_200_000],
    ['@every 1500ms', 1500],
  ])('runs %s every %d ms', (text, ms) => {
    expect(parseSchedule(text).next(at).getTime() - at.getTime()).toBe(ms);
  });

  it('reads cron lines and the @hourly/@daily/@weekly shorthands', () => {
    const hourly = parseSchedule('@hourly').next(at);
    expect(hourly.getTime()).toBeGreaterThan(at.getTime());
    expect(hourly.getUTCMinutes()).toBe(0);
    expect(hourly.getTime() - at.getTime()).toBeLessThanOrEqual(3_600_000);
    const fives = parseSchedule('*/5 * * * *').next(at);
    expect(fives.getMinutes() % 5).toBe(0);
    expect(fives.getTime() - at.getTime()).toBeLessThanOrEqual(300_000);
    const daily = parseSchedule('@daily').next(at);
    expect([daily.getHours(), daily.getMinutes()]).toEqual([0, 0]);
    const weekly = parseSchedule('@weekly').next(at);
    expect(weekly.getTime() - at.getTime()).toBeLessThanOrEqual(7 * 86_400_000);
  });

  it.each([
    ['', 'the schedule is empty'],
    ['@every', 'is not a cron schedule'],
    ['@every soon', "'@every soon' is not '@every' followed by a duration such as 30s, 5m or 1h30m"],
    ['@every 10ms', "'@every 10ms' is shorter than the smallest interval, 1s"],
    ['every five minutes', "'every five minutes' is not a cron schedule"],
    ['61 * * * *', "'61 * * * *' is not a cron schedule"],
  ])('refuses %j saying why', (text, message) => {
    expect(() => parseSchedule(text)).toThrow(ScheduleError);
    expect(() => parseSchedule(text)).toThrow(message);
  });
});

describe('parseInterval', () => {
  it('adds up units and refuses anything else', () => {
    expect(parseInterval('1h30m15s')).toBe(5_415_000);
    expect(parseInterval('5 m')).toBeUndefined();
    expect(parseInterval('5d')).toBeUndefined();
  });
});

describe('intervalSchedule', () => {
  it('runs every given milliseconds, below the smallest canary interval too', () => {
    expect(intervalSchedule(250).next(at).getTime() - at.getTime()).toBe(250);
    expect(() => intervalSchedule(0)).toThrow(ScheduleError);
  });
});
