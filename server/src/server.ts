import cluster from 'node:cluster';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { syncLocalFlags } from './access/local-flags.js';
import { createApp } from './app.js';
import { createIdentity } from './auth/index.js';
import { createLocalUsers } from './auth/local-users.js';
import { sessionPurgeTask } from './auth/session-purge.js';
import type { Config } from './config.js';
import { listenEarly } from './http/listener.js';
import { createLogger, type Logger } from './http/logging.js';
import {
  createKubeConnection,
  KubeSync,
  loadKubeClient,
  type KubeConnection,
  type ManagedKubeConnection,
} from './kube/index.js';
import { registerAgentMode, switchOutbox } from './platform/agents/agent-mode/index.js';
import { openDatabase, type Db } from './platform/db/db.js';
import { demoLogLinesTask } from './platform/demo/live-logs.js';
import { prepareDatabase } from './platform/demo/prepare.js';
import { CheckRunner } from './platform/health/runner.js';
import { registerCatalogWork, SCRAPER_KINDS, type ScraperKind } from './platform/catalog/index.js';
import { registerTopologyWork } from './platform/topology/index.js';
import { registerIncidentWork } from './platform/incidents/index.js';
import { ACTION_EXECUTORS, registerPlaybookWork } from './platform/playbooks/index.js';
import { JobRegistry } from './platform/jobs/registry.js';
import { registerNotificationWork } from './platform/notifications/index.js';
import { configureConsoleMail, deliver, emailTarget } from './platform/notifications/senders/index.js';
import { loadSchema } from './platform/rest/schema.js';

/** PostgreSQL connections per replica (the pool's size with one worker), and the least per worker. */
const POOL_SIZE = 10;
const POOL_SIZE_MIN = 4;

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  logger: Logger;
  /** The Kubernetes cluster connection (says 'not configured' without a cluster). */
  kube: KubeConnection;
  /** Stops accepting connections, lets open requests finish (up to the shutdown timeout), closes the database. */
  close(): Promise<void>;
}

/** The built UI: dist/web beside the bundled dist/server/main.js, or the repository's dist/web from source. */
export function defaultWebDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, '../web'), path.join(here, '../../dist/web')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html'))) ?? candidates[1]!;
}

/** Local mode's first start: the 'admin' user, with ADMIN_PASSWORD or a password logged this once. */
async function ensureAdmin(db: Db, config: Config, logger: Logger): Promise<void> {
  const result = await createLocalUsers(db).ensureAdmin({ password: config.auth.adminPassword });
  if (!result.created) return;
  if (result.generatedPassword) {
    logger.warn(
      { username: result.username, password: result.generatedPassword },
      'created the first administrator with a generated password: sign in with it and change it on the profile page; it is not shown again',
    );
  } else logger.info({ username: result.username }, 'created the first administrator with ADMIN_PASSWORD');
}

/**
 * The embedded platform's background work (DESIGN §1): the check runner, the custom-resource
 * mirror, incident rules, the playbook runner, scrapers, the topology builder, notifications.
 */
function registerEmbeddedPlatform(
  jobs: JobRegistry,
  {
    config,
    db,
    logger,
    kube,
    demoFilesDir,
    scraperKinds = SCRAPER_KINDS,
  }: {
    config: Config;
    db: Db;
    logger: Logger;
    kube: ManagedKubeConnection;
    demoFilesDir: string | undefined;
    scraperKinds?: readonly ScraperKind[];
  },
) {
  const health = new CheckRunner({
    db,
    logger,
    enabled: config.health.runnerEnabled,
    concurrency: config.health.concurrency,
    statusRetentionMs: config.health.statusRetentionMs,
    rollupRetentionMs: config.health.rollupRetentionMs,
    kube,
  });
  health.register(jobs);
  const statusIntervalMs = config.kube?.statusIntervalMs ?? 30_000;
  new KubeSync({ db, connection: kube, logger, statusIntervalMs }).register(jobs);
  if (config.demoData && demoFilesDir) jobs.addTask(demoLogLinesTask(demoFilesDir));
  registerIncidentWork(jobs, {
    db,
    logger,
    kube,
    automation: config.incidents.automationEnabled,
    automationEveryMs: config.incidents.automationIntervalMs,
  });
  const playbooks = config.playbooks.runnerEnabled
    ? registerPlaybookWork(jobs, { db, logger, executors: ACTION_EXECUTORS, kube })
    : undefined;
  const catalog = registerCatalogWork(jobs, {
    db,
    logger,
    kube,
    dataDir: config.dataDir,
    fileRoots: config.catalog.scraperFileRoots,
    kinds: scraperKinds,
  });
  const topology = registerTopologyWork(jobs, {
    db,
    logger,
    kube,
    enabled: config.topology.builderEnabled,
  });
  if (config.upstream)
    registerAgentMode(jobs, {
      db,
      logger,
      settings: config.upstream,
      // Playbook actions addressed to this agent run where this console runs playbooks.
      executors: config.playbooks.runnerEnabled ? ACTION_EXECUTORS : undefined,
      kube,
    });
  // Permalinks in messages: PUBLIC_URL, else where this console listens (known once it does).
  let consoleUrl = config.publicUrl ?? `http://localhost:${config.port}${config.basePath}`;
  registerNotificationWork(jobs, {
    db,
    logger,
    kube,
    senders: { deliver, emailTarget },
    consoleUrl: () => consoleUrl,
    delivery: { leaseMs: config.leases.notificationsMs, timeoutMs: config.notificationTimeoutMs },
  });
  return {
    health,
    playbooks,
    scrapers: catalog.scrapers,
    topologies: topology.topologies,
    /** Once the console listens: where checks reach it, and the permalinks without PUBLIC_URL. */
    listening(url: string, port: number) {
      if (!config.publicUrl) consoleUrl = url;
      health.setConsoleAddress({ consoleUrl: url, consolePort: port });
    },
  };
}

