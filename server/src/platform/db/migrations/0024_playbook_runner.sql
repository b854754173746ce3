-- The playbook runner (server/src/platform/playbooks): runs and their actions are queues claimed
-- with FOR UPDATE SKIP LOCKED by any replica; a claim holds a lease the claimer renews while it
-- works, so a replica that dies leaves rows another replica picks up once the lease ends.
--   claimed_by    the replica (its id) working on the row, null when nobody is
--   lease_until   when the claim ends unless renewed
--   trigger       what started the run: manual, webhook, schedule, or the event name (check.failed, ...)
--   timeout_at    when the playbook's own timeout ends the run (set when the run starts)
--   next_look_at  while a run's action is under way, when the runner looks at the run again
--                 (scheduled_time stays when the run was due to start)
alter table playbook_runs drop constraint playbook_runs_status_check;
alter table playbook_runs add constraint playbook_runs_status_check check (status in ('pending',
  'scheduled', 'running', 'pending_approval', 'waiting', 'sleeping', 'completed', 'failed',
  'cancelled', 'timed_out', 'skipped'));
alter table playbook_runs
  add column claimed_by text,
  add column lease_until timestamptz,
  add column trigger text not null default 'manual',
  add column timeout_at timestamptz,
  add column next_look_at timestamptz;

alter table playbook_run_actions drop constraint playbook_run_actions_status_check;
alter table playbook_run_actions add constraint playbook_run_actions_status_check check (status in (
  'pending', 'scheduled', 'running', 'waiting', 'sleeping', 'completed', 'failed', 'cancelled',
  'skipped', 'timed_out'));
alter table playbook_run_actions
  add column claimed_by text,
  add column lease_until timestamptz;

-- The runner's claims: due runs and actions, and leases that ended.
create index playbook_runs_due_idx on playbook_runs ((coalesce(next_look_at, scheduled_time)))
  where status in ('pending', 'scheduled', 'running');
create index playbook_run_actions_due_idx on playbook_run_actions (scheduled_time)
  where status in ('pending', 'scheduled', 'running', 'sleeping', 'waiting');
-- The runs list: newest first (as the page orders it: created_at desc nulls last, id), alone,
-- by playbook and by status.
create index playbook_runs_list_idx on playbook_runs (created_at desc nulls last, id);
create index playbook_runs_playbook_created_idx on playbook_runs (playbook_id, created_at desc nulls last, id);
create index playbook_runs_status_created_idx on playbook_runs (status, created_at desc nulls last, id);

-- Approvals of runs waiting in pending_approval (spec.approval: any or all of the approvers).
create table playbook_approvals (
  id uuid primary key default gen_random_uuid(),
  run_id uuid not null references playbook_runs (id) on delete cascade,
  person_id uuid references people (id) on delete cascade,
  team_id uuid references teams (id) on delete cascade,
  created_at timestamptz not null default now()
);
create unique index playbook_approvals_person_key on playbook_approvals (run_id, person_id);
