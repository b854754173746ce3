import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { syncLocalFlags } from './access/local-flags.js';
import { createApp } from './app.js';
import { createIdentity } from './auth/index.js';
import { createLocalUsers } from './auth/local-users.js';
import type { Config } from './config.js';
import { createLogger, type Logger } from './http/logging.js';
import { createKubeConnection, KubeSync, type KubeConnection } from './kube/index.js';
import { openDatabase, type Db } from './platform/db/db.js';
import { prepareDatabase } from './platform/db/prepare.js';
import { CheckRunner } from './platform/health/runner.js';
import { loadSchema } from './platform/rest/schema.js';

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

const SESSION_PURGE_INTERVAL_MS = 10 * 60_000;

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

export async function startServer(
  config: Config,
  options: { logger?: Logger; webDir?: string } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  // A kubeconfig that cannot be used stops the start, before the database is opened.
  const kube = createKubeConnection(config.kube, logger);
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  let shuttingDown = false;
  try {
    logger.info(
      { database: db.kind, location: config.databaseUrl ? 'DATABASE_URL' : config.dataDir },
      'database open',
    );
    await prepareDatabase(db, {
      demoData: config.demoData,
      log: (msg, details) => logger.info(details ?? {}, msg),
    });
    await syncLocalFlags(db, config.localFeatureFlags);
    if (!config.auth.oidc) await ensureAdmin(db, config, logger);
    const schema = await loadSchema(db);
    const identity = await createIdentity({ config, db, logger });
    const health = new CheckRunner({
      db,
      logger,
      enabled: config.health.runnerEnabled,
      concurrency: config.health.concurrency,
      statusRetentionMs: config.health.statusRetentionMs,
      rollupRetentionMs: config.health.rollupRetentionMs,
      databaseUrl: config.databaseUrl,
    });
    const app = createApp({
      identity,
      config,
      db,
      schema,
      logger,
      webDir: options.webDir ?? defaultWebDir(),
      isShuttingDown: () => shuttingDown,
      health,
      kube,
    });
    const kubeSync = new KubeSync({
      db,
      connection: kube,
      logger,
      statusIntervalMs: config.kube?.statusIntervalMs ?? 30_000,
      databaseUrl: config.databaseUrl,
    });
    const server = app.listen(config.port);
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    const port = (server.address() as AddressInfo).port;
    const purge = setInterval(() => {
      identity.sessions
        .purgeExpired()
        .catch((error: unknown) => logger.warn({ err: error }, 'session purge failed'));
    }, SESSION_PURGE_INTERVAL_MS);
    purge.unref();
    const url = `http://127.0.0.1:${port}${config.basePath}`;
    logger.info({ url }, 'listening');
    health.start({ consoleUrl: url, consolePort: port });
    kube.start();
    kubeSync.start();

    const close = async () => {
      shuttingDown = true;
      clearInterval(purge);
      // Checks in flight are aborted and their writes awaited while the database is still open.
      const healthStopped = health.stop();
      // The mirror's queued writes finish before the database closes.
      kube.stop();
      const kubeStopped = kubeSync.stop();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const forced = setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs);
      await closed;
      clearTimeout(forced);
      await healthStopped;
      await kubeStopped;
      await db.close();
      logger.info('stopped');
    };
    return { url, port, db, logger, kube, close };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}
