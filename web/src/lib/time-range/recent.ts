import { parseExpression } from './expression.js';
import { isSameTimeRange, type TimeRange } from './ranges.js';

export const RECENT_TIME_RANGES_KEY = 'ops-console.recent-time-ranges';
/** Spec 3 §9: "Recent absolute ranges kept: 5". */
export const MAX_RECENT_TIME_RANGES = 5;

const isTimestamp = (value: unknown) =>
  typeof value === 'string' && parseExpression(value)?.kind === 'absolute';

function isAbsoluteRange(value: unknown): value is TimeRange {
  if (typeof value !== 'object' || value === null) return false;
  const { type, from, to, display } = value as Record<string, unknown>;
  return type === 'absolute' && isTimestamp(from) && isTimestamp(to) && typeof display === 'string';
}

/** The last submitted absolute ranges, most recent first; empty when storage is missing or corrupt. */
export function getRecentTimeRanges(): TimeRange[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(RECENT_TIME_RANGES_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isAbsoluteRange).slice(0, MAX_RECENT_TIME_RANGES) : [];
  } catch {
    return [];
  }
}

/** Puts an absolute range first (moving it up when already listed) and keeps the newest 5. */
export function addRecentTimeRange(range: TimeRange): TimeRange[] {
  if (range.type !== 'absolute') return getRecentTimeRanges();
  const next = [range, ...getRecentTimeRanges().filter((r) => !isSameTimeRange(r, range))].slice(
    0,
    MAX_RECENT_TIME_RANGES,
  );
  try {
    localStorage.setItem(RECENT_TIME_RANGES_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the list still holds for this session's render.
  }
  return next;
}