export async function startServer(
  config: Config,
  options: { logger?: Logger; webDir?: string; scraperKinds?: readonly ScraperKind[] } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  configureConsoleMail(config.smtpUrl);
  // A kubeconfig that cannot be used, or a port in use, stops the start before the database is opened.
  if (config.kube) await loadKubeClient();
  const kube = createKubeConnection(config.kube, logger);
  // A worker of several listens once it can answer: the primary hands connections to every
  // worker that listens, and the others already serve.
  let listener = cluster.isWorker ? undefined : await listenEarly(config.port);
  let db: Db | undefined;
  let shuttingDown = false;
  try {
    db = await openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
      // The replica's connections, shared by its workers, so WORKERS does not multiply them.
      poolSize: Math.max(POOL_SIZE_MIN, Math.ceil(POOL_SIZE / config.workers)),
    });
    logger.info(
      { database: db.kind, location: config.databaseUrl ? 'DATABASE_URL' : config.dataDir },
      'database open',
    );
    // Only the data directory's own files/: never write into a directory the operator listed.
    const demoFilesDir = config.catalog.scraperFileRoots.find(
      (root) => root === path.join(config.dataDir, 'files'),
    );
    await prepareDatabase(db, {
      // Upstream mode: the platform has the data; the console's database keeps its own.
      demoData: config.demoData && !config.platform,
      demoFilesDir,
      log: (msg, details) => logger.info(details ?? {}, msg),
    });
    await syncLocalFlags(db, config.localFeatureFlags);
    // Agent mode's outbox triggers on (queuing what the agent already holds), or off: outside
    // agent mode they cost nothing.
    if (await switchOutbox(db, Boolean(config.upstream)))
      logger.info(
        { agentMode: Boolean(config.upstream) },
        config.upstream ? 'agent outbox on' : 'agent outbox off',
      );
    if (!config.auth.oidc) await ensureAdmin(db, config, logger);
    const schema = await loadSchema(db);
    const identity = await createIdentity({ config, db, logger });
    const jobs = new JobRegistry({
      db,
      logger,
      databaseUrl: config.databaseUrl,
      // job_histories says which process of the host ran a task.
      hostname: cluster.isWorker ? `${os.hostname()} worker ${cluster.worker!.id}` : undefined,
      events: { leaseMs: config.leases.eventsMs },
    });
    jobs.addTask(sessionPurgeTask(identity.sessions));
    // Upstream mode: the platform's work is the platform's; the console keeps only its own.
    const platform = config.platform
      ? undefined
      : registerEmbeddedPlatform(jobs, {
          config,
          db,
          logger,
          kube,
          demoFilesDir,
          scraperKinds: options.scraperKinds,
        });
    if (config.platform)
      logger.info(
        { platform: config.platform.host },
        'upstream mode: the platform API is answered by the platform; the embedded platform does no background work',
      );
    const app = createApp({
      identity,
      config,
      db,
      schema,
      logger,
      webDir: options.webDir ?? defaultWebDir(),
      isShuttingDown: () => shuttingDown,
      health: platform?.health,
      kube,
      onPlaybookRunQueued: () => platform?.playbooks?.wake(),
      scrapers: platform?.scrapers,
      topologies: platform?.topologies,
    });
    listener ??= await listenEarly(config.port);
    listener.serve(app);
    const { server, port } = listener;
    const url = `http://127.0.0.1:${port}${config.basePath}`;
    logger.info({ url }, 'listening');
    platform?.listening(url, port);
    kube.start();
    jobs.start();

    const open = db;
    const close = async () => {
      shuttingDown = true;
      // Checks in flight are aborted and their writes awaited while the database is still open,
      // and so are the mirror's queued writes.
      kube.stop();
      const jobsStopped = jobs.stop();
      // A connection whose answer is still being written would otherwise stay open for the
      // whole keep-alive time after it (KEEP_ALIVE_MS), holding the close up.
      server.keepAliveTimeout = 1;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const forced = setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs);
      await closed;
      clearTimeout(forced);
      await jobsStopped;
      await open.close();
      logger.info('stopped');
    };
    return { url, port, db, logger, kube, close };
  } catch (error) {
    const taken = listener?.server;
    if (taken) await new Promise((resolve) => taken.close(resolve));
    await db?.close().catch(() => {});
    throw error;
  }
}
