/**
 * Storing a push (`POST /api/upstream/push`): in one transaction, table by table in write order,
 * each pushed row upserted by its primary key with the pushing agent's id. A row is skipped —
 * never written, counted — when the hub holds that key for another agent or for itself, or when it
 * names a row (its check, its config, its parent...) that is not the agent's. A row identical to
 * the stored one writes nothing (`is distinct from`): the same batch twice changes nothing, and
 * raises no event. Playbook runs and actions have rules of their own (playbook-runs.ts).
 */
import { HttpError } from '../../../http/errors.js';
import { UUID } from '../../../lib/uuid.js';
import type { Queryable } from '../../db/db.js';
import { qualified, quoteIdent } from '../../rest/sql.js';
import { storeActionReports } from './playbook-actions.js';
import { acceptedRuns, ofAgentsRun, routeActions } from './playbook-runs.js';
import {
  ownedSql,
  projectRow,
  samePrimaryKey,
  WITH_AGENT,
  type PushRows,
  type TablePlan,
} from './push-tables.js';

export interface PushOutcome {
  /** Rows inserted or changed, per PushData key given. */
  counts: Record<string, number>;
  skipped: number;
}

/** The ids of agent-owned rows accepted so far in this push, by table: rows later in it may name them. */
type Accepted = Map<string, Set<string>>;

const keyOf = (plan: TablePlan, row: Record<string, unknown>) =>
  JSON.stringify(plan.primaryKey.map((column) => row[column]));

/** The last row given for each primary key (a key twice in one statement is an error). */
function lastPerKey(plan: TablePlan, rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const byKey = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const key = keyOf(plan, row);
    byKey.delete(key);
    byKey.set(key, row);
  }
  return [...byKey.values()];
}

/** The positions of the rows whose key the hub holds for someone else. */
export async function notTheAgents(
  tx: Queryable,
  plan: TablePlan,
  rows: Record<string, unknown>[],
  agentId: string,
): Promise<Set<number>> {
  const table = qualified(plan.relation.name);
  const pushed = `json_populate_recordset(null::${table}, $2::text::json) with ordinality as k`;
  const sql = `${WITH_AGENT} select k.ordinality as n from ${pushed}
    join ${table} t on ${samePrimaryKey(plan)} where not (${ownedSql(plan, 't')})`;
  const { rows: found } = await tx.query<{ n: number | string }>(sql, [agentId, JSON.stringify(rows)]);
  return new Set(found.map(({ n }) => Number(n) - 1));
}

const idText = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : JSON.stringify(value));

/**
 * The rows whose every reference names a row of the agent's: stored with its agent_id, accepted
 * earlier in this push, or (a parent) among these rows themselves.
 */
async function withOwnReferences(
  tx: Queryable,
  plan: TablePlan,
  rows: Record<string, unknown>[],
  agentId: string,
  accepted: Accepted,
): Promise<Record<string, unknown>[]> {
  const known = new Map<string, Set<string>>();
  for (const { column, table } of plan.references) {
    const wanted = [
      ...new Set(rows.flatMap((row) => (row[column] == null ? [] : [idText(row[column])]))),
    ].filter((id) => UUID.test(id) && !accepted.get(table)?.has(id));
    const set = known.get(table) ?? new Set(accepted.get(table));
    if (wanted.length > 0) {
      const { rows: stored } = await tx.query<{ id: string }>(
        `select id::text as id from ${qualified(table)} where id = any($2::uuid[]) and agent_id = $1::uuid`,
        [agentId, wanted],
      );
      for (const { id } of stored) set.add(id);
    }
    known.set(table, set);
  }
  const self = plan.relation.name;
  let kept = rows;
  for (;;) {
    const batch = new Set(
      plan.primaryKey.length === 1 ? kept.map((row) => idText(row[plan.primaryKey[0]!])) : [],
    );
    const next = kept.filter((row) =>
      plan.references.every(({ column, table }) => {
        const value = row[column];
        if (value == null) return true;
        const id = idText(value);
        return known.get(table)!.has(id) || (table === self && batch.has(id));
      }),
    );
    // A row dropped may be the parent another row of the batch named: look again.
    if (next.length === kept.length) return kept;
    kept = next;
  }
}

/** The rows with a parent among them after it (components, configs): each is written after its parent. */
function parentsFirst(plan: TablePlan, rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const self = plan.references
    .filter(({ table }) => table === plan.relation.name)
    .map(({ column }) => column);
  if (self.length === 0 || plan.primaryKey.length !== 1) return rows;
  const key = plan.primaryKey[0]!;
  const byId = new Map(rows.map((row) => [idText(row[key]), row]));
  const ordered: Record<string, unknown>[] = [];
  const seen = new Set<Record<string, unknown>>();
  const visit = (row: Record<string, unknown>) => {
    if (seen.has(row)) return;
    seen.add(row);
    for (const column of self) {
      const parent = row[column] == null ? undefined : byId.get(idText(row[column]));
      if (parent) visit(parent);
    }
    ordered.push(row);
  };
  rows.forEach(visit);
  return ordered;
}

/**
 * The rows in runs of the same columns, in order, each run written by one statement: a column a
 * row lacks keeps its default (or stored value), where one statement for all would write null.
 */
function runsOfSameColumns(rows: Record<string, unknown>[]): Record<string, unknown>[][] {
  const runs: { signature: string; rows: Record<string, unknown>[] }[] = [];
  for (const row of rows) {
    const signature = Object.keys(row).sort().join(',');
    const last = runs.at(-1);
    if (last?.signature === signature) last.rows.push(row);
    else runs.push({ signature, rows: [row] });
  }
  return runs.map((run) => run.rows);
}

