/**
 * The dashboard's filters as the URL holds them (spec 3 §2.2): status, type, team, labels, agent,
 * hidden and flatten, so a link shows the same cards; and the API query they make.
 */
import type { TopologyQuery } from './types.js';

/** The URL's filter parameters; an absent one means "All". */
export const FILTER_PARAMS = ['status', 'type', 'team', 'labels', 'agent_id'] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

export interface TopologyFilters {
  status?: string;
  type?: string;
  team?: string;
  /** `key=value`. */
  labels?: string;
  agent_id?: string;
  /** Hidden components shown too. */
  hidden: boolean;
  /**
   * Every matching component in one list instead of a tree: on by default once a type is chosen
   * (as the platform's UI does), off with `flatten=false`; without a type it never applies.
   */
  flatten: boolean;
}

const nonEmpty = (value: string | null) => (value && value !== 'All' ? value : undefined);

export function readFilters(search: URLSearchParams): TopologyFilters {
  const type = nonEmpty(search.get('type'));
  return {
    status: nonEmpty(search.get('status')),
    type,
    team: nonEmpty(search.get('team')),
    labels: nonEmpty(search.get('labels')),
    agent_id: nonEmpty(search.get('agent_id')),
    hidden: search.get('hidden') === 'true',
    flatten: type !== undefined && search.get('flatten') !== 'false',
  };
}

export type FilterChange = Partial<Record<FilterParam, string | undefined>> & {
  hidden?: boolean;
  flatten?: boolean;
};

/** `search` with `change` written: an empty value removes its parameter; others are kept. */
export function writeFilters(search: URLSearchParams, change: FilterChange): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of FILTER_PARAMS) {
    if (!(name in change)) continue;
    const value = change[name];
    if (value) next.set(name, value);
    else next.delete(name);
  }
  if (change.hidden !== undefined) {
    if (change.hidden) next.set('hidden', 'true');
    else next.delete('hidden');
  }
  if (change.flatten !== undefined) {
    if (change.flatten) next.delete('flatten');
    else next.set('flatten', 'false');
  }
  return next;
}

/** The query of GET api/canary/api/topology for the page of `id` (none: the roots) under `filters`. */
export function topologyQuery(id: string | undefined, filters: TopologyFilters): TopologyQuery {
  const query: TopologyQuery = {};
  if (id) query.id = id;
  for (const name of FILTER_PARAMS) {
    const value = filters[name];
    if (value) query[name] = value;
  }
  if (filters.type && filters.flatten) query.flatten = 'true';
  if (filters.hidden) query.hidden = 'true';
  return query;
}

/**
 * The address that zooms into `componentId` from the page of `currentId` (none: the roots): the
 * other query parameters kept, and `refererId` naming the page it came from.
 */
export function zoomInPath(
  componentId: string,
  currentId: string | undefined,
  search: URLSearchParams,
): string {
  const next = new URLSearchParams(search);
  next.delete('refererId');
  if (currentId && currentId !== componentId) next.set('refererId', currentId);
  const query = next.toString();
  return `/topology/${encodeURIComponent(componentId)}${query ? `?${query}` : ''}`;
}
