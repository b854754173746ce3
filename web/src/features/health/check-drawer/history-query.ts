import { db } from '../../../api/index.js';
import { parseDuration } from '../../../lib/format.js';
import type { CheckResult } from './check-api.js';

/** Spec 1 §2: the History tab's Status filter. */
export type StatusFilter = 'all' | 'healthy' | 'unhealthy';
export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'healthy', label: 'Healthy' },
  { value: 'unhealthy', label: 'Unhealthy' },
];

/** Spec 1 §2: the Duration filter's choices besides All and a custom value. */
export const DURATION_PRESETS = ['100ms', '500ms', '1s', '5s', '10s', '30s'];

export interface HistoryFilters {
  status: StatusFilter;
  /** '' for All, else a duration in ms or s ('500ms', '1.5s'). */
  minDuration: string;
}

export const NO_HISTORY_FILTERS: HistoryFilters = { status: 'all', minDuration: '' };

/** One PostgREST filter: column, operator, value (`duration=gte.500`). */
export type RestFilter = [column: string, operator: 'eq' | 'gte', value: string];

/**
 * The check_statuses filters for the History filters (spec 1 §7: status 1 healthy, 0 unhealthy;
 * duration in ms). Undefined when the duration is not a valid ms or s value: nothing is queried.
 */
export function historyFilters({ status, minDuration }: HistoryFilters): RestFilter[] | undefined {
  const filters: RestFilter[] = [];
  if (status !== 'all') filters.push(['status', 'eq', status === 'healthy' ? '1' : '0']);
  if (minDuration.trim() !== '') {
    const ms = parseDuration(minDuration);
    if (ms === undefined) return undefined;
    filters.push(['duration', 'gte', String(ms)]);
  }
  return filters;
}

export interface HistoryPage {
  checkId: string;
  /** ISO start of the time range. */
  since: string;
  filters: RestFilter[];
  pageIndex: number;
  pageSize: number;
}

export const historyKey = ({ checkId, since, filters, pageIndex, pageSize }: HistoryPage) =>
  `check_statuses?check_id=eq.${checkId}&time=gte.${since}&${filters
    .map(([column, operator, value]) => `${column}=${operator}.${value}`)
    .join('&')}&page=${pageIndex}.${pageSize}`;

/** One page of the check's runs, newest first, with the total from `Prefer: count=exact`. */
export function listHistory({ checkId, since, filters, pageIndex, pageSize }: HistoryPage) {
  let query = db
    .from('check_statuses')
    .select('time,status,duration,message,error', { count: 'exact' })
    .eq('check_id', checkId)
    .gte('time', since);
  for (const [column, operator, value] of filters) query = query.filter(column, operator, value);
  const from = pageIndex * pageSize;
  return query
    .order('time', { ascending: false })
    .range(from, from + pageSize - 1)
    .overrideTypes<CheckResult[], { merge: false }>();
}
