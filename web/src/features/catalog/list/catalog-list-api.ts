/**
 * Every call of the catalog list and its SWR key (spec 3 §7): the grouped summary from the
 * platform's POST /api/catalog/summary, one page of items from /api/db/configs (only the columns
 * the table shows, counted exactly for the pager), and the choices of the filters (types,
 * statuses, tags). Health sorts in the order healthy, unhealthy, warning, unknown (spec 3 §2.1),
 * which no column order gives: that page is read bucket by bucket.
 */
import { apiJson, db, dbError } from '../../../api/index.js';
import type { SortOrder } from '../../../components/DataTable/index.js';
import type { AgentRef, ConfigHealth, ConfigItem } from '../types.js';
import { tristateQueryValue, type CatalogListParams, type GroupByKey, type Tristate } from './list-params.js';

export const CATALOG_LIST_KEY_PREFIX = 'catalog:list:';

// ─── Summary ────────────────────────────────────────────────────────────────────────────────────

/** Spec 3 §9: the summary's changes, insights and cost cover 30 days. */
export const SUMMARY_WINDOW = '30d';

export interface SummaryRequest {
  groupBy?: string[];
  deleted: boolean;
  filter?: Record<string, string>;
  health?: string;
  status?: string;
  changes: { since: string };
  analysis: { since: string };
  cost: string;
}

/** One row of the summary (spec 3 §3): the group's keys, then its counts. */
export interface SummaryRow {
  type?: string | null;
  config_class?: string | null;
  count: number;
  health?: Partial<Record<ConfigHealth, number>> | null;
  analysis?: Record<string, number> | null;
  changes?: number | null;
  cost_total_30d?: number | string | null;
  /** The values of tag and other group keys, by key. */
  [key: string]: unknown;
}

/**
 * Keys the summary groups by on the server besides tags; name, analysis and changed group the
 * item table's rows only.
 */
export const SUMMARY_COLUMNS = ['type', 'config_class', 'namespace', 'status'] as const;

/** The group keys a summary can have: its columns and tags. */
export const isSummaryKey = (g: GroupByKey) =>
  g.isTag || (SUMMARY_COLUMNS as readonly string[]).includes(g.key);

/**
 * The request for the summary under the list's filters. The provider (config_class) grouping is
 * done here, from the type's prefix, as the platform's UI does; the server groups the rest.
 */
export function summaryRequest(params: CatalogListParams, hideDeleted: boolean): SummaryRequest {
  const byType = params.groupBy.some((g) => !g.isTag && g.key === 'type');
  const groupBy = params.groupBy.flatMap((g) => {
    if (g.isTag) return [g.key];
    if (g.key === 'config_class') return byType ? [] : ['config_class'];
    return (SUMMARY_COLUMNS as readonly string[]).includes(g.key) ? [g.key] : [];
  });
  const filter = { ...params.labels };
  return {
    ...(groupBy.length ? { groupBy } : {}),
    deleted: !hideDeleted,
    ...(Object.keys(filter).length ? { filter } : {}),
    ...(tristateQueryValue(params.health) ? { health: tristateQueryValue(params.health) } : {}),
    ...(tristateQueryValue(params.status) ? { status: tristateQueryValue(params.status) } : {}),
    changes: { since: SUMMARY_WINDOW },
    analysis: { since: SUMMARY_WINDOW },
    cost: SUMMARY_WINDOW,
  };
}

export const summaryKey = (request: SummaryRequest) =>
  `${CATALOG_LIST_KEY_PREFIX}summary:${JSON.stringify(request)}`;

/** The provider of a type: its prefix before '::' ('AWS::EC2::Instance' → 'AWS'). */
export const providerOf = (type: string | null | undefined) => (type ?? '').split('::')[0] ?? '';

export async function getSummary(request: SummaryRequest): Promise<SummaryRow[]> {
  const rows = await apiJson<SummaryRow[] | null>('api/catalog/summary', { method: 'POST', json: request });
  return (rows ?? []).map((row) =>
    typeof row.type === 'string' ? { ...row, config_class: providerOf(row.type) } : row,
  );
}

// ─── Items ──────────────────────────────────────────────────────────────────────────────────────

/** A row of the item table: the columns it shows, and the agent when not the local one. */
export type CatalogListItem = Pick<
  ConfigItem,
  | 'id'
  | 'name'
  | 'type'
  | 'config_class'
  | 'status'
  | 'health'
  | 'labels'
  | 'tags'
  | 'created_at'
  | 'updated_at'
  | 'deleted_at'
  | 'cost_total_1d'
  | 'cost_total_7d'
  | 'cost_total_30d'
  | 'agent_id'
> & {
  agent?: AgentRef | null;
  /** From the config's summary, read for the page's items only. */
  changes?: number | null;
  analysis?: Record<string, number> | null;
};

export const ITEM_SELECT =
  'id,name,type,config_class,status,health,labels,tags,created_at,updated_at,deleted_at,' +
  'cost_total_1d,cost_total_7d,cost_total_30d,agent_id,agent:agent_id(id,name)';

