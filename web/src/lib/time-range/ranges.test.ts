import { jest } from '@jest/globals';
import {
  absoluteRange,
  DEFAULT_TIME_RANGE,
  describeRange,
  durationToMs,
  FUTURE_RANGES,
  isSameTimeRange,
  MAPPED_RANGES,
  PAST_RANGES,
  resolveTimeRange,
  TIME_RANGE_OPTIONS,
  timeRangeFromValues,
  type TimeRange,
} from './ranges.js';

// Friday 15 March 2024, 13:45:30.500 local time.
const now = new Date(2024, 2, 15, 13, 45, 30, 500);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const named = (display: string) => {
  const range = MAPPED_RANGES.find((r) => r.display === display);
  if (!range) throw new Error(`no range ${display}`);
  return range;
};

describe('relative quick picks', () => {
  it('offers every spec quick pick in the past, from now-N to now', () => {
    expect(PAST_RANGES.map((r) => r.display)).toEqual([
      'Last 5 minutes',
      'Last 15 minutes',
      'Last 30 minutes',
      'Last 1 hour',
      'Last 3 hours',
      'Last 6 hours',
      'Last 12 hours',
      'Last 24 hours',
      'Last 2 days',
      'Last 7 days',
      'Last 30 days',
      'Last 90 days',
      'Last 6 months',
      'Last 1 year',
      'Last 2 years',
      'Last 5 years',
    ]);
    expect(PAST_RANGES[0]).toEqual({
      type: 'relative',
      from: 'now-5m',
      to: 'now',
      display: 'Last 5 minutes',
    });
    expect(PAST_RANGES[12]).toMatchObject({ from: 'now-6M', to: 'now' });
  });

  it('offers the same picks in the future, from now to now+N', () => {
    expect(FUTURE_RANGES).toHaveLength(16);
    expect(FUTURE_RANGES[0]).toEqual({
      type: 'relative',
      from: 'now',
      to: 'now+5m',
      display: 'Next 5 minutes',
    });
    expect(FUTURE_RANGES[15]).toEqual({
      type: 'relative',
      from: 'now',
      to: 'now+5y',
      display: 'Next 5 years',
    });
  });

  it('defaults to the last 2 days', () => {
    expect(DEFAULT_TIME_RANGE).toEqual({
      type: 'relative',
      from: 'now-2d',
      to: 'now',
      display: 'Last 2 days',
    });
  });
});

describe('mapped ranges', () => {
  it.each([
    ['Today', new Date(2024, 2, 15), new Date(2024, 2, 15, 23, 59, 59, 999)],
    ['Today so far', new Date(2024, 2, 15), now],
    ['Yesterday', new Date(2024, 2, 14), new Date(2024, 2, 14, 23, 59, 59, 999)],
    ['Day before yesterday', new Date(2024, 2, 13), new Date(2024, 2, 13, 23, 59, 59, 999)],
    ['This day last week', new Date(2024, 2, 8), new Date(2024, 2, 8, 23, 59, 59, 999)],
    ['This week', new Date(2024, 2, 11), new Date(2024, 2, 17, 23, 59, 59, 999)],
    ['This week so far', new Date(2024, 2, 11), now],
    ['Previous week', new Date(2024, 2, 4), new Date(2024, 2, 10, 23, 59, 59, 999)],
    ['This month', new Date(2024, 2, 1), new Date(2024, 2, 31, 23, 59, 59, 999)],
    ['This month so far', new Date(2024, 2, 1), now],
    ['Previous month', new Date(2024, 1, 1), new Date(2024, 1, 29, 23, 59, 59, 999)],
    ['This year', new Date(2024, 0, 1), new Date(2024, 11, 31, 23, 59, 59, 999)],
    ['This year so far', new Date(2024, 0, 1), now],
    ['Previous year', new Date(2023, 0, 1), new Date(2023, 11, 31, 23, 59, 59, 999)],
  ])('%s resolves with Grafana meaning', (display, from, to) => {
    const range = named(display);
    expect(range.type).toBe('mapped');
    expect(resolveTimeRange(range, now)).toEqual({ from, to });
  });
});

describe('resolveTimeRange', () => {
  let errors: jest.SpiedFunction<typeof console.error>;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  it('resolves a relative range against now', () => {
    expect(resolveTimeRange(PAST_RANGES[8]!, now)).toEqual({
      from: new Date(now.getTime() - 2 * DAY),
      to: now,
    });
    expect(errors).not.toHaveBeenCalled();
  });

  it('uses the current time by default', () => {
    const before = Date.now();
    const resolved = resolveTimeRange(PAST_RANGES[3]!);
    expect(resolved!.to.getTime()).toBeGreaterThanOrEqual(before);
    expect(resolved!.to.getTime() - resolved!.from.getTime()).toBe(HOUR);
  });

  it('resolves an absolute range to its instants', () => {
    const range = absoluteRange(new Date(2024, 2, 1, 8), new Date(2024, 2, 2, 18, 30));
    expect(resolveTimeRange(range, now)).toEqual({
      from: new Date(2024, 2, 1, 8),
      to: new Date(2024, 2, 2, 18, 30),
    });
  });

  it('logs an invalid relative range and gives undefined', () => {
    const range: TimeRange = { type: 'relative', from: 'now-2x', to: 'now', display: 'broken' };
    expect(resolveTimeRange(range, now)).toBeUndefined();
    expect(errors).toHaveBeenCalledWith('Invalid relative time range');
  });

  it('logs an invalid mapped range and gives undefined', () => {
    const range: TimeRange = { type: 'mapped', from: 'now-1d/d', to: 'now//d', display: 'broken' };
    expect(resolveTimeRange(range, now)).toBeUndefined();
    expect(errors).toHaveBeenCalledWith('Invalid mapped time range');
  });

  it('logs and throws for an unparsable absolute value', () => {
    const range: TimeRange = {
      type: 'absolute',
      from: 'yesterday',
      to: '2024-03-05T10:00:00Z',
      display: 'x',
    };
    expect(() => resolveTimeRange(range, now)).toThrow('Invalid absolute time range');
    expect(errors).toHaveBeenCalledWith('Invalid mapped time range');
  });

  it('does not accept now expressions as absolute values', () => {
    const range: TimeRange = { type: 'absolute', from: 'now-1d', to: 'now', display: 'x' };
    expect(() => resolveTimeRange(range, now)).toThrow();
  });
});

