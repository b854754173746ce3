/**
 * What the API does to a run that the runner then acts on: whether it waits for approval, and
 * cancelling it. Both only change rows; the runner's consumers, in whichever replica, notice and
 * act. Approving is the API's `approvals.ts`.
 */
import type { Db } from '../../db/db.js';
import { FINAL_RUN_STATUSES, type PlaybookSpec, type RunStatus } from './types.js';

/** Whether the playbook needs an approval before its runs start: it names approvers. */
export function needsApproval(spec: Pick<PlaybookSpec, 'approval'> | null | undefined): boolean {
  const approvers = spec?.approval?.approvers;
  return Boolean(approvers && ((approvers.people?.length ?? 0) > 0 || (approvers.teams?.length ?? 0) > 0));
}

/**
 * Cancels a run that has not ended: the run and its unfinished actions are cancelled at once; an
 * action running in some replica is stopped by that replica, which sees it cancelled when it
 * renews its claim (about every second). The run's status after it, or undefined for no such run.
 */
export async function cancelRun(
  db: Db,
  runId: string,
  /** Who cancels it, for the rows' change history. */
  actorId?: string,
): Promise<{ status: RunStatus; cancelled: boolean } | undefined> {
  return db.transaction(async (tx) => {
    if (actorId) await tx.query(`select set_config('app.user_id', $1, true)`, [actorId]);
    const { rows } = await tx.query<{ status: RunStatus }>(
      `select status from playbook_runs where id = $1 for update`,
      [runId],
    );
    const run = rows[0];
    if (!run) return undefined;
    if (FINAL_RUN_STATUSES.includes(run.status)) return { status: run.status, cancelled: false };
    await tx.query(
      `update playbook_runs set status = 'cancelled', end_time = now(), claimed_by = null, lease_until = null,
         updated_at = now() where id = $1`,
      [runId],
    );
    // A running action stays claimed: its replica sees it cancelled at its next renewal, stops
    // it and keeps its output; one whose replica is gone is cancelled all the same.
    await tx.query(
      `update playbook_run_actions set status = 'cancelled', end_time = now(),
         claimed_by = case when status = 'running' then claimed_by end,
         lease_until = case when status = 'running' then lease_until end, updated_at = now()
        where playbook_run_id = $1 and status in ('pending', 'scheduled', 'sleeping', 'waiting', 'running')`,
      [runId],
    );
    return { status: 'cancelled', cancelled: true };
  });
}
