import { jest } from '@jest/globals';
import { isRelativeExpression, parseExpression, resolveExpression } from './expression.js';

// Friday 15 March 2024, 13:45:30.500 local time (2024 is a leap year).
const now = new Date(2024, 2, 15, 13, 45, 30, 500);
const at = (...parts: [number, number, number, number?, number?, number?, number?]) =>
  new Date(parts[0], parts[1], parts[2], parts[3] ?? 0, parts[4] ?? 0, parts[5] ?? 0, parts[6] ?? 0);

describe('parseExpression', () => {
  it('reads now, offsets in order and a trailing rounding', () => {
    expect(parseExpression('now')).toEqual({ kind: 'relative', offsets: [] });
    expect(parseExpression('now-1M/M')).toEqual({
      kind: 'relative',
      offsets: [{ amount: -1, unit: 'M' }],
      round: 'M',
    });
    expect(parseExpression('now+30m-2h+500ms')).toEqual({
      kind: 'relative',
      offsets: [
        { amount: 30, unit: 'm' },
        { amount: -2, unit: 'h' },
        { amount: 500, unit: 'ms' },
      ],
    });
    expect(parseExpression('now/w')).toEqual({ kind: 'relative', offsets: [], round: 'w' });
  });

  it('tells minutes (m) from months (M) and milliseconds (ms)', () => {
    expect(parseExpression('now-5m')).toMatchObject({ offsets: [{ amount: -5, unit: 'm' }] });
    expect(parseExpression('now-5M')).toMatchObject({ offsets: [{ amount: -5, unit: 'M' }] });
    expect(parseExpression('now-5ms')).toMatchObject({ offsets: [{ amount: -5, unit: 'ms' }] });
  });

  it('ignores whitespace around and between the parts', () => {
    expect(parseExpression('  now-2d  ')).toEqual(parseExpression('now-2d'));
    expect(parseExpression('\tnow - 2d + 1h / d\n')).toEqual(parseExpression('now-2d+1h/d'));
  });

  it('accepts absolute timestamps', () => {
    expect(parseExpression('2024-03-05T10:00:00Z')).toEqual({
      kind: 'absolute',
      date: new Date(Date.UTC(2024, 2, 5, 10)),
    });
    expect(parseExpression('2024-03-05 10:30')).toEqual({ kind: 'absolute', date: at(2024, 2, 5, 10, 30) });
    expect(parseExpression('Tue, 05 Mar 2024 10:00:00 GMT')).toEqual({
      kind: 'absolute',
      date: new Date(Date.UTC(2024, 2, 5, 10)),
    });
    expect(parseExpression(now.toString())).toEqual({ kind: 'absolute', date: at(2024, 2, 15, 13, 45, 30) });
    expect(parseExpression('2024/03/05 10:30')).toEqual({ kind: 'absolute', date: at(2024, 2, 5, 10, 30) });
  });

  it.each([
    '',
    '   ',
    'now-',
    'now+',
    'now-2x',
    'now-2',
    'now-d',
    'now/dd',
    'now//d',
    'now/',
    'now/d/d',
    'now/d-1d',
    'now-1.5h',
    'now-2D',
    'nowd',
    'Now',
    '2d',
    '-2d',
    '2',
    'yesterday',
    'not a date 2024',
    'May 2024',
    '2024-13-45',
  ])('rejects %j', (text) => {
    expect(parseExpression(text)).toBeUndefined();
    expect(resolveExpression(text, { now })).toBeUndefined();
  });

  it('rejects missing values without throwing', () => {
    expect(parseExpression(undefined)).toBeUndefined();
    expect(parseExpression(null)).toBeUndefined();
    expect(resolveExpression(undefined)).toBeUndefined();
  });

  it('tells now expressions from timestamps', () => {
    expect(isRelativeExpression('now-2d/d')).toBe(true);
    expect(isRelativeExpression('2024-03-05T10:00:00Z')).toBe(false);
    expect(isRelativeExpression('now-')).toBe(false);
  });
});

