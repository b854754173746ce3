import type { Db } from '../db/db.js';
import { expireCheckResults, type RetentionOutcome } from './retention.js';
import { rollUpStatuses, type RollupOutcome } from './rollups.js';

/** The periodic upkeep of check results: roll up what is new, then expire what is old. */
export async function runUpkeep(
  db: Db,
  now: Date,
  retention: { statusRetentionMs: number; rollupRetentionMs: number },
): Promise<{ rollups: RollupOutcome; expired: RetentionOutcome; ms: number }> {
  const started = performance.now();
  const rollups = await db.transaction((tx) => rollUpStatuses(tx, now));
  const expired = await expireCheckResults(db, now, retention);
  return { rollups, expired, ms: Math.round(performance.now() - started) };
}