/** The columns the table may be ordered by (besides health); anything else orders by type. */
export const SORTABLE_ITEM_COLUMNS = [
  'name',
  'type',
  'status',
  'created_at',
  'updated_at',
  'deleted_at',
  'cost_total_30d',
] as const;

/** Spec 3 §2.1: healthy (green), unhealthy (red), warning (orange), unknown (gray). */
export const HEALTH_SORT_ORDER = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;

export interface ItemQuery {
  params: CatalogListParams;
  hideDeleted: boolean;
  pageIndex: number;
  pageSize: number;
  sortBy: string;
  sortOrder: SortOrder;
}

export const itemsKey = ({ params, hideDeleted, pageIndex, pageSize, sortBy, sortOrder }: ItemQuery) =>
  `${CATALOG_LIST_KEY_PREFIX}configs?${JSON.stringify({
    type: params.configType,
    search: params.search,
    labels: params.labels,
    tags: params.tags,
    status: params.status,
    health: params.health,
    hideDeleted,
    page: `${pageIndex}.${pageSize}`,
    order: `${sortBy}.${sortOrder}`,
  })}`;

/** A value inside `or=(...)`, quoted so commas and parentheses the user typed stay text. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;
/** `*` is ilike's wildcard: one typed by the user is matched as itself by leaving it out. */
const containing = (text: string) => quoted(`*${text.replace(/\*/g, '')}*`);

/** The filter methods of a postgrest-js query the list uses. */
interface Filterable {
  eq(column: string, value: string): Filterable;
  in(column: string, values: string[]): Filterable;
  not(column: string, operator: string, value: string): Filterable;
  or(filters: string): Filterable;
  is(column: string, value: null): Filterable;
}

/** A tristate filter on a column; 'unknown' health also matches items with no health. */
function applyTristate(query: Filterable, column: string, { include, exclude }: Tristate): Filterable {
  let next = query;
  const unknownIsNull = column === 'health';
  if (include.length) {
    const list = `(${include.map(quoted).join(',')})`;
    next =
      unknownIsNull && include.includes('unknown')
        ? next.or(`${column}.in.${list},${column}.is.null`)
        : next.in(column, include);
  }
  if (exclude.length) {
    const list = `(${exclude.map(quoted).join(',')})`;
    // `not in` drops rows without a value too: they stay unless 'unknown' health is left out.
    next =
      unknownIsNull && exclude.includes('unknown')
        ? next.not(column, 'in', list)
        : next.or(`${column}.not.in.${list},${column}.is.null`);
  }
  return next;
}

/** The filters of the list on a configs query: type, search, labels, tags, status, health, deleted. */
export function applyItemFilters<Q>(query: Q, params: CatalogListParams, hideDeleted: boolean): Q {
  let next = query as unknown as Filterable;
  if (params.configType) next = next.eq('type', params.configType);
  if (params.search) {
    const text = containing(params.search);
    next = next.or(`name.ilike.${text},type.ilike.${text},description.ilike.${text},namespace.ilike.${text}`);
  }
  // A summary group of a tag sets a label filter too: an item matches by its labels or its tags.
  for (const [key, value] of Object.entries(params.labels)) {
    const text = quoted(value);
    next = next.or(`labels->>${key}.eq.${text},tags->>${key}.eq.${text}`);
  }
  for (const [key, value] of Object.entries(params.tags)) next = next.eq(`tags->>${key}`, value);
  next = applyTristate(next, 'status', params.status);
  next = applyTristate(next, 'health', params.health);
  if (hideDeleted) next = next.is('deleted_at', null);
  return next as unknown as Q;
}

export interface ItemPage {
  rows: CatalogListItem[];
  total?: number;
}

const itemsQuery = (query: ItemQuery, count?: 'exact') =>
  applyItemFilters(
    db.from('configs').select(ITEM_SELECT, count ? { count } : undefined),
    query.params,
    query.hideDeleted,
  );

/** Only the count of the items under the filters: a HEAD request, no rows. */
const itemsCount = (query: ItemQuery) =>
  applyItemFilters(
    db.from('configs').select('id', { count: 'exact', head: true }),
    query.params,
    query.hideDeleted,
  );

async function unwrap<T>(
  promise: PromiseLike<{
    data: T | null;
    error: { message: string } | null;
    count?: number | null;
    status?: number;
  }>,
) {
  const result = await promise;
  if (result.error) throw dbError(result.error, result.status);
  return result;
}

/** One page of items under the filters, ordered by a column, with the exact total. */
async function listItemsByColumn(query: ItemQuery): Promise<ItemPage> {
  const column = (SORTABLE_ITEM_COLUMNS as readonly string[]).includes(query.sortBy) ? query.sortBy : 'type';
  const ascending = query.sortOrder === 'asc';
  const from = query.pageIndex * query.pageSize;
  let request = itemsQuery(query, 'exact').order(column, { ascending, nullsFirst: false });
  // Items of one type read by name; the id keeps pages stable between equal values.
  if (column === 'type') request = request.order('name', { ascending });
  const result = await unwrap(
    request
      .order('id')
      .range(from, from + query.pageSize - 1)
      .overrideTypes<CatalogListItem[], { merge: false }>(),
  );
  return { rows: result.data ?? [], total: result.count ?? undefined };
}

