/**
 * The /logs page's state as its query string holds it (spec 2 §2): `topologyId` (the component),
 * `logsSelector` (one of its log names), `query` (the search text) and `start`/`end` (the time
 * range as expressions or timestamps; `end` is left out while it is now).
 */
import { LOG_SEARCH_DEFAULTS } from '../../../../common/logs.js';
import { lastRange, timeRangeFromValues, type TimeRange } from '../../lib/time-range/index.js';

export const LOGS_PARAMS = {
  component: 'topologyId',
  selector: 'logsSelector',
  query: 'query',
  start: 'start',
  end: 'end',
} as const;

/** Spec 2 §9. */
export const LOG_SEARCH_DEBOUNCE_MS = 500;

export const DEFAULT_LOGS_RANGE: TimeRange = lastRange(LOG_SEARCH_DEFAULTS.start);

export interface LogsParams {
  componentId?: string;
  selector?: string;
  query: string;
  range: TimeRange;
}

// An age as the API takes it ('15m', '2d') stands for the same span back from now.
const AGE = /^\d+(ms|mo|s|m|h|d|w|M|y)$/;
const asExpression = (value: string | null) =>
  value && AGE.test(value.trim()) ? `now-${value.trim()}` : value;

export function logsParams(search: URLSearchParams): LogsParams {
  const start = asExpression(search.get(LOGS_PARAMS.start));
  const end = asExpression(search.get(LOGS_PARAMS.end)) ?? 'now';
  return {
    componentId: search.get(LOGS_PARAMS.component) || undefined,
    selector: search.get(LOGS_PARAMS.selector) || undefined,
    query: search.get(LOGS_PARAMS.query) ?? '',
    range: timeRangeFromValues(start, end) ?? DEFAULT_LOGS_RANGE,
  };
}

/** Another component: its selector is chosen again (the first one, unless the caller names one). */
export function setComponentParam(params: URLSearchParams, componentId: string | undefined): void {
  if (componentId) params.set(LOGS_PARAMS.component, componentId);
  else params.delete(LOGS_PARAMS.component);
  params.delete(LOGS_PARAMS.selector);
}

export function setSelectorParam(params: URLSearchParams, selector: string): void {
  params.set(LOGS_PARAMS.selector, selector);
}

export function setQueryParam(params: URLSearchParams, query: string): void {
  if (query) params.set(LOGS_PARAMS.query, query);
  else params.delete(LOGS_PARAMS.query);
}

/** The default range leaves both out; `end` is left out while it is now. */
export function setRangeParams(params: URLSearchParams, range: TimeRange): void {
  const isDefault =
    range.from.replace(/\s+/g, '') === DEFAULT_LOGS_RANGE.from && range.to.replace(/\s+/g, '') === 'now';
  if (isDefault) params.delete(LOGS_PARAMS.start);
  else params.set(LOGS_PARAMS.start, range.from);
  if (isDefault || range.to.replace(/\s+/g, '') === 'now') params.delete(LOGS_PARAMS.end);
  else params.set(LOGS_PARAMS.end, range.to);
}
