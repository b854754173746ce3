/**
 * The Kubernetes side of the console (docs/kubernetes.md): the connection every replica keeps,
 * and the mirror and status write-back that one replica at a time runs.
 */
import type { Logger } from '../http/logging.js';
import type { Db } from '../platform/db/db.js';
import { advisoryLeadership, soleLeadership, type Leadership } from '../platform/health/leader.js';
import type { ManagedKubeConnection } from './connection.js';
import { KubeMirror, type MirrorTimings } from './mirror.js';
import { StatusWriter } from './status-writer.js';

export {
  createKubeConnection,
  NOT_CONFIGURED_MESSAGE,
  type KubeConnection,
  type ManagedKubeConnection,
} from './connection.js';

/** Distinct from the check runner's lock (7_240_010): the mirror may lead in another replica. */
export const KUBE_MIRROR_LOCK = 7_240_020;

export interface KubeSyncOptions {
  db: Db;
  connection: ManagedKubeConnection;
  logger: Logger;
  statusIntervalMs: number;
  /** Postgres: replicas elect the one that mirrors through an advisory lock on it. */
  databaseUrl?: string;
  lockRetryMs?: number;
  mirrorTimings?: MirrorTimings;
}

/** The mirror and the status writer, run by the replica holding the mirror lock. */
export class KubeSync {
  private readonly log: Logger;
  private readonly leadership: Leadership;
  private mirror: KubeMirror | undefined;
  private writer: StatusWriter | undefined;
  private retry: NodeJS.Timeout | undefined;
  private leading: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: KubeSyncOptions) {
    this.log = options.logger.child({ component: 'kube-sync' });
    this.leadership =
      options.db.kind === 'postgres' && options.databaseUrl
        ? advisoryLeadership(options.databaseUrl, KUBE_MIRROR_LOCK)
        : soleLeadership;
  }

  /** Starts leading, or waiting to lead; nothing without a configured cluster. */
  start(): void {
    if (this.stopped || !this.options.connection.kubeConfig) return;
    this.leading = this.tryToLead();
  }

  /** True while this replica mirrors the custom resources. */
  get isLeader(): boolean {
    return this.mirror !== undefined;
  }

  /** Stops watching and writing (queued database writes finish first), gives up leadership. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.retry);
    await this.leading;
    await this.stopWork();
    await this.leadership.release();
  }

  private async tryToLead(): Promise<void> {
    let acquired = false;
    try {
      acquired = await this.leadership.acquire((error) => this.lostLead(error));
    } catch (error) {
      this.log.warn({ err: error }, 'could not ask for the mirror lock; trying again');
    }
    if (this.stopped) return;
    if (!acquired) {
      this.retry = setTimeout(() => this.start(), this.options.lockRetryMs ?? 15_000);
      this.retry.unref();
      return;
    }
    const { db, connection, logger } = this.options;
    this.log.info('mirroring custom resources in this replica');
    const mirror = new KubeMirror({ db, connection, logger, timings: this.options.mirrorTimings });
    this.mirror = mirror;
    this.writer = new StatusWriter({
      db,
      connection,
      logger,
      intervalMs: this.options.statusIntervalMs,
      canaries: () => mirror.observed('canaries'),
    });
    mirror.start();
    this.writer.start();
  }

  private lostLead(error: Error): void {
    if (this.stopped || !this.mirror) return;
    this.log.warn({ err: error }, 'lost the mirror lock; another replica may take over');
    void this.stopWork().then(() => this.start());
  }

  private async stopWork(): Promise<void> {
    const { mirror, writer } = this;
    this.mirror = undefined;
    this.writer = undefined;
    await writer?.stop();
    await mirror?.stop();
  }
}
