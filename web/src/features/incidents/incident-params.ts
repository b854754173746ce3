// The /incidents list's filters as kept in the URL (spec 2 §2): severity, status, owner, type,
// component and search. Defaults are left out of the URL; other parameters (sort, page, the
// create dialog's topology) are kept as they are.
import {
  DEFAULT_STATUS_FILTER,
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  type IncidentSeverity,
  type IncidentStatus,
  type IncidentType,
} from '../../../../common/incidents.js';

/** The status filter's 'every status' choice: no status in the URL means open. */
export const ALL_STATUSES = 'all';

export interface IncidentFilters {
  type?: IncidentType;
  severity?: IncidentSeverity;
  /** A status, or every status; open when the URL names none. */
  status: IncidentStatus | typeof ALL_STATUSES;
  /** The person who opened the incident (created_by). */
  owner?: string;
  /** A topology component some evidence of the incident points at. */
  component?: string;
  search: string;
}

export type FilterName = keyof IncidentFilters;
export const FILTER_NAMES: readonly FilterName[] = [
  'severity',
  'status',
  'owner',
  'type',
  'component',
  'search',
];

export const DEFAULT_FILTERS: IncidentFilters = { status: DEFAULT_STATUS_FILTER, search: '' };

/** Spec 2 §9: the search box waits 400 ms after the last key, the other filters 500 ms. */
export const SEARCH_DEBOUNCE_MS = 400;
export const FILTER_DEBOUNCE_MS = 500;

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;
const text = (raw: string | null) => (raw === null || raw.trim() === '' ? undefined : raw);

/** The filters a URL holds; unknown values fall back to the defaults rather than failing. */
export function readIncidentFilters(search: URLSearchParams): IncidentFilters {
  const status = search.get('status');
  return {
    type: oneOf(INCIDENT_TYPES, search.get('type')),
    severity: oneOf(INCIDENT_SEVERITIES, search.get('severity')),
    status:
      status === ALL_STATUSES ? ALL_STATUSES : (oneOf(INCIDENT_STATUSES, status) ?? DEFAULT_FILTERS.status),
    owner: text(search.get('owner')),
    component: text(search.get('component')),
    search: search.get('search') ?? '',
  };
}

/**
 * A copy of `search` with `change` applied: defaults removed, other parameters kept, and the
 * table back on its first page, since the rows it paged through are no longer the same.
 */
export function writeIncidentFilters(
  search: URLSearchParams,
  change: Partial<IncidentFilters>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of Object.keys(change) as FilterName[]) {
    const value = change[name];
    const isDefault = value === undefined || value === '' || value === DEFAULT_FILTERS[name];
    if (isDefault) next.delete(name);
    else next.set(name, value);
  }
  next.delete('pageIndex');
  return next;
}
