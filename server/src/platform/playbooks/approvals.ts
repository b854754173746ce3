/**
 * Approving a run that waits in pending_approval (spec.approval): who may, and the transition.
 * An approval is a playbook_approvals row (the person, and the team they approve for); once
 * `approval.type` is satisfied (any: one approval; all: every named person and every named team)
 * the run moves to scheduled, due now, for the runner to claim.
 */
import type { Db, Queryable } from '../db/db.js';
import type { PlaybookSpec } from './runs.js';

export const RUN_NOT_FOUND = 'Playbook run not found';
export const NOT_WAITING = 'The playbook run is not waiting for approval';
export const NOT_AN_APPROVER = 'You are not an approver of this playbook run';
export const ALREADY_APPROVED = 'You have already approved this playbook run';

export class ApprovalError extends Error {
  constructor(
    readonly status: 403 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export interface Approver {
  personId: string;
  /** The approvers' team the person approves for, when they are not named themselves. */
  teamId?: string | null;
  /** An administrator's approval: it satisfies the approval alone. */
  override?: boolean;
}

export interface ApprovalOutcome {
  /** The run's status after the approval: scheduled once satisfied, else pending_approval. */
  status: string;
  approved: boolean;
}

export interface ApproverPerson {
  id: string;
  name: string;
  email: string | null;
}

const named = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];

const samePerson = (entry: string, person: ApproverPerson) => {
  const text = entry.trim().toLowerCase();
  return (
    text === person.id.toLowerCase() ||
    text === person.name.trim().toLowerCase() ||
    (person.email !== null && text === person.email.trim().toLowerCase())
  );
};

/**
 * How the person may approve a run of this spec: as a named person (`approvers.people` lists
 * their email, name or id), for one of their teams (`approvers.teams` lists its name or id), or
 * as an administrator; undefined when they may not.
 */
export async function approverOf(
  db: Queryable,
  spec: PlaybookSpec | null | undefined,
  person: ApproverPerson,
  isAdmin: boolean,
): Promise<Approver | undefined> {
  const approvers = spec?.approval?.approvers;
  if (named(approvers?.people).some((entry) => samePerson(entry, person))) return { personId: person.id };
  const teams = named(approvers?.teams);
  if (teams.length > 0) {
    const { rows } = await db.query<{ id: string }>(
      `select t.id from teams t join team_members m on m.team_id = t.id
        where m.person_id = $1 and t.deleted_at is null
          and (lower(t.name) = any($2::text[]) or t.id::text = any($2::text[]))
        order by t.name limit 1`,
      [person.id, teams.map((t) => t.trim().toLowerCase())],
    );
    if (rows[0]) return { personId: person.id, teamId: rows[0].id };
  }
  if (isAdmin) return { personId: person.id, override: true };
  return undefined;
}

/** Whether the approvals given satisfy spec.approval. */
export async function approvalSatisfied(
  tx: Queryable,
  runId: string,
  spec: Pick<PlaybookSpec, 'approval'> | null,
): Promise<boolean> {
  const { rows: approvals } = await tx.query<{ person_id: string | null; team_id: string | null }>(
    `select person_id, team_id from playbook_approvals where run_id = $1`,
    [runId],
  );
  if (approvals.length === 0) return false;
  if ((spec?.approval?.type ?? 'any') !== 'all') return true;
  const people = named(spec?.approval?.approvers?.people).map((p) => p.trim().toLowerCase());
  const teams = named(spec?.approval?.approvers?.teams).map((t) => t.trim().toLowerCase());
  const { rows: missingPeople } = await tx.query<{ n: number }>(
    `select count(*)::int as n from unnest($1::text[]) as wanted(entry)
      where not exists (
        select 1 from playbook_approvals a join people p on p.id = a.person_id
         where a.run_id = $2 and a.team_id is null
           and (p.id::text = wanted.entry or lower(p.name) = wanted.entry or lower(p.email) = wanted.entry))`,
    [people, runId],
  );
  if (missingPeople[0]!.n > 0) return false;
  const { rows: missingTeams } = await tx.query<{ n: number }>(
    `select count(*)::int as n from unnest($1::text[]) as wanted(entry)
      where not exists (
        select 1 from playbook_approvals a join teams t on t.id = a.team_id
         where a.run_id = $2 and (t.id::text = wanted.entry or lower(t.name) = wanted.entry))`,
    [teams, runId],
  );
  return missingTeams[0]!.n === 0;
}

/**
 * Records the approver's approval of a run waiting for approval and, when the approval is then
 * satisfied (or given by an administrator), moves the run to scheduled, due now; in one
 * transaction. Throws ApprovalError: 404 unknown run, 409 not waiting or already approved.
 */
export async function approveRun(db: Db, runId: string, approver: Approver): Promise<ApprovalOutcome> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: string; spec: PlaybookSpec | null }>(
      `select status, spec from playbook_runs where id = $1 for update`,
      [runId],
    );
    const run = rows[0];
    if (!run) throw new ApprovalError(404, RUN_NOT_FOUND);
    if (run.status !== 'pending_approval') throw new ApprovalError(409, NOT_WAITING);
    const inserted = await tx.query(
      `insert into playbook_approvals (run_id, person_id, team_id) values ($1, $2, $3)
       on conflict (run_id, person_id) do nothing returning id`,
      [runId, approver.personId, approver.teamId ?? null],
    );
    if (inserted.rows.length === 0) throw new ApprovalError(409, ALREADY_APPROVED);
    if (!approver.override && !(await approvalSatisfied(tx, runId, run.spec)))
      return { status: run.status, approved: false };
    await tx.query(`update playbook_runs set status = 'scheduled', scheduled_time = now() where id = $1`, [
      runId,
    ]);
    return { status: 'scheduled', approved: true };
  });
}
