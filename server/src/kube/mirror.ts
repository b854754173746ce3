/**
 * The mirror: an informer per kind (per watched namespace) copies the custom resources into their
 * tables with source KubernetesCRD (docs/kubernetes.md). client-node's ListWatch lists, then
 * watches from the list's resourceVersion; a watch that ends is resumed from the last
 * resourceVersion seen, and a 410 Gone (history compacted) makes it list again, announcing the
 * resources gone meanwhile as deletions. On any other error it stops: this module restarts it
 * with backoff, resuming from where it was.
 */
import type {
  CustomObjectsApi,
  Informer,
  KubernetesListObject,
  KubernetesObject,
  ObjectCache,
} from '@kubernetes/client-node';
import type { Logger } from '../http/logging.js';
import type { Db } from '../platform/db/db.js';
import { kubeClient } from './client-library.js';
import { httpStatusOf, meansUnreachable, reasonOf, type ManagedKubeConnection } from './connection.js';
import { KINDS, type KindInfo, type KindTable } from './kinds.js';
import { TableWriter } from './mirror-rows.js';
import type { KubeObject } from './types.js';

export interface MirrorTimings {
  /** First restart delay after an informer fails, doubling up to maxRetryMs (default 1 s). */
  retryMs?: number;
  maxRetryMs?: number;
}

type KubeInformer = Informer<KubernetesObject> & ObjectCache<KubernetesObject>;

