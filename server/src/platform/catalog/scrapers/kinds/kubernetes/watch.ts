/**
 * Following the cluster between full scrapes: a watch per scraped kind (or the entry's `watch`
 * kinds) and one on Events. Each object added or modified is emitted as an update with its item,
 * one deleted as its item with `deletedAt`, each new Event as a change. A watch that ends or
 * breaks resumes from the last resourceVersion seen (with backoff while the API server is out of
 * reach); when that version is too old (410 Gone) the kind is listed again and every object
 * emitted, so nothing modified meanwhile is missed (objects deleted meanwhile are left to the
 * next full scrape, which soft-deletes what it no longer finds).
 */
import { setMaxListeners } from 'node:events';
import type { ScrapeContext, ScrapeOutput } from '../../types.js';
import { clusterFor, failureReason, KubeApiError, type ClusterClient } from './cluster.js';
import { indexKey, readEntry, type KubernetesEntry } from './entry.js';
import { asEvent, changesOf, cursorFor, type EventCursor } from './events.js';
import { objectExcluded } from './exclusions.js';
import { itemOf } from './items.js';
import { kindsFor, limiter, listKind, queryFor } from './listing.js';
import { collectionPath, EVENT_KIND, type KubeObject, type ScrapedKind } from './objects.js';
import { sharedIndex } from './relationships.js';

export interface WatchTimings {
  /** First wait before resuming a broken watch, doubling up to maxRetryMs. */
  retryMs: number;
  maxRetryMs: number;
}

const DEFAULT_TIMINGS: WatchTimings = { retryMs: 500, maxRetryMs: 30_000 };

/** The kinds followed: the entry's `watch` list when it has one, else every kind it scrapes. */
export function watchedKinds(entry: KubernetesEntry): ScrapedKind[] {
  if (entry.watch.length === 0) return kindsFor(entry);
  const scraped = kindsFor(entry);
  return scraped.filter((kind) =>
    entry.watch.some((w) => w.kind === kind.kind && (w.apiVersion === kind.apiVersion || !w.apiVersion)),
  );
}

/** Raised inside a watch when its resourceVersion is too old to resume from. */
class Expired extends Error {}

interface WatchEvent {
  type?: string;
  object?: KubeObject & { code?: number; message?: string };
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

class KindWatch {
  private resourceVersion: string | undefined;
  /** Emissions in the order the events came. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly scraped: ScrapedKind,
    private readonly entry: KubernetesEntry,
    private readonly client: ClusterClient,
    private readonly ctx: ScrapeContext,
    private readonly emit: (update: ScrapeOutput) => Promise<void>,
    private readonly cursor: EventCursor,
    private readonly timings: WatchTimings,
  ) {}

  private get isEvents() {
    return this.scraped === EVENT_KIND;
  }

  private send(update: ScrapeOutput): void {
    this.queue = this.queue
      .then(() => this.emit(update))
      .catch((error: unknown) =>
        this.ctx.logger.warn({ err: error, kind: this.scraped.kind }, 'a watch update could not be applied'),
      );
  }

  private objectUpdate(object: KubeObject, deleted: boolean): ScrapeOutput | undefined {
    if (objectExcluded(this.entry, object)) return undefined;
    const index = sharedIndex(indexKey(this.ctx, this.entry));
    if (deleted) index.remove(object);
    else index.add(object);
    const errors: string[] = [];
    const item = itemOf(object, this.entry, index, errors, { podsNameServices: true });
    if (deleted) item.deletedAt ??= new Date();
    return { items: [item], errors, completeTypes: [] };
  }

  private eventsUpdate(events: KubeObject[], live: boolean): ScrapeOutput | undefined {
    const changes = changesOf(events.map(asEvent), this.entry, this.cursor, { live });
    return changes.length ? { items: [], changes, completeTypes: [] } : undefined;
  }

  private received(event: WatchEvent): void {
    const object = event.object;
    if (!object) return;
    if (event.type === 'ERROR') {
      if (object.code === 410) throw new Expired(object.message ?? 'too old resource version');
      throw new KubeApiError(object.code ?? 500, object.message ?? 'the watch failed');
    }
    const version = object.metadata?.resourceVersion;
    if (version) this.resourceVersion = version;
    if (event.type === 'BOOKMARK') return;
    const typed = { ...object, apiVersion: this.scraped.apiVersion, kind: this.scraped.kind } as KubeObject;
    const update = this.isEvents
      ? event.type === 'DELETED'
        ? undefined
        : this.eventsUpdate([typed], true)
      : this.objectUpdate(typed, event.type === 'DELETED');
    if (update) this.send(update);
  }

  /**
   * Where to start: the current resourceVersion (a one-item list) the first time; every object
   * again after the history was compacted.
   */
  private async catchUp(relist: boolean): Promise<void> {
    const query = this.isEvents ? {} : queryFor(this.entry, this.scraped);
    if (!relist) {
      const path = collectionPath(this.scraped, this.entry.namespace);
      const answer = await this.client.getJson<{ metadata?: { resourceVersion?: string } }>(
        path,
        { ...query, limit: 1 },
        this.ctx.signal,
      );
      this.resourceVersion = answer.metadata?.resourceVersion;
      return;
    }
    const { objects, resourceVersion } = await listKind(
      this.client,
      this.scraped,
      query,
      this.entry.namespace,
      limiter(1),
      this.ctx.signal,
    );
    this.resourceVersion = resourceVersion;
    if (this.isEvents) {
      const update = this.eventsUpdate(objects, false);
      if (update) this.send(update);
    } else
      for (const object of objects) {
        const update = this.objectUpdate(object, false);
        if (update) this.send(update);
      }
  }

