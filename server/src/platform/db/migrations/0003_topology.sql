-- Topology: topology definitions, their components, team ownership and config links (spec 3 §3).

create table topologies (
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
create unique index topologies_name_key on topologies (agent_id, namespace, name) where deleted_at is null;
create index topologies_deleted_at_idx on topologies (deleted_at);

create table components (
  id uuid primary key default gen_random_uuid(),
  topology_id uuid references topologies (id) on delete cascade,
  parent_id uuid references components (id) on delete cascade,
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000'
    references agents (id) on delete cascade,
  external_id text,
  name text not null,
  title text,
  text text,
  namespace text,
  type text,
  icon text,
  owner text,
  labels jsonb not null default '{}',
  -- [{name, type, text, value, max, unit, icon, color, headline, links}]
  properties jsonb not null default '[]',
  -- topology ranking: info 4, healthy 3, warning 2, unhealthy 1
  status text not null default 'unknown'
    check (status in ('info', 'healthy', 'warning', 'unhealthy', 'unknown')),
  health text check (health in ('healthy', 'unhealthy', 'warning', 'unknown')),
  status_reason text,
  description text,
  lifecycle text,
  tooltip text,
  path text, -- dot-separated ancestor ids
  is_leaf boolean not null default false,
  hidden boolean not null default false,
  selectors jsonb,
  log_selectors jsonb, -- [{name, type, labels}] logs offered for this component
  summary jsonb, -- cached {checks, incidents, insights}
  cost_per_minute numeric(16, 4),
  cost_total_1d numeric(16, 4),
  cost_total_7d numeric(16, 4),
  cost_total_30d numeric(16, 4),
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index components_parent_id_idx on components (parent_id);
create index components_topology_id_idx on components (topology_id);
create index components_type_idx on components (type);
create index components_status_idx on components (status);
create index components_health_idx on components (health);
create index components_agent_id_idx on components (agent_id);
create index components_name_idx on components (name);
create index components_deleted_at_idx on components (deleted_at);
create index components_labels_idx on components using gin (labels);

create table team_components (
  team_id uuid not null references teams (id) on delete cascade,
  component_id uuid not null references components (id) on delete cascade,
  role text,
  selector_id text not null default '',
  created_at timestamptz not null default now(),
  primary key (team_id, component_id, selector_id)
);
create index team_components_component_id_idx on team_components (component_id);

-- Link between a component and a config item; selector_id 'manual' is a user-made link.
create table config_component_relationships (
  component_id uuid not null references components (id) on delete cascade,
  config_id uuid not null references configs (id) on delete cascade,
  selector_id text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (component_id, config_id, selector_id)
);
create index config_component_relationships_config_id_idx on config_component_relationships (config_id);

select _attach_updated_at_triggers();
