/**
 * The logs search contract (`POST /api/logs`), shared by the /logs page and the server. The answer
 * has the shape of the platform's log hub (`SearchResults` of apm-hub): total, results, nextPage.
 */

/** The body of `POST /api/logs`. */
export interface LogSearchRequest {
  /** The component whose `logs` entries (log_selectors) say where its lines are. */
  id: string;
  /** The name of one of the component's log selectors; the first one when absent. */
  name?: string;
  /** Free text the lines must contain (case-insensitive); backends that have a query language get it as is. */
  query?: string;
  /** RFC 3339 time or an age like `15m`, `1h`, `2d`, `1w`; default `1h`. */
  start?: string;
  /** RFC 3339 time or an age; default now. */
  end?: string;
  /** How many lines at most; default 1,000, at most 10,000. */
  limit?: number;
  /** The `nextPage` of the previous answer, for the lines before it. */
  page?: string;
}

export interface LogLine {
  /** The backend's identifier of the line, when it has one. */
  id?: string;
  /** RFC 3339. */
  timestamp: string;
  message: string;
  labels: Record<string, string>;
}

/** Lines newest first. */
export interface LogSearchResult {
  total: number;
  results: LogLine[];
  nextPage?: string;
}

export const LOG_SEARCH_DEFAULTS = { start: '1h', limit: 1000, maxLimit: 10_000 } as const;

/** Log backend kinds the console reads. */
export const LOG_BACKEND_KINDS = ['file', 'kubernetes', 'loki', 'opensearch', 'elasticsearch'] as const;
export type LogBackendKind = (typeof LOG_BACKEND_KINDS)[number];
