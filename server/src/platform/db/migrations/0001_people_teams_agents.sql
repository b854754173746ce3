-- People, identities, teams and agents: the owners every other table points at.
-- Conventions for the whole schema (see docs/data-model.md):
--   * ids are uuid default gen_random_uuid(); created_at/updated_at timestamptz not null default now();
--   * updated_at is bumped by the trigger set_updated_at(), attached by _attach_updated_at_triggers()
--     which each table migration calls at its end (idempotent);
--   * soft delete is deleted_at; created_by references people(id) on delete set null;
--   * agent_id defaults to the all-zero uuid, the row 'local' inserted below.

create or replace function set_updated_at() returns trigger
language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- Attaches set_updated_at to every public base table with an updated_at column that lacks it.
create or replace function _attach_updated_at_triggers() returns void
language plpgsql as $$
declare
  t record;
begin
  for t in
    select c.table_name
    from information_schema.columns c
    join information_schema.tables tb
      on tb.table_schema = c.table_schema and tb.table_name = c.table_name
    where c.table_schema = 'public' and c.column_name = 'updated_at' and tb.table_type = 'BASE TABLE'
      and not exists (
        select 1 from pg_trigger g
        where g.tgrelid = format('public.%I', c.table_name)::regclass
          and g.tgname = c.table_name || '_updated_at'
      )
  loop
    execute format(
      'create trigger %I before update on public.%I for each row execute function set_updated_at()',
      t.table_name || '_updated_at', t.table_name);
  end loop;
end
$$;

create table people (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text,
  avatar text,
  -- admin, editor, commander, responder, viewer; none means viewer (spec 1 §6)
  roles text[] not null default '{}',
  type text not null default 'person' check (type in ('person', 'agent', 'system', 'access_token')),
  external_id text,
  properties jsonb not null default '{}',
  last_login timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint people_roles_check
    check (roles <@ array['admin', 'editor', 'commander', 'responder', 'viewer']::text[])
);
create unique index people_email_key on people (lower(email)) where deleted_at is null and email is not null;
create index people_name_idx on people (name);

-- A sign-in identity; its id is the person's id (every identity is a person).
create table identities (
  id uuid primary key references people (id) on delete cascade,
  schema_id text not null default 'default',
  traits jsonb not null default '{}', -- {name: {first, last}, email}
  state text not null default 'active' check (state in ('active', 'inactive')),
  state_changed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index identities_email_idx on identities ((lower(traits ->> 'email')));

create table teams (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  icon text,
  -- spec.responder_clients keyed by responder type: {values, defaults, linkUrl}
  spec jsonb not null default '{}',
  labels jsonb not null default '{}',
  source text not null default 'UI',
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index teams_name_key on teams (name) where deleted_at is null;
create index teams_deleted_at_idx on teams (deleted_at);

create table team_members (
  team_id uuid not null references teams (id) on delete cascade,
  person_id uuid not null references people (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (team_id, person_id)
);
create index team_members_person_id_idx on team_members (person_id);

create table agents (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  hostname text,
  description text,
  properties jsonb not null default '{}', -- string map
  -- create form: {kubernetes: {enabled, interval}, pushTelemetry: {enabled, topologyName}}
  spec jsonb not null default '{}',
  tls text,
  person_id uuid references people (id) on delete set null, -- the agent's own principal
  cleanup boolean not null default false, -- delete the agent's resources with it
  last_seen timestamptz,
  last_received timestamptz,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index agents_name_key on agents (name) where deleted_at is null;
create index agents_deleted_at_idx on agents (deleted_at);
create index agents_created_by_idx on agents (created_by);

-- The local (no) agent: agent_id columns default to it.
insert into agents (id, name, description)
values ('00000000-0000-0000-0000-000000000000', 'local', 'Resources not linked to any agent');

select _attach_updated_at_triggers();
