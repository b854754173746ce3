/**
 * What an agent pulls: the hub's rows addressed to it (agent_id), changed since a time, deleted
 * ones included (with deleted_at) so that it deletes them too. Answered as Postgres writes the
 * rows as JSON: timestamps keep their microseconds, so the newest updated_at, sent back as
 * `since`, does not bring that row again.
 */
import { HttpError } from '../../../http/errors.js';
import type { Queryable } from '../../db/db.js';

export const BAD_SINCE = 'since must be a date and time in RFC 3339, e.g. 2024-05-01T12:00:00Z';

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/** The tables an agent pulls from. */
export type PulledTable = 'canaries' | 'config_scrapers';

/** `since` of the query: absent is from the beginning; 400 when it is not RFC 3339. */
export function sinceOf(query: unknown): string | null {
  if (query === undefined || query === '') return null;
  if (typeof query !== 'string' || !RFC3339.test(query) || Number.isNaN(Date.parse(query.replace(' ', 'T'))))
    throw new HttpError(400, BAD_SINCE);
  return query;
}

/** The rows as a JSON array (text), oldest change first. */
export async function pullRows(
  db: Queryable,
  table: PulledTable,
  agentId: string,
  since: string | null,
): Promise<string> {
  const { rows } = await db
    .query<{ rows: string }>(
      `select coalesce(json_agg(r order by r.updated_at, r.id), '[]')::text as rows
         from ${table} r
        where r.agent_id = $1 and ($2::timestamptz is null or r.updated_at > $2::timestamptz)`,
      [agentId, since],
    )
    .catch((error: unknown) => {
      // A date the pattern lets through but the calendar has not (February 30th).
      throw /^22/.test(String((error as { code?: unknown } | null)?.code))
        ? new HttpError(400, BAD_SINCE)
        : error;
    });
  return rows[0]!.rows;
}
