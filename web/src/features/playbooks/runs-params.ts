// The runs list's filters as kept in the URL (spec 3 §2.3, §9): playbook, status and the time
// range (last 7 days unless the URL says otherwise). Defaults are left out of the URL; sort and
// page are the table's own parameters.
import {
  isSameTimeRange,
  lastRange,
  timeRangeFromValues,
  type TimeRange,
} from '../../lib/time-range/index.js';
import { RUN_STATUSES, type RunStatus } from './types.js';

export const NO_RUNS = 'No playbook runs found';

/** Spec 3 §9: playbook runs default to the last 7 days. */
export const DEFAULT_RUNS_RANGE: TimeRange = lastRange('7d');

export interface RunFilters {
  playbook?: string;
  status?: RunStatus;
  range: TimeRange;
}

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

/** The filters a URL holds; unknown values fall back to the defaults rather than failing. */
export function readRunFilters(search: URLSearchParams): RunFilters {
  return {
    playbook: search.get('playbook')?.trim() || undefined,
    status: oneOf(RUN_STATUSES, search.get('status')),
    range: timeRangeFromValues(search.get('from'), search.get('to')) ?? DEFAULT_RUNS_RANGE,
  };
}

/**
 * A copy of `search` with `change` applied: defaults removed, other parameters kept, and the
 * table back on its first page, since the rows it paged through are no longer the same.
 */
export function writeRunFilters(search: URLSearchParams, change: Partial<RunFilters>): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of ['playbook', 'status'] as const) {
    if (!(name in change)) continue;
    const value = change[name];
    if (value) next.set(name, value);
    else next.delete(name);
  }
  if (change.range) {
    if (isSameTimeRange(change.range, DEFAULT_RUNS_RANGE)) {
      next.delete('from');
      next.delete('to');
    } else {
      next.set('from', change.range.from);
      next.set('to', change.range.to);
    }
  }
  next.delete('pageIndex');
  return next;
}
