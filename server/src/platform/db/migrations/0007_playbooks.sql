-- Playbooks, their runs and run actions (spec 1 §3, spec 3 §2.3, §3-4).

create table playbooks (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  namespace text not null default 'default',
  title text,
  icon text,
  description text,
  category text,
  -- {configs, components, checks selectors, parameters[{name, label, type, default, required, properties}], actions}
  spec jsonb not null default '{}',
  source text not null default 'UI',
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index playbooks_name_key on playbooks (namespace, name) where deleted_at is null;
create index playbooks_deleted_at_idx on playbooks (deleted_at);
create index playbooks_category_idx on playbooks (category);

create table playbook_runs (
  id uuid primary key default gen_random_uuid(),
  playbook_id uuid not null references playbooks (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'scheduled', 'running',
    'completed', 'failed', 'cancelled', 'waiting', 'sleeping', 'skipped')),
  spec jsonb, -- the playbook spec as it was when the run started
  parameters jsonb not null default '{}',
  component_id uuid references components (id) on delete set null,
  config_id uuid references configs (id) on delete set null,
  check_id uuid references checks (id) on delete set null,
  parent_id uuid references playbook_runs (id) on delete set null, -- the run this one re-runs
  agent_id uuid references agents (id) on delete set null,
  scheduled_time timestamptz not null default now(),
  start_time timestamptz,
  end_time timestamptz,
  error text,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index playbook_runs_playbook_id_idx on playbook_runs (playbook_id);
create index playbook_runs_status_idx on playbook_runs (status);
create index playbook_runs_created_at_idx on playbook_runs (created_at desc);
create index playbook_runs_start_time_idx on playbook_runs (start_time desc);
create index playbook_runs_config_id_idx on playbook_runs (config_id);
create index playbook_runs_component_id_idx on playbook_runs (component_id);
create index playbook_runs_check_id_idx on playbook_runs (check_id);
create index playbook_runs_agent_id_idx on playbook_runs (agent_id);
create index playbook_runs_created_by_idx on playbook_runs (created_by);

create table playbook_run_actions (
  id uuid primary key default gen_random_uuid(),
  playbook_run_id uuid not null references playbook_runs (id) on delete cascade,
  name text not null,
  status text not null default 'pending' check (status in ('pending', 'scheduled', 'running',
    'completed', 'failed', 'cancelled', 'waiting', 'sleeping', 'skipped')),
  scheduled_time timestamptz not null default now(),
  start_time timestamptz,
  end_time timestamptz,
  result jsonb, -- {stdout, stderr, logs, ...}
  error text,
  retry_count integer not null default 0,
  agent_id uuid references agents (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index playbook_run_actions_playbook_run_id_idx on playbook_run_actions (playbook_run_id, scheduled_time);
create index playbook_run_actions_status_idx on playbook_run_actions (status);

select _attach_updated_at_triggers();
