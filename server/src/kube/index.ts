/**
 * The Kubernetes side of the console (docs/kubernetes.md): the connection every replica keeps,
 * and the mirror and status write-back that one replica at a time runs (a jobs service).
 */
import type { Logger } from '../http/logging.js';
import type { Db } from '../platform/db/db.js';
import type { JobRegistry } from '../platform/jobs/registry.js';
import type { Service, ServiceContext } from '../platform/jobs/types.js';
import type { ManagedKubeConnection } from './connection.js';
import { KubeMirror, type MirrorTimings } from './mirror.js';
import { StatusWriter } from './status-writer.js';

export { loadKubeClient } from './client-library.js';
export {
  describeKeyRef,
  KeyRefError,
  readEnvVar,
  readKeyRef,
  type EnvVarValue,
  type KeyRef,
} from './key-refs.js';
export {
  createObject,
  deleteObject,
  KubeReadError,
  listObjects,
  readObject,
  servedKind,
  type Selection,
  type ServedKind,
} from './cluster-objects.js';
export {
  createKubeConnection,
  NOT_CONFIGURED_MESSAGE,
  type KubeConnection,
  type ManagedKubeConnection,
} from './connection.js';

export interface KubeSyncOptions {
  db: Db;
  connection: ManagedKubeConnection;
  logger: Logger;
  statusIntervalMs: number;
  mirrorTimings?: MirrorTimings;
}

/**
 * The mirror and the status writer, a leader-held service of the jobs registry: started in the
 * replica that leads, stopped (queued database writes finished) when it stops leading.
 */
export class KubeSync implements Service {
  readonly name = 'kube-mirror';
  private readonly log: Logger;
  private mirror: KubeMirror | undefined;
  private writer: StatusWriter | undefined;

  constructor(private readonly options: KubeSyncOptions) {
    this.log = options.logger.child({ component: 'kube-sync' });
  }

  /** Registers the service, when a cluster is configured. */
  register(jobs: JobRegistry): void {
    if (this.options.connection.kubeConfig) jobs.addService(this);
  }

  /** True while this replica mirrors the custom resources. */
  get isLeader(): boolean {
    return this.mirror !== undefined;
  }

  start(ctx: ServiceContext): void {
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
    this.writer.start(ctx.every);
  }

  async stop(): Promise<void> {
    const { mirror, writer } = this;
    this.mirror = undefined;
    this.writer = undefined;
    await writer?.stop();
    await mirror?.stop();
  }
}
