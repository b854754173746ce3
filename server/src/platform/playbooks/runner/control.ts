/**
 * What people do to a run from the API: approve it (spec.approval) and cancel it. Both only change
 * rows; the runner's consumers, in whichever replica, notice and act.
 */
import type { Db, Queryable } from '../../db/db.js';
import type { PlaybookSpec, RunStatus } from './types.js';

/** Whether the playbook needs an approval before its runs start: it names approvers. */
export function needsApproval(spec: PlaybookSpec | null | undefined): boolean {
  const approvers = spec?.approval?.approvers;
  return Boolean(approvers && ((approvers.people?.length ?? 0) > 0 || (approvers.teams?.length ?? 0) > 0));
}

/**
 * Whether the approvals of a run satisfy its spec: `any` (the default) needs one; `all` needs each
 * named person (by id, email or name) and, for each named team (by id or name), one of its members.
 */
export async function approvalSatisfied(db: Queryable, runId: string, spec: PlaybookSpec): Promise<boolean> {
  const { rows } = await db.query<{ approvals: number; people_missing: number; teams_missing: number }>(
    `with wanted_people as (
       select p.id from people p
        where p.deleted_at is null and (p.id::text = any($2::text[]) or p.email = any($2::text[]) or p.name = any($2::text[]))),
     wanted_teams as (
       select t.id from teams t where t.deleted_at is null and (t.id::text = any($3::text[]) or t.name = any($3::text[])))
     select (select count(*) from playbook_approvals a where a.run_id = $1)::int as approvals,
       (select count(*) from wanted_people w where not exists (
          select 1 from playbook_approvals a where a.run_id = $1 and a.person_id = w.id))::int as people_missing,
       (select count(*) from wanted_teams w where not exists (
          select 1 from playbook_approvals a where a.run_id = $1 and (a.team_id = w.id
            or a.person_id in (select m.person_id from team_members m where m.team_id = w.id))))::int as teams_missing`,
    [runId, spec.approval?.approvers?.people ?? [], spec.approval?.approvers?.teams ?? []],
  );
  const counts = rows[0]!;
  if (counts.approvals === 0) return false;
  if ((spec.approval?.type ?? 'any') === 'any') return true;
  return counts.people_missing === 0 && counts.teams_missing === 0;
}

export interface ApprovalOutcome {
  /** The run's status after the approval: `scheduled` once the approvals suffice. */
  status: RunStatus;
  /** Whether this approval was recorded (false when the run was not waiting for approval). */
  recorded: boolean;
}

/**
 * Records `approver`'s approval of a run waiting in pending_approval (once per person) and, when
 * the approvals now satisfy `approval.type`, schedules the run to start now. One transaction; who
 * may approve is the API's decision. The run's status after it, or undefined for no such run.
 */
export async function approveRun(
  db: Db,
  runId: string,
  approver: string | { id: string },
): Promise<ApprovalOutcome | undefined> {
  const personId = typeof approver === 'string' ? approver : approver.id;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: RunStatus; spec: PlaybookSpec | null }>(
      `select status, spec from playbook_runs where id = $1 for update`,
      [runId],
    );
    const run = rows[0];
    if (!run) return undefined;
    if (run.status !== 'pending_approval') return { status: run.status, recorded: false };
    await tx.query(
      `insert into playbook_approvals (run_id, person_id) values ($1, $2)
         on conflict (run_id, person_id) do nothing`,
      [runId, personId],
    );
    if (!(await approvalSatisfied(tx, runId, run.spec ?? {}))) return { status: run.status, recorded: true };
    await tx.query(
      `update playbook_runs set status = 'scheduled', scheduled_time = now(), updated_at = now() where id = $1`,
      [runId],
    );
    return { status: 'scheduled', recorded: true };
  });
}

/**
 * Cancels a run that has not ended: the run and its actions that wait are cancelled at once; an
 * action running in some replica is stopped by that replica, which sees the run cancelled when it
 * renews its claim (about every second). The run's status after it, or undefined for no such run.
 */
export async function cancelRun(
  db: Db,
  runId: string,
): Promise<{ status: RunStatus; cancelled: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: RunStatus }>(
      `select status from playbook_runs where id = $1 for update`,
      [runId],
    );
    const run = rows[0];
    if (!run) return undefined;
    if (['completed', 'failed', 'cancelled', 'timed_out', 'skipped'].includes(run.status))
      return { status: run.status, cancelled: false };
    await tx.query(
      `update playbook_runs set status = 'cancelled', end_time = now(), claimed_by = null, lease_until = null,
         updated_at = now() where id = $1`,
      [runId],
    );
    await tx.query(
      `update playbook_run_actions set status = 'cancelled', end_time = now(), claimed_by = null,
         lease_until = null, updated_at = now()
        where playbook_run_id = $1 and status in ('pending', 'scheduled', 'sleeping', 'waiting')`,
      [runId],
    );
    return { status: 'cancelled', cancelled: true };
  });
}
