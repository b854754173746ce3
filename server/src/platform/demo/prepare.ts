import type { Db } from '../db/db.js';
import { migrate } from '../db/migrate.js';

export interface PrepareOptions {
  demoData: boolean;
  /** Where the demo writes the files its live file scraper reads (one of SCRAPER_FILE_ROOTS). */
  demoFilesDir?: string;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

/** Tables that, all empty, mean nobody has used this database yet. */
const CORE_TABLES = ['people', 'checks', 'configs', 'components', 'incidents'];

async function isEmpty(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ used: boolean }>(
    `select ${CORE_TABLES.map((t) => `exists (select 1 from ${t})`).join(' or ')} as used`,
  );
  return !rows[0]!.used;
}

// Distinct from the migration runner's per-file lock, which is taken on other connections.
const PREPARE_LOCK = 7_240_002;

/**
 * Brings the schema up to date, then loads demo data into an empty database when asked to.
 * Replicas starting together take turns: the first does the work, the others find it done.
 */
export async function prepareDatabase(db: Db, options: PrepareOptions): Promise<void> {
  const log = options.log ?? (() => {});
  await db.withAdvisoryLock(PREPARE_LOCK, async () => {
    const applied = await migrate(db);
    if (applied.length > 0) log('migrations applied', { applied });
    if (options.demoData && (await isEmpty(db))) {
      const started = Date.now();
      const { loadDemoData } = await import('./index.js');
      const counts = await loadDemoData(db, { filesDir: options.demoFilesDir });
      log('demo data loaded', { ms: Date.now() - started, ...counts });
    }
  });
}
