/**
 * Soft deletes: the scraper's live items that a scrape no longer finds (of the types it is the
 * whole truth for), configs a change mapping deleted, and stale items. Each deletion sets
 * deleted_at and delete_reason and writes a `deleted` change, a batch per short transaction.
 */
import type { Db } from '../../db/db.js';
import { DELETED_CHANGE, insertChanges } from './persist-configs.js';
import { count, type ScrapeSummary } from './summary.js';

interface Deleted {
  id: string;
  type: string;
  name: string;
  deleted_at: Date;
}

async function deleteBatch(
  db: Db,
  select: { sql: string; params: unknown[] },
  reason: string,
  batch: number,
  summary?: ScrapeSummary,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.transaction(async (tx) => {
      const { rows } = await tx.query<Deleted>(
        `with gone as (${select.sql} limit ${Number(batch)} for update skip locked)
         update configs c set deleted_at = now(), delete_reason = $${select.params.length + 1}
           from gone where c.id = gone.id and c.deleted_at is null
         returning c.id, c.type, c.name, c.deleted_at`,
        [...select.params, reason],
      );
      await insertChanges(
        tx,
        rows.map((row) => ({
          config_id: row.id,
          change_type: DELETED_CHANGE,
          severity: 'info',
          source: null,
          summary: `${row.type} ${row.name} was deleted (${reason})`,
          details: null,
          created_at: row.deleted_at.toISOString(),
        })),
      );
      return rows;
    });
    total += deleted.length;
    if (summary) {
      for (const row of deleted) count(summary, row.type, 'deleted');
      summary.changes += deleted.length;
    }
    if (deleted.length < batch) return total;
  }
}

/** The scraper's live items of `types` (all of them for '*') whose ids are not in `seen`. */
export function deleteMissing(
  db: Db,
  scraperId: string,
  types: string[],
  seen: string[],
  reason: string,
  batch: number,
  summary: ScrapeSummary,
): Promise<number> {
  if (!types.length) return Promise.resolve(0);
  return deleteBatch(
    db,
    {
      sql: `select id from configs where scraper_id = $1 and ('*' = any($2::text[]) or type = any($2::text[]))
              and deleted_at is null
              and not exists (select 1 from unnest($3::uuid[]) as seen(id) where seen.id = configs.id)`,
      params: [scraperId, types, seen],
    },
    reason,
    batch,
    summary,
  );
}

/** The configs given by id. */
export function deleteIds(
  db: Db,
  ids: string[],
  reason: string,
  batch: number,
  summary: ScrapeSummary,
): Promise<number> {
  if (!ids.length) return Promise.resolve(0);
  return deleteBatch(
    db,
    { sql: `select id from configs where id = any($1::uuid[]) and deleted_at is null`, params: [ids] },
    reason,
    batch,
    summary,
  );
}

/** The scraper's live items matched by a condition on `configs` (retention), its parameters from $2. */
export function deleteWhere(
  db: Db,
  scraperId: string,
  condition: string,
  params: unknown[],
  reason: string,
  batch: number,
  summary?: ScrapeSummary,
): Promise<number> {
  return deleteBatch(
    db,
    {
      sql: `select id from configs where scraper_id = $1 and deleted_at is null and (${condition})`,
      params: [scraperId, ...params],
    },
    reason,
    batch,
    summary,
  );
}