/** How many items of each health bucket match the filters, in the sort's order. */
async function healthBucketCounts(query: ItemQuery, buckets: readonly string[]): Promise<number[]> {
  return Promise.all(
    buckets.map(async (bucket) => {
      let request = itemsCount(query);
      request =
        bucket === 'unknown' ? request.or('health.eq.unknown,health.is.null') : request.eq('health', bucket);
      const result = await unwrap(request);
      return result.count ?? 0;
    }),
  );
}

/**
 * One page ordered by health (healthy, unhealthy, warning, unknown; the reverse descending):
 * the size of each bucket first, then only the buckets the page spans, each read at its offset.
 */
async function listItemsByHealth(query: ItemQuery): Promise<ItemPage> {
  const buckets = query.sortOrder === 'asc' ? [...HEALTH_SORT_ORDER] : [...HEALTH_SORT_ORDER].reverse();
  const counts = await healthBucketCounts(query, buckets);
  const total = counts.reduce((sum, n) => sum + n, 0);
  const pageStart = query.pageIndex * query.pageSize;
  const pageEnd = pageStart + query.pageSize;
  const reads: Promise<CatalogListItem[]>[] = [];
  let bucketStart = 0;
  buckets.forEach((bucket, index) => {
    const bucketEnd = bucketStart + counts[index]!;
    const from = Math.max(pageStart, bucketStart);
    const to = Math.min(pageEnd, bucketEnd);
    if (from < to) {
      let request = itemsQuery(query);
      request =
        bucket === 'unknown' ? request.or('health.eq.unknown,health.is.null') : request.eq('health', bucket);
      reads.push(
        unwrap(
          request
            .order('type')
            .order('name')
            .order('id')
            .range(from - bucketStart, to - bucketStart - 1)
            .overrideTypes<CatalogListItem[], { merge: false }>(),
        ).then((result) => result.data ?? []),
      );
    }
    bucketStart = bucketEnd;
  });
  const pages = await Promise.all(reads);
  return { rows: pages.flat(), total };
}

/** What config_detail counts for an item: its changes and open insights by type. */
export type ItemCounts = Pick<CatalogListItem, 'id' | 'changes' | 'analysis'>;

export const itemCountsKey = (ids: string[]) =>
  ids.length ? `${CATALOG_LIST_KEY_PREFIX}config_detail?counts=${ids.join(',')}` : null;

/**
 * The changes and open insights of the page's items, from config_detail by id: counted for these
 * few rows only, never across the catalog, and read after the rows so they show first.
 */
export async function listItemCounts(ids: string[]): Promise<Map<string, ItemCounts>> {
  const result = await unwrap(
    db
      .from('config_detail')
      .select('id,changes,analysis')
      .in('id', ids)
      .overrideTypes<ItemCounts[], { merge: false }>(),
  );
  return new Map((result.data ?? []).map((row) => [row.id, row]));
}

export const listItems = (query: ItemQuery): Promise<ItemPage> =>
  query.sortBy === 'health' ? listItemsByHealth(query) : listItemsByColumn(query);

// ─── Filter choices ─────────────────────────────────────────────────────────────────────────────

export const CONFIG_TYPES_KEY = `${CATALOG_LIST_KEY_PREFIX}config_types`;
export async function listConfigTypes(): Promise<string[]> {
  const result = await unwrap(db.from('config_types').select('type').order('type'));
  return ((result.data ?? []) as { type: string }[]).map((row) => row.type);
}

export const CONFIG_STATUSES_KEY = `${CATALOG_LIST_KEY_PREFIX}config_statuses`;
export async function listConfigStatuses(): Promise<string[]> {
  const result = await unwrap(db.from('config_statuses').select('status').order('status'));
  return ((result.data ?? []) as { status: string }[]).map((row) => row.status);
}

export interface ConfigTag {
  key: string;
  value: string;
}

export const CONFIG_TAGS_KEY = `${CATALOG_LIST_KEY_PREFIX}config_tags`;
export async function listConfigTags(): Promise<ConfigTag[]> {
  const result = await unwrap(db.from('config_tags').select('key,value').order('key').order('value'));
  return (result.data ?? []) as ConfigTag[];
}

/** The tag keys, once each, as group-by choices. */
export function tagGroupChoices(tags: ConfigTag[]): GroupByKey[] {
  return [...new Set(tags.map((tag) => tag.key))].map((key) => ({ key, isTag: true }));
}

/** Spec 3 §9: labels and statuses are cached 60 s, the catalog 5 minutes. */
export const CHOICES_CACHE_MS = 60_000;
export const CATALOG_CACHE_MS = 300_000;
