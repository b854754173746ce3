import type { Queryable } from '../db/db.js';

export const RETENTION_BATCH = 10_000;

export interface RetentionOutcome {
  statuses: number;
  hours: number;
  days: number;
}

/**
 * Deletes check results older than the status retention, RETENTION_BATCH rows per statement
 * (short statements: the runner keeps writing meanwhile), until none are left; hour rollups go
 * with them, day rollups after the rollup retention.
 */
export async function expireCheckResults(
  q: Queryable,
  now: Date,
  { statusRetentionMs, rollupRetentionMs }: { statusRetentionMs: number; rollupRetentionMs: number },
  batch = RETENTION_BATCH,
): Promise<RetentionOutcome> {
  const statusCutoff = new Date(now.getTime() - statusRetentionMs).toISOString();
  let statuses = 0;
  for (;;) {
    const { rowCount } = await q.query(
      `delete from check_statuses
        where (check_id, time) in (select check_id, time from check_statuses where time < $1 limit $2)`,
      [statusCutoff, batch],
    );
    statuses += rowCount;
    if (rowCount === 0) break;
  }
  const hours = await q.query(
    `delete from check_status_rollups where granularity = 'hour' and bucket < date_trunc('hour', $1::timestamptz, 'UTC')`,
    [statusCutoff],
  );
  const days = await q.query(`delete from check_status_rollups where granularity = 'day' and bucket < $1`, [
    new Date(now.getTime() - rollupRetentionMs).toISOString(),
  ]);
  return { statuses, hours: hours.rowCount, days: days.rowCount };
}
