/**
 * What an agent pushes (the platform's PushData) and how the hub stores each part: the keys in
 * the order their rows are written (a row's parents before it), and for each table, from the
 * hub's introspected schema, which columns a pushed row may set and how the hub tells whose a
 * row is.
 */
import { HttpError } from '../../../http/errors.js';
import { quoteIdent } from '../../rest/sql.js';
import type { DbSchema, Relation } from '../../rest/schema.js';

/** PushData's keys and the hub's tables, in write order. A key the hub has no table for is ignored. */
export const PUSH_TABLES: readonly { key: string; table: string }[] = [
  { key: 'topologies', table: 'topologies' },
  { key: 'canaries', table: 'canaries' },
  { key: 'config_scrapers', table: 'config_scrapers' },
  { key: 'config_items', table: 'configs' },
  { key: 'components', table: 'components' },
  { key: 'checks', table: 'checks' },
  { key: 'check_statuses', table: 'check_statuses' },
  { key: 'config_changes', table: 'config_changes' },
  { key: 'config_analysis', table: 'config_analysis' },
  { key: 'config_relationships', table: 'config_relationships' },
  { key: 'component_relationships', table: 'component_relationships' },
  { key: 'config_component_relationships', table: 'config_component_relationships' },
  { key: 'check_component_relationships', table: 'check_component_relationships' },
  { key: 'check_config_relationships', table: 'check_config_relationships' },
  { key: 'job_history', table: 'job_histories' },
  // Not a key of the platform's PushData: the runs an agent made of the playbooks assigned to it.
  { key: 'playbook_runs', table: 'playbook_runs' },
  { key: 'playbook_actions', table: 'playbook_run_actions' },
];

/**
 * Columns the hub keeps for itself: updated_at is the hub's time of its last change (what the
 * pulls and the identical-batch check rely on); a status's created_at is when the hub stored it,
 * which the rollups read to find history pushed late; a playbook run's and action's claim by a
 * runner (the agent's runner's claims name its own replicas).
 */
const HUB_COLUMNS: Record<string, readonly string[]> = {
  '*': ['updated_at'],
  check_statuses: ['created_at'],
  playbook_runs: ['claimed_by', 'lease_until', 'next_look_at'],
  playbook_run_actions: ['claimed_by', 'lease_until'],
};

/** References to the hub's own rows that an agent holds under the hub's ids: the playbooks it pulled. */
const HUB_REFERENCES: Record<string, readonly string[]> = {
  playbook_runs: ['playbook_id'],
};

/**
 * Tables stored by rules of their own (playbook-runs.ts): the runs an agent made of the playbooks
 * assigned to it, and playbook actions — those of its runs, and the reports on those the hub
 * addressed to it (playbook-actions.ts).
 */
const STORES: Record<string, TablePlan['store']> = {
  playbook_runs: 'runs',
  playbook_run_actions: 'actions',
};

/**
 * The only columns an agent reports of the rows the hub made and addressed to it, which it
 * updates and never inserts: the result of a playbook action the hub addressed to it.
 */
const REPORTED_COLUMNS: Record<string, readonly string[]> = {
  playbook_run_actions: ['status', 'start_time', 'end_time', 'result', 'error'],
};

export const NOT_PUSH_DATA =
  'The body must be PushData: a JSON object of tables (canaries, checks, config_items, ...) and their rows';

/** How one table of a push is written. */
export interface TablePlan {
  key: string;
  relation: Relation;
  /** The columns a pushed row may set (agent_id is set by the hub). */
  columns: ReadonlySet<string>;
  primaryKey: readonly string[];
  /** Whose a row is: its own agent_id, or else every agent row it references (references). */
  hasAgentId: boolean;
  /** Columns naming rows of agent-owned tables: each must name a row of the pushing agent. */
  references: readonly { column: string; table: string }[];
  /**
   * How the rows are stored: `rows`, the agent's own rows (ingest.ts); `runs`, its playbook runs;
   * `actions`, playbook actions (playbook-runs.ts).
   */
  store: 'rows' | 'runs' | 'actions';
  /** Of `actions`: the columns of a report on an action the hub addressed to the agent. */
  reported: ReadonlySet<string>;
}

