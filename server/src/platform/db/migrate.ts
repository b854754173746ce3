import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.js';

/** Plain .sql files named NNNN_description.sql; beside this module in source, copied beside main.js in the build. */
export const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/** A migration that failed: names the file and the database's error. Nothing of it was applied. */
export class MigrationError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(`migration ${file} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

// Any constant shared by all replicas: whoever holds it applies migrations, the others wait.
const MIGRATION_LOCK = 7_240_001;

export function listMigrations(dir = migrationsDir): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
    .sort();
}

/** Applies, in order and each in its own transaction, the migrations not yet recorded. */
export async function migrate(db: Db, dir = migrationsDir): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (
    version text primary key,
    applied_at timestamptz not null default now()
  )`);
  const applied: string[] = [];
  for (const file of listMigrations(dir)) {
    const script = fs.readFileSync(path.join(dir, file), 'utf8');
    const didApply = await db
      .transaction(async (tx) => {
        // A migration may rewrite big tables and waits while another replica applies it: neither
        // is bound by the statement limit of the console's requests.
        await tx.exec('set local statement_timeout = 0');
        await tx.exec(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
        const done = await tx.query('select 1 from schema_migrations where version = $1', [file]);
        if (done.rowCount > 0) return false;
        await tx.exec(script);
        await tx.query('insert into schema_migrations (version) values ($1)', [file]);
        return true;
      })
      .catch((error: unknown) => {
        throw new MigrationError(file, error);
      });
    if (didApply) applied.push(file);
  }
  return applied;
}