/** Compares a column's stored and pushed values; json has no equality, so it is compared as jsonb. */
function differs(plan: TablePlan, column: string, stored: string, pushed: string): string {
  const json = plan.relation.columnsByName.get(column)?.type === 'json';
  const cast = json ? '::jsonb' : '';
  const name = quoteIdent(column);
  return `${stored}.${name}${cast} is distinct from ${pushed}.${name}${cast}`;
}

/** Writes the rows; a stored row is changed only where `owned` (SQL over `_target`) holds. */
async function upsert(
  tx: Queryable,
  plan: TablePlan,
  rows: Record<string, unknown>[],
  agentId: string,
  owned = ownedSql(plan, '_target'),
) {
  const table = qualified(plan.relation.name);
  const columns = Object.keys(rows[0]!);
  const list = columns.map(quoteIdent).join(', ');
  const changing = columns.filter((column) => !plan.primaryKey.includes(column) && column !== 'agent_id');
  const pushed = `json_populate_recordset(null::${table}, $2::text::json)`;
  const conflict = `on conflict (${plan.primaryKey.map(quoteIdent).join(', ')})`;
  const update =
    changing.length === 0
      ? 'do nothing'
      : `do update set ${changing.map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`).join(', ')}
         where ${owned} and (${changing.map((c) => differs(plan, c, '_target', 'excluded')).join(' or ')})`;
  const sql = `${WITH_AGENT} insert into ${table} as _target (${list}) select ${list} from ${pushed} ${conflict} ${update}`;
  const { rowCount } = await tx.query(sql, [agentId, JSON.stringify(rows)]);
  return rowCount;
}

/** What a database refusal means for a pushed table, in words; the database's own text may quote a row. */
const REFUSALS: Record<string, string> = {
  // The same key written twice by one statement: the rows' keys differed only in form (case, time zone).
  '21000': 'a row is given twice (the same primary key)',
  '23502': 'a row lacks a value the hub requires',
  '23503': 'a row names another the hub does not have',
  '23505': "a row clashes with another of the hub's (the same name, or the same key)",
  '23514': 'a value is not one the hub allows',
};

/** A refusal of the rows' values (SQLSTATE classes 21, 22 and 23) as a 400 naming the part of the push. */
export function asPushRefusal(key: string, error: unknown): unknown {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  if (typeof code !== 'string' || !/^2[123]/.test(code)) return error;
  const meaning = REFUSALS[code] ?? 'a value is not of the type its column takes';
  return new HttpError(
    400,
    `${key} could not be stored: ${meaning}`,
    code,
    typeof constraint === 'string' ? `constraint ${constraint}` : null,
  );
}

/** Playbook actions: those of the agent's own runs are its rows; the rest report on the hub's. */
async function ingestActions(
  tx: Queryable,
  plan: TablePlan,
  rows: Record<string, unknown>[],
  agentId: string,
): Promise<{ written: number; skipped: number }> {
  const { own, reports, skipped } = await routeActions(tx, plan, rows, agentId);
  let written = 0;
  for (const run of runsOfSameColumns(own))
    written += await upsert(
      tx,
      plan,
      run,
      agentId,
      `${ownedSql(plan, '_target')} and ${ofAgentsRun('_target')}`,
    );
  // The hub's own rows an agent reports on (actions addressed to it): stored only while it runs them.
  const reported = await storeActionReports(tx, reports, agentId);
  return { written: written + reported.written, skipped: skipped + reported.skipped };
}

async function ingestTable(
  tx: Queryable,
  plan: TablePlan,
  given: Record<string, unknown>[],
  agentId: string,
  accepted: Accepted,
): Promise<{ written: number; skipped: number }> {
  const rows = lastPerKey(
    plan,
    given.map((row, index) => projectRow(plan, row, index, agentId)),
  );
  if (plan.store === 'actions') return ingestActions(tx, plan, rows, agentId);
  let own: Record<string, unknown>[];
  if (plan.store === 'runs') own = await acceptedRuns(tx, plan, rows, agentId);
  else {
    const foreign = rows.length ? await notTheAgents(tx, plan, rows, agentId) : new Set<number>();
    own = await withOwnReferences(
      tx,
      plan,
      rows.filter((_, index) => !foreign.has(index)),
      agentId,
      accepted,
    );
  }
  let written = 0;
  for (const run of runsOfSameColumns(parentsFirst(plan, own)))
    written += await upsert(tx, plan, run, agentId);
  if (plan.primaryKey.length === 1 && plan.hasAgentId) {
    const ids = accepted.get(plan.relation.name) ?? new Set<string>();
    for (const row of own) ids.add(idText(row[plan.primaryKey[0]!]));
    accepted.set(plan.relation.name, ids);
  }
  return { written, skipped: rows.length - own.length };
}

/** Stores the push, in the caller's transaction. */
export async function ingestPush(
  tx: Queryable,
  plans: readonly TablePlan[],
  pushed: PushRows,
  agentId: string,
): Promise<PushOutcome> {
  const outcome: PushOutcome = { counts: {}, skipped: 0 };
  const accepted: Accepted = new Map();
  for (const plan of plans) {
    const rows = pushed.get(plan.key);
    if (!rows) continue;
    try {
      const { written, skipped } = await ingestTable(tx, plan, rows, agentId, accepted);
      outcome.counts[plan.key] = written;
      outcome.skipped += skipped;
    } catch (error) {
      throw asPushRefusal(plan.key, error);
    }
  }
  return outcome;
}
