/**
 * Agents' rows in the hub (docs/agents.md, "Agents' rows in the hub"): what an agent pushed
 * carries its agent_id and is changed on the agent, never through the hub's /api/db — a PATCH,
 * DELETE or upsert touching one is refused whole (409, common/managed.ts's text naming the
 * agent). The hub's assignments are the exception: canaries and scrape configs made through the
 * hub's API for an agent (created_by set; a push never sets it) stay the hub's to change and
 * delete. A canary or scrape config may be made for (or moved to) a live agent; rows of the other
 * pushed tables are never made here for an agent. One rule, on every pushed table (and the views
 * written through to them); the agents' own endpoints (/api/upstream) do not pass through it.
 */
import { KIND_OF_TABLE } from '../../../../common/kinds.js';
import { linkedReadOnly, resourceName } from '../../../../common/managed.js';
import type { Queryable } from '../db/db.js';
import { RestError } from '../rest/errors.js';
import type { WriteRule, WriteRules, WriteTarget } from '../rest/write-rules.js';
import { LOCAL_AGENT } from './local-agent.js';

/** The name a row goes by in the messages: 'Canary edge/web', 'Health check edge/web'. */
const KIND_OF: Record<string, string> = {
  ...KIND_OF_TABLE,
  checks: 'Health check',
  components: 'Component',
  configs: 'Config item',
  job_histories: 'Job',
  playbook_runs: 'Playbook run',
};

/** Tables whose rows carry their agent: the columns naming them in messages. */
const OWNED: Record<string, { label: readonly string[]; assignable?: boolean; byId?: boolean }> = {
  canaries: { label: ['name', 'namespace'], assignable: true },
  config_scrapers: { label: ['name', 'namespace'], assignable: true },
  topologies: { label: ['name', 'namespace'] },
  checks: { label: ['name', 'namespace'] },
  components: { label: ['name'] },
  configs: { label: ['name'] },
  job_histories: { label: ['name'] },
  // A run has no name of its own: its id names it.
  playbook_runs: { label: ['id'], byId: true },
};

/** Tables whose rows are their agent's through the agent rows they name. */
const REFERENCING: Record<string, readonly { column: string; table: string }[]> = {
  check_statuses: [{ column: 'check_id', table: 'checks' }],
  config_changes: [{ column: 'config_id', table: 'configs' }],
  config_analysis: [{ column: 'config_id', table: 'configs' }],
  config_relationships: [
    { column: 'config_id', table: 'configs' },
    { column: 'related_id', table: 'configs' },
  ],
  config_component_relationships: [
    { column: 'component_id', table: 'components' },
    { column: 'config_id', table: 'configs' },
  ],
  check_component_relationships: [
    { column: 'check_id', table: 'checks' },
    { column: 'component_id', table: 'components' },
    { column: 'canary_id', table: 'canaries' },
  ],
  check_config_relationships: [
    { column: 'check_id', table: 'checks' },
    { column: 'config_id', table: 'configs' },
    { column: 'canary_id', table: 'canaries' },
  ],
  playbook_run_actions: [{ column: 'playbook_run_id', table: 'playbook_runs' }],
};

/**
 * Links people make in the hub (Link to catalog, a catalog item's manual relationships:
 * `selector_id` 'manual') are the hub's, whatever agent the component or the items came from; the
 * builder's, the scrapers' and the agents' links are not.
 */
const MANUAL_LINKS = new Set(['config_component_relationships', 'config_relationships']);
const MANUAL_SELECTOR = 'manual';

/** Views /api/db writes through to a pushed table (with rules of their own, else refused): their table. */
const VIEWS: Record<string, string> = { canary_names: 'canaries', config_items: 'configs' };

export const unknownAgent = (id: string) => `There is no live agent with the id ${id}`;
export const notMadeForAgent = (table: string, agent: string) =>
  `Rows of ${table} come from their agent: none is made here for the agent ${agent}`;

interface AgentRow {
  agent_id: string;
  /** The row named in the message. */
  subject: string;
}

const isOthers = (agentId: unknown): agentId is string =>
  typeof agentId === 'string' && agentId !== LOCAL_AGENT;

async function agentNames(
  tx: Queryable,
  ids: string[],
): Promise<Map<string, { name: string; live: boolean }>> {
  const unique = [...new Set(ids)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (unique.length === 0) return new Map();
  const { rows } = await tx.query<{ id: string; name: string; deleted_at: unknown }>(
    `select id, name, deleted_at from agents where id = any($1::uuid[])`,
    [unique],
  );
  return new Map(rows.map((row) => [row.id, { name: row.name, live: row.deleted_at == null }]));
}

const subjectOf = (table: string, row: Record<string, unknown>) =>
  resourceName(KIND_OF[table] ?? table, OWNED[table]?.byId ? { name: row.id } : row);

/** Of these ids of a table's rows, those of another agent, with the name they go by. */
async function agentRowsOf(tx: Queryable, table: string, ids: unknown[]): Promise<AgentRow[]> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return [];
  const label = OWNED[table]!.label.join(', ');
  const { rows } = await tx.query<Record<string, unknown>>(
    `select agent_id, ${label} from ${table} where id::text = any($1::text[]) and agent_id <> $2`,
    [wanted, LOCAL_AGENT],
  );
  return rows.map((row) => ({ agent_id: String(row.agent_id), subject: subjectOf(table, row) }));
}

