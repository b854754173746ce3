-- Catalog: scrapers, config items, their changes, insights (analysis) and relationships (spec 3 §3).

create table config_scrapers (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  namespace text not null default 'default',
  description text,
  icon text,
  labels jsonb not null default '{}',
  schedule text,
  spec jsonb not null default '{}',
  source text not null default 'UI', -- UI, KubernetesCRD, ...
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000'
    references agents (id) on delete cascade,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index config_scrapers_agent_id_idx on config_scrapers (agent_id);
create index config_scrapers_deleted_at_idx on config_scrapers (deleted_at);
create index config_scrapers_name_idx on config_scrapers (name);

create table configs (
  id uuid primary key default gen_random_uuid(),
  scraper_id uuid references config_scrapers (id) on delete set null,
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000'
    references agents (id) on delete cascade,
  parent_id uuid references configs (id) on delete set null,
  path text, -- dot-separated ancestor ids
  external_id text[] not null default '{}',
  type text not null,
  config_class text,
  name text not null,
  namespace text,
  description text,
  status text,
  health text check (health in ('healthy', 'unhealthy', 'warning', 'unknown')),
  ready boolean not null default true,
  labels jsonb not null default '{}',
  tags jsonb not null default '{}',
  properties jsonb,
  config jsonb, -- the item's body; a non-JSON body is kept as a JSON string
  format text, -- json (default), yaml, properties, ...
  source text,
  cost_per_minute numeric(16, 4),
  cost_total_1d numeric(16, 4),
  cost_total_7d numeric(16, 4),
  cost_total_30d numeric(16, 4),
  last_scraped_time timestamptz,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  delete_reason text
);
create index configs_type_idx on configs (type);
create index configs_config_class_idx on configs (config_class);
create index configs_health_idx on configs (health);
create index configs_status_idx on configs (status);
create index configs_deleted_at_idx on configs (deleted_at);
create index configs_name_idx on configs (name);
create index configs_namespace_idx on configs (namespace);
create index configs_agent_id_idx on configs (agent_id);
create index configs_scraper_id_idx on configs (scraper_id);
create index configs_parent_id_idx on configs (parent_id);
create index configs_created_at_idx on configs (created_at desc);
create index configs_tags_idx on configs using gin (tags);
create index configs_labels_idx on configs using gin (labels);

create table config_changes (
  id uuid primary key default gen_random_uuid(),
  config_id uuid not null references configs (id) on delete cascade,
  external_change_id text,
  change_type text not null,
  severity text check (severity in ('info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical')),
  source text,
  summary text,
  tags jsonb not null default '{}',
  details jsonb,
  patches jsonb,
  diff text,
  created_by uuid references people (id) on delete set null,
  external_created_by text,
  first_observed timestamptz not null default now(),
  count integer not null default 1 check (count >= 1),
  created_at timestamptz not null default now()
);
create index config_changes_config_id_created_at_idx on config_changes (config_id, created_at desc);
create index config_changes_change_type_idx on config_changes (change_type);
create index config_changes_severity_idx on config_changes (severity);
create index config_changes_created_at_idx on config_changes (created_at desc);
create index config_changes_created_by_idx on config_changes (created_by);
create unique index config_changes_external_change_id_key
  on config_changes (config_id, external_change_id) where external_change_id is not null;

create table config_analysis (
  id uuid primary key default gen_random_uuid(),
  config_id uuid not null references configs (id) on delete cascade,
  scraper_id uuid references config_scrapers (id) on delete set null,
  analyzer text not null,
  analysis_type text not null check (analysis_type in ('cost', 'availability', 'performance', 'security',
    'integration', 'compliance', 'technical_debt', 'reliability', 'recommendation', 'other')),
  severity text not null default 'info'
    check (severity in ('info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical')),
  status text not null default 'open' check (status in ('open', 'resolved', 'silenced')),
  message text,
  summary text,
  analysis jsonb,
  source text,
  first_observed timestamptz not null default now(),
  last_observed timestamptz not null default now(),
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index config_analysis_config_id_idx on config_analysis (config_id);
create index config_analysis_analysis_type_idx on config_analysis (analysis_type);
create index config_analysis_severity_idx on config_analysis (severity);
create index config_analysis_analyzer_idx on config_analysis (analyzer);
create index config_analysis_status_idx on config_analysis (status);
create index config_analysis_first_observed_idx on config_analysis (first_observed desc);

-- An edge config_id -> related_id: outgoing from config_id, incoming to related_id.
-- relation: 'hard' (scraped) or 'soft' (inferred); selector_id 'manual' marks a user-made link.
create table config_relationships (
  config_id uuid not null references configs (id) on delete cascade,
  related_id uuid not null references configs (id) on delete cascade,
  relation text not null default 'hard' check (relation in ('hard', 'soft')),
  selector_id text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (config_id, related_id, selector_id),
  check (config_id <> related_id)
);
create index config_relationships_related_id_idx on config_relationships (related_id);

select _attach_updated_at_triggers();
