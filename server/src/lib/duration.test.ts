import { durationMs } from './duration.js';

describe('durationMs', () => {
  it('adds up the parts of a duration', () => {
    expect(durationMs('1h30m')).toBe(90 * 60_000);
    expect(durationMs('500ms')).toBe(500);
    expect(durationMs(' 2d ')).toBe(2 * 86_400_000);
    expect(durationMs('1w')).toBe(7 * 86_400_000);
    expect(durationMs('1.5s')).toBe(1500);
    expect(durationMs('1500us')).toBe(1.5);
  });

  it('says undefined for text that is not a duration', () => {
    for (const text of ['', '5', 'soon', '5x', '1h 30m', '30s later'])
      expect(durationMs(text)).toBeUndefined();
  });

  it('keeps to the units, decimals and spaces it is told', () => {
    expect(durationMs('2d', { units: ['ms', 's', 'm', 'h'] })).toBeUndefined();
    expect(durationMs('5m', { units: ['ms', 's', 'm', 'h'] })).toBe(300_000);
    expect(durationMs('1.5s', { decimals: false })).toBeUndefined();
    expect(durationMs('1h 30 m', { spaces: true })).toBe(90 * 60_000);
    expect(durationMs('1 0s', { spaces: true })).toBeUndefined();
  });
});
