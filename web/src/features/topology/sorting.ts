/**
 * How the cards are ordered (spec 3 §2.2): by health by default, descending, with the ranking
 * info 4, healthy 3, warning 2, unhealthy 1; or by name, type, last update, or a headline
 * property (as the platform's UI offers). The URL holds a chosen sort; the browser keeps the last
 * choice and its order for the next visit.
 */
import type { TopologyComponent } from './types.js';

export type SortOrder = 'asc' | 'desc';

export interface SortChoice {
  /** `status`, `name`, `type`, `updated_at`, or `field:<property>`. */
  value: string;
  label: string;
}

export const HEALTH_RANK: Record<string, number> = { info: 4, healthy: 3, warning: 2, unhealthy: 1 };

export const DEFAULT_SORT_BY = 'status';
export const DEFAULT_SORT_ORDER: SortOrder = 'desc';
/** The order a stored sort choice takes when none was stored with it. */
export const STORED_ORDER_DEFAULT: SortOrder = 'asc';

export const SORT_BY_STORAGE_KEY = 'topology.sortBy';
export const SORT_ORDER_STORAGE_KEY = 'topology.sortOrder';

export const STANDARD_SORTS: readonly SortChoice[] = [
  { value: 'status', label: 'Health' },
  { value: 'name', label: 'Name' },
  { value: 'type', label: 'Type' },
  { value: 'updated_at', label: 'Last Updated' },
];

/** The standard sorts, then one per headline property the cards show (each name once). */
export function sortChoices(components: readonly TopologyComponent[]): SortChoice[] {
  const fields = new Map<string, SortChoice>();
  for (const component of components) {
    for (const property of component.properties ?? []) {
      if (property.headline && property.name && !fields.has(property.name)) {
        fields.set(property.name, {
          value: `field:${property.name}`,
          label: property.label ?? property.name,
        });
      }
    }
  }
  return [...STANDARD_SORTS, ...fields.values()];
}

type SortValue = string | number | undefined;

function sortValue(component: TopologyComponent, sortBy: string): SortValue {
  if (sortBy === 'status') return HEALTH_RANK[component.status] ?? 0;
  if (sortBy.startsWith('field:')) {
    const property = component.properties?.find((p) => p.name === sortBy.slice('field:'.length));
    return property?.value ?? property?.text ?? undefined;
  }
  if (sortBy === 'name') return (component.title || component.name || '').toLowerCase();
  if (sortBy === 'updated_at') return component.updated_at ? Date.parse(component.updated_at) : undefined;
  const value = (component as unknown as Record<string, unknown>)[sortBy];
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

/**
 * A sorted copy of `components`. Components without a value come last whatever the order; ties
 * keep their name order, so the cards do not jump between refreshes.
 */
export function sortComponents(
  components: readonly TopologyComponent[],
  sortBy: string,
  order: SortOrder,
): TopologyComponent[] {
  const direction = order === 'desc' ? -1 : 1;
  const keyed = components.map((component) => ({ component, value: sortValue(component, sortBy) }));
  keyed.sort((a, b) => {
    if (a.value === undefined || b.value === undefined) {
      if (a.value !== b.value) return a.value === undefined ? 1 : -1;
    } else if (a.value !== b.value) {
      const compared =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : String(a.value).localeCompare(String(b.value));
      if (compared !== 0) return compared * direction;
    }
    return a.component.name.localeCompare(b.component.name);
  });
  return keyed.map(({ component }) => component);
}

function readStorage(key: string): string | undefined {
  try {
    return localStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the choice lasts as long as the URL holds it.
  }
}

export interface SortState {
  sortBy: string;
  sortOrder: SortOrder;
}

const asOrder = (value: string | null | undefined): SortOrder | undefined =>
  value === 'asc' || value === 'desc' ? value : undefined;

/** The sort in effect: the URL's, else the one stored, else health descending. */
export function readSort(search: URLSearchParams): SortState {
  const urlSortBy = search.get('sortBy');
  if (urlSortBy) {
    return { sortBy: urlSortBy, sortOrder: asOrder(search.get('sortOrder')) ?? STORED_ORDER_DEFAULT };
  }
  const storedSortBy = readStorage(SORT_BY_STORAGE_KEY);
  const storedOrder = asOrder(readStorage(SORT_ORDER_STORAGE_KEY));
  if (!storedSortBy && !storedOrder) return { sortBy: DEFAULT_SORT_BY, sortOrder: DEFAULT_SORT_ORDER };
  return { sortBy: storedSortBy ?? DEFAULT_SORT_BY, sortOrder: storedOrder ?? STORED_ORDER_DEFAULT };
}

/**
 * `search` with the sort chosen, which is also stored. Health descending is the default, so
 * choosing it clears the sort parameters instead of writing them.
 */
export function chooseSort(search: URLSearchParams, sort: SortState): URLSearchParams {
  writeStorage(SORT_BY_STORAGE_KEY, sort.sortBy);
  writeStorage(SORT_ORDER_STORAGE_KEY, sort.sortOrder);
  const next = new URLSearchParams(search);
  if (sort.sortBy === DEFAULT_SORT_BY && sort.sortOrder === 'desc') {
    next.delete('sortBy');
    next.delete('sortOrder');
  } else {
    next.set('sortBy', sort.sortBy);
    next.set('sortOrder', sort.sortOrder);
  }
  return next;
}
