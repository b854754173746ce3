/**
 * Listing the scraped kinds: page by page (`limit` + `continue`), filtered by the entry's
 * namespace, scope, label and field selectors and kind exclusions, with at most `maxInflight`
 * requests to the API server at once.
 */
import { failureReason, type ClusterClient, type Query } from './cluster.js';
import type { KubernetesEntry } from './entry.js';
import { kindExcluded } from './exclusions.js';
import { collectionPath, SCRAPED_KINDS, typeOf, type KubeObject, type ScrapedKind } from './objects.js';

/** Objects per list request: large lists come in pages, as kubectl and informers read them. */
export const PAGE_SIZE = 500;

/** Runs tasks with at most `limit` of them started and unfinished at a time. */
export function limiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

interface ListAnswer {
  metadata?: { resourceVersion?: string; continue?: string };
  items?: Omit<KubeObject, 'apiVersion' | 'kind'>[];
}

/** The kinds an entry lists: its scope, minus excluded kinds (Namespaces: only its own when namespaced). */
export function kindsFor(entry: KubernetesEntry): ScrapedKind[] {
  const scope = entry.scope?.toLowerCase();
  return SCRAPED_KINDS.filter((scraped) => {
    if (kindExcluded(entry, scraped.kind)) return false;
    if (scope === 'cluster') return !scraped.namespaced;
    if (scope === 'namespace' || scope === 'namespaced') return scraped.namespaced;
    // Scraping one namespace: its Namespace object, not the other cluster-scoped kinds.
    if (entry.namespace) return scraped.namespaced || scraped.kind === 'Namespace';
    return true;
  });
}

/** The selectors of one kind's list (and watch). */
export function queryFor(entry: KubernetesEntry, scraped: ScrapedKind): Query {
  if (entry.namespace && scraped.kind === 'Namespace')
    return {
      fieldSelector: [`metadata.name=${entry.namespace}`, entry.fieldSelector].filter(Boolean).join(','),
      labelSelector: entry.selector,
    };
  return { labelSelector: entry.selector, fieldSelector: entry.fieldSelector };
}

/** Every object of a kind, the pages read through `limit` (each page one request). */
export async function listKind(
  client: ClusterClient,
  scraped: ScrapedKind,
  query: Query,
  namespace: string | undefined,
  run: <T>(task: () => Promise<T>) => Promise<T>,
  signal?: AbortSignal,
): Promise<{ objects: KubeObject[]; resourceVersion?: string }> {
  const objects: KubeObject[] = [];
  const path = collectionPath(scraped, namespace);
  let next: string | undefined;
  let resourceVersion: string | undefined;
  do {
    const token = next;
    const answer = await run(() =>
      client.getJson<ListAnswer>(path, { ...query, limit: PAGE_SIZE, continue: token }, signal),
    );
    // A list's items carry neither kind nor apiVersion on the wire.
    for (const item of answer.items ?? [])
      objects.push({ ...item, apiVersion: scraped.apiVersion, kind: scraped.kind } as KubeObject);
    resourceVersion ??= answer.metadata?.resourceVersion;
    next = answer.metadata?.continue || undefined;
  } while (next);
  return { objects, resourceVersion };
}

export interface Listing {
  objects: KubeObject[];
  /** The types listed whole (excluded kinds included: none of theirs is kept). */
  completeTypes: string[];
  errors: string[];
  /** The kinds listed without error. */
  listed: ScrapedKind[];
}

export async function listCluster(
  client: ClusterClient,
  entry: KubernetesEntry,
  signal?: AbortSignal,
): Promise<Listing> {
  const run = limiter(entry.maxInflight);
  const kinds = kindsFor(entry);
  const results = await Promise.all(
    kinds.map(async (scraped) => {
      try {
        const { objects } = await listKind(
          client,
          scraped,
          queryFor(entry, scraped),
          entry.namespace,
          run,
          signal,
        );
        return { scraped, objects };
      } catch (error) {
        client.noteFailure(error);
        const where = entry.namespace && scraped.namespaced ? ` in namespace ${entry.namespace}` : '';
        return { scraped, error: `listing ${scraped.kind} objects${where} failed: ${failureReason(error)}` };
      }
    }),
  );
  const listing: Listing = { objects: [], completeTypes: [], errors: [], listed: [] };
  for (const result of results) {
    if ('error' in result) {
      listing.errors.push(result.error!);
      continue;
    }
    for (const object of result.objects) listing.objects.push(object);
    listing.completeTypes.push(typeOf(result.scraped.kind));
    listing.listed.push(result.scraped);
  }
  for (const scraped of SCRAPED_KINDS)
    if (kindExcluded(entry, scraped.kind)) listing.completeTypes.push(typeOf(scraped.kind));
  return listing;
}
