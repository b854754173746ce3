/**
 * What an agent pulls. Canaries and scrape configs: the hub's rows addressed to it (agent_id),
 * changed since a time, deleted ones included (with deleted_at) so that it deletes them too.
 * Answered as Postgres writes the rows as JSON: timestamps keep their microseconds, so the newest
 * updated_at, sent back as `since`, does not bring that row again. Playbooks: those whose runsOn
 * names the agent, the whole set each time (a playbook has no agent_id, and one no longer
 * assigned would otherwise never tell the agent so).
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

/** The name runsOn gives this console itself, on the hub and on each agent alike. */
const LOCAL_RUNNER = 'local';

/**
 * SQL true when the playbook `playbook` is assigned to the agent `agent` (aliases of a playbooks
 * and an agents row): it is live and its `spec.runsOn` names the agent, by name or by id.
 */
export const assignedTo = (playbook: string, agent: string) =>
  `(${playbook}.deleted_at is null and jsonb_typeof(${playbook}.spec->'runsOn') = 'array'
    and exists (select 1 from jsonb_array_elements_text(${playbook}.spec->'runsOn') t(target)
                 where t.target = ${agent}.name or lower(t.target) = ${agent}.id::text))`;

/**
 * The hub's playbooks assigned to the agent: live ones whose `spec.runsOn` names it, by name or by
 * id (as a run's actions are routed: playbooks/runner/runs-on.ts). Always the whole set, oldest
 * change first: one the hub deleted or no longer assigns is absent, and the agent removes its
 * copy. Each spec is as the agent runs it: the runsOn entries naming the agent (the playbook's and
 * its actions') read `local`, itself there; entries naming other agents stay as they are.
 */
export async function pullPlaybooks(db: Queryable, agentId: string): Promise<Record<string, unknown>[]> {
  const { rows } = await db.query<{ playbook: Record<string, unknown>; name: string }>(
    `select to_jsonb(p) as playbook, a.name
       from playbooks p join agents a on a.id = $1
      where ${assignedTo('p', 'a')}
      order by p.updated_at, p.id`,
    [agentId],
  );
  return rows.map(({ playbook, name }) => {
    const itself = (target: unknown) =>
      target === name || (typeof target === 'string' && target.toLowerCase() === agentId);
    const asHere = (runsOn: unknown) =>
      Array.isArray(runsOn)
        ? [...new Set(runsOn.map((target) => (itself(target) ? LOCAL_RUNNER : target)))]
        : runsOn;
    const spec = playbook.spec as Record<string, unknown>;
    const actions = Array.isArray(spec.actions)
      ? spec.actions.map((action: unknown) =>
          action && typeof action === 'object' && 'runsOn' in action
            ? { ...action, runsOn: asHere((action as { runsOn: unknown }).runsOn) }
            : action,
        )
      : spec.actions;
    return {
      ...playbook,
      spec: { ...spec, runsOn: asHere(spec.runsOn), ...(actions === undefined ? {} : { actions }) },
    };
  });
}
