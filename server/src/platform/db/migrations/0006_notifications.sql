-- Notifications: rules, send history and silences (spec 2 §3-4, spec 3 §3).

create table notifications (
  id uuid primary key default gen_random_uuid(),
  name text,
  namespace text not null default 'default',
  title text,
  events text[] not null check (
    cardinality(events) > 0
    and events <@ array['check.failed', 'check.passed', 'component.healthy', 'component.unhealthy',
      'component.unknown', 'component.warning', 'config.created', 'config.deleted', 'config.healthy',
      'config.unhealthy', 'config.unknown', 'config.updated', 'config.warning',
      'playbook.approval.inserted', 'playbook.spec.approval.updated']::text[]),
  filter text, -- CEL expression
  -- recipient: exactly one kind is set by the UI (person, team, or custom_services [{connection, ...}])
  person_id uuid references people (id) on delete set null,
  team_id uuid references teams (id) on delete set null,
  custom_services jsonb,
  repeat_interval text check (repeat_interval in ('1h', '2h', '3h', '6h', '1d', '1w', '1m')),
  template text, -- markdown; null means the default template
  properties jsonb not null default '{}',
  labels jsonb not null default '{}',
  spec jsonb,
  source text not null default 'UI',
  error text, -- last rule-level error (e.g. a bad filter)
  error_at timestamptz,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index notifications_deleted_at_idx on notifications (deleted_at);
create index notifications_person_id_idx on notifications (person_id);
create index notifications_team_id_idx on notifications (team_id);
create index notifications_events_idx on notifications using gin (events);

create table notification_send_history (
  id uuid primary key default gen_random_uuid(),
  notification_id uuid not null references notifications (id) on delete cascade,
  status text not null default 'pending'
    check (status in ('sent', 'error', 'pending', 'cancelled', 'repeat-interval', 'silenced')),
  source_event text not null,
  resource_id uuid, -- a check, config, component or canary (see resource_type); no FK, it is polymorphic
  resource_type text check (resource_type in ('check', 'config', 'component', 'canary')),
  person_id uuid references people (id) on delete set null, -- the recipient, when a person
  body text, -- rendered HTML
  error text,
  duration_millis integer check (duration_millis >= 0),
  count integer not null default 1 check (count >= 1),
  first_observed timestamptz not null default now(),
  created_at timestamptz not null default now()
);
create index notification_send_history_notification_id_idx on notification_send_history (notification_id);
create index notification_send_history_status_idx on notification_send_history (status);
create index notification_send_history_resource_type_idx on notification_send_history (resource_type);
create index notification_send_history_resource_id_idx on notification_send_history (resource_id);
create index notification_send_history_created_at_idx on notification_send_history (created_at desc);

create table notification_silences (
  id uuid primary key default gen_random_uuid(),
  namespace text,
  description text, -- shown as the reason
  source text not null default 'UI',
  canary_id uuid references canaries (id) on delete cascade,
  check_id uuid references checks (id) on delete cascade,
  component_id uuid references components (id) on delete cascade,
  config_id uuid references configs (id) on delete cascade,
  "from" timestamptz default now(), -- null: silenced since it was created
  until timestamptz,
  recursive boolean not null default false,
  filter text,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint notification_silences_resource_check
    check (num_nonnulls(canary_id, check_id, component_id, config_id) >= 1),
  constraint notification_silences_range_check check (until is null or "from" is null or until > "from")
);
create index notification_silences_deleted_at_idx on notification_silences (deleted_at);
create index notification_silences_canary_id_idx on notification_silences (canary_id);
create index notification_silences_check_id_idx on notification_silences (check_id);
create index notification_silences_component_id_idx on notification_silences (component_id);
create index notification_silences_config_id_idx on notification_silences (config_id);

select _attach_updated_at_triggers();
