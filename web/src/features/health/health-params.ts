// The /health dashboard's state as kept in the URL (spec 1 §2), so a link shares the view.
// Defaults are left out of the URL; parameters this page does not use (pivotBy, pivotLabel,
// pivotCellType, ...) are kept as they are.
import { TIME_RANGE_OPTIONS } from '../../lib/time-range/index.js';

export type Layout = 'table' | 'card';
export type LabelFilter = Record<string, 1 | -1>;

export interface HealthParams {
  /** A span of TIME_RANGE_OPTIONS, e.g. '1h'. */
  timeRange: string;
  layout: Layout;
  /** The check shown in the detail drawer. */
  checkId?: string;
  /** Label id (`key=value`) → 1 include / -1 exclude. */
  labels: LabelFilter;
  query: string;
  groupBy: string;
  tabBy: string;
  /** The chosen tab; undefined is 'All'. */
  tab?: string;
  hidePassing: boolean;
  /** Column id of the sort; undefined keeps the dashboard's own order (by group, then name). */
  sortBy?: string;
  sortDesc: boolean;
}

export const NO_GROUPING = 'no_grouping';

export const DEFAULT_HEALTH_PARAMS: HealthParams = {
  timeRange: '1h',
  layout: 'table',
  labels: {},
  query: '',
  groupBy: 'canary_name',
  tabBy: 'namespace',
  hidePassing: true,
  sortDesc: false,
};

const TIME_RANGES = new Set(TIME_RANGE_OPTIONS.map((option) => option.value));

/** '{"env=prod":1,"team=db":-1}' → the filter; anything malformed is dropped, not fatal. */
export function parseLabelFilter(raw: string | null): LabelFilter {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const filter: LabelFilter = {};
  for (const [id, state] of Object.entries(parsed)) {
    if (state === 1 || state === -1) filter[id] = state;
  }
  return filter;
}

const text = (raw: string | null) => (raw === null || raw === '' ? undefined : raw);

export function readHealthParams(search: URLSearchParams): HealthParams {
  const defaults = DEFAULT_HEALTH_PARAMS;
  const timeRange = search.get('timeRange');
  return {
    timeRange: timeRange && TIME_RANGES.has(timeRange) ? timeRange : defaults.timeRange,
    layout: search.get('layout') === 'card' ? 'card' : 'table',
    checkId: text(search.get('checkId')),
    labels: parseLabelFilter(search.get('labels')),
    query: search.get('query') ?? defaults.query,
    groupBy: text(search.get('groupBy')) ?? defaults.groupBy,
    tabBy: text(search.get('tabBy')) ?? defaults.tabBy,
    tab: text(search.get('tab')),
    hidePassing: search.get('hidePassing') !== 'false',
    sortBy: text(search.get('sortBy')),
    sortDesc: search.get('sortDesc') === 'true',
  };
}

type Serialized = { [K in keyof HealthParams]-?: (value: HealthParams[K]) => string | undefined };

// Each parameter as the URL holds it; undefined (the default) removes it.
const SERIALIZE: Serialized = {
  timeRange: (value) => (value === DEFAULT_HEALTH_PARAMS.timeRange ? undefined : value),
  layout: (value) => (value === 'table' ? undefined : value),
  checkId: (value) => value || undefined,
  labels: (value) => (Object.keys(value).length === 0 ? undefined : JSON.stringify(value)),
  query: (value) => value || undefined,
  groupBy: (value) => (value === DEFAULT_HEALTH_PARAMS.groupBy ? undefined : value),
  tabBy: (value) => (value === DEFAULT_HEALTH_PARAMS.tabBy ? undefined : value),
  tab: (value) => value || undefined,
  hidePassing: (value) => (value ? undefined : 'false'),
  sortBy: (value) => value || undefined,
  sortDesc: (value) => (value ? 'true' : undefined),
};

/** A copy of `search` with `change` applied; defaults are removed, other parameters kept. */
export function writeHealthParams(search: URLSearchParams, change: Partial<HealthParams>): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of Object.keys(change) as (keyof HealthParams)[]) {
    const value = (SERIALIZE[name] as (value: unknown) => string | undefined)(change[name]);
    if (value === undefined) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

/**
 * The shared table writes its sort as `sortBy` + `sortOrder`; this page's links say `sortDesc`.
 * Returns the URL in this page's terms, or undefined when it already is.
 */
export function normalizeSortParams(search: URLSearchParams): URLSearchParams | undefined {
  const order = search.get('sortOrder');
  if (order === null) return undefined;
  const next = writeHealthParams(search, { sortDesc: order === 'desc' });
  next.delete('sortOrder');
  return next;
}
