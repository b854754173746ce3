-- Settings: connections, permissions, feature flags (properties), logging backends,
-- job history and the event queue (spec 1 §3, §6; spec 3 §3, §9).

create table connections (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  namespace text not null default 'default',
  type text not null check (type in (
    'postgres', 'mysql', 'sql_server', 'http', 'prometheus', 'elasticsearch', 'mongo', 'ldap', 'redis',
    'windows', 'google_cloud', 'gcs', 'sftp', 'aws', 's3', 'kubernetes', 'azure_devops', 'azure',
    'github', 'gitlab', 'restic', 'smb', 'jmeter', 'dynatrace', 'git',
    -- notification-only
    'discord', 'email', 'google_chat', 'ifttt', 'mattermost', 'matrix', 'ntfy', 'opsgenie',
    'pushbullet', 'pushover', 'rocketchat', 'slack', 'teams', 'telegram', 'zulip_chat',
    'generic_webhook')),
  url text,
  username text, -- secret-capable values are stored as given (literal or a secret/configmap reference)
  password text,
  certificate text,
  insecure_tls boolean not null default false,
  properties jsonb not null default '{}', -- string map of per-type fields (db, region, bucket, ...)
  source text not null default 'UI',
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index connections_name_key on connections (namespace, name) where deleted_at is null;
create index connections_type_idx on connections (type);
create index connections_deleted_at_idx on connections (deleted_at);

create table permissions (
  id uuid primary key default gen_random_uuid(),
  action text not null check (action in ('read', 'update', 'create', 'delete', '*',
    'create,read,update,delete', 'playbook:run', 'playbook:approve')),
  deny boolean not null default false,
  description text,
  -- a global object, or one of the resource ids below
  object text check (object in ('canaries', 'catalog', 'incident', 'people', 'topology', 'playbooks',
    'connection', 'connection-detail', 'agent-push', 'kubernetes-proxy', 'notification', 'rbac',
    'logs', 'agent', 'artifact')),
  component_id uuid references components (id) on delete cascade,
  config_id uuid references configs (id) on delete cascade,
  canary_id uuid references canaries (id) on delete cascade,
  playbook_id uuid references playbooks (id) on delete cascade,
  connection_id uuid references connections (id) on delete cascade,
  check_id uuid references checks (id) on delete cascade,
  -- subject
  person_id uuid references people (id) on delete cascade,
  team_id uuid references teams (id) on delete cascade,
  until timestamptz,
  source text not null default 'UI',
  created_by uuid references people (id) on delete set null,
  updated_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint permissions_subject_check check (num_nonnulls(person_id, team_id) = 1),
  constraint permissions_resource_check check (
    num_nonnulls(object, component_id, config_id, canary_id, playbook_id, connection_id, check_id) >= 1)
);
create index permissions_component_id_idx on permissions (component_id);
create index permissions_config_id_idx on permissions (config_id);
create index permissions_canary_id_idx on permissions (canary_id);
create index permissions_playbook_id_idx on permissions (playbook_id);
create index permissions_connection_id_idx on permissions (connection_id);
create index permissions_check_id_idx on permissions (check_id);
create index permissions_person_id_idx on permissions (person_id);
create index permissions_team_id_idx on permissions (team_id);

-- Feature flags: '{feature}.disable' = 'true' turns a feature off (spec 1 §6).
create table properties (
  name text primary key,
  value text not null,
  description text,
  source text not null default 'UI', -- 'local' flags come from the server's settings, read-only
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table logging_backends (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  namespace text not null default 'default',
  icon text,
  labels jsonb not null default '{}',
  schedule text,
  spec jsonb not null default '{}', -- edited as YAML
  source text not null default 'UI',
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000'
    references agents (id) on delete cascade,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index logging_backends_deleted_at_idx on logging_backends (deleted_at);

-- resource_id is text: it holds a uuid for every resource kind the spec names, but text keeps
-- jobs about non-uuid resources possible; views join with resource_id = <table>.id::text.
create table job_histories (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  resource_type text, -- canary, topology, config_scraper, catalog_scraper, config, playbook, agent, ...
  resource_id text,
  resource_name text,
  status text not null default 'RUNNING'
    check (status in ('RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED')),
  hostname text,
  agent_id uuid references agents (id) on delete set null,
  time_start timestamptz not null default now(),
  time_end timestamptz,
  duration_millis integer check (duration_millis >= 0),
  success_count integer not null default 0,
  error_count integer not null default 0,
  details jsonb, -- {errors: string | string[] | map, scrape_summary, summary}
  created_at timestamptz not null default now()
);
create index job_histories_resource_idx on job_histories (resource_type, resource_id);
create index job_histories_resource_id_created_at_idx on job_histories (resource_id, created_at desc);
create index job_histories_name_idx on job_histories (name);
create index job_histories_status_idx on job_histories (status);
create index job_histories_created_at_idx on job_histories (created_at desc);
create index job_histories_agent_id_idx on job_histories (agent_id);

-- Work queued in Postgres, claimed with FOR UPDATE SKIP LOCKED (DESIGN §1).
create table event_queue (
  id uuid primary key default gen_random_uuid(),
  name text not null, -- event name, e.g. check.failed, notification.send
  properties jsonb not null default '{}',
  error text,
  attempts integer not null default 0,
  last_attempt timestamptz,
  priority integer not null default 0,
  created_at timestamptz not null default now()
);
create index event_queue_name_idx on event_queue (name);
create index event_queue_claim_idx on event_queue (priority desc, created_at) where attempts = 0;
create index event_queue_last_attempt_idx on event_queue (last_attempt);

select _attach_updated_at_triggers();
