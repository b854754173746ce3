-- Agent mode (docs/agents.md, "Agent mode"): what this console owns is pushed to its hub from an
-- outbox in its own database, so nothing is lost while the hub is away.
--
-- Triggers on the tables the agent owns note (table, primary key, op) of every change to a row
-- of the local agent: no row bodies (the pusher loads the current row when it sends it), one
-- entry per row however often it changes (unique (table_name, pk): a later change of a waiting
-- row bumps its `rev` and keeps its place in the queue, so parents stay ahead of children).
-- check_statuses, the busiest table, gets one entry per check whatever number of results are
-- waiting: `since` is the earliest result time not yet pushed.
--
-- The triggers are created disabled: outside agent mode they cost nothing (not even the call).
-- The server switches them on at start in agent mode (`select _agent_outbox_switch(true)`),
-- which also queues every row the agent already holds, and off otherwise.
--
--   table                             owner row (agent_id = local)     pk in the outbox
--   canaries, checks, components,     its own agent_id                 {id}
--   configs, config_scrapers,
--   topologies
--   job_histories                     its own agent_id, or null        {id}
--   playbook_run_actions              its own agent_id (actions the hub addressed to this agent)
--   config_changes, config_analysis   the config's                     {id}
--   config_relationships              the config's (config_id)         {config_id, related_id, selector_id}
--   config_component_relationships    the component's                  {component_id, config_id, selector_id}
--   check_component_relationships     the check's                      {check_id, component_id, selector_id}
--   check_config_relationships        the check's                      {check_id, config_id, selector_id}
--   check_statuses                    the check's (inserts only)       {check_id}, since = earliest time

create table _agent_outbox (
  seq bigserial primary key,
  table_name text not null,
  pk jsonb not null,
  op text not null check (op in ('upsert', 'delete')),
  -- check_statuses: results of the check at or after this time are still to be pushed.
  since timestamptz,
  -- Bumped by every change after the entry was queued: the pusher removes an entry only if it
  -- is still the revision it sent.
  rev integer not null default 0,
  -- How often the hub refused this entry's row (the pusher gives up after a few).
  attempts integer not null default 0,
  queued_at timestamptz not null default now(),
  unique (table_name, pk)
);

-- The pusher's and the puller's state, for /readyz and across restarts.
create table _agent_upstream (
  only_row boolean primary key default true check (only_row),
  -- The hub's address and the agent's name reported to: another one gets everything again.
  hub text,
  -- connecting (no answer yet), ok, unreachable, refused (the hub refused the token)
  state text not null default 'connecting',
  detail text,
  last_push timestamptz,
  last_contact timestamptz,
  updated_at timestamptz not null default now()
);

-- Pull watermarks: the hub's updated_at of the newest row taken, per hub and agent name, so a
-- console pointed at another hub (or renamed) starts over.
create table _agent_pull (
  hub text not null,
  resource text not null, -- canaries, config_scrapers
  since timestamptz not null,
  primary key (hub, resource)
);

create function _agent_outbox_add(tbl text, key jsonb, operation text, from_time timestamptz default null)
returns void
language sql as $$
  insert into _agent_outbox as o (table_name, pk, op, since) values (tbl, key, operation, from_time)
  on conflict (table_name, pk) do update
    set op = excluded.op, rev = o.rev + 1, attempts = 0, since = least(o.since, excluded.since)
$$;

-- Tables whose rows carry their agent and an id: the WHEN clause of their triggers picks the
-- local agent's rows.
create function _agent_outbox_by_id() returns trigger
language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform _agent_outbox_add(tg_table_name, jsonb_build_object('id', old.id), 'delete');
  else
    perform _agent_outbox_add(tg_table_name, jsonb_build_object('id', new.id), 'upsert');
  end if;
  return null;
end
$$;

-- Rows that belong to a config: the config's agent decides. A row deleted with its config (a
-- cascade) no longer finds it and is not queued: the hub deletes it with the config.
create function _agent_outbox_config_child() returns trigger
language plpgsql as $$
declare
  r record;
  operation text := case tg_op when 'DELETE' then 'delete' else 'upsert' end;
