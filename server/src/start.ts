import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger } from './http/logging.js';
import { holdYoungGeneration, releaseYoungGeneration } from './memory-flags.js';
import { MigrationError } from './platform/db/migrate.js';
import { startServer, type RunningServer } from './server.js';
import { ensurePortFree, startWorkers } from './workers.js';

/** Reads the configuration, then serves in this process, or in WORKERS processes it supervises. */
async function main(): Promise<void> {
  const config = loadConfig();
  // With PostgreSQL beside it (the server about 130 MB resident) V8 may grow the young
  // generation as it would; with the embedded database, see serve().
  if (config.databaseUrl) releaseYoungGeneration();
  if (cluster.isPrimary && config.workers > 1) await supervise(config);
  else await serve(config);
}

/** The primary of several workers: passes SIGTERM/SIGINT on and ends once they all have. */
async function supervise(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel);
  await ensurePortFree(config.port);
  logger.info({ workers: config.workers }, 'starting workers');
  const pool = startWorkers({
    count: config.workers,
    logger,
    // The workers' own bounded shutdown (open requests, then background work), and a margin.
    stopTimeoutMs: config.shutdownTimeoutMs + 10_000,
  });
  const stop = (reason: string) => {
    logger.info({ reason }, 'shutting down');
    void pool.stop().then((code) => process.exit(code));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  await pool.started.then(
    () => logger.info({ workers: config.workers }, 'all workers listening'),
    (error: unknown) => {
      // The failed worker has said why on stderr.
      logger.error({ err: error }, 'a worker could not start');
      void pool.stop().then(() => process.exit(1));
    },
  );
}

/** Starts the service in this process and stops it gracefully on SIGTERM/SIGINT. */
async function serve(config: Config): Promise<void> {
  const logger = cluster.isWorker
    ? createLogger(config.logLevel).child({ worker: cluster.worker!.id })
    : undefined;
  // Filled in once started; the signal handlers are registered before that.
  const running: { server?: RunningServer } = {};
  let stopRequested: string | undefined;
  const stop = (signal: string) => {
    if (stopRequested) return;
    stopRequested = signal;
    // A signal during start-up (migrations, demo data) waits for it to finish: both run in
    // transactions, and the database is then closed cleanly below.
    const { server } = running;
    if (!server) return;
    server.logger.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  running.server = await startServer(config, { logger });
  // With the embedded database in the process, memory is what is short: the young generation is
  // held at its working size, from when the server answers (its start's long runs of database
  // work, without a turn of the event loop, would let V8 double it past that unseen).
  if (!config.databaseUrl) holdYoungGeneration();
  if (stopRequested) {
    const signal = stopRequested;
    stopRequested = undefined;
    stop(signal);
  }
}

main().catch((error: unknown) => {
  // Start-up problems are the operator's to fix: one line that says what, no stack trace.
  const reason =
    error instanceof ConfigError
      ? `invalid configuration: ${error.message}`
      : error instanceof MigrationError
        ? error.message
        : `cannot start: ${error instanceof Error ? error.message : String(error)}`;
  process.stderr.write(`ops-console: ${reason}\n`);
  process.exit(1);
});
