// How often the dashboard polls (spec 1 §9): the options, the ones a long time range rules out,
// and the choice kept in localStorage.
import { durationToMs } from '../../lib/time-range/index.js';

export interface RefreshRateOption {
  /** '' is None: no polling. */
  value: string;
  label: string;
  ms: number;
}

const option = (value: string, ms: number): RefreshRateOption => ({ value, label: value || 'None', ms });

export const REFRESH_RATE_OPTIONS: readonly RefreshRateOption[] = [
  option('', 0),
  option('15s', 15_000),
  option('30s', 30_000),
  option('60s', 60_000),
  option('2m', 120_000),
  option('3m', 180_000),
  option('5m', 300_000),
  option('10m', 600_000),
  option('15m', 900_000),
];

/** No polling until the user picks a rate: a dashboard left open does not load the server unasked. */
export const DEFAULT_REFRESH_RATE = '';
export const REFRESH_RATE_STORAGE_KEY = 'ops-console.health.refresh-rate';

const MINUTE = 60_000;

/** Rates too frequent for the range: from 60 minutes on 15s and 30s, from 180 minutes on also 2m and 3m. */
export function disabledRefreshRates(timeRange: string): ReadonlySet<string> {
  const minutes = (durationToMs(timeRange) ?? 0) / MINUTE;
  if (minutes >= 180) return new Set(['15s', '30s', '2m', '3m']);
  if (minutes >= 60) return new Set(['15s', '30s']);
  return new Set();
}

/** The rate in effect: the chosen one, or when the range rules it out the smallest allowed rate. */
export function effectiveRefreshRate(chosen: string, timeRange: string): RefreshRateOption {
  const disabled = disabledRefreshRates(timeRange);
  const known = REFRESH_RATE_OPTIONS.find((candidate) => candidate.value === chosen);
  if (known && !disabled.has(known.value)) return known;
  if (!known) return REFRESH_RATE_OPTIONS[0]!;
  return REFRESH_RATE_OPTIONS.find((candidate) => candidate.ms > 0 && !disabled.has(candidate.value))!;
}

export function readStoredRefreshRate(): string {
  try {
    return localStorage.getItem(REFRESH_RATE_STORAGE_KEY) ?? DEFAULT_REFRESH_RATE;
  } catch {
    return DEFAULT_REFRESH_RATE;
  }
}

export function storeRefreshRate(value: string): void {
  try {
    localStorage.setItem(REFRESH_RATE_STORAGE_KEY, value);
  } catch {
    // Without storage the choice lasts for this page.
  }
}
