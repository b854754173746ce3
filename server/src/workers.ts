import cluster, { type Worker } from 'node:cluster';
import net from 'node:net';
import type { Logger } from './http/logging.js';

export interface WorkerPoolOptions {
  count: number;
  logger: Logger;
  /** How long a stop waits for the workers' own graceful shutdown before killing them. */
  stopTimeoutMs: number;
  /** How long after an unexpected exit a worker is started again. */
  restartDelayMs?: number;
}

export interface WorkerPool {
  /** Resolves once every worker listens; rejects when one exits before it does. */
  started: Promise<void>;
  /** Passes SIGTERM to every worker and resolves with the exit code the primary should end with. */
  stop(): Promise<number>;
}

/**
 * The primary of the multi-process mode: forks `count` workers of this same program, which
 * share the port (node:cluster hands each connection to one of them). Workers start one after
 * the other, each once the previous one listens, so only the first migrates the database and
 * loads the demo data, and no worker gets connections before it can answer them. After start,
 * a worker that exits is replaced; one that fails while starting stops them all.
 */
export function startWorkers(options: WorkerPoolOptions): WorkerPool {
  const { count, logger, stopTimeoutMs, restartDelayMs = 1000 } = options;
  const log = logger;
  const running = new Set<Worker>();
  let stopping: Promise<number> | undefined;
  let failed = false;
  let restart: NodeJS.Timeout | undefined;

  const fork = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      running.add(worker);
      let listening = false;
      worker.once('listening', () => {
        listening = true;
        log.info({ worker: worker.id, pid: worker.process.pid }, 'worker listening');
        resolve();
      });
      worker.once('exit', (code, signal) => {
        running.delete(worker);
        if (stopping) return;
        if (!listening) {
          failed = true;
          reject(new Error(`worker ${worker.id} exited while starting (code ${code ?? signal})`));
          return;
        }
        log.error({ worker: worker.id, code, signal }, 'worker exited: starting another');
        restart = setTimeout(() => {
          restart = undefined;
          if (!stopping) fork().catch((error: unknown) => log.error({ err: error }, 'worker restart failed'));
        }, restartDelayMs);
      });
    });

  const started = (async () => {
    for (let index = 0; index < count && !stopping && !failed; index++) await fork();
  })();

  const stop = (): Promise<number> => {
    stopping ??= (async () => {
      clearTimeout(restart);
      const exits = [...running].map(
        (worker) =>
          new Promise<number>((resolve) => {
            if (worker.isDead()) return resolve(worker.process.exitCode ?? 1);
            worker.once('exit', (code) => resolve(code ?? 1));
            worker.process.kill('SIGTERM');
          }),
      );
      const killer = setTimeout(() => {
        for (const worker of running) {
          log.warn({ worker: worker.id }, 'worker did not stop in time: killing it');
          worker.process.kill('SIGKILL');
        }
      }, stopTimeoutMs);
      const codes = await Promise.all(exits);
      clearTimeout(killer);
      return failed || codes.some((code) => code !== 0) ? 1 : 0;
    })();
    return stopping;
  };

  return { started, stop };
}

/**
 * Fails when the port is taken, before any worker starts: a worker binds only once its database
 * is ready, and a port in use must stop the start before the database is created or touched.
 */
export async function ensurePortFree(port: number): Promise<void> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(port, () => resolve());
  });
  await new Promise((resolve) => probe.close(resolve));
}
