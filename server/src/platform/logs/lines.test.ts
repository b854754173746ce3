import { pageByTime, queryFilter, timeKey, type TimedLine } from './lines.js';

const line = (at: number, message = `m${at}`): TimedLine => ({
  at,
  timestamp: new Date(at).toISOString(),
  message,
  labels: {},
});

describe('log lines', () => {
  it('keeps the sub-millisecond part of a time, so nanosecond lines sort', () => {
    expect(timeKey('2026-06-11T12:00:00.000000200Z')).toBeGreaterThan(
      timeKey('2026-06-11T12:00:00.000000100Z'),
    );
    expect(timeKey('2026-06-11T12:00:00.5Z')).toBe(Date.parse('2026-06-11T12:00:00.5Z'));
    expect(timeKey('nonsense')).toBeNaN();
  });

  it('matches the query case-insensitively', () => {
    expect(queryFilter('ERROR')('an error here')).toBe(true);
    expect(queryFilter('error')('all fine')).toBe(false);
    expect(queryFilter('  ')('anything')).toBe(true);
  });

  it('pages newest first by time, lines of one time split over pages neither lost nor repeated', () => {
    const lines = [line(1), line(5, 'a'), line(5, 'b'), line(5, 'c'), line(3), line(9)];
    const first = pageByTime([...lines], 2, undefined);
    expect(first.results.map((l) => l.message)).toEqual(['m9', 'a']);
    const cursor = JSON.parse(Buffer.from(first.nextPage!, 'base64url').toString()) as {
      before: number;
      skip: number;
    };
    const second = pageByTime([...lines], 2, cursor);
    expect(second.results.map((l) => l.message)).toEqual(['b', 'c']);
    const third = pageByTime(
      [...lines],
      2,
      JSON.parse(Buffer.from(second.nextPage!, 'base64url').toString()) as { before: number; skip: number },
    );
    expect(third.results.map((l) => l.message)).toEqual(['m3', 'm1']);
    expect(third.nextPage).toBeUndefined();
  });
});
