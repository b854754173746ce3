/**
 * The logs page's calls and SWR keys (spec 2 §7 Logs): the components that have logs
 * (GET /api/db/components_with_logs) and the search of one component's lines (POST /api/logs,
 * the contract of common/logs.ts), read a page at a time through `nextPage`.
 */
import useSWRInfinite from 'swr/infinite';
import type { LogLine, LogSearchRequest, LogSearchResult } from '../../../../common/logs.js';
import { apiJson, useApi, type ApiError } from '../../api/index.js';
import { resolveTimeRange, type TimeRange } from '../../lib/time-range/index.js';
import { logComponentsPath } from './first-load.js';
import { logsParams, type LogsParams } from './logs-params.js';

export type { LogLine, LogSearchResult } from '../../../../common/logs.js';

/** One entry of a component's `logs`: where its lines are. */
export interface LogSelector {
  name: string;
  type?: string;
  labels?: Record<string, string>;
}

/** A row of components_with_logs, as the component dropdown lists it. */
export interface LogComponent {
  id: string;
  name: string;
  title: string | null;
  type: string | null;
  icon: string | null;
  log_selectors: LogSelector[] | null;
}

/** Under its URL: the page's HTML preloads it (first-load.ts). */
export const useLogComponents = () =>
  useApi<LogComponent[]>(logComponentsPath(), { revalidateOnFocus: false });

export interface LogSearch {
  componentId: string;
  /** The log selector's name; the server takes the component's first without one. */
  selector?: string;
  query: string;
  range: TimeRange;
}

/** The key holds the range's expressions, not instants: 'now-1h' stays one search as time passes. */
export const logSearchKey = (search: LogSearch) =>
  `logs:${new URLSearchParams({
    id: search.componentId,
    name: search.selector ?? '',
    query: search.query,
    from: search.range.from,
    to: search.range.to,
  }).toString()}`;

/** The body of POST /api/logs for a search and the page after `page`; the range is resolved now. */
export function logSearchRequest(search: LogSearch, page?: string): LogSearchRequest {
  const window = resolveTimeRange(search.range);
  return {
    id: search.componentId,
    ...(search.selector && { name: search.selector }),
    ...(search.query && { query: search.query }),
    ...(window && { start: window.from.toISOString(), end: window.to.toISOString() }),
    ...(page && { page }),
  };
}

export const searchLogs = (request: LogSearchRequest) =>
  apiJson<LogSearchResult>('api/logs', { method: 'POST', json: request });

/** The search of the page's state, or null when it names no component. */
export function searchOf({ componentId, selector, query, range }: LogsParams): LogSearch | null {
  return componentId ? { componentId, selector, query, range } : null;
}

/** The first page of one search, started before the page that shows it. */
let early: { key: string; answer: Promise<LogSearchResult> } | undefined;

/**
 * Starts the first page of the search a /logs URL names, so its lines are on their way while
 * the page's code loads and the shell waits for whoami; the page's own first read takes it.
 */
export function preloadLogSearch(params: URLSearchParams): void {
  const search = searchOf(logsParams(params));
  if (!search) return;
  const answer = searchLogs(logSearchRequest(search));
  // Nobody may take it (the page left at once): its failure is then nobody's to report.
  answer.catch(() => undefined);
  early = { key: logSearchKey(search), answer };
}

function firstPage(key: string, search: LogSearch): Promise<LogSearchResult> {
  const preloaded = early?.key === key ? early.answer : undefined;
  early = undefined;
  return preloaded ?? searchLogs(logSearchRequest(search));
}

export interface LogPages {
  lines: LogLine[];
  /** The total the backend counted in range, when it says. */
  total?: number;
  error?: ApiError;
  isLoading: boolean;
  isLoadingMore: boolean;
  hasMore: boolean;
  /** Loads the older lines after the last page; nothing while one loads or when there are none. */
  loadMore: () => void;
}

/** A component's lines newest first, older pages appended as `loadMore` asks; null searches nothing. */
export function useLogSearch(search: LogSearch | null): LogPages {
  const key = search && logSearchKey(search);
  const { data, error, isLoading, size, setSize } = useSWRInfinite<LogSearchResult, ApiError>(
    (index, previous: LogSearchResult | null) => {
      if (!key || !search) return null;
      if (index === 0) return [key, ''];
      return previous?.nextPage ? [key, previous.nextPage] : null;
    },
    ([searchKey, page]: [string, string]) =>
      page ? searchLogs(logSearchRequest(search!, page)) : firstPage(searchKey, search!),
    { revalidateFirstPage: false, revalidateOnFocus: false },
  );
  const pages = data ?? [];
  const last = pages[pages.length - 1];
  const isLoadingMore = size > pages.length && !error;
  const hasMore = Boolean(last?.nextPage);
  return {
    lines: pages.flatMap((page) => page.results ?? []),
    total: pages[0]?.total,
    error,
    isLoading,
    isLoadingMore,
    hasMore,
    loadMore: () => {
      if (hasMore && !isLoadingMore) void setSize(size + 1);
    },
  };
}
