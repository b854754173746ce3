import { isoTime } from './summary-time.js';

describe('isoTime', () => {
  it.each([
    '2026-11-28T11:30:00+00:00',
    '2026-11-28T11:30:00.1+00:00',
    '2026-11-28T11:30:00.12+00:00',
    '2026-11-28T11:30:00.123+00:00',
    '2026-11-28T11:30:00.1239+00:00',
    '2026-11-28T23:59:59.999999+00:00',
    '2026-11-28T11:30:00.123456+02:00',
    '2026-11-28T01:30:00-05:30',
    '+012026-11-28T11:30:00.000Z',
  ])('writes %s as a Date would', (text) => {
    expect(isoTime(text)).toBe(new Date(text).toISOString());
  });

  it('takes a Date and null as they are', () => {
    const at = new Date('2026-11-28T11:30:00.042Z');
    expect(isoTime(at)).toBe('2026-11-28T11:30:00.042Z');
    expect(isoTime(null)).toBeNull();
  });
});
