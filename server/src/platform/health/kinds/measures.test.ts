import { EntryError } from './common.js';
import { humanDuration, humanSize, parseDuration, parseSize } from './measures.js';

describe('parseDuration', () => {
  it.each([
    ['90s', 90_000],
    ['1h30m', 5_400_000],
    ['2d', 172_800_000],
    ['1w', 604_800_000],
    ['500ms', 500],
    ['30', 30_000],
  ])('%s is %d ms', (text, ms) => expect(parseDuration(text, 'maxAge')).toBe(ms));

  it('refuses what is not a duration, naming the field', () => {
    expect(() => parseDuration('soon', 'maxAge')).toThrow(EntryError);
    expect(() => parseDuration('1h and 2m', 'maxAge')).toThrow(
      "maxAge '1h and 2m' is not a duration (e.g. 30s, 1h30m, 2d)",
    );
  });
});

describe('parseSize', () => {
  it.each([
    ['512', 512],
    ['10kb', 10_240],
    ['1.5 MB', 1_572_864],
    ['2Gi', 2 * 1024 ** 3],
  ])('%s is %d bytes', (text, bytes) => expect(parseSize(text, 'minSize')).toBe(bytes));

  it('refuses what is not a size', () => {
    expect(() => parseSize('big', 'minSize')).toThrow("minSize 'big' is not a size (e.g. 512, 10kb, 1.5mb)");
  });
});

describe('human forms', () => {
  it('shows sizes and durations the way messages read them', () => {
    expect(humanSize(6144)).toBe('6 KB');
    expect(humanSize(1_572_864)).toBe('1.5 MB');
    expect(humanDuration(300)).toBe('300ms');
    expect(humanDuration(108_000_000)).toBe('1d6h');
    expect(humanDuration(125_000)).toBe('2m5s');
  });
});