  async run(): Promise<void> {
    const { signal } = this.ctx;
    let retry = this.timings.retryMs;
    let relist = false;
    while (!signal.aborted) {
      try {
        if (!this.resourceVersion || relist) await this.catchUp(relist);
        relist = false;
        const query = this.isEvents ? {} : queryFor(this.entry, this.scraped);
        await this.client.watch(
          collectionPath(this.scraped, this.entry.namespace),
          { ...query, resourceVersion: this.resourceVersion, allowWatchBookmarks: true },
          (event) => {
            retry = this.timings.retryMs;
            this.received(event as WatchEvent);
          },
          signal,
        );
      } catch (error) {
        if (signal.aborted) break;
        if (error instanceof Expired || (error instanceof KubeApiError && error.code === 410)) {
          relist = true;
          continue;
        }
        this.client.noteFailure(error);
        this.ctx.logger.debug(
          { kind: this.scraped.kind, reason: failureReason(error) },
          'a Kubernetes watch broke; resuming',
        );
        await pause(retry, signal);
        retry = Math.min(retry * 2, this.timings.maxRetryMs);
      }
    }
    await this.queue;
  }
}

export async function watchKubernetes(
  raw: unknown,
  ctx: ScrapeContext,
  emit: (update: ScrapeOutput) => Promise<void>,
  timings: WatchTimings = DEFAULT_TIMINGS,
): Promise<void> {
  const entry = readEntry(raw);
  const client = await clusterFor(entry, ctx);
  const cursor = await cursorFor(ctx.db, ctx.scraper.id, entry);
  const kinds = [...watchedKinds(entry), EVENT_KIND];
  // Every open watch and every wait listens to the signal: one of ours, ended with the caller's.
  const stop = new AbortController();
  setMaxListeners(kinds.length * 2 + 10, stop.signal);
  const forward = () => stop.abort();
  if (ctx.signal.aborted) stop.abort();
  else ctx.signal.addEventListener('abort', forward, { once: true });
  const watchCtx = { ...ctx, signal: stop.signal };
  try {
    await Promise.all(
      kinds.map((scraped) => new KindWatch(scraped, entry, client, watchCtx, emit, cursor, timings).run()),
    );
  } finally {
    ctx.signal.removeEventListener('abort', forward);
  }
}
