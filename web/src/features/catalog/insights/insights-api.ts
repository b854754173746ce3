/**
 * Every call of the insights lists and its SWR key (spec 3 §2.1, §7): a page of
 * /api/db/config_analysis_items under the filters, counted exactly for the pager, newest first by
 * default; with a component chosen, the component's insights from
 * rpc/lookup_analysis_by_component first, then their configs by id. Also the filter choices
 * (analyzers, components).
 */
import { db, dbError } from '../../../api/index.js';
import type { SortOrder } from '../../../components/DataTable/index.js';
import { ANALYSIS_TYPES, SEVERITIES } from '../../../../../common/catalog.js';
import type { AnalysisType, ConfigAnalysis } from '../types.js';

export const INSIGHTS_KEY_PREFIX = 'catalog:insights:';

/** Spec 3 §2.1. */
export const INSIGHT_TYPES: readonly AnalysisType[] = ANALYSIS_TYPES;
export const INSIGHT_SEVERITIES = SEVERITIES;
export const INSIGHT_STATUSES = ['open', 'resolved', 'silenced'] as const;

/** Spec 3 §9. */
export const INSIGHTS_PAGE_SIZE = 50;
export const DEFAULT_INSIGHTS_SORT = { by: 'first_observed', order: 'desc' } as const;
export const SORTABLE_INSIGHT_COLUMNS = [
  'analysis_type',
  'analyzer',
  'severity',
  'status',
  'first_observed',
  'last_observed',
] as const;

export interface InsightFilters {
  type?: string;
  /** Sent lowercased (spec 3 §2.1). */
  severity?: string;
  analyzer?: string;
  status?: string;
  component?: string;
  /** The catalog type carried over from the Catalog tab. */
  configType?: string;
  /** The config of a detail page's Insights tab. */
  configId?: string;
}

export interface InsightQuery {
  filters: InsightFilters;
  pageIndex: number;
  pageSize: number;
  sortBy: string;
  sortOrder: SortOrder;
}

export interface InsightPage {
  rows: ConfigAnalysis[];
  total: number;
}

export const insightsKey = ({ filters, pageIndex, pageSize, sortBy, sortOrder }: InsightQuery) =>
  `${INSIGHTS_KEY_PREFIX}config_analysis_items?${new URLSearchParams({
    ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value)),
    page: `${pageIndex}.${pageSize}`,
    order: `${sortBy}.${sortOrder}`,
  }).toString()}`;

/** A row of config_analysis_items: the insight with its config's name, type and class. */
interface InsightItemRow extends Omit<ConfigAnalysis, 'config'> {
  name?: string | null;
  config_type?: string | null;
  config_class?: string | null;
}

const ITEM_SELECT =
  'id,config_id,analyzer,analysis_type,severity,status,message,summary,source,first_observed,last_observed,name,config_type,config_class';

const asInsight = ({ name, config_type, config_class, ...insight }: InsightItemRow): ConfigAnalysis => ({
  ...insight,
  config: { id: insight.config_id, name: name ?? insight.config_id, type: config_type ?? '', config_class },
});

const sortColumn = (sortBy: string) =>
  (SORTABLE_INSIGHT_COLUMNS as readonly string[]).includes(sortBy) ? sortBy : DEFAULT_INSIGHTS_SORT.by;

const lower = (value: string | undefined) => value?.toLowerCase();

async function listInsightItems({
  filters,
  pageIndex,
  pageSize,
  sortBy,
  sortOrder,
}: InsightQuery): Promise<InsightPage> {
  let query = db.from('config_analysis_items').select(ITEM_SELECT, { count: 'exact' });
  if (filters.type) query = query.eq('analysis_type', filters.type);
  if (filters.severity) query = query.eq('severity', lower(filters.severity)!);
  if (filters.analyzer) query = query.eq('analyzer', filters.analyzer);
  if (filters.status) query = query.eq('status', filters.status);
  if (filters.configId) query = query.eq('config_id', filters.configId);
  if (filters.configType) query = query.eq('config_type', filters.configType);
  const from = pageIndex * pageSize;
  const result = await query
    .order(sortColumn(sortBy), { ascending: sortOrder === 'asc', nullsFirst: false })
    .order('id')
    .range(from, from + pageSize - 1)
    .overrideTypes<InsightItemRow[], { merge: false }>();
  if (result.error) throw dbError(result.error, result.status);
  return { rows: (result.data ?? []).map(asInsight), total: result.count ?? 0 };
}

