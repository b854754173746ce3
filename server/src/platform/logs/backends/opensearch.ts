/**
 * The `opensearch` and `elasticsearch` backends, through their documented search API
 * (`POST /{index}/_search`): a range on the time field (`fields.timestamp`, default
 * `@timestamp`) over the search's range, the selector's labels as `match_phrase` filters on
 * fields of the same names, the query as a `match` (all its words) on the message field
 * (`fields.message`, default `message`), newest first, `size` = limit, and the next page by
 * `search_after` on the last hit's sort values. The other text fields of a hit are its labels,
 * but for `fields.exclusions`.
 */
import { decodeCursor, encodeCursor, timeKey } from '../lines.js';
import type { LogLine } from '../../../../../common/logs.js';
import { plainRouteLabels } from '../routing.js';
import { endpointOf, requestJson } from './http.js';
import { BackendError, isObject, text, type BackendReader, type Raw } from './types.js';

/** The most fields of a hit shown as labels. */
const MAX_LABELS = 30;

interface SearchCursor {
  after: unknown[];
  /** The hits answered on the pages before. */
  seen: number;
}
const isSearchCursor = (value: unknown): value is SearchCursor =>
  isObject(value) && Array.isArray(value.after) && value.after.length > 0 && Number.isInteger(value.seen);

/** A dotted field (`kubernetes.pod.name`) of a document, as written nested or flat. */
function fieldOf(source: Raw, field: string): unknown {
  if (field in source) return source[field];
  let value: unknown = source;
  for (const part of field.split('.')) value = isObject(value) ? value[part] : undefined;
  return value;
}

function flatLabels(source: Raw, skip: Set<string>, prefix = '', out: Record<string, string> = {}) {
  for (const [key, value] of Object.entries(source)) {
    const name = prefix + key;
    if (skip.has(name) || Object.keys(out).length >= MAX_LABELS) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out[name] = String(value);
    else if (isObject(value)) flatLabels(value, skip, `${name}.`, out);
  }
  return out;
}

export function searchBody(
  fields: { message: string; timestamp: string },
  search: { start: Date; end: Date; query?: string; limit: number; labels: Record<string, string> },
  after: unknown[] | undefined,
) {
  const filter: unknown[] = [
    {
      range: {
        [fields.timestamp]: {
          gte: search.start.toISOString(),
          lte: search.end.toISOString(),
          format: 'strict_date_optional_time',
        },
      },
    },
    ...Object.entries(search.labels).map(([key, value]) => ({ match_phrase: { [key]: value } })),
  ];
  const must = search.query?.trim()
    ? [{ match: { [fields.message]: { query: search.query.trim(), operator: 'and' } } }]
    : [];
  return {
    size: search.limit,
    sort: [{ [fields.timestamp]: { order: 'desc', unmapped_type: 'boolean' } }],
    query: { bool: { filter, must } },
    track_total_hits: true,
    ...(after ? { search_after: after } : {}),
  };
}

export const readSearchLogs: BackendReader = async (backend, search, ctx) => {
  const index = text(backend.config.index);
  if (!index) throw new BackendError(`log backend ${backend.name} names no index`);
  const configured = isObject(backend.config.fields) ? backend.config.fields : {};
  const fields = {
    message: text(configured.message) ?? 'message',
    timestamp: text(configured.timestamp) ?? '@timestamp',
  };
  const exclusions = Array.isArray(configured.exclusions) ? configured.exclusions.map(String) : [];
  const { url, headers } = await endpointOf(backend, ctx);
  const cursor = decodeCursor(search.page, isSearchCursor);
  const body = searchBody(fields, { ...search, labels: search.selector.labels ?? {} }, cursor?.after);
  const answer = await requestJson(
    backend,
    `${url}/${encodeURIComponent(index).replace(/%2C/g, ',').replace(/%2A/g, '*')}/_search`,
    {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: search.signal,
    },
  );
  const hits = isObject(answer) && isObject(answer.hits) ? answer.hits : undefined;
  if (!hits || !Array.isArray(hits.hits))
    throw new BackendError(`log backend ${backend.name} answered no hits (is it ${backend.kind}?)`);
  const labels = { ...plainRouteLabels(backend, search.selector, search.externalId), ...backend.labels };
  const skip = new Set([fields.message, fields.timestamp, ...exclusions]);
  const results: LogLine[] = [];
  let lastSort: unknown[] | undefined;
  for (const hit of hits.hits) {
    if (!isObject(hit)) continue;
    const source = isObject(hit._source) ? hit._source : {};
    const time = fieldOf(source, fields.timestamp);
    const key = typeof time === 'string' ? timeKey(time) : typeof time === 'number' ? time : NaN;
    const message = fieldOf(source, fields.message);
    results.push({
      ...(typeof hit._id === 'string' ? { id: hit._id } : {}),
      timestamp: Number.isNaN(key)
        ? String(time ?? '')
        : typeof time === 'string'
          ? time
          : new Date(key).toISOString(),
      message: typeof message === 'string' ? message : JSON.stringify(message ?? ''),
      labels: { ...labels, ...flatLabels(source, skip) },
    });
    if (Array.isArray(hit.sort)) lastSort = hit.sort;
  }
  const seen = (cursor?.seen ?? 0) + results.length;
  const total =
    isObject(hits.total) && typeof hits.total.value === 'number'
      ? hits.total.value
      : typeof hits.total === 'number'
        ? hits.total
        : seen;
  const more = results.length === search.limit && total > seen;
  return {
    total,
    results,
    ...(more && lastSort ? { nextPage: encodeCursor({ after: lastSort, seen } satisfies SearchCursor) } : {}),
  };
};
