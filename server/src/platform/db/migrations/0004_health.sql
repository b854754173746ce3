-- Health: canaries (check definitions), checks, status history and check relations (spec 1 §3).

create table canaries (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  namespace text not null default 'default',
  icon text,
  labels jsonb not null default '{}',
  schedule text,
  spec jsonb not null default '{}',
  source text not null default 'UI',
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000'
    references agents (id) on delete cascade,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index canaries_name_key on canaries (agent_id, namespace, name) where deleted_at is null;
create index canaries_deleted_at_idx on canaries (deleted_at);

create table checks (
  id uuid primary key default gen_random_uuid(),
  canary_id uuid not null references canaries (id) on delete cascade,
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000'
    references agents (id) on delete cascade,
  type text not null,
  name text not null,
  namespace text,
  description text,
  endpoint text,
  icon text,
  owner text,
  severity text check (severity in ('info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical')),
  labels jsonb not null default '{}',
  spec jsonb,
  -- latest result; null until the check first ran
  status text check (status in ('healthy', 'unhealthy')),
  last_runtime timestamptz,
  next_runtime timestamptz,
  last_transition_time timestamptz,
  silenced_at timestamptz,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index checks_canary_id_idx on checks (canary_id);
create index checks_namespace_idx on checks (namespace);
create index checks_status_idx on checks (status);
create index checks_type_idx on checks (type);
create index checks_name_idx on checks (name);
create index checks_agent_id_idx on checks (agent_id);
create index checks_deleted_at_idx on checks (deleted_at);
create index checks_labels_idx on checks using gin (labels);

-- One result of one check run. The primary key (check_id, time) is the index that serves
-- "page of 50 for one check ordered by time desc" (a backward index scan).
create table check_statuses (
  check_id uuid not null references checks (id) on delete cascade,
  time timestamptz not null,
  status boolean not null, -- true healthy; REST filters status=eq.1 / eq.0
  duration integer not null default 0 check (duration >= 0), -- milliseconds
  message text,
  error text,
  detail jsonb,
  invalid boolean not null default false,
  created_at timestamptz not null default now(),
  constraint check_statuses_pkey primary key (check_id, time)
);
-- The history's "Unhealthy" filter: failures are the minority, so a small partial index keeps
-- that page an index scan too ("Healthy" pages use the primary key and skip the few failures).
create index check_statuses_failed_idx on check_statuses (check_id, time) where not status;

create table check_config_relationships (
  check_id uuid not null references checks (id) on delete cascade,
  config_id uuid not null references configs (id) on delete cascade,
  canary_id uuid references canaries (id) on delete cascade,
  selector_id text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (check_id, config_id, selector_id)
);
create index check_config_relationships_config_id_idx on check_config_relationships (config_id);
create index check_config_relationships_canary_id_idx on check_config_relationships (canary_id);

create table check_component_relationships (
  check_id uuid not null references checks (id) on delete cascade,
  component_id uuid not null references components (id) on delete cascade,
  canary_id uuid references canaries (id) on delete cascade,
  selector_id text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (check_id, component_id, selector_id)
);
create index check_component_relationships_component_id_idx on check_component_relationships (component_id);
create index check_component_relationships_canary_id_idx on check_component_relationships (canary_id);

select _attach_updated_at_triggers();