describe('display text', () => {
  it('describes last and next spans, in the singular and plural', () => {
    expect(describeRange('now-2d', 'now')).toBe('Last 2 days');
    expect(describeRange('now-1h', 'now')).toBe('Last 1 hour');
    expect(describeRange('now-45m', ' now ')).toBe('Last 45 minutes');
    expect(describeRange('now', 'now+1M')).toBe('Next 1 month');
    expect(describeRange('now', 'now+10s')).toBe('Next 10 seconds');
  });

  it('shows other expressions as they are, and timestamps as local date-times', () => {
    expect(describeRange('now-3h', 'now-1h')).toBe('now-3h to now-1h');
    expect(describeRange('now-2d/d', 'now')).toBe('now-2d/d to now');
    expect(describeRange('now+1h', 'now')).toBe('now+1h to now');
    const iso = new Date(2024, 2, 5, 9, 5, 7).toISOString();
    expect(describeRange(iso, 'now')).toBe('2024-03-05 09:05:07 to now');
  });

  it('builds absolute ranges as ISO values with a local display', () => {
    const from = new Date(2024, 2, 1, 8);
    const to = new Date(2024, 2, 2, 18, 30, 15);
    expect(absoluteRange(from, to)).toEqual({
      type: 'absolute',
      from: from.toISOString(),
      to: to.toISOString(),
      display: '2024-03-01 08:00:00 to 2024-03-02 18:30:15',
    });
  });
});

describe('timeRangeFromValues', () => {
  it('recognises a known named pair as mapped', () => {
    expect(timeRangeFromValues('now-1M/M', 'now-1M/M')).toEqual({
      type: 'mapped',
      from: 'now-1M/M',
      to: 'now-1M/M',
      display: 'Previous month',
    });
    expect(timeRangeFromValues('now/d', 'now')?.display).toBe('Today so far');
  });

  it('derives a relative range with a generated display', () => {
    expect(timeRangeFromValues('now-2d', 'now')).toEqual(PAST_RANGES[8]);
    expect(timeRangeFromValues('now-3h', 'now-1h')).toEqual({
      type: 'relative',
      from: 'now-3h',
      to: 'now-1h',
      display: 'now-3h to now-1h',
    });
  });

  it('treats two timestamps as absolute', () => {
    const range = absoluteRange(new Date(2024, 2, 1, 8), new Date(2024, 2, 2, 18));
    expect(timeRangeFromValues(range.from, range.to)).toEqual(range);
  });

  it.each([
    [null, 'now'],
    ['now-2d', undefined],
    ['now-2x', 'now'],
    ['now-1d', 'tomorrow'],
    ['', ''],
  ])('gives undefined for %j to %j', (from, to) => {
    expect(timeRangeFromValues(from, to)).toBeUndefined();
  });
});

describe('isSameTimeRange', () => {
  it('compares from and to, ignoring whitespace', () => {
    const yesterday = named('Yesterday');
    expect(isSameTimeRange(yesterday, { ...yesterday, from: ' now - 1d / d' })).toBe(true);
    expect(isSameTimeRange(yesterday, named('Today'))).toBe(false);
    expect(isSameTimeRange(yesterday, undefined)).toBe(false);
  });
});

describe('time range options and durations', () => {
  it('lists the dashboard options of the spec', () => {
    expect(TIME_RANGE_OPTIONS.map((o) => o.value)).toEqual(
      '15m 1h 2h 3h 6h 12h 1d 2d 3d 1w 2w 3w 1mo 2mo 3mo 6mo 1y 2y 3y 5y'.split(' '),
    );
    expect(TIME_RANGE_OPTIONS[1]).toEqual({ value: '1h', label: 'Last 1 hour' });
    expect(TIME_RANGE_OPTIONS[12]).toEqual({ value: '1mo', label: 'Last 1 month' });
    expect(TIME_RANGE_OPTIONS[19]).toEqual({ value: '5y', label: 'Last 5 years' });
  });

  it('converts every option to milliseconds', () => {
    expect(durationToMs('15m')).toBe(15 * 60 * 1000);
    expect(durationToMs('1h')).toBe(HOUR);
    expect(durationToMs('2d')).toBe(2 * DAY);
    expect(durationToMs('1w')).toBe(7 * DAY);
    expect(durationToMs('1mo')).toBe(30 * DAY);
    expect(durationToMs('6M')).toBe(180 * DAY);
    expect(durationToMs('1y')).toBe(365 * DAY);
    expect(durationToMs('500ms')).toBe(500);
    expect(durationToMs('30s')).toBe(30_000);
    for (const { value } of TIME_RANGE_OPTIONS) expect(durationToMs(value)).toBeGreaterThan(0);
  });

  it.each(['', 'h', '1', '1x', '-1h', '1.5h', 'now-1h'])('gives undefined for %j', (text) => {
    expect(durationToMs(text)).toBeUndefined();
  });
});
