/**
 * spec.retention, applied after each scrape to the scraper's own items:
 *  - changes [{name, age?, count?}]: changes of that type older than `age` are deleted, and of
 *    each item's changes of that type only the newest `count` are kept;
 *  - types [{name, createdAge?, updatedAge?, deletedAge?}]: items of that type created (or last
 *    updated) longer ago than the age are soft-deleted; items deleted longer ago than
 *    `deletedAge` are removed for good, with their changes, insights and links;
 *  - staleItemAge: live items not scraped for that long are soft-deleted (reason STALE).
 * Deletes go in batches of `batch` rows, each its own statement.
 */
import { durationMs } from '../../../lib/duration.js';
import type { Db } from '../../db/db.js';
import { DELETED_RETENTION, DELETED_STALE } from './persist-configs.js';
import { deleteWhere } from './persist-deletions.js';
import type { RetentionRules } from './spec.js';

export interface RetentionOutcome {
  changes: number;
  deleted: number;
  removed: number;
  errors: string[];
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

export async function applyRetention(
  db: Db,
  scraperId: string,
  rules: RetentionRules,
  { now = new Date(), batch = 1000 }: { now?: Date; batch?: number } = {},
): Promise<RetentionOutcome> {
  const outcome: RetentionOutcome = { changes: 0, deleted: 0, removed: 0, errors: [] };
  const age = (what: string, text: string | undefined): number | undefined => {
    if (!text) return undefined;
    const ms = durationMs(text);
    if (ms === undefined || ms <= 0)
      outcome.errors.push(`retention: ${what} '${text}' is not a duration such as 7d or 12h`);
    return ms && ms > 0 ? ms : undefined;
  };
  const repeat = async (sql: string, params: unknown[]) => {
    let total = 0;
    for (;;) {
      const { rowCount } = await db.query(sql, [...params, batch]);
      total += rowCount;
      if (rowCount < batch) return total;
    }
  };

  for (const rule of rules.changes) {
    const maxAge = age(`changes ${rule.name} age`, rule.age);
    if (maxAge !== undefined)
      outcome.changes += await repeat(
        `delete from config_changes where id in (
           select x.id from config_changes x join configs c on c.id = x.config_id
            where c.scraper_id = $1 and x.change_type = $2 and x.created_at < $3 limit $4)`,
        [scraperId, rule.name, ago(now, maxAge)],
      );
    if (rule.count !== undefined)
      outcome.changes += await repeat(
        `delete from config_changes where id in (
           select id from (
             select x.id, row_number() over (partition by x.config_id order by x.created_at desc, x.id) as n
               from config_changes x join configs c on c.id = x.config_id
              where c.scraper_id = $1 and x.change_type = $2) ranked
            where n > $3 limit $4)`,
        [scraperId, rule.name, rule.count],
      );
  }

  for (const rule of rules.types) {
    const created = age(`${rule.name} createdAge`, rule.createdAge);
    const updated = age(`${rule.name} updatedAge`, rule.updatedAge);
    const deleted = age(`${rule.name} deletedAge`, rule.deletedAge);
    if (created !== undefined)
      outcome.deleted += await deleteWhere(
        db,
        scraperId,
        `type = $2 and created_at < $3`,
        [rule.name, ago(now, created)],
        DELETED_RETENTION,
        batch,
      );
    if (updated !== undefined)
      outcome.deleted += await deleteWhere(
        db,
        scraperId,
        `type = $2 and updated_at < $3`,
        [rule.name, ago(now, updated)],
        DELETED_RETENTION,
        batch,
      );
    if (deleted !== undefined)
      outcome.removed += await repeat(
        `delete from configs where id in (
           select id from configs where scraper_id = $1 and type = $2 and deleted_at < $3 limit $4)`,
        [scraperId, rule.name, ago(now, deleted)],
      );
  }

  const stale = age('staleItemAge', rules.staleItemAge);
  if (stale !== undefined)
    outcome.deleted += await deleteWhere(
      db,
      scraperId,
      `coalesce(last_scraped_time, updated_at) < $2`,
      [ago(now, stale)],
      DELETED_STALE,
      batch,
    );
  return outcome;
}
