import { ConfigError, loadConfig } from './config.js';
import { MigrationError } from './platform/db/migrate.js';
import { startServer, type RunningServer } from './server.js';

/** Reads the configuration, starts the service, and stops it gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
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
  running.server = await startServer(config);
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