begin
  if tg_op = 'DELETE' then r := old; else r := new; end if;
  if not exists (select 1 from configs where id = r.config_id and agent_id = '00000000-0000-0000-0000-000000000000') then
    return null;
  end if;
  if tg_table_name = 'config_relationships' then
    perform _agent_outbox_add(tg_table_name,
      jsonb_build_object('config_id', r.config_id, 'related_id', r.related_id, 'selector_id', r.selector_id), operation);
  else
    perform _agent_outbox_add(tg_table_name, jsonb_build_object('id', r.id), operation);
  end if;
  return null;
end
$$;

-- Links that belong to a check.
create function _agent_outbox_check_child() returns trigger
language plpgsql as $$
declare
  r record;
  operation text := case tg_op when 'DELETE' then 'delete' else 'upsert' end;
begin
  if tg_op = 'DELETE' then r := old; else r := new; end if;
  if not exists (select 1 from checks where id = r.check_id and agent_id = '00000000-0000-0000-0000-000000000000') then
    return null;
  end if;
  if tg_table_name = 'check_component_relationships' then
    perform _agent_outbox_add(tg_table_name,
      jsonb_build_object('check_id', r.check_id, 'component_id', r.component_id, 'selector_id', r.selector_id), operation);
  else
    perform _agent_outbox_add(tg_table_name,
      jsonb_build_object('check_id', r.check_id, 'config_id', r.config_id, 'selector_id', r.selector_id), operation);
  end if;
  return null;
end
$$;

-- Links between a component and a config: the component's agent decides.
create function _agent_outbox_component_child() returns trigger
language plpgsql as $$
declare
  r record;
begin
  if tg_op = 'DELETE' then r := old; else r := new; end if;
  if exists (select 1 from components where id = r.component_id and agent_id = '00000000-0000-0000-0000-000000000000') then
    perform _agent_outbox_add(tg_table_name,
      jsonb_build_object('component_id', r.component_id, 'config_id', r.config_id, 'selector_id', r.selector_id),
      case tg_op when 'DELETE' then 'delete' else 'upsert' end);
  end if;
  return null;
end
$$;

-- A check result: one entry per check, its `since` lowered to the earliest result waiting (a
-- slow run may store a result older than one already pushed). Results are never pushed as
-- deleted: retention trims the hub's own copy, and a deleted check takes its results along.
create function _agent_outbox_check_status() returns trigger
language plpgsql as $$
begin
  if exists (select 1 from checks where id = new.check_id and agent_id = '00000000-0000-0000-0000-000000000000') then
    perform _agent_outbox_add('check_statuses', jsonb_build_object('check_id', new.check_id), 'upsert', new.time);
  end if;
  return null;
end
$$;

do $$
declare
  t text;
begin
  foreach t in array array['canaries', 'checks', 'components', 'configs', 'config_scrapers', 'topologies'] loop
    execute format($f$
      create trigger %1$I after insert or update on %2$I for each row
        when (new.agent_id = '00000000-0000-0000-0000-000000000000') execute function _agent_outbox_by_id();
      create trigger %3$I after delete on %2$I for each row
        when (old.agent_id = '00000000-0000-0000-0000-000000000000') execute function _agent_outbox_by_id();
    $f$, t || '_agent_outbox', t, t || '_agent_outbox_delete');
  end loop;
end
$$;

create trigger job_histories_agent_outbox after insert or update on job_histories for each row
  when (new.agent_id is null or new.agent_id = '00000000-0000-0000-0000-000000000000')
  execute function _agent_outbox_by_id();
create trigger job_histories_agent_outbox_delete after delete on job_histories for each row
  when (old.agent_id is null or old.agent_id = '00000000-0000-0000-0000-000000000000')
  execute function _agent_outbox_by_id();

