import {
  DURATION_UNIT_MESSAGE,
  NO_VALUE,
  durationError,
  formatAge,
  formatCount,
  formatPastAge,
  formatDuration,
  formatUptime,
  parseDuration,
  toDate,
} from './format.js';

const now = new Date('2024-05-01T12:00:00Z');

describe('toDate', () => {
  it('parses dates, ISO strings and epoch milliseconds', () => {
    expect(toDate('2024-05-01T11:55:00Z')?.toISOString()).toBe('2024-05-01T11:55:00.000Z');
    expect(toDate(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(toDate(now)).toBe(now);
  });

  it('is undefined for empty and invalid input', () => {
    for (const value of [null, undefined, '', 'not a date', new Date('nope')]) {
      expect(toDate(value)).toBeUndefined();
    }
  });
});

describe('formatAge', () => {
  it('says how long ago, with or without suffix', () => {
    expect(formatAge('2024-05-01T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatAge('2024-04-29T12:00:00Z', now)).toBe('2 days ago');
    expect(formatAge('2024-05-01T11:55:00Z', now, false)).toBe('5 minutes');
    expect(formatAge('2024-05-01T14:00:00Z', now)).toBe('in 2 hours');
  });

  it('is undefined for an empty or invalid date', () => {
    expect(formatAge(undefined, now)).toBeUndefined();
    expect(formatAge('garbage', now)).toBeUndefined();
  });
});

describe('formatPastAge', () => {
  it('says how long ago, and 0 seconds ago for a moment ahead of now', () => {
    expect(formatPastAge('2024-05-01T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatPastAge('2024-05-01T12:00:07Z', now)).toBe('0 seconds ago');
    expect(formatPastAge('2024-05-01T12:00:07Z', now, false)).toBe('0 seconds');
    expect(formatPastAge('garbage', now)).toBeUndefined();
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0ms'],
    [350, '350ms'],
    [999.9, '999ms'],
    [1000, '1s'],
    [1250, '1.25s'],
    [59_999, '59.99s'],
    [60_000, '1m'],
    [125_000, '2m 5s'],
    [3_599_999, '59m 59s'],
    [3_600_000, '1h'],
    [3_700_000, '1h 1m'],
    [90_000_000, '25h'],
  ])('%p ms → %p', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('is empty for missing, negative or non-numeric input', () => {
    for (const value of [undefined, null, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatDuration(value)).toBe('');
    }
  });
});

describe('formatUptime', () => {
  it('is passed / (passed + failed) with one decimal', () => {
    expect(formatUptime({ passed: 199, failed: 1 })).toBe('99.5%');
    expect(formatUptime({ passed: 1, failed: 2 })).toBe('33.3%');
    expect(formatUptime({ passed: 10, failed: 0 })).toBe('100.0%');
    expect(formatUptime({ passed: 0, failed: 4 })).toBe('0.0%');
  });

  it('never shows 100% when a run failed', () => {
    expect(formatUptime({ passed: 9999, failed: 1 })).toBe('99.9%');
  });

  it('shows a dash when there were no runs', () => {
    expect(NO_VALUE).toBe('—');
    expect(formatUptime({ passed: 0, failed: 0 })).toBe('—');
    expect(formatUptime({})).toBe('—');
    expect(formatUptime(undefined)).toBe('—');
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1k+'],
    [1500, '1k+'],
    [1999, '1k+'],
    [12_000, '12k+'],
    [1_250_000, '1250k+'],
  ])('%p → %p', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it('is empty without a number', () => {
    expect(formatCount(undefined)).toBe('');
    expect(formatCount(Number.NaN)).toBe('');
  });
});

describe('parseDuration and durationError', () => {
  it.each([
    ['500ms', 500],
    ['1s', 1000],
    ['1.5s', 1500],
    ['1.1s', 1100],
    [' 30 s ', 30_000],
    ['0.5ms', 0.5],
  ])('%p → %p ms', (input, ms) => {
    expect(parseDuration(input)).toBe(ms);
    expect(durationError(input)).toBeUndefined();
  });

  it.each(['5m', '1h', '500', 'ms', '1.5', '-1s', '1 sec', 'abc'])(
    'rejects %p with the spec message',
    (input) => {
      expect(parseDuration(input)).toBeUndefined();
      expect(durationError(input)).toBe('duration is allowed only in milli seconds & seconds');
    },
  );

  it('treats an empty filter as valid', () => {
    expect(DURATION_UNIT_MESSAGE).toBe('duration is allowed only in milli seconds & seconds');
    expect(parseDuration('')).toBeUndefined();
    expect(durationError('')).toBeUndefined();
    expect(durationError(undefined)).toBeUndefined();
  });
});