/** Each PushData key the hub stores, with its plan, in write order. */
export function pushPlans(schema: DbSchema): TablePlan[] {
  const present = PUSH_TABLES.filter(({ table }) => schema.relations.get(table)?.kind === 'table');
  const tables = new Set(present.map(({ table }) => table));
  // Tables whose rows carry the agent that owns them: a reference to one must stay within the agent.
  const owned = new Set(
    present
      .map(({ table }) => schema.relations.get(table)!)
      .filter((relation) => relation.columnsByName.has('agent_id') && !REPORTED_COLUMNS[relation.name])
      .map((relation) => relation.name),
  );
  const plans: TablePlan[] = [];
  for (const { key, table } of present) {
    const relation = schema.relations.get(table)!;
    if (relation.primaryKey.length === 0) continue;
    const keys = schema.foreignKeys.filter(
      (fk) => fk.table === table && !fk.inferred && fk.columns.length === 1,
    );
    const references = keys
      .filter((fk) => owned.has(fk.references) && fk.referencedColumns[0] === 'id')
      .map((fk) => ({ column: fk.columns[0]!, table: fk.references }));
    // Columns naming rows elsewhere (people, the agent itself): the agent's values mean nothing here.
    const foreign = new Set(
      keys
        .filter((fk) => !tables.has(fk.references) || fk.references === 'agents')
        .map((fk) => fk.columns[0]!)
        .filter((column) => !HUB_REFERENCES[table]?.includes(column)),
    );
    const hubOwned = new Set([...HUB_COLUMNS['*']!, ...(HUB_COLUMNS[table] ?? []), 'agent_id']);
    const columns = new Set(
      relation.columns
        .map((column) => column.name)
        .filter((name) => !hubOwned.has(name) && (!foreign.has(name) || relation.primaryKey.includes(name))),
    );
    const reported = new Set(
      [...columns].filter(
        (name) => REPORTED_COLUMNS[table]?.includes(name) || relation.primaryKey.includes(name),
      ),
    );
    const hasAgentId = relation.columnsByName.has('agent_id');
    // A row whose owner cannot be told is never taken.
    if (!hasAgentId && references.length === 0) continue;
    plans.push({
      key,
      relation,
      columns,
      primaryKey: relation.primaryKey,
      hasAgentId,
      references,
      store: STORES[table] ?? 'rows',
      reported,
    });
  }
  return plans;
}

export type PushRows = Map<string, Record<string, unknown>[]>;

const isRow = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rows of each PushData key the hub knows; 400 for a body, or a part, of the wrong shape. */
export function pushRowsOf(body: unknown): PushRows {
  if (!isRow(body)) throw new HttpError(400, NOT_PUSH_DATA);
  const rows: PushRows = new Map();
  for (const { key } of PUSH_TABLES) {
    const value = body[key];
    if (value === undefined || value === null) continue;
    if (!Array.isArray(value)) throw new HttpError(400, `${key} must be a list of rows`);
    const bad = value.findIndex((row) => !isRow(row));
    if (bad >= 0) throw new HttpError(400, `${key}[${bad}] must be a row (a JSON object)`);
    rows.set(key, value as Record<string, unknown>[]);
  }
  return rows;
}

/** A pushed row as the hub writes it: its own columns only, and the agent's id; 400 without its primary key. */
export function projectRow(
  plan: TablePlan,
  row: Record<string, unknown>,
  index: number,
  agentId: string,
): Record<string, unknown> {
  const projected: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) if (plan.columns.has(column)) projected[column] = value;
  for (const column of plan.primaryKey)
    if (projected[column] === undefined || projected[column] === null)
      throw new HttpError(400, `${plan.key}[${index}] has no ${column} (part of the row's primary key)`);
  if (plan.hasAgentId) projected.agent_id = agentId;
  return projected;
}

/** The statement's first parameter is the agent: every statement starts with this. */
export const WITH_AGENT = 'with _agent as (select $1::uuid as id)';
const AGENT = '(select id from _agent)';

/** SQL true when the row `alias` of the table is the agent's: its agent_id, or every agent row it names. */
export function ownedSql(plan: TablePlan, alias: string): string {
  if (plan.hasAgentId) return `${alias}.agent_id = ${AGENT}`;
  return plan.references
    .map(({ column, table }) => {
      const value = `${alias}.${quoteIdent(column)}`;
      return `(${value} is null or ${value} in (select id from public.${quoteIdent(table)} where agent_id = ${AGENT}))`;
    })
    .join(' and ');
}

/** SQL joining the pushed rows `k` to the stored rows `t` on the primary key. */
export const samePrimaryKey = (plan: TablePlan, stored = 't', pushed = 'k') =>
  plan.primaryKey
    .map((column) => `${stored}.${quoteIdent(column)} = ${pushed}.${quoteIdent(column)}`)
    .join(' and ');
