/**
 * Every call of the topology dashboard and its SWR key (spec 3 §7): the components from the
 * platform's GET api/canary/api/topology, the names of a component's ancestors for the breadcrumb,
 * and the choices of the agent and label filters. Components change under live events.
 */
import { useRef } from 'react';
import useSWR, { preload } from 'swr';
import { apiPath } from '../../../../common/first-load.js';
import {
  apiJson,
  db,
  useDbQuery,
  useLivePollInterval,
  useLiveRevalidate,
  type ApiError,
  type PlatformEventName,
} from '../../api/index.js';
import { COMPONENT_DEPTH, ROOTS_DEPTH, TOPOLOGY_PATH } from './first-load.js';
import { readFilters, topologyQuery } from './topology-params.js';
import type { TopologyQuery, TopologyResponse } from './types.js';

export { TOPOLOGY_PATH };

/** The live events after which the cards are read again. */
export const COMPONENT_EVENTS: readonly PlatformEventName[] = [
  'component.healthy',
  'component.unhealthy',
  'component.warning',
  'component.unknown',
];

/** Filter choices change rarely: read once a minute at most. */
const CHOICES_CACHE_MS = 60_000;

/** The URL of a topology read: also its SWR key. */
export function topologyUrl(query: TopologyQuery): string {
  const entries = Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]);
  return apiPath(TOPOLOGY_PATH, Object.fromEntries(entries));
}

export function getTopology(query: TopologyQuery): Promise<TopologyResponse> {
  return apiJson<TopologyResponse>(topologyUrl(query));
}

const depthFor = (id: string | undefined) => (id ? COMPONENT_DEPTH : ROOTS_DEPTH);

/** The read of the page of `id` (none: the roots) under the filters of its URL's `search`. */
export function pageQuery(id: string | undefined, search: URLSearchParams): TopologyQuery {
  const filters = readFilters(search);
  return { ...topologyQuery(id, filters), ...(filters.flatten ? {} : { depth: depthFor(id) }) };
}

/**
 * Starts the page's read as soon as the route is entered, alongside the page's code and the
 * shell's whoami rather than after them; the page's SWR takes the answer over.
 */
export function preloadTopology(id: string | undefined, search: URLSearchParams): void {
  const query = pageQuery(id, search);
  const url = topologyUrl(query);
  // A page already reading it would leave an answer behind for its next refresh.
  if (pageReads.has(url)) return;
  void preload(url, () => getTopology(query)).catch(() => undefined);
}

/** The reads pages have asked for: a preload after them would come too late. */
const pageReads = new Set<string>();

/**
 * The components under `query` (null: none read), kept fresh by live events (polled while the
 * stream is down). While a new filter's answer is read the previous one stays on screen, but
 * never another component's: its children would pass for this one's.
 */
export function useTopology(query: TopologyQuery | null) {
  const refreshInterval = useLivePollInterval();
  const url = query && topologyUrl(query);
  if (url) pageReads.add(url);
  const { data, error, isValidating, mutate } = useSWR<TopologyResponse, ApiError>(
    url,
    () => getTopology(query!),
    { refreshInterval },
  );
  useLiveRevalidate(COMPONENT_EVENTS, mutate);
  const shown = useRef<{ id?: string; data?: TopologyResponse }>({});
  if (data) shown.current = { id: query?.id, data };
  const kept = shown.current.id === query?.id ? shown.current.data : undefined;
  return { data: data ?? (error ? undefined : kept), error, isValidating, mutate };
}

/** The public card's read: one component, no live refresh (the view may stay open unattended). */
export function usePublicComponent(id: string) {
  // The component and the children its card lists.
  const query = { id, depth: ROOTS_DEPTH };
  return useSWR<TopologyResponse, ApiError>(topologyUrl(query), () => getTopology(query), {
    shouldRetryOnError: false,
  });
}

// ─── Breadcrumb ─────────────────────────────────────────────────────────────────────────────────

export interface ComponentName {
  id: string;
  name: string;
  icon?: string | null;
  /** Dot-separated ancestor ids, root first. */
  path?: string | null;
}

/** The ancestor ids a `path` names, root first. */
export const pathIds = (path: string | null | undefined): string[] =>
  (path ?? '').split('.').filter((id) => id.trim() !== '');

export const componentNamesKey = (ids: readonly string[]) =>
  ids.length > 0 ? `topology:component_names?id=in.(${[...ids].sort().join(',')})` : null;

export function listComponentNames(ids: readonly string[]) {
  return db
    .from('component_names')
    .select('id,name,icon,path')
    .in('id', [...ids]);
}

/** The names (and paths) of the components `ids`; nothing read for none. */
export function useComponentNames(ids: readonly string[]) {
  return useDbQuery<ComponentName[]>(componentNamesKey(ids), () => listComponentNames(ids), {
    dedupingInterval: CHOICES_CACHE_MS,
    revalidateOnFocus: false,
  });
}

// ─── Filter choices ─────────────────────────────────────────────────────────────────────────────

export interface AgentName {
  id: string;
  name: string;
}

export const AGENTS_KEY = 'topology:agents?select=id,name';

export function useAgentNames() {
  return useDbQuery<AgentName[]>(AGENTS_KEY, () => db.from('agents').select('id,name').order('name'), {
    dedupingInterval: CHOICES_CACHE_MS,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

export interface ComponentLabel {
  key: string;
  value: string;
}

export const COMPONENT_LABELS_KEY = 'topology:component_labels';

export function useComponentLabels() {
  return useDbQuery<ComponentLabel[]>(
    COMPONENT_LABELS_KEY,
    () => db.from('component_labels').select('key,value').order('key').order('value'),
    { dedupingInterval: CHOICES_CACHE_MS, revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

/** The label filter's choices, `key=value`: those of the answer and all the database knows. */
export function labelChoices(tags: TopologyResponse['tags'], labels: readonly ComponentLabel[] | undefined) {
  const pairs = new Set<string>();
  for (const [key, values] of Object.entries(tags ?? {}))
    for (const value of values) pairs.add(`${key}=${value}`);
  for (const label of labels ?? []) pairs.add(`${label.key}=${label.value}`);
  return [...pairs].sort();
}