/** The hub's own assignments among these ids (made through the API: created_by set). */
async function assignments(tx: Queryable, table: string, ids: unknown[]): Promise<Set<string>> {
  const wanted = ids.filter((id): id is string => typeof id === 'string');
  if (wanted.length === 0) return new Set();
  const { rows } = await tx.query<{ id: string }>(
    `select id::text as id from ${table} where id::text = any($1::text[]) and created_by is not null`,
    [wanted],
  );
  return new Set(rows.map((row) => row.id));
}

/** The agent rows these rows (stored, or about to be written) name through their references. */
async function referencedAgentRows(
  tx: Queryable,
  relation: string,
  rows: Record<string, unknown>[],
): Promise<AgentRow[]> {
  const found: AgentRow[] = [];
  for (const { column, table } of REFERENCING[relation] ?? []) {
    const ids = rows.filter((row) => Object.hasOwn(row, column)).map((row) => row[column]);
    found.push(...(await agentRowsOf(tx, table, ids)));
  }
  return found;
}

async function refuseLinked(tx: Queryable, linked: AgentRow[]): Promise<void> {
  if (linked.length === 0) return;
  const first = linked[0]!;
  const agent = (await agentNames(tx, [first.agent_id])).get(first.agent_id)?.name ?? first.agent_id;
  const details =
    linked.length > 1
      ? `${linked.length} of the rows are linked to agents: ${linked.map((row) => row.subject).join(', ')}`
      : null;
  throw new RestError(409, 'PGRST409', linkedReadOnly(first.subject, agent), details, null);
}

/** The agent_id a body sets: only a live agent, and only on the tables the hub assigns. */
async function checkAgentIds(tx: Queryable, table: string, rows: Record<string, unknown>[]): Promise<void> {
  const ids = rows.map((row) => row.agent_id).filter(isOthers);
  if (ids.length === 0) return;
  const agents = await agentNames(tx, ids);
  for (const id of ids) {
    const agent = agents.get(id);
    if (!agent?.live) throw new RestError(422, 'PGRST422', unknownAgent(id));
    if (!OWNED[table]?.assignable) throw new RestError(422, 'PGRST422', notMadeForAgent(table, agent.name));
  }
}

function linkedRule(relation: string): WriteRule {
  const table = VIEWS[relation] ?? relation;
  return {
    async guard({ tx, method, rows, existing }: WriteTarget) {
      const owned = OWNED[table];
      if (owned) {
        const columns = [...new Set(['id', ...owned.label, 'agent_id'])];
        const stored = (await existing(columns)).filter((row) => isOthers(row.agent_id));
        const hubs = owned.assignable
          ? await assignments(
              tx,
              table,
              stored.map((row) => row.id),
            )
          : new Set<string>();
        const linked = stored.filter((row) => !hubs.has(String(row.id)));
        await refuseLinked(
          tx,
          linked.map((row) => ({ agent_id: String(row.agent_id), subject: subjectOf(table, row) })),
        );
        if (method !== 'DELETE') await checkAgentIds(tx, table, rows);
        return;
      }
      const manual = MANUAL_LINKS.has(table);
      const columns = [
        ...(REFERENCING[table] ?? []).map(({ column }) => column),
        ...(manual ? ['selector_id'] : []),
      ];
      const peoples = (row: Record<string, unknown>) => manual && row.selector_id === MANUAL_SELECTOR;
      const stored = (await existing(columns)).filter((row) => !peoples(row));
      await refuseLinked(tx, await referencedAgentRows(tx, table, stored));
      if (method === 'DELETE') return;
      const named = await referencedAgentRows(
        tx,
        table,
        rows.filter((row) => !peoples(row)),
      );
      if (named.length > 0) {
        const first = named[0]!;
        const agent = (await agentNames(tx, [first.agent_id])).get(first.agent_id)?.name ?? first.agent_id;
        throw new RestError(422, 'PGRST422', notMadeForAgent(table, agent));
      }
    },
  };
}

/** The relations holding agents' rows: every pushed table the hub has rules for, and views onto them. */
export const LINKED_RELATIONS = [...Object.keys(OWNED), ...Object.keys(REFERENCING), ...Object.keys(VIEWS)];

/** The /api/db write rules of agents' rows in the hub: one rule, on each relation holding them. */
export const linkedRowWriteRules: WriteRules = Object.fromEntries(
  LINKED_RELATIONS.map((relation) => [relation, linkedRule(relation)]),
);
