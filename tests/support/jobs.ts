import { pino } from 'pino';
import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import { JobRegistry, type JobRegistryOptions } from '../../server/src/platform/jobs/registry.js';
import { freshDatabase, type Backend, type Template } from './databases.js';

/** A replica's jobs registry over its own database handle; quiet, named in job_histories. */
export function jobsOf(db: Db, hostname: string, options: Partial<JobRegistryOptions> = {}): JobRegistry {
  return new JobRegistry({
    db,
    logger: pino({ level: 'silent' }),
    hostname,
    stopTimeoutMs: 2000,
    ...options,
  });
}

export interface Replicas {
  /** One database handle per replica (PGlite: one handle). */
  dbs: Db[];
  /** The registry of the next replica, on its own handle, electing its leader on the database. */
  add(hostname: string, options?: Partial<JobRegistryOptions>): JobRegistry;
  /** Stops every registry, closes the handles, drops the database. */
  close(): Promise<void>;
}

/** Up to `count` replicas on one fresh database (PGlite: one process owns it, so one handle). */
export async function replicasOn(
  backend: Backend,
  count: number,
  template: Template = 'empty',
): Promise<Replicas> {
  const database = await freshDatabase(backend, template);
  const dbs = await Promise.all(
    Array.from({ length: backend === 'pglite' ? 1 : count }, () =>
      openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl }),
    ),
  );
  const registries: JobRegistry[] = [];
  return {
    dbs,
    add(hostname, options) {
      const jobs = jobsOf(dbs[registries.length % dbs.length]!, hostname, {
        databaseUrl: database.databaseUrl,
        ...options,
      });
      registries.push(jobs);
      return jobs;
    },
    async close() {
      await Promise.all(registries.map((jobs) => jobs.stop()));
      await Promise.all(dbs.map((db) => db.close()));
      await database.drop();
    },
  };
}

/** Resolves when the signal aborts. */
export const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
