/**
 * `DELETE /api/upstream/push`: the agent deleted these rows. Each is deleted by its primary key
 * where it is the agent's — soft (deleted_at) where the table has it, else for good — children
 * before parents; a row of someone else's is skipped and counted, one the hub does not hold is
 * nothing to do. Playbook actions are never deleted by an agent: those of its runs go with the run.
 */
import type { Queryable } from '../../db/db.js';
import { qualified } from '../../rest/sql.js';
import { notTheAgents, asPushRefusal, type PushOutcome } from './ingest.js';
import {
  ownedSql,
  projectRow,
  samePrimaryKey,
  WITH_AGENT,
  type PushRows,
  type TablePlan,
} from './push-tables.js';

async function withdrawTable(
  tx: Queryable,
  plan: TablePlan,
  rows: Record<string, unknown>[],
  agentId: string,
) {
  const keys = rows.map((row, index) => {
    const projected = projectRow(plan, row, index, agentId);
    return Object.fromEntries(plan.primaryKey.map((column) => [column, projected[column]]));
  });
  const foreign = await notTheAgents(tx, plan, keys, agentId);
  const table = qualified(plan.relation.name);
  const pushed = `json_populate_recordset(null::${table}, $2::text::json) as k`;
  const where = `${samePrimaryKey(plan)} and ${ownedSql(plan, 't')}`;
  const sql = plan.relation.columnsByName.has('deleted_at')
    ? `${WITH_AGENT} update ${table} as t set deleted_at = now() from ${pushed} where ${where} and t.deleted_at is null`
    : `${WITH_AGENT} delete from ${table} as t using ${pushed} where ${where}`;
  const { rowCount } = await tx.query(sql, [agentId, JSON.stringify(keys)]);
  return { deleted: rowCount, skipped: foreign.size };
}

/** Deletes the rows, in the caller's transaction. */
export async function withdrawPush(
  tx: Queryable,
  plans: readonly TablePlan[],
  pushed: PushRows,
  agentId: string,
): Promise<PushOutcome> {
  const outcome: PushOutcome = { counts: {}, skipped: 0 };
  for (const plan of [...plans].reverse()) {
    const rows = pushed.get(plan.key);
    if (!rows) continue;
    if (plan.store === 'actions') {
      outcome.counts[plan.key] = 0;
      outcome.skipped += rows.length;
      continue;
    }
    try {
      const { deleted, skipped } = await withdrawTable(tx, plan, rows, agentId);
      outcome.counts[plan.key] = deleted;
      outcome.skipped += skipped;
    } catch (error) {
      throw asPushRefusal(plan.key, error);
    }
  }
  return outcome;
}
