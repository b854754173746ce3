// The job history's filters as kept in the URL (spec 3 §2.3, §9), so a link shares exactly what
// is shown. Multi-value filters are `value:1` (included) and `value:-1` (excluded), comma-joined.
// The status filter defaults to SUCCESS:-1: absent from the URL it is the default, empty it is
// cleared.
import type { TriState } from '../../../components/ToggleFilter/index.js';
import { DEFAULT_TIME_RANGE, isSameTimeRange, type TimeRange } from '../../../lib/time-range/index.js';
import type { JobStatus } from './jobs-api.js';

/** Spec 3 §4, in the order the filter lists them. */
export const JOB_STATUSES: readonly JobStatus[] = ['RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED'];

/** Spec 3 §2.3: the resource types the filter offers, by their job_histories.resource_type. */
export const JOB_RESOURCE_TYPES = [
  { value: 'canary', label: 'Canary' },
  { value: 'topology', label: 'Topology' },
  { value: 'config_scraper', label: 'Catalog Scraper' },
] as const;

/** The run duration filter: runs that took at least this long, in milliseconds (spec 3 §9). */
export const DURATION_OPTIONS = [
  { value: '1000', label: '1s or longer' },
  { value: '10000', label: '10s or longer' },
  { value: '30000', label: '30s or longer' },
  { value: '60000', label: '1m or longer' },
  { value: '300000', label: '5m or longer' },
  { value: '600000', label: '10m or longer' },
  { value: '1800000', label: '30m or longer' },
  { value: '3600000', label: '1h or longer' },
] as const;

/** Spec 3 §9. */
export const JOB_HISTORY_PAGE_SIZE = 50;
export const DEFAULT_JOB_STATUS = 'SUCCESS:-1';
export const DEFAULT_JOB_RANGE: TimeRange = DEFAULT_TIME_RANGE;
export const JOB_HISTORY_DEFAULT_SORT = { by: 'created_at', order: 'desc' } as const;
/** The columns the server sorts by (each is a job_histories column). */
export const JOB_HISTORY_SORTABLE = [
  'name',
  'resource_name',
  'status',
  'created_at',
  'duration_millis',
  'success_count',
  'error_count',
] as const;

/** The URL parameters of the filters. */
export const JOB_FILTER_PARAMS = {
  name: 'name',
  resourceType: 'resourceType',
  status: 'status',
  duration: 'duration',
} as const;
export type JobFilterName = keyof typeof JOB_FILTER_PARAMS;

export interface JobHistoryFilters {
  names: TriState;
  resourceTypes: TriState;
  statuses: TriState;
  /** Runs at least this long, in ms; undefined for any. */
  minDurationMs?: number;
}

/** 'FAILED:1,SUCCESS:-1' → { FAILED: 1, SUCCESS: -1 }; a part without a valid state is left out. */
export function parseToggles(raw: string | null | undefined): TriState {
  const state: TriState = {};
  for (const part of (raw ?? '').split(',')) {
    const colon = part.lastIndexOf(':');
    if (colon <= 0) continue;
    const value = part.slice(0, colon).trim();
    const toggle = part.slice(colon + 1).trim();
    if (value && (toggle === '1' || toggle === '-1')) state[value] = toggle === '1' ? 1 : -1;
  }
  return state;
}

/** { FAILED: 1, SUCCESS: -1 } → 'FAILED:1,SUCCESS:-1'; '' when nothing is chosen. */
export function formatToggles(state: TriState): string {
  return Object.entries(state)
    .filter(([, toggle]) => toggle !== 0)
    .map(([value, toggle]) => `${value}:${toggle}`)
    .join(',');
}

/** The filters a URL holds, with the defaults where it holds none. */
export function filtersFromParams(params: URLSearchParams): JobHistoryFilters {
  const duration = Number(params.get(JOB_FILTER_PARAMS.duration));
  return {
    names: parseToggles(params.get(JOB_FILTER_PARAMS.name)),
    resourceTypes: parseToggles(params.get(JOB_FILTER_PARAMS.resourceType)),
    statuses: parseToggles(params.get(JOB_FILTER_PARAMS.status) ?? DEFAULT_JOB_STATUS),
    minDurationMs: Number.isInteger(duration) && duration > 0 ? duration : undefined,
  };
}

/**
 * Writes one multi-value filter into the URL: the status filter back at its default leaves the
 * URL, cleared it stays as an empty value; the others leave the URL when cleared.
 */
export function setToggleParam(params: URLSearchParams, name: JobFilterName, state: TriState): void {
  const key = JOB_FILTER_PARAMS[name];
  const text = formatToggles(state);
  if (name === 'status') {
    if (text === DEFAULT_JOB_STATUS) params.delete(key);
    else params.set(key, text);
  } else if (text) params.set(key, text);
  else params.delete(key);
}

/** The included and excluded values of a multi-value filter. */
export function splitToggles(state: TriState): { included: string[]; excluded: string[] } {
  const entries = Object.entries(state);
  return {
    included: entries.filter(([, toggle]) => toggle === 1).map(([value]) => value),
    excluded: entries.filter(([, toggle]) => toggle === -1).map(([value]) => value),
  };
}

/**
 * The statuses a request asks for, or undefined for all. Statuses are a closed set (spec 3 §4),
 * so excluded ones are sent as the others included: the database reads an index range per status
 * instead of every run of the time range.
 */
export function statusesToRequest(state: TriState): string[] | undefined {
  const { included, excluded } = splitToggles(state);
  if (included.length === 0 && excluded.length === 0) return undefined;
  const base = included.length > 0 ? included : JOB_STATUSES;
  return base.filter((status) => !excluded.includes(status));
}

/** Writes the range as `from` and `to` (the time range picker's parameters); the default leaves the URL. */
export function setRangeParams(params: URLSearchParams, range: TimeRange): void {
  if (isSameTimeRange(range, DEFAULT_JOB_RANGE)) {
    params.delete('from');
    params.delete('to');
  } else {
    params.set('from', range.from);
    params.set('to', range.to);
  }
}
