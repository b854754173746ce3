/**
 * The task that moves the start of the catalog's kept 30-day change counts (migration 0028) up to
 * 30 days ago, taking the changes it passes out of their items' counts, then folds the summary's
 * kept parts (migration 0029) into one row per group.
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

/** Folds the summary's parts into one row per group; returns the groups. */
export async function foldSummaryParts(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ groups: number }>(`select _config_summary_parts_fold() as groups`);
  return rows[0]!.groups;
}

export function changeCountsTask(db: Queryable): Task {
  return {
    name: 'ConfigChangeCounts',
    every: EVERY_MS,
    run: async () => {
      const items = await advanceChangeCounts(db);
      return { details: { items, groups: await foldSummaryParts(db) } };
    },
  };
}
