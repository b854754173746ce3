/**
 * Deleting an agent with cleanup: the rows it sent, and what hangs off them, go with it — soft
 * where the table has deleted_at, else for good. Runs in the deletion's transaction.
 */
import type { Queryable } from '../db/db.js';

/** The agent's own rows, by their agent_id, soft-deleted. */
const OWNED = ['topologies', 'components', 'canaries', 'checks', 'config_scrapers', 'configs'] as const;

const agentRows = (table: (typeof OWNED)[number]) => `(select id from ${table} where agent_id = $1)`;

/** The links between the agent's rows and others (either end), soft-deleted. */
const LINKS: { table: string; ends: [column: string, table: (typeof OWNED)[number]][] }[] = [
  {
    table: 'check_config_relationships',
    ends: [
      ['check_id', 'checks'],
      ['config_id', 'configs'],
    ],
  },
  {
    table: 'check_component_relationships',
    ends: [
      ['check_id', 'checks'],
      ['component_id', 'components'],
    ],
  },
  {
    table: 'config_component_relationships',
    ends: [
      ['config_id', 'configs'],
      ['component_id', 'components'],
    ],
  },
  {
    table: 'config_relationships',
    ends: [
      ['config_id', 'configs'],
      ['related_id', 'configs'],
    ],
  },
];

/** What has no deleted_at: deleted with the agent's checks and configs. */
const HISTORY: { table: string; column: string; owner: (typeof OWNED)[number] }[] = [
  { table: 'check_statuses', column: 'check_id', owner: 'checks' },
  { table: 'config_changes', column: 'config_id', owner: 'configs' },
  { table: 'config_analysis', column: 'config_id', owner: 'configs' },
];

export async function deleteAgentResources(tx: Queryable, agentId: string): Promise<void> {
  for (const { table, ends } of LINKS) {
    const touches = ends.map(([column, owner]) => `${column} in ${agentRows(owner)}`).join(' or ');
    await tx.query(`update ${table} set deleted_at = now() where deleted_at is null and (${touches})`, [
      agentId,
    ]);
  }
  for (const { table, column, owner } of HISTORY)
    await tx.query(`delete from ${table} where ${column} in ${agentRows(owner)}`, [agentId]);
  await tx.query(`delete from job_histories where agent_id = $1`, [agentId]);
  // The runs it made of the hub's playbooks (their actions go with them); the playbooks stay.
  await tx.query(`delete from playbook_runs where agent_id = $1`, [agentId]);
  for (const table of OWNED)
    await tx.query(`update ${table} set deleted_at = now() where agent_id = $1 and deleted_at is null`, [
      agentId,
    ]);
}
