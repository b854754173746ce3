import { LOCAL_FLAG_SOURCE } from '../../../common/feature-flags.js';
import type { Db } from '../platform/db/db.js';

/**
 * Writes the operator's flags (FEATURE_FLAGS, FEATURE_FLAGS_FILE) as properties with source
 * 'local', replacing the previous start's: the UI lists them, and the trigger of migration 0014
 * refuses any other writer ('Cannot edit local feature flags'). A local flag wins over a flag of
 * the same name made in the UI.
 */
export async function syncLocalFlags(db: Db, flags: ReadonlyMap<string, string>): Promise<void> {
  const names = [...flags.keys()];
  await db.transaction(async (tx) => {
    await tx.query(`select set_config('ops_console.local_flags', 'on', true)`);
    await tx.query(`delete from properties where source = $2 and not (name = any($1::text[]))`, [
      names,
      LOCAL_FLAG_SOURCE,
    ]);
    await tx.query(
      `insert into properties (name, value, description, source)
       select n, v, 'Set by the server''s FEATURE_FLAGS setting', $3
       from unnest($1::text[], $2::text[]) as f(n, v)
       on conflict (name) do update set value = excluded.value, description = excluded.description,
         source = excluded.source, created_by = null`,
      [names, [...flags.values()], LOCAL_FLAG_SOURCE],
    );
  });
}