create trigger playbook_run_actions_agent_outbox after insert or update on playbook_run_actions for each row
  when (new.agent_id = '00000000-0000-0000-0000-000000000000') execute function _agent_outbox_by_id();

create trigger config_changes_agent_outbox after insert or update or delete on config_changes
  for each row execute function _agent_outbox_config_child();
create trigger config_analysis_agent_outbox after insert or update or delete on config_analysis
  for each row execute function _agent_outbox_config_child();
create trigger config_relationships_agent_outbox after insert or update or delete on config_relationships
  for each row execute function _agent_outbox_config_child();
create trigger check_component_relationships_agent_outbox after insert or update or delete
  on check_component_relationships for each row execute function _agent_outbox_check_child();
create trigger check_config_relationships_agent_outbox after insert or update or delete
  on check_config_relationships for each row execute function _agent_outbox_check_child();
create trigger config_component_relationships_agent_outbox after insert or update or delete
  on config_component_relationships for each row execute function _agent_outbox_component_child();
create trigger check_statuses_agent_outbox after insert on check_statuses
  for each row execute function _agent_outbox_check_status();

-- Every outbox trigger, created disabled.
do $$
declare
  t record;
begin
  for t in
    select tgrelid::regclass as rel, tgname from pg_trigger
    where tgname ~ '_agent_outbox(_delete)?$' and not tgisinternal
  loop
    execute format('alter table %s disable trigger %I', t.rel, t.tgname);
  end loop;
end
$$;

-- Queues every row the local agent holds, in an order that puts parents before children
-- (scrapers, configs by depth, topologies, components by depth, canaries, checks, ...), as the
-- hub needs them when they land in different batches. Soft-deleted rows too: the hub may hold
-- them live from an earlier time in agent mode.
create function _agent_outbox_fill() returns void
language plpgsql as $$
declare
  local constant uuid := '00000000-0000-0000-0000-000000000000';
