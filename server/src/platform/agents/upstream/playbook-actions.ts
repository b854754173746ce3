/**
 * Playbook actions addressed to an agent (their runsOn names it: playbooks/runner/runs-on.ts). The
 * hub's runner schedules them with the agent's id and never runs them itself; the agent claims the
 * oldest due one (`GET /api/upstream/playbook-action`), runs it, and pushes its result back
 * (`playbook_actions`), which brings the run's next step forward. A cancel of the run is the hub's:
 * an action not yet claimed is never handed out, and the report of one the agent was running is
 * not taken (the agent asks after the action while it runs, `GET /api/upstream/playbook-action/:id`,
 * and stops it). A failure with retries left waits for its backoff and is claimed again.
 */
import { HttpError } from '../../../http/errors.js';
import { UUID } from '../../../lib/uuid.js';
import type { Queryable } from '../../db/db.js';
import {
  localAgents,
  resourceAgent,
  retryBackoffMs,
  type ActionSpec,
  type RunRow,
} from '../../playbooks/runner/index.js';

/**
 * The hub's own runs (the agents' runs carry their agent_id, and their actions are theirs, not
 * addressed to them: playbook-runs.ts).
 */
const HUB_RUN = localAgents();

/**
 * What the agent needs to run the action: the action row, its run (the spec, parameters and
 * resource ids) and the playbook; the run's resource rows (`config`, `component`, `check`, null
 * when the run has none), the agent that resource came from (`agent`, null for the hub's own)
 * and the run's other actions so far (`actions`), which the action's templates see as they
 * would on the hub.
 */
export interface ClaimedAgentAction {
  action: Record<string, unknown>;
  run: Record<string, unknown>;
  playbook: Record<string, unknown> | null;
  config: Record<string, unknown> | null;
  component: Record<string, unknown> | null;
  check: Record<string, unknown> | null;
  agent: Record<string, unknown> | null;
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
           and playbook_run_id in (select id from playbook_runs where status = 'running' and ${HUB_RUN})
         order by scheduled_time, id
         for update skip locked
         limit 1)
      returning to_jsonb(a) as action`,
    [agentId],
  );
  const action = rows[0]?.action;
  if (!action) return undefined;
  const { rows: found } = await tx.query<Omit<ClaimedAgentAction, 'action' | 'agent'>>(
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
  const claimed = found[0]!;
  const agent = await resourceAgent(tx, claimed.component ?? claimed.config ?? claimed.check ?? undefined);
  return { action, ...claimed, agent: agent ?? null };
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
      where status = 'running' and ${HUB_RUN}
        and id in (select playbook_run_id from playbook_run_actions where agent_id = $1 and id = any($2::uuid[]))`,
    [agentId, ids],
  );
  return rowCount;
}

export const PLAYBOOK_ACTION_NOT_FOUND = 'Playbook action not found';

/** How an action addressed to the agent stands: what the agent asks while it runs it. */
export interface AgentActionStanding {
  id: string;
  status: string;
  run_status: string;
}

/** The action's status and its run's, if it is addressed to the agent; 404 otherwise. */
export async function standingOf(db: Queryable, agentId: string, id: string): Promise<AgentActionStanding> {
  const { rows } = UUID.test(id)
    ? await db.query<AgentActionStanding>(
        `select a.id, a.status, r.status as run_status
           from playbook_run_actions a join playbook_runs r on r.id = a.playbook_run_id
          where a.id = $1 and a.agent_id = $2 and ${localAgents('r')}`,
        [id, agentId],
      )
    : { rows: [] };
  if (!rows[0]) throw new HttpError(404, PLAYBOOK_ACTION_NOT_FOUND);
  return rows[0];
}

/** The statuses an agent reports an action ended with. A cancel is the hub's to decide, never the agent's. */
export const REPORTED_STATUSES = ['completed', 'failed', 'timed_out', 'skipped'];

interface Reported {
  id: string;
  name: string;
  status: string;
  retry_count: number;
  run_status: string;
  run_spec: RunRow['spec'];
}

/**
 * Stores the agent's reports (rows of the push, already cut to the columns an agent reports):
 * only on an action addressed to the agent, claimed by it and still `running` — not one whose run
 * was cancelled meanwhile (the cancel stands and the run is not brought back), nor one reported
 * already, which are skipped — and only with a status an action ends with. A failure with retries
 * left (the action's `retry`, as the runner's) then waits for its backoff, released, and is
 * claimed again.
 */
export async function storeActionReports(
  tx: Queryable,
  rows: readonly Record<string, unknown>[],
  agentId: string,
): Promise<{ written: number; skipped: number }> {
  let written = 0;
  for (const row of rows) {
    const given = (column: string) => Object.hasOwn(row, column);
    const set = [
      'status = r.status',
      `start_time = coalesce(${given('start_time') ? 'r.start_time' : 'null'}, a.start_time)`,
      `end_time = coalesce(${given('end_time') ? 'r.end_time' : 'null'}, now())`,
      ...(given('result') ? ['result = r.result'] : []),
      ...(given('error') ? ['error = r.error'] : []),
    ];
    const { rows: stored } = await tx.query<Reported>(
      `update playbook_run_actions a set ${set.join(', ')}
         from jsonb_populate_record(null::playbook_run_actions, $2::jsonb) r
        where a.id = r.id and a.agent_id = $1 and a.claimed_by = 'agent:' || $1::text
          and a.status = 'running' and r.status = any($3::text[])
        returning a.id, a.name, a.status, a.retry_count,
          (select p.status from playbook_runs p where p.id = a.playbook_run_id) as run_status,
          (select p.spec from playbook_runs p where p.id = a.playbook_run_id) as run_spec`,
      [agentId, JSON.stringify(row), REPORTED_STATUSES],
    );
    const action = stored[0];
    if (!action) continue;
    written += 1;
    if (action.status === 'failed' && action.run_status === 'running') await retryIfLeft(tx, action);
  }
  return { written, skipped: rows.length - written };
}

/** A failed action with retries left waits for its backoff (the runner's), to be claimed again. */
async function retryIfLeft(tx: Queryable, action: Reported): Promise<void> {
  const spec = (action.run_spec?.actions ?? []).find((a: ActionSpec) => a.name === action.name);
  const retry = spec?.retry;
  if (!retry || action.retry_count >= (retry.limit ?? 0)) return;
  let wait: number;
  try {
    wait = retryBackoffMs(retry, action.retry_count + 1);
  } catch {
    // A retry whose duration cannot be read: the failure stands, as the runner's would.
    return;
  }
  await tx.query(
    `update playbook_run_actions set status = 'waiting', retry_count = retry_count + 1,
       scheduled_time = now() + $2::float8 * interval '1 millisecond', claimed_by = null, lease_until = null
      where id = $1`,
    [action.id, wait],
  );
}
