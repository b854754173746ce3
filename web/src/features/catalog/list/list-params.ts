// The catalog list's state as kept in the URL (spec 3 §2.1): configType, labels, status, health,
// search, groupBy (default config_class,type), sortBy (default type), sortOrder (default asc),
// tags and groupByProp. Defaults are left out of the URL, so a shared link stays short.
import type { SortOrder } from '../../../components/DataTable/index.js';

export const DEFAULT_GROUP_BY = ['config_class', 'type'] as const;
export const DEFAULT_SORT = { by: 'type', order: 'asc' } as const satisfies { by: string; order: SortOrder };

/** A tag key chosen as a group-by is written `<key>__tag` in groupBy. */
const TAG_SUFFIX = '__tag';
/** labels and tags hold `key__:__value` pairs separated by commas. */
const PAIR_SEPARATOR = '__:__';

/** The fixed group-by choices (spec 3 §2.1), tags come from /config_tags. */
export const GROUP_BY_CHOICES = [
  { value: 'name', label: 'name' },
  { value: 'analysis', label: 'analysis' },
  { value: 'changed', label: 'changed' },
  { value: 'type', label: 'type' },
  { value: 'config_class', label: 'provider' },
] as const;

export const HEALTH_CHOICES = [
  { value: 'healthy', label: 'Healthy' },
  { value: 'unhealthy', label: 'Unhealthy' },
  { value: 'unknown', label: 'Unknown' },
  { value: 'warning', label: 'Warning' },
] as const;

export interface GroupByKey {
  key: string;
  isTag: boolean;
}

/** Values chosen in or out: `healthy:1,warning:-1`; a bare `healthy` is chosen in. */
export interface Tristate {
  include: string[];
  exclude: string[];
}

export interface CatalogListParams {
  configType?: string;
  labels: Record<string, string>;
  tags: Record<string, string>;
  status: Tristate;
  health: Tristate;
  search?: string;
  groupBy: GroupByKey[];
  sortBy: string;
  sortOrder: SortOrder;
  groupByProp?: string;
}

export function parseTristate(raw: string | null): Tristate {
  const result: Tristate = { include: [], exclude: [] };
  for (const part of (raw ?? '').split(',')) {
    const text = part.trim();
    if (!text) continue;
    const match = /^(.*):(-?1|0)$/.exec(text);
    const value = match ? match[1]!.trim() : text;
    if (!value || match?.[2] === '0') continue;
    (match?.[2] === '-1' ? result.exclude : result.include).push(value);
  }
  return result;
}

export function formatTristate({ include, exclude }: Tristate): string | undefined {
  const parts = [...include.map((v) => `${v}:1`), ...exclude.map((v) => `${v}:-1`)];
  return parts.length ? parts.join(',') : undefined;
}

/** The platform's summary filter form: `healthy,!warning`. */
export function tristateQueryValue({ include, exclude }: Tristate): string | undefined {
  const parts = [...include, ...exclude.map((v) => `!${v}`)];
  return parts.length ? parts.join(',') : undefined;
}

export function parsePairs(raw: string | null): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const part of (raw ?? '').split(',')) {
    const at = part.indexOf(PAIR_SEPARATOR);
    if (at <= 0) continue;
    pairs[part.slice(0, at)] = part.slice(at + PAIR_SEPARATOR.length);
  }
  return pairs;
}

export function formatPairs(pairs: Record<string, string>): string | undefined {
  const parts = Object.entries(pairs).map(([key, value]) => `${key}${PAIR_SEPARATOR}${value}`);
  return parts.length ? parts.join(',') : undefined;
}

export function parseGroupBy(raw: string | null): GroupByKey[] {
  if (raw === null) return DEFAULT_GROUP_BY.map((key) => ({ key, isTag: false }));
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) =>
      part.endsWith(TAG_SUFFIX)
        ? { key: part.slice(0, -TAG_SUFFIX.length), isTag: true }
        : { key: part, isTag: false },
    );
}

export function formatGroupBy(keys: GroupByKey[]): string {
  return keys.map(({ key, isTag }) => (isTag ? `${key}${TAG_SUFFIX}` : key)).join(',');
}

const text = (value: string | null) => value?.trim() || undefined;

export function readListParams(search: URLSearchParams): CatalogListParams {
  const sortOrder = search.get('sortOrder');
  return {
    configType: text(search.get('configType')),
    labels: parsePairs(search.get('labels')),
    tags: parsePairs(search.get('tags')),
    status: parseTristate(search.get('status')),
    health: parseTristate(search.get('health')),
    search: text(search.get('search')),
    groupBy: parseGroupBy(search.get('groupBy')),
    sortBy: text(search.get('sortBy')) ?? DEFAULT_SORT.by,
    sortOrder: sortOrder === 'desc' || sortOrder === 'asc' ? sortOrder : DEFAULT_SORT.order,
    groupByProp: text(search.get('groupByProp')),
  };
}

/** The item table replaces the summary once a type or a search narrows the catalog. */
export const showsItems = (params: Pick<CatalogListParams, 'configType' | 'search'>) =>
  Boolean(params.configType || params.search);

/** A change to the list's filters; `undefined` removes a parameter. */
export interface ListChange {
  configType?: string | undefined;
  labels?: Record<string, string>;
  tags?: Record<string, string>;
  status?: Tristate;
  health?: Tristate;
  search?: string | undefined;
  /** null clears groupBy from the URL (back to the default). */
  groupBy?: GroupByKey[] | null;
}

/**
 * A copy of `search` with `change` applied and the table back on its first page: the rows it
 * paged through are no longer the same. Other parameters (sort, page size) are kept.
 */
export function writeListParams(search: URLSearchParams, change: ListChange): URLSearchParams {
  const next = new URLSearchParams(search);
  const put = (name: string, value: string | undefined) => {
    if (value) next.set(name, value);
    else next.delete(name);
  };
  if ('configType' in change) put('configType', change.configType);
  if ('search' in change) put('search', change.search?.trim());
  if (change.labels) put('labels', formatPairs(change.labels));
  if (change.tags) put('tags', formatPairs(change.tags));
  if (change.status) put('status', formatTristate(change.status));
  if (change.health) put('health', formatTristate(change.health));
  if ('groupBy' in change) {
    if (change.groupBy === null || change.groupBy === undefined) next.delete('groupBy');
    else next.set('groupBy', formatGroupBy(change.groupBy));
  }
  next.delete('pageIndex');
  return next;
}

/** The row's value for a group key of the summary, as the label filter a click sets. */
export interface SummaryDrillDown {
  type?: string;
  labels: Record<string, string>;
}

/**
 * Clicking a summary row (spec 3 §2.1): its type becomes configType, its tag group values become
 * labels, groupBy is cleared.
 */
export function drillIntoSummaryRow(
  search: URLSearchParams,
  groupBy: GroupByKey[],
  row: Record<string, unknown>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  const keys = groupBy.map((g) => g.key);
  if (keys.includes('type') && typeof row.type === 'string') next.set('configType', row.type);
  const labels: Record<string, string> = {};
  for (const key of keys) {
    if (
      ['type', 'config_class', 'health', 'status', 'namespace', 'name', 'analysis', 'changed'].includes(key)
    )
      continue;
    const value = row[key];
    if (value !== undefined && value !== null && value !== '') labels[key] = String(value);
  }
  const formatted = formatPairs(labels);
  if (formatted) next.set('labels', formatted);
  else next.delete('labels');
  next.delete('groupBy');
  next.delete('pageIndex');
  return next;
}