begin
  insert into _agent_outbox as o (table_name, pk, op)
  select 'config_scrapers', jsonb_build_object('id', id), 'upsert' from config_scrapers
  where agent_id = local order by created_at, id
  on conflict (table_name, pk) do update set op = 'upsert', rev = o.rev + 1;

  insert into _agent_outbox as o (table_name, pk, op)
  select 'configs', jsonb_build_object('id', id), 'upsert' from configs
  where agent_id = local
  order by case when parent_id is null then 0 else 1 + coalesce(array_length(string_to_array(path, '.'), 1), 0) end,
    created_at, id
  on conflict (table_name, pk) do update set op = 'upsert', rev = o.rev + 1;

  insert into _agent_outbox as o (table_name, pk, op)
  select 'topologies', jsonb_build_object('id', id), 'upsert' from topologies
  where agent_id = local order by created_at, id
  on conflict (table_name, pk) do update set op = 'upsert', rev = o.rev + 1;

  insert into _agent_outbox as o (table_name, pk, op)
  select 'components', jsonb_build_object('id', id), 'upsert' from components
  where agent_id = local
  order by case when parent_id is null then 0 else 1 + coalesce(array_length(string_to_array(path, '.'), 1), 0) end,
    created_at, id
  on conflict (table_name, pk) do update set op = 'upsert', rev = o.rev + 1;

  insert into _agent_outbox as o (table_name, pk, op)
  select 'canaries', jsonb_build_object('id', id), 'upsert' from canaries
  where agent_id = local order by created_at, id
  on conflict (table_name, pk) do update set op = 'upsert', rev = o.rev + 1;

  insert into _agent_outbox as o (table_name, pk, op)
  select 'checks', jsonb_build_object('id', id), 'upsert' from checks
  where agent_id = local order by created_at, id
  on conflict (table_name, pk) do update set op = 'upsert', rev = o.rev + 1;

  insert into _agent_outbox as o (table_name, pk, op, since)
  select 'check_statuses', jsonb_build_object('check_id', k.id), 'upsert', '-infinity'::timestamptz
  from checks k where k.agent_id = local and exists (select 1 from check_statuses s where s.check_id = k.id)
  order by k.created_at, k.id
  on conflict (table_name, pk) do update set rev = o.rev + 1, since = '-infinity';

  insert into _agent_outbox as o (table_name, pk, op)
  select 'config_changes', jsonb_build_object('id', x.id), 'upsert'
  from config_changes x join configs c on c.id = x.config_id and c.agent_id = local
  order by x.created_at, x.id
  on conflict (table_name, pk) do update set op = 'upsert', rev = o.rev + 1;

  insert into _agent_outbox as o (table_name, pk, op)
  select 'config_analysis', jsonb_build_object('id', x.id), 'upsert'
  from config_analysis x join configs c on c.id = x.config_id and c.agent_id = local
  order by x.created_at, x.id
  on conflict (table_name, pk) do update set op = 'upsert', rev = o.rev + 1;

  insert into _agent_outbox as o (table_name, pk, op)
  select 'config_relationships',
    jsonb_build_object('config_id', x.config_id, 'related_id', x.related_id, 'selector_id', x.selector_id), 'upsert'
  from config_relationships x join configs c on c.id = x.config_id and c.agent_id = local
  order by x.created_at
  on conflict (table_name, pk) do update set op = 'upsert', rev = o.rev + 1;

  insert into _agent_outbox as o (table_name, pk, op)
  select 'config_component_relationships',
    jsonb_build_object('component_id', x.component_id, 'config_id', x.config_id, 'selector_id', x.selector_id), 'upsert'
  from config_component_relationships x join components c on c.id = x.component_id and c.agent_id = local
  order by x.created_at
  on conflict (table_name, pk) do update set op = 'upsert', rev = o.rev + 1;

  insert into _agent_outbox as o (table_name, pk, op)
  select 'check_component_relationships',
    jsonb_build_object('check_id', x.check_id, 'component_id', x.component_id, 'selector_id', x.selector_id), 'upsert'
  from check_component_relationships x join checks k on k.id = x.check_id and k.agent_id = local
  order by x.created_at
  on conflict (table_name, pk) do update set op = 'upsert', rev = o.rev + 1;

  insert into _agent_outbox as o (table_name, pk, op)
  select 'check_config_relationships',
    jsonb_build_object('check_id', x.check_id, 'config_id', x.config_id, 'selector_id', x.selector_id), 'upsert'
  from check_config_relationships x join checks k on k.id = x.check_id and k.agent_id = local
  order by x.created_at
  on conflict (table_name, pk) do update set op = 'upsert', rev = o.rev + 1;

  insert into _agent_outbox as o (table_name, pk, op)
  select 'job_histories', jsonb_build_object('id', id), 'upsert' from job_histories
  where agent_id is null or agent_id = local order by created_at, id
  on conflict (table_name, pk) do update set op = 'upsert', rev = o.rev + 1;

  insert into _agent_outbox as o (table_name, pk, op)
  select 'playbook_run_actions', jsonb_build_object('id', id), 'upsert' from playbook_run_actions
  where agent_id = local order by created_at, id
  on conflict (table_name, pk) do update set op = 'upsert', rev = o.rev + 1;
end
$$;

-- Switches the outbox triggers on (agent mode) or off; switching on queues what the agent
-- already holds. Answers whether anything changed. Replicas starting together take turns.
create function _agent_outbox_switch(wanted boolean) returns boolean
language plpgsql as $$
declare
  t record;
  changed boolean := false;
begin
  perform pg_advisory_xact_lock(7240042);
  for t in
    select tgrelid::regclass as rel, tgname, tgenabled <> 'D' as enabled from pg_trigger
    where tgname ~ '_agent_outbox(_delete)?$' and not tgisinternal
  loop
    if t.enabled <> wanted then
      execute format('alter table %s %s trigger %I', t.rel, case when wanted then 'enable' else 'disable' end, t.tgname);
      changed := true;
    end if;
  end loop;
  if changed and wanted then
    perform _agent_outbox_fill();
  end if;
  return changed;
end
$$;
