/**
 * The runs an agent makes of the playbooks the hub assigns to it (PushData `playbook_runs`, a key
 * of this hub's own: the platform's PushData has none), and their actions (`playbook_actions`).
 * Stored as the agent's (agent_id): read-only here (linked-rows.ts, the playbook calls), and never
 * run by the hub's runner, which claims only the local agent's runs and actions.
 *
 * A run is taken when the hub does not hold its id, or holds it as this agent's, and its playbook
 * is one the hub assigns to the agent (pull.ts) — or, for a run already the agent's, still the
 * playbook it was taken with: a run under way when its playbook stops being assigned still ends
 * here. Its config, component and check are kept when the hub has them (the agent pushes them
 * first), its parent when it is one of this agent's runs; else they are null.
 *
 * A playbook action of one of the agent's runs is stored as the agent's; any other is a report on
 * an action the hub addressed to the agent, taken by the rules of playbook-actions.ts.
 */
import { UUID } from '../../../lib/uuid.js';
import type { Queryable } from '../../db/db.js';
import { qualified } from '../../rest/sql.js';
import { assignedTo } from './pull.js';
import { WITH_AGENT, type TablePlan } from './push-tables.js';

/** The resources a run names: kept only when the hub has them. */
const RESOURCES = [
  { column: 'config_id', table: 'configs' },
  { column: 'component_id', table: 'components' },
  { column: 'check_id', table: 'checks' },
] as const;

const AGENT = '(select id from _agent)';

/** SQL true when the action `alias` belongs to one of the agent's runs. */
export const ofAgentsRun = (alias: string) =>
  `${alias}.playbook_run_id in (select id from public.playbook_runs where agent_id = ${AGENT})`;

const idText = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : undefined);

/** Of these ids of a table, those the hub holds; of the agent's rows only, given the agent. */
async function heldIds(
  tx: Queryable,
  table: string,
  values: unknown[],
  agentId?: string,
): Promise<Set<string>> {
  const ids = [...new Set(values.map(idText))].filter(
    (id): id is string => id !== undefined && UUID.test(id),
  );
  if (ids.length === 0) return new Set();
  const { rows } = await tx.query<{ id: string }>(
    agentId
      ? `select id::text as id from ${qualified(table)} where id = any($1::uuid[]) and agent_id = $2`
      : `select id::text as id from ${qualified(table)} where id = any($1::uuid[])`,
    agentId ? [ids, agentId] : [ids],
  );
  return new Set(rows.map(({ id }) => id));
}

/**
 * Of the pushed runs (already cut to the hub's columns, with the agent's id), those the hub
 * takes, with the rows they name that the hub lacks (or, a parent, not as this agent's) made null.
 */
export async function acceptedRuns(
  tx: Queryable,
  plan: TablePlan,
  rows: Record<string, unknown>[],
  agentId: string,
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const table = qualified(plan.relation.name);
  const { rows: found } = await tx.query<{ n: number | string }>(
    `${WITH_AGENT} select k.ordinality as n
       from json_populate_recordset(null::${table}, $2::text::json) with ordinality as k
       left join ${table} t on t.id = k.id
      where (t.id is null or t.agent_id = ${AGENT})
        and (t.playbook_id = coalesce(k.playbook_id, t.playbook_id)
             or exists (select 1 from public.playbooks p join public.agents a on a.id = ${AGENT}
                         where p.id = k.playbook_id and ${assignedTo('p', 'a')}))`,
    [agentId, JSON.stringify(rows)],
  );
  const taken = new Set(found.map(({ n }) => Number(n) - 1));
  const accepted = rows.filter((_, index) => taken.has(index));

  const held = new Map<string, Set<string>>();
  for (const { column, table: named } of RESOURCES)
    if (plan.columns.has(column))
      held.set(
        column,
        await heldIds(
          tx,
          named,
          accepted.map((row) => row[column]),
        ),
      );
  const parents = await heldIds(
    tx,
    plan.relation.name,
    accepted.map((row) => row.parent_id),
    agentId,
  );
  for (const row of accepted) parents.add(idText(row.id) ?? '');

  return accepted.map((row) => {
    const kept = { ...row };
    for (const [column, ids] of held)
      if (kept[column] != null && !ids.has(idText(kept[column]) ?? '')) kept[column] = null;
    if (kept.parent_id != null && !parents.has(idText(kept.parent_id) ?? '')) kept.parent_id = null;
    return kept;
  });
}

/** Pushed playbook actions: those of the agent's runs, and the reports on the hub's actions. */
export interface RoutedActions {
  /** Actions of the agent's runs, stored as the agent's. */
  own: Record<string, unknown>[];
  /** Reports on actions the hub made (playbook-actions.ts decides which it takes). */
  reports: Record<string, unknown>[];
  /** An action of the agent's run pushed as if of another run: not taken. */
  skipped: number;
}

/**
 * Sorts the pushed actions (cut to the hub's columns, with the agent's id) by the run they belong
 * to: the action stored here, else the run the row names. A report keeps only the columns an
 * agent reports.
 */
export async function routeActions(
  tx: Queryable,
  plan: TablePlan,
  rows: Record<string, unknown>[],
  agentId: string,
): Promise<RoutedActions> {
  const routed: RoutedActions = { own: [], reports: [], skipped: 0 };
  if (rows.length === 0) return routed;
  const table = qualified(plan.relation.name);
  const { rows: found } = await tx.query<{
    n: number | string;
    held: boolean;
    agents: boolean;
    named: boolean;
  }>(
    `${WITH_AGENT} select k.ordinality as n, t.id is not null as held,
            coalesce(tr.agent_id = ${AGENT}, false) as agents, coalesce(kr.agent_id = ${AGENT}, false) as named
       from json_populate_recordset(null::${table}, $2::text::json) with ordinality as k
       left join ${table} t on t.id = k.id
       left join public.playbook_runs tr on tr.id = t.playbook_run_id
       left join public.playbook_runs kr on kr.id = coalesce(k.playbook_run_id, t.playbook_run_id)
      order by k.ordinality`,
    [agentId, JSON.stringify(rows)],
  );
  const report = (row: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(row).filter(([column]) => plan.reported.has(column)));
  for (const { n, held, agents, named } of found) {
    const row = rows[Number(n) - 1]!;
    if (agents) {
      if (named) routed.own.push(row);
      else routed.skipped += 1;
    } else if (!held && named) routed.own.push(row);
    else routed.reports.push(report(row));
  }
  return routed;
}
