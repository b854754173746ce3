/**
 * The `loki` backend, through Loki's documented HTTP API (`GET /loki/api/v1/query_range`,
 * direction backward): the streams the selector's labels select, the query as a case-insensitive
 * regular expression line filter (`|~ "(?i)…"`, as every backend's query is case-insensitive) of
 * the text itself, the newest `limit` lines in the range.
 */
import { decodeCursor, escapeRegExp, isTimeCursor, pageByTime, type TimedLine } from '../lines.js';
import { plainRouteLabels } from '../routing.js';
import { endpointOf, requestJson } from './http.js';
import { BackendError, isObject, text, type BackendReader } from './types.js';

// A LogQL string is a Go string literal; JSON's escapes (quotes, backslashes, control characters) are Go's too.
const quoted = (value: string) => JSON.stringify(value);
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/**
 * The LogQL of a search: a stream selector of the labels, and the query as a line filter matching
 * the text in any case: its regexp metacharacters escaped for RE2, then quoted as a string.
 */
export function logQl(labels: Record<string, string>, query: string | undefined): string {
  const matchers = Object.entries(labels)
    .filter(([key]) => LABEL_NAME.test(key))
    .map(([key, value]) => `${key}=${quoted(value)}`);
  if (!matchers.length)
    throw new BackendError('Loki selects streams by labels, and the log selector has none');
  const filter = query?.trim() ? ` |~ ${quoted(`(?i)${escapeRegExp(query.trim())}`)}` : '';
  return `{${matchers.join(', ')}}${filter}`;
}

const NS_PER_MS = 1_000_000n;

/** Nanoseconds since the epoch of a time key (lines.ts). */
const nanosOf = (key: number) =>
  BigInt(Math.floor(key)) * NS_PER_MS + BigInt(Math.round((key - Math.floor(key)) * 1e6));

function lineOf(ns: string): { at: number; timestamp: string } | undefined {
  if (!/^\d+$/.test(ns)) return undefined;
  const nanos = BigInt(ns);
  const ms = Number(nanos / NS_PER_MS);
  const rest = Number(nanos % NS_PER_MS);
  const iso = new Date(ms).toISOString();
  return { at: ms + rest / 1e6, timestamp: `${iso.slice(0, 23)}${String(rest).padStart(6, '0')}Z` };
}

export const readLokiLogs: BackendReader = async (backend, search, ctx) => {
  const { url, headers } = await endpointOf(backend, ctx);
  const cursor = decodeCursor(search.page, isTimeCursor);
  const orgId = text(backend.config.orgId);
  if (orgId) headers['X-Scope-OrgID'] = orgId;
  const end = cursor ? Math.min(cursor.before, search.end.getTime()) : search.end.getTime();
  const params = new URLSearchParams({
    query: logQl(search.selector.labels ?? {}, search.query),
    start: String(nanosOf(search.start.getTime())),
    // Loki's end is exclusive: a microsecond past the cursor keeps the lines of its time.
    end: String(nanosOf(end) + 1000n),
    limit: String(search.limit + (cursor?.skip ?? 0) + 1),
    direction: 'backward',
  });
  const answer = await requestJson(backend, `${url}/loki/api/v1/query_range?${params}`, {
    headers,
    signal: search.signal,
  });
  const data = isObject(answer) && isObject(answer.data) ? answer.data : undefined;
  if (!data || !Array.isArray(data.result))
    throw new BackendError(`log backend ${backend.name} answered no streams (is it Loki?)`);
  const labels = { ...plainRouteLabels(backend, search.selector, search.externalId), ...backend.labels };
  const lines: TimedLine[] = [];
  for (const stream of data.result) {
    if (!isObject(stream) || !Array.isArray(stream.values)) continue;
    const streamLabels = isObject(stream.stream) ? (stream.stream as Record<string, string>) : {};
    for (const value of stream.values) {
      if (!Array.isArray(value) || typeof value[0] !== 'string' || typeof value[1] !== 'string') continue;
      const time = lineOf(value[0]);
      if (!time) continue;
      lines.push({ ...time, message: value[1], labels: { ...labels, ...streamLabels } });
    }
  }
  const page = pageByTime(lines, search.limit, cursor);
  return { total: page.results.length, ...page };
};