type Comparable = string | number;
const compare = (a: Comparable, b: Comparable) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The insights of a component: its analyses first (the function answers every one of them),
 * filtered and paged here, then the configs of the page looked up by id for their names.
 */
async function listComponentInsights({
  filters,
  pageIndex,
  pageSize,
  sortBy,
  sortOrder,
}: InsightQuery): Promise<InsightPage> {
  const analyses = await db
    .rpc('lookup_analysis_by_component', { id: filters.component! }, { get: true })
    .select(
      'id,config_id,analyzer,analysis_type,severity,status,message,summary,source,first_observed,last_observed',
    );
  if (analyses.error) throw dbError(analyses.error, analyses.status);
  const severity = lower(filters.severity);
  const found = (analyses.data ?? []) as unknown as Omit<ConfigAnalysis, 'config'>[];
  const matching = found.filter(
    (a) =>
      (!filters.type || a.analysis_type === filters.type) &&
      (!severity || a.severity === severity) &&
      (!filters.analyzer || a.analyzer === filters.analyzer) &&
      (!filters.status || a.status === filters.status) &&
      (!filters.configId || a.config_id === filters.configId),
  );
  const column = sortColumn(sortBy) as keyof (typeof matching)[number];
  const direction = sortOrder === 'asc' ? 1 : -1;
  matching.sort((a, b) => direction * compare(String(a[column] ?? ''), String(b[column] ?? '')));
  const page = matching.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize);
  const ids = [...new Set(page.map((a) => a.config_id))];
  const configs = ids.length
    ? await db
        .from('configs')
        .select('id,name,type,config_class')
        .in('id', ids)
        .overrideTypes<NonNullable<ConfigAnalysis['config']>[], { merge: false }>()
    : { data: [], error: null, status: 200 };
  if (configs.error) throw dbError(configs.error, configs.status);
  const byId = new Map((configs.data ?? []).map((config) => [config.id, config]));
  return {
    rows: page.map((a) => ({ ...a, config: byId.get(a.config_id) ?? null })),
    total: matching.length,
  };
}

/** A component's insights of one catalog type: their configs' types are known only once read. */
async function listComponentInsightsOfType(query: InsightQuery): Promise<InsightPage> {
  const all = await listComponentInsights({ ...query, pageIndex: 0, pageSize: Number.MAX_SAFE_INTEGER });
  const rows = all.rows.filter((row) => row.config?.type === query.filters.configType);
  const from = query.pageIndex * query.pageSize;
  return { rows: rows.slice(from, from + query.pageSize), total: rows.length };
}

export function listInsights(query: InsightQuery): Promise<InsightPage> {
  if (!query.filters.component) return listInsightItems(query);
  return query.filters.configType ? listComponentInsightsOfType(query) : listComponentInsights(query);
}

// ─── Filter choices ─────────────────────────────────────────────────────────────────────────────

export const ANALYZERS_KEY = `${INSIGHTS_KEY_PREFIX}config_analysis_analyzers`;
export async function listAnalyzers(): Promise<string[]> {
  const result = await db
    .from('config_analysis_analyzers')
    .select('analyzer')
    .order('analyzer')
    .overrideTypes<{ analyzer: string }[], { merge: false }>();
  if (result.error) throw dbError(result.error, result.status);
  return (result.data ?? []).map((row) => row.analyzer);
}

export interface ComponentChoice {
  id: string;
  name: string;
}

export const COMPONENTS_KEY = `${INSIGHTS_KEY_PREFIX}component_names`;
export async function listComponents(): Promise<ComponentChoice[]> {
  const result = await db
    .from('component_names')
    .select('id,name')
    .is('deleted_at', null)
    .order('name')
    .overrideTypes<ComponentChoice[], { merge: false }>();
  if (result.error) throw dbError(result.error, result.status);
  return result.data ?? [];
}

/** Spec 3 §2.1: an insight's message is cut at 500 characters. */
export const MESSAGE_LIMIT = 500;
export function truncateMessage(message: string | null | undefined): string {
  const text = message ?? '';
  return text.length > MESSAGE_LIMIT ? `${text.slice(0, MESSAGE_LIMIT)}…` : text;
}
