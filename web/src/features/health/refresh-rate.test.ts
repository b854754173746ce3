import {
  disabledRefreshRates,
  effectiveRefreshRate,
  readStoredRefreshRate,
  REFRESH_RATE_OPTIONS,
  REFRESH_RATE_STORAGE_KEY,
  storeRefreshRate,
} from './refresh-rate.js';

describe('refresh rates', () => {
  it('offers None, 15s, 30s, 60s, 2m, 3m, 5m, 10m, 15m', () => {
    expect(REFRESH_RATE_OPTIONS.map((option) => option.label)).toEqual([
      'None',
      '15s',
      '30s',
      '60s',
      '2m',
      '3m',
      '5m',
      '10m',
      '15m',
    ]);
  });

  it.each([
    ['15m', []],
    ['59m', []],
    ['1h', ['15s', '30s']],
    ['2h', ['15s', '30s']],
    ['3h', ['15s', '30s', '2m', '3m']],
    ['1w', ['15s', '30s', '2m', '3m']],
  ])('for %s disables %p', (timeRange, disabled) => {
    expect([...disabledRefreshRates(timeRange)].sort()).toEqual([...disabled].sort());
  });

  it('keeps an allowed choice', () => {
    expect(effectiveRefreshRate('30s', '15m')).toMatchObject({ value: '30s', ms: 30_000 });
    expect(effectiveRefreshRate('', '1y')).toMatchObject({ value: '', ms: 0 });
  });

  it('falls back to the smallest allowed rate when the range rules the choice out', () => {
    expect(effectiveRefreshRate('15s', '1h')).toMatchObject({ value: '60s', ms: 60_000 });
    expect(effectiveRefreshRate('2m', '6h')).toMatchObject({ value: '60s' });
    expect(effectiveRefreshRate('2m', '1h')).toMatchObject({ value: '2m' });
  });

  it('treats an unknown stored value as None', () => {
    expect(effectiveRefreshRate('7s', '15m')).toMatchObject({ value: '', ms: 0 });
  });

  it('remembers the choice in localStorage', () => {
    localStorage.removeItem(REFRESH_RATE_STORAGE_KEY);
    expect(readStoredRefreshRate()).toBe('');
    storeRefreshRate('5m');
    expect(localStorage.getItem(REFRESH_RATE_STORAGE_KEY)).toBe('5m');
    expect(readStoredRefreshRate()).toBe('5m');
    localStorage.removeItem(REFRESH_RATE_STORAGE_KEY);
  });
});
