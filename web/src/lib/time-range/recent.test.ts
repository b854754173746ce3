import { absoluteRange, PAST_RANGES } from './ranges.js';
import { addRecentTimeRange, getRecentTimeRanges, RECENT_TIME_RANGES_KEY } from './recent.js';

const day = (n: number) => absoluteRange(new Date(2024, 2, n, 8), new Date(2024, 2, n, 18));

beforeEach(() => localStorage.clear());

describe('recent absolute time ranges', () => {
  it('starts empty', () => {
    expect(getRecentTimeRanges()).toEqual([]);
  });

  it('keeps submitted ranges in localStorage, most recent first', () => {
    addRecentTimeRange(day(1));
    expect(addRecentTimeRange(day(2))).toEqual([day(2), day(1)]);
    expect(getRecentTimeRanges()).toEqual([day(2), day(1)]);
    expect(JSON.parse(localStorage.getItem(RECENT_TIME_RANGES_KEY)!)).toEqual([day(2), day(1)]);
  });

  it('keeps only the last 5', () => {
    for (let n = 1; n <= 7; n++) addRecentTimeRange(day(n));
    expect(getRecentTimeRanges()).toEqual([day(7), day(6), day(5), day(4), day(3)]);
  });

  it('moves a range used again to the top instead of listing it twice', () => {
    addRecentTimeRange(day(1));
    addRecentTimeRange(day(2));
    addRecentTimeRange(day(3));
    expect(addRecentTimeRange(day(1))).toEqual([day(1), day(3), day(2)]);
  });

  it('ignores relative ranges', () => {
    addRecentTimeRange(day(1));
    expect(addRecentTimeRange(PAST_RANGES[0]!)).toEqual([day(1)]);
    expect(getRecentTimeRanges()).toEqual([day(1)]);
  });

  it('survives corrupt or foreign storage content', () => {
    localStorage.setItem(RECENT_TIME_RANGES_KEY, '{not json');
    expect(getRecentTimeRanges()).toEqual([]);
    localStorage.setItem(RECENT_TIME_RANGES_KEY, JSON.stringify({ from: 'x' }));
    expect(getRecentTimeRanges()).toEqual([]);
    localStorage.setItem(
      RECENT_TIME_RANGES_KEY,
      JSON.stringify([
        day(1),
        { type: 'absolute', from: 'now', to: 'x', display: 'bad' },
        42,
        PAST_RANGES[0],
      ]),
    );
    expect(getRecentTimeRanges()).toEqual([day(1)]);
    expect(addRecentTimeRange(day(2))).toEqual([day(2), day(1)]);
  });
});
