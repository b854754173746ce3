/**
 * A migrated, empty embedded database that the suite's extra consoles (an agent, the OpenID
 * provider's console, the upstream pass's platform and front) start from. Their first start then
 * finds the schema current, and loads the demo data where asked as on any first start (the
 * database has no people yet), instead of creating a database and running every migration: on
 * two busy cores 15 to 30 s a console, waited for by the test that starts it. The
 * suite's main console still starts from nothing, as an operator's first start does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/src/platform/db/db.js';
import { migrate } from '../../server/src/platform/db/migrate.js';

/** Where run.ts names the database for the specs' consoles (consoles.ts). */
export const MIGRATED_DATA_DIR_ENV = 'E2E_MIGRATED_DATA_DIR';

export async function makeMigratedDataDir(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-console-e2e-migrated-'));
  const db = await openDatabase({ dataDir });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  return dataDir;
}

/** A console's own data directory: a copy of the migrated database when there is one. */
export function consoleDataDir(migrated: string | undefined, prefix: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (migrated) fs.cpSync(migrated, dataDir, { recursive: true });
  return dataDir;
}