/** A database write of the mirror failed: the cluster is fine, the informer is retried. */
class MirrorWriteError extends Error {
  constructor(cause: unknown) {
    super(`writing mirrored resources failed: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

/** An open watch stream that ended abruptly (a proxy or the server dropped it). */
const streamCutOff = (error: unknown) => (error as { code?: unknown })?.code === 'ERR_STREAM_PREMATURE_CLOSE';

/** One informer: a kind in one namespace, or in all of them; restarted with backoff after errors. */
class WatchedScope {
  private readonly log: Logger;
  private readonly api: CustomObjectsApi;
  private informer: KubeInformer;
  private retryDelay: number;
  private retryTimer: NodeJS.Timeout | undefined;
  /** The next start lists afresh (a database write failed: the rows need putting right). */
  private relistNext = false;
  private stopped = false;
  /** The last refusal logged, so it is logged once. */
  private reported: string | undefined;

  constructor(
    private readonly info: KindInfo,
    private readonly namespace: string | undefined,
    private readonly connection: ManagedKubeConnection,
    private readonly writer: TableWriter,
    logger: Logger,
    private readonly timings: Required<MirrorTimings>,
  ) {
    this.log = logger.child({ kind: info.kind, ...(namespace ? { namespace } : {}) });
    this.retryDelay = timings.retryMs;
    this.api = connection.kubeConfig!.makeApiClient(kubeClient().CustomObjectsApi);
    this.informer = this.createInformer();
  }

  start(): void {
    this.stopped = false;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.relistNext) {
      this.relistNext = false;
      const old = this.informer;
      this.informer = this.createInformer();
      void old.stop();
    }
    const informer = this.informer;
    informer.start().catch((error: unknown) => this.failed(informer, error));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    await this.informer.stop();
  }

  /** The cluster came back: a scope waiting to retry does so now. */
  retryNow(): void {
    if (this.stopped || !this.retryTimer) return;
    this.retryDelay = this.timings.retryMs;
    this.start();
  }

  objects(): KubeObject[] {
    return this.informer.list() as unknown as KubeObject[];
  }

  /**
   * A fresh informer (empty cache, no resourceVersion: it lists first). Its list also puts the
   * table right: rows whose resource is not listed are soft-deleted, since after a restart the
   * informer's cache cannot announce them. Events of a replaced informer are ignored.
   */
  private createInformer(): KubeInformer {
    const { group, version, plural } = this.info;
    const { namespace, writer } = this;
    const path = namespace
      ? `/apis/${group}/${version}/namespaces/${encodeURIComponent(namespace)}/${plural}`
      : `/apis/${group}/${version}/${plural}`;
    const current = () => !this.stopped && this.informer === informer;
    // Custom objects come as plain JSON (timestamps are strings): KubeObject, not V1ObjectMeta.
    const list = async (): Promise<KubernetesListObject<KubernetesObject>> => {
      const answer = (await (namespace
        ? this.api.listNamespacedCustomObject({ group, version, plural, namespace })
        : this.api.listClusterCustomObject({
            group,
            version,
            plural,
          }))) as KubernetesListObject<KubernetesObject>;
      this.contact();
      if (!current()) return answer;
      const items = answer.items as unknown as KubeObject[];
      try {
        await writer.enqueue(async () => {
          await writer.removeUnlisted(namespace, items);
          await writer.upsert(items);
        });
      } catch (error) {
        throw new MirrorWriteError(error);
      }
      return answer;
    };
    const informer: KubeInformer = kubeClient().makeInformer(this.connection.kubeConfig!, path, list);
    const changed = (object: KubernetesObject) => {
      if (!current()) return;
      this.contact();
      this.track(writer.enqueue(() => writer.upsert([object as unknown as KubeObject])));
    };
    informer.on('add', changed);
    informer.on('update', changed);
    informer.on('delete', (object) => {
      if (!current()) return;
      this.contact();
      this.track(writer.enqueue(() => writer.remove(object as unknown as KubeObject)));
    });
    informer.on('error', (error: unknown) => this.failed(informer, error));
    return informer;
  }

  private contact(): void {
    this.retryDelay = this.timings.retryMs;
    this.reported = undefined;
  }

  private track(write: Promise<unknown>): void {
    write.catch((error: unknown) => {
      if (this.stopped) return;
      this.log.warn({ err: error }, 'writing a mirrored resource failed; listing again');
      // The event is lost for the database: a fresh list puts the rows right.
      this.relistNext = true;
      this.restartLater();
    });
  }

  private failed(informer: KubeInformer, error: unknown): void {
    if (this.stopped || informer !== this.informer) return;
    if (error instanceof MirrorWriteError) this.log.warn({ err: error.cause }, error.message);
    else if (streamCutOff(error))
      // Says nothing about the server yet: resuming the watch tells whether it is still there.
      this.log.debug({ err: error }, 'the watch was cut off; resuming');
    else {
      this.connection.noteFailure(error);
      this.reportRefusal(error);
    }
    this.restartLater();
  }

  /** An answer such as 403 is the operator's to fix: said once (per reason), then retried quietly. */
  private reportRefusal(error: unknown): void {
    const status = httpStatusOf(error);
    if (status === undefined || meansUnreachable(error)) return;
    const reason = reasonOf(error);
    if (this.reported === reason) return;
    this.reported = reason;
    const where = this.namespace ? `namespace ${this.namespace}` : 'all namespaces';
    const hint =
      status === 403
        ? this.namespace
          ? ': the console needs list and watch on them there'
          : ': the console needs list and watch on them cluster-wide, or set KUBE_NAMESPACES'
        : '';
    this.log.warn(
      { reason },
      `cannot list or watch ${this.info.kind} resources in ${where} (${reason})${hint}; retrying`,
    );
  }

  private restartLater(): void {
    if (this.retryTimer) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, this.timings.maxRetryMs);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (!this.stopped) this.start();
    }, delay);
    this.retryTimer.unref();
  }
}

export interface KubeMirrorOptions {
  db: Db;
  connection: ManagedKubeConnection;
  logger: Logger;
  timings?: MirrorTimings;
}

/**
 * Mirrors the kinds whose CRDs the cluster serves, following the connection: kinds installed
 * later start, kinds removed stop, and after an outage every informer resumes at once.
 */
export class KubeMirror {
  private readonly scopes = new Map<KindTable, WatchedScope[]>();
  private readonly writers = new Map<KindTable, TableWriter>();
  private readonly log: Logger;
  private readonly timings: Required<MirrorTimings>;
  private unsubscribe: (() => void) | undefined;
  private running = false;

  constructor(private readonly options: KubeMirrorOptions) {
    this.log = options.logger.child({ component: 'kube-mirror' });
    this.timings = { retryMs: 1000, maxRetryMs: 30_000, ...options.timings };
  }

  start(): void {
    if (this.running || !this.options.connection.kubeConfig) return;
    this.running = true;
    this.unsubscribe = this.options.connection.onChange(() => this.follow());
    this.follow();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    const all = [...this.scopes.values()].flat();
    this.scopes.clear();
    await Promise.all(all.map((scope) => scope.stop()));
    // Writes already queued finish while the database is still open.
    await Promise.all([...this.writers.values()].map((writer) => writer.enqueue(async () => {})));
  }

  /** The resources of a kind as the informers last saw them (empty when it is not mirrored). */
  observed(table: KindTable): KubeObject[] {
    return (this.scopes.get(table) ?? []).flatMap((scope) => scope.objects());
  }

  private follow(): void {
    if (!this.running) return;
    const { connection } = this.options;
    for (const info of KINDS) {
      const scopes = this.scopes.get(info.table);
      if (connection.isInstalled(info.table) && !scopes) this.startKind(info);
      else if (!connection.isInstalled(info.table) && scopes) {
        this.scopes.delete(info.table);
        this.log.info({ kind: info.kind }, 'the CRD is no longer served: mirroring stopped');
        void Promise.all(scopes.map((scope) => scope.stop()));
      } else scopes?.forEach((scope) => scope.retryNow());
    }
  }

  private startKind(info: KindInfo): void {
    const { db, connection } = this.options;
    let writer = this.writers.get(info.table);
    if (!writer) {
      writer = new TableWriter(db, info, this.log);
      this.writers.set(info.table, writer);
    }
    const namespaces = connection.namespaces.length ? connection.namespaces : [undefined];
    const scopes = namespaces.map(
      (namespace) => new WatchedScope(info, namespace, connection, writer, this.log, this.timings),
    );
    this.scopes.set(info.table, scopes);
    this.log.info({ kind: info.kind, namespaces: connection.namespaces }, 'mirroring');
    for (const scope of scopes) scope.start();
  }
}
