/**
 * Playbook actions addressed to an agent (their runsOn names it: agents/runs-on.ts). The hub's
 * runner schedules them with the agent's id and never runs them itself; the agent claims the
 * oldest due one (`GET /api/upstream/playbook-action`), runs it, and pushes its result back
 * (`playbook_actions`), which brings the run's next step forward.
 */
import { UUID } from '../../../lib/uuid.js';
import type { Queryable } from '../../db/db.js';

/**
 * What the agent needs to run the action: the action row, its run (the spec, parameters and
 * resource ids) and the playbook; the run's resource rows (`config`, `component`, `check`, null
 * when the run has none) and the run's other actions so far (`actions`), which the action's
 * templates see.
 */
export interface ClaimedAgentAction {
  action: Record<string, unknown>;
  run: Record<string, unknown>;
  playbook: Record<string, unknown> | null;
  config: Record<string, unknown> | null;
  component: Record<string, unknown> | null;
  check: Record<string, unknown> | null;
  actions: Record<string, unknown>[];
}

/** Claims the oldest due action addressed to the agent, of a run under way: it is `running` from now. */
export async function claimPlaybookAction(
  tx: Queryable,
  agentId: string,
): Promise<ClaimedAgentAction | undefined> {
  const { rows } = await tx.query<{ action: Record<string, unknown> }>(
    `update playbook_run_actions a
        set status = 'running', start_time = now(), end_time = null, claimed_by = 'agent:' || $1::text
      where a.id = (
        select id from playbook_run_actions
         where agent_id = $1 and status in ('pending', 'scheduled', 'sleeping', 'waiting') and scheduled_time <= now()
           and playbook_run_id in (select id from playbook_runs where status = 'running')
         order by scheduled_time, id
         for update skip locked
         limit 1)
      returning to_jsonb(a) as action`,
    [agentId],
  );
  const action = rows[0]?.action;
  if (!action) return undefined;
  const { rows: found } = await tx.query<Omit<ClaimedAgentAction, 'action'>>(
    `select to_jsonb(r) as run, to_jsonb(p) as playbook,
            (select to_jsonb(c) from configs c where c.id = r.config_id) as config,
            (select to_jsonb(c) from components c where c.id = r.component_id) as component,
            (select to_jsonb(c) from checks c where c.id = r.check_id) as check,
            coalesce((select jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name, 'status', a.status,
                        'result', a.result, 'error', a.error, 'start_time', a.start_time,
                        'end_time', a.end_time, 'retry_count', a.retry_count) order by a.created_at)
                        from playbook_run_actions a where a.playbook_run_id = r.id and a.id <> $2), '[]'::jsonb) as actions
       from playbook_runs r left join playbooks p on p.id = r.playbook_id
      where r.id = $1`,
    [action.playbook_run_id, action.id],
  );
  return { action, ...found[0]! };
}

/** After a push of results: the runs of the agent's actions among them are looked at now. */
export async function wakeRunsOfReported(
  tx: Queryable,
  agentId: string,
  reported: readonly Record<string, unknown>[],
): Promise<number> {
  const ids = reported.flatMap((row) => (typeof row.id === 'string' && UUID.test(row.id) ? [row.id] : []));
  if (ids.length === 0) return 0;
  const { rowCount } = await tx.query(
    `update playbook_runs set next_look_at = now()
      where status = 'running'
        and id in (select playbook_run_id from playbook_run_actions where agent_id = $1 and id = any($2::uuid[]))`,
    [agentId, ids],
  );
  return rowCount;
}
