/**
 * The run dialog's calls (spec 1 §7): the parameters for a resource, the resource search of the
 * selectors, the teams picker and starting a run.
 */
import useSWR from 'swr';
import { apiJson, db, useDbQuery, type ApiError } from '../../../api/index.js';
import type { PlaybookParameter } from '../../../../../common/playbook-params.js';

/** The kinds of resource a playbook runs on, as the run request names their ids. */
export type ResourceKind = 'config' | 'component' | 'check';
export const RESOURCE_KINDS: readonly ResourceKind[] = ['config', 'component', 'check'];

/** A resource the run is for, or a resource parameter's value. */
export interface ChosenResource {
  kind: ResourceKind;
  id: string;
  name: string;
  /** Its type ('Kubernetes::Pod', 'http'), shown beside the name. */
  type?: string | null;
}

/** What the dialog is given of the playbook (a list row is enough). */
export interface RunnablePlaybook {
  id: string;
  name: string;
  title?: string | null;
  icon?: string | null;
  spec?: {
    configs?: unknown[] | null;
    components?: unknown[] | null;
    checks?: unknown[] | null;
    parameters?: PlaybookParameter[] | null;
  } | null;
}

/** The resource the dialog is opened on: one of the ids, with a name to show. */
export interface RunResource {
  check_id?: string;
  config_id?: string;
  component_id?: string;
  name?: string;
}

/** Spec 1 §5: the resource search waits 300 ms after the last key. */
export const RESOURCE_SEARCH_DEBOUNCE_MS = 300;
/** How many resources of each kind a search offers. */
export const RESOURCE_SEARCH_LIMIT = 50;

/** What the playbook's title or name says. */
export const playbookLabel = (playbook: RunnablePlaybook): string => playbook.title?.trim() || playbook.name;

/** The kinds of resource the playbook selects; every kind when its spec is not known. */
export function selectedKinds(playbook: RunnablePlaybook): ResourceKind[] {
  const spec = playbook.spec;
  if (!spec) return [...RESOURCE_KINDS];
  const nonEmpty = (list: unknown) => Array.isArray(list) && list.length > 0;
  return RESOURCE_KINDS.filter((kind) => nonEmpty(spec[`${kind}s`]));
}

/** The resource given to the dialog, as a choice. */
export function givenResource(resource: RunResource | undefined): ChosenResource | undefined {
  if (!resource) return undefined;
  for (const kind of RESOURCE_KINDS) {
    const id = resource[`${kind}_id`];
    if (id) return { kind, id, name: resource.name ?? id };
  }
  return undefined;
}

/** The run request's resource ids for a choice. */
export const resourceIds = (resource: ChosenResource | undefined) =>
  resource ? { [`${resource.kind}_id`]: resource.id } : {};

// ─── Parameters ───────────────────────────────────────────────────────────────────────────────

interface ParamsAnswer {
  params?: PlaybookParameter[] | null;
}

/**
 * The playbook's parameters for the resource, defaults templated against it by the server
 * (POST /api/playbook/{id}/params). A null resource asks nothing (none chosen yet).
 */
export function usePlaybookParams(playbookId: string, resource: ChosenResource | undefined | null) {
  const key =
    resource === null
      ? null
      : ['playbook-params', playbookId, resource?.kind ?? '', resource?.id ?? ''].join(':');
  return useSWR<PlaybookParameter[], ApiError>(
    key,
    async () => {
      const answer = await apiJson<ParamsAnswer>(`api/playbook/${encodeURIComponent(playbookId)}/params`, {
        method: 'POST',
        json: { id: playbookId, ...resourceIds(resource ?? undefined) },
      });
      return answer?.params ?? [];
    },
    { revalidateOnFocus: false, revalidateIfStale: false, revalidateOnReconnect: false },
  );
}

// ─── Resource search ──────────────────────────────────────────────────────────────────────────

interface FoundResource {
  id: string;
  name?: string | null;
  type?: string | null;
}
type SearchAnswer = Partial<Record<`${ResourceKind}s`, FoundResource[] | null>>;

/** A playbook's resource selectors by kind (`spec.configs`, ...): where its runs may go. */
export type KindSelectors = Partial<Record<ResourceKind, readonly unknown[]>>;

/** The playbook's own selectors, which the resource search keeps to. */
export function playbookSelectors(playbook: RunnablePlaybook): KindSelectors {
  const spec = playbook.spec ?? {};
  return Object.fromEntries(
    RESOURCE_KINDS.map((kind) => [kind, spec[`${kind}s`]]).filter(([, list]) => Array.isArray(list)),
  ) as KindSelectors;
}

/**
 * What the selectors search: under each kind asked for, the term within each of the kind's
 * selectors (a playbook's), else with a resource parameter's filter.
 */
export function searchBody(
  term: string,
  kinds: readonly ResourceKind[],
  filter?: unknown,
  selectors: KindSelectors = {},
) {
  const isObject = (value: unknown): value is object =>
    value !== null && typeof value === 'object' && !Array.isArray(value);
  const extra = isObject(filter) ? filter : {};
  const within = (kind: ResourceKind) => {
    const own = (selectors[kind] ?? []).filter(isObject);
    return own.length > 0
      ? own.map((selector) => ({ ...selector, search: term }))
      : [{ ...extra, search: term }];
  };
  return Object.fromEntries([
    ['limit', RESOURCE_SEARCH_LIMIT],
    ...kinds.map((kind) => [`${kind}s`, within(kind)]),
  ]) as Record<string, unknown>;
}

/** Resources of `kinds` whose name holds `term`; a null term asks nothing. */
export function useResourceSearch(
  term: string | null,
  kinds: readonly ResourceKind[],
  filter?: unknown,
  selectors?: KindSelectors,
) {
  const key =
    term === null
      ? null
      : ['resources-search', kinds.join(','), JSON.stringify([filter ?? null, selectors ?? null]), term];
  return useSWR<ChosenResource[], ApiError>(
    key,
    async () => {
      const answer = await apiJson<SearchAnswer>('api/resources/search', {
        method: 'POST',
        json: searchBody(term ?? '', kinds, filter, selectors),
      });
      return kinds.flatMap((kind) =>
        (answer?.[`${kind}s`] ?? []).map((found) => ({
          kind,
          id: found.id,
          name: found.name || found.id,
          type: found.type ?? null,
        })),
      );
    },
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}

// ─── Teams ────────────────────────────────────────────────────────────────────────────────────

export interface TeamChoice {
  id: string;
  name: string;
}

export const RUN_TEAMS_KEY = 'playbooks:run:teams';
const listTeams = () =>
  db
    .from('teams')
    .select('id,name')
    .is('deleted_at', null)
    .order('name', { ascending: true })
    .overrideTypes<TeamChoice[], { merge: false }>();

/** The teams a team parameter offers (spec 1 §7: GET /teams?deleted_at=is.null&order=name.asc). */
export const useTeams = () =>
  useDbQuery<TeamChoice[]>(RUN_TEAMS_KEY, listTeams, { revalidateOnFocus: false });

// ─── Run ──────────────────────────────────────────────────────────────────────────────────────

export interface RunRequest {
  id: string;
  config_id?: string;
  component_id?: string;
  check_id?: string;
  params: Record<string, string>;
}

/** Starts a run (POST /api/playbook/run); answers the new run's id. */
export async function runPlaybook(request: RunRequest): Promise<string> {
  const answer = await apiJson<{ run_id?: string }>('api/playbook/run', { method: 'POST', json: request });
  if (!answer?.run_id) throw new Error('The server did not return the run');
  return answer.run_id;
}