describe('resolveExpression', () => {
  it('resolves now to the injected instant, or the clock', () => {
    expect(resolveExpression('now', { now })).toEqual(now);
    jest.useFakeTimers({ now });
    try {
      expect(resolveExpression('now-1h')).toEqual(at(2024, 2, 15, 12, 45, 30, 500));
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    ['now-500ms', at(2024, 2, 15, 13, 45, 30, 0)],
    ['now+30s', at(2024, 2, 15, 13, 46, 0, 500)],
    ['now+30m', at(2024, 2, 15, 14, 15, 30, 500)],
    ['now-6h', at(2024, 2, 15, 7, 45, 30, 500)],
    ['now-2d', at(2024, 2, 13, 13, 45, 30, 500)],
    ['now-1w', at(2024, 2, 8, 13, 45, 30, 500)],
    ['now-1M', at(2024, 1, 15, 13, 45, 30, 500)],
    ['now+1M', at(2024, 3, 15, 13, 45, 30, 500)],
    ['now-1y', at(2023, 2, 15, 13, 45, 30, 500)],
    ['now+2y', at(2026, 2, 15, 13, 45, 30, 500)],
  ])('applies the offset %s', (text, expected) => {
    expect(resolveExpression(text, { now })).toEqual(expected);
  });

  it('applies chained offsets in order', () => {
    expect(resolveExpression('now-1d+2h-30m', { now })).toEqual(at(2024, 2, 14, 15, 15, 30, 500));
    expect(resolveExpression('now+1y-1M', { now })).toEqual(at(2025, 1, 15, 13, 45, 30, 500));
    expect(resolveExpression('now-1M-1M-1M', { now })).toEqual(at(2023, 11, 15, 13, 45, 30, 500));
  });

  it.each([
    ['now/ms', now, now],
    ['now/s', at(2024, 2, 15, 13, 45, 30), at(2024, 2, 15, 13, 45, 30, 999)],
    ['now/m', at(2024, 2, 15, 13, 45), at(2024, 2, 15, 13, 45, 59, 999)],
    ['now/h', at(2024, 2, 15, 13), at(2024, 2, 15, 13, 59, 59, 999)],
    ['now/d', at(2024, 2, 15), at(2024, 2, 15, 23, 59, 59, 999)],
    ['now/w', at(2024, 2, 11), at(2024, 2, 17, 23, 59, 59, 999)],
    ['now/M', at(2024, 2, 1), at(2024, 2, 31, 23, 59, 59, 999)],
    ['now/y', at(2024, 0, 1), at(2024, 11, 31, 23, 59, 59, 999)],
  ])('rounds %s down to the start and up to the last millisecond', (text, start, end) => {
    expect(resolveExpression(text, { now })).toEqual(start);
    expect(resolveExpression(text, { now, roundUp: true })).toEqual(end);
  });

  it('starts weeks on Monday, also when now is a Sunday or a Monday', () => {
    const sunday = at(2024, 2, 17, 10);
    expect(resolveExpression('now/w', { now: sunday })).toEqual(at(2024, 2, 11));
    expect(resolveExpression('now/w', { now: sunday, roundUp: true })).toEqual(
      at(2024, 2, 17, 23, 59, 59, 999),
    );
    expect(resolveExpression('now/w', { now: at(2024, 2, 18, 0, 0, 1) })).toEqual(at(2024, 2, 18));
  });

  it('resolves the named range expressions', () => {
    const range = (text: string) => [
      resolveExpression(text, { now }),
      resolveExpression(text, { now, roundUp: true }),
    ];
    expect(range('now-1d/d')).toEqual([at(2024, 2, 14), at(2024, 2, 14, 23, 59, 59, 999)]);
    expect(range('now-1w/w')).toEqual([at(2024, 2, 4), at(2024, 2, 10, 23, 59, 59, 999)]);
    expect(range('now-1M/M')).toEqual([at(2024, 1, 1), at(2024, 1, 29, 23, 59, 59, 999)]);
    expect(range('now-1y/y')).toEqual([at(2023, 0, 1), at(2023, 11, 31, 23, 59, 59, 999)]);
  });

  it('uses calendar months at month ends', () => {
    expect(resolveExpression('now-1M', { now: at(2024, 2, 31, 12) })).toEqual(at(2024, 1, 29, 12));
    expect(resolveExpression('now-1M', { now: at(2023, 2, 31, 12) })).toEqual(at(2023, 1, 28, 12));
    expect(resolveExpression('now+1M', { now: at(2024, 0, 31, 12) })).toEqual(at(2024, 1, 29, 12));
    expect(resolveExpression('now-1M', { now: at(2024, 4, 31, 12) })).toEqual(at(2024, 3, 30, 12));
    expect(resolveExpression('now-1M/M', { now: at(2024, 2, 31, 12), roundUp: true })).toEqual(
      at(2024, 1, 29, 23, 59, 59, 999),
    );
  });

  it('handles leap years', () => {
    const leapDay = at(2024, 1, 29, 12);
    expect(resolveExpression('now+1y', { now: leapDay })).toEqual(at(2025, 1, 28, 12));
    expect(resolveExpression('now-4y', { now: leapDay })).toEqual(at(2020, 1, 29, 12));
    expect(resolveExpression('now+1d', { now: at(2024, 1, 28, 12) })).toEqual(leapDay);
    expect(resolveExpression('now+1d', { now: at(2023, 1, 28, 12) })).toEqual(at(2023, 2, 1, 12));
    expect(resolveExpression('now/M', { now: leapDay, roundUp: true })).toEqual(
      at(2024, 1, 29, 23, 59, 59, 999),
    );
    expect(resolveExpression('now/y', { now: at(2024, 5, 1), roundUp: true })).toEqual(
      at(2024, 11, 31, 23, 59, 59, 999),
    );
  });

  it('returns absolute timestamps as they are, without rounding', () => {
    const date = new Date(Date.UTC(2024, 2, 5, 10));
    expect(resolveExpression('2024-03-05T10:00:00.000Z', { now })).toEqual(date);
    expect(resolveExpression('2024-03-05T10:00:00.000Z', { now, roundUp: true })).toEqual(date);
  });

  it('gives undefined when the result is out of range', () => {
    expect(resolveExpression('now+999999999999y', { now })).toBeUndefined();
  });
});
