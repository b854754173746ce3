/**
 * The job history's calls and SWR keys (spec 3 §7): GET /job_histories paged on the server with
 * an exact count, newest first by default, and GET /job_history_names for the Job Name filter.
 */
import { db, useDbQuery } from '../../../api/index.js';
import type { SortOrder } from '../../../components/DataTable/index.js';
import { resolveTimeRange, type TimeRange } from '../../../lib/time-range/index.js';
import {
  formatToggles,
  JOB_HISTORY_DEFAULT_SORT,
  JOB_HISTORY_SORTABLE,
  splitToggles,
  statusesToRequest,
  type JobHistoryFilters,
} from './job-history-params.js';

/** Spec 3 §4. */
export type JobStatus = 'RUNNING' | 'SUCCESS' | 'WARNING' | 'FAILED' | 'STOPPED';

/** A job_histories row (spec 3 §3 Job history record). */
export interface JobHistory {
  id: string;
  name: string;
  resource_type: string | null;
  resource_id: string | null;
  resource_name: string | null;
  status: JobStatus;
  time_start: string;
  time_end: string | null;
  duration_millis: number | null;
  success_count: number;
  error_count: number;
  details: unknown;
  created_at: string;
}

/** Spec 3 §9: a resource's Job History tab shows its latest 150 runs. */
export const JOB_HISTORY_LIMIT = 150;

export const jobHistoryKey = (resourceId: string) => `job_histories?resource_id=eq.${resourceId}`;

export const listJobHistory = (resourceId: string) =>
  db
    .from('job_histories')
    .select('*')
    .eq('resource_id', resourceId)
    .order('created_at', { ascending: false })
    .limit(JOB_HISTORY_LIMIT)
    .overrideTypes<JobHistory[], { merge: false }>();

/** A job run as the page lists it: the row and its agent. */
export interface JobHistoryRow extends JobHistory {
  agent: { id: string; name: string } | null;
}

export interface JobHistoryQuery extends JobHistoryFilters {
  range: TimeRange;
  pageIndex: number;
  pageSize: number;
  sortBy: string;
  sortOrder: SortOrder;
}

/** The key holds the range's expressions, not instants: 'now-2d' stays one key as time passes. */
export const jobHistoryListKey = (query: JobHistoryQuery) =>
  `job_histories:${new URLSearchParams({
    name: formatToggles(query.names),
    resourceType: formatToggles(query.resourceTypes),
    status: formatToggles(query.statuses),
    duration: String(query.minDurationMs ?? ''),
    from: query.range.from,
    to: query.range.to,
    page: `${query.pageIndex}.${query.pageSize}`,
    order: `${query.sortBy}.${query.sortOrder}`,
  }).toString()}`;

/** A PostgREST list, each value quoted, for `not.in.(…)`. */
const quotedList = (values: readonly string[]) =>
  `(${values.map((value) => `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`).join(',')})`;

/**
 * One page of job runs under the filters, with the total (counted up to the API's row limit, the
 * planner's estimate past it: a month of a million runs is not counted row by row for each page);
 * the range is resolved at call time.
 */
export function listJobHistoryPage(query: JobHistoryQuery) {
  let request = db.from('job_histories').select('*,agent:agent_id(id,name)', { count: 'estimated' });
  for (const [column, state] of [
    ['name', query.names],
    ['resource_type', query.resourceTypes],
  ] as const) {
    const { included, excluded } = splitToggles(state);
    // One value as eq: the planner then reads the (column, created_at desc) index in page order.
    if (included.length === 1) request = request.eq(column, included[0]!);
    else if (included.length > 1) request = request.in(column, included);
    if (excluded.length > 0) request = request.not(column, 'in', quotedList(excluded));
  }
  const statuses = statusesToRequest(query.statuses);
  if (statuses) request = request.in('status', statuses);
  if (query.minDurationMs) request = request.gte('duration_millis', query.minDurationMs);
  const window = resolveTimeRange(query.range);
  if (window)
    request = request.gte('created_at', window.from.toISOString()).lte('created_at', window.to.toISOString());
  const column = (JOB_HISTORY_SORTABLE as readonly string[]).includes(query.sortBy)
    ? query.sortBy
    : JOB_HISTORY_DEFAULT_SORT.by;
  const from = query.pageIndex * query.pageSize;
  return request
    .order(column, { ascending: query.sortOrder === 'asc' })
    .order('id')
    .range(from, from + query.pageSize - 1)
    .overrideTypes<JobHistoryRow[], { merge: false }>();
}

export const useJobHistoryPage = (query: JobHistoryQuery) =>
  useDbQuery<JobHistoryRow[]>(jobHistoryListKey(query), () => listJobHistoryPage(query), {
    keepPreviousData: true,
  });

export const JOB_HISTORY_NAMES_KEY = 'job_history_names?order=name.asc';

/** The job names that have runs, by name (GET /job_history_names). */
export const useJobHistoryNames = () =>
  useDbQuery<{ name: string }[]>(
    JOB_HISTORY_NAMES_KEY,
    () =>
      db
        .from('job_history_names')
        .select('name')
        .order('name')
        .overrideTypes<{ name: string }[], { merge: false }>(),
    { revalidateOnFocus: false },
  );
