/**
 * The task that moves the start of the catalog's kept 30-day change counts (migration 0028) up to
 * 30 days ago, taking the changes it passes out of their items' counts.
 */
import type { Queryable } from '../db/db.js';
import type { Task } from '../jobs/types.js';

/** Each run passes a few minutes of changes; the summary corrects for the minutes in between. */
const EVERY_MS = 5 * 60_000;

/** Moves the window's start to 30 days before the database's now; returns the items whose count fell. */
export async function advanceChangeCounts(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ items: number }>(
    `select _config_change_counts_advance(now() - interval '30 days') as items`,
  );
  return rows[0]!.items;
}

export function changeCountsTask(db: Queryable): Task {
  return {
    name: 'ConfigChangeCounts',
    every: EVERY_MS,
    run: async () => ({ details: { items: await advanceChangeCounts(db) } }),
  };
}
