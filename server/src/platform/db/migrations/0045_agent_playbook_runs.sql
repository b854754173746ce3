-- Agent mode (docs/agents.md, "The outbox"): the runs this console makes of the playbooks its hub
-- assigned to it (source 'Upstream', the puller's), and the actions of those runs, go to the hub
-- through the outbox like the rest of what the agent owns. The runs of the console's own
-- playbooks stay here.
--
--   table                  owner row                                                  pk in the outbox
--   playbook_runs          agent_id null or local, its playbook pulled from the hub   {id}
--   playbook_run_actions   its run's (as above), or its own agent_id local            {id}
--
-- The runner renews its claims about every second while an action runs (claimed_by,
-- lease_until, next_look_at): a change of those alone means nothing to the hub and is not queued.
-- A run's actions are deleted with it (a cascade): the hub deletes them with the run.
--
-- Like the others, the triggers are created disabled and switched by _agent_outbox_switch; a
-- console already in agent mode switches them on at its next start, which queues what it holds.

create function _agent_outbox_playbook_run() returns trigger
language plpgsql as $$
declare
  r record;
begin
  if tg_op = 'DELETE' then r := old; else r := new; end if;
  if exists (select 1 from playbooks p where p.id = r.playbook_id and p.source = 'Upstream') then
    perform _agent_outbox_add('playbook_runs', jsonb_build_object('id', r.id),
      case tg_op when 'DELETE' then 'delete' else 'upsert' end);
  end if;
  return null;
end
$$;

create function _agent_outbox_playbook_run_action() returns trigger
language plpgsql as $$
begin
  if new.agent_id = '00000000-0000-0000-0000-000000000000' or exists (
    select 1 from playbook_runs r join playbooks p on p.id = r.playbook_id
     where r.id = new.playbook_run_id and p.source = 'Upstream'
       and (r.agent_id is null or r.agent_id = '00000000-0000-0000-0000-000000000000')
  ) then
    perform _agent_outbox_add('playbook_run_actions', jsonb_build_object('id', new.id), 'upsert');
  end if;
  return null;
end
$$;

create trigger playbook_runs_insert_agent_outbox after insert on playbook_runs for each row
  when (new.agent_id is null or new.agent_id = '00000000-0000-0000-0000-000000000000')
  execute function _agent_outbox_playbook_run();
create trigger playbook_runs_agent_outbox after update on playbook_runs for each row
  when ((new.agent_id is null or new.agent_id = '00000000-0000-0000-0000-000000000000')
    and to_jsonb(old) - array['claimed_by', 'lease_until', 'next_look_at', 'updated_at']
      is distinct from to_jsonb(new) - array['claimed_by', 'lease_until', 'next_look_at', 'updated_at'])
  execute function _agent_outbox_playbook_run();
create trigger playbook_runs_agent_outbox_delete after delete on playbook_runs for each row
  when (old.agent_id is null or old.agent_id = '00000000-0000-0000-0000-000000000000')
  execute function _agent_outbox_playbook_run();

drop trigger playbook_run_actions_agent_outbox on playbook_run_actions;
create trigger playbook_run_actions_insert_agent_outbox after insert on playbook_run_actions for each row
  execute function _agent_outbox_playbook_run_action();
create trigger playbook_run_actions_agent_outbox after update on playbook_run_actions for each row
  when (to_jsonb(old) - array['claimed_by', 'lease_until', 'updated_at']
    is distinct from to_jsonb(new) - array['claimed_by', 'lease_until', 'updated_at'])
  execute function _agent_outbox_playbook_run_action();

alter table playbook_runs disable trigger playbook_runs_insert_agent_outbox;
alter table playbook_runs disable trigger playbook_runs_agent_outbox;
alter table playbook_runs disable trigger playbook_runs_agent_outbox_delete;
alter table playbook_run_actions disable trigger playbook_run_actions_insert_agent_outbox;
alter table playbook_run_actions disable trigger playbook_run_actions_agent_outbox;

-- As in 0042, with the runs of the hub's playbooks after the rows they name (checks, configs,
-- components), parents first, and their actions after them.
create or replace function _agent_outbox_fill() returns void
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

  -- A re-run comes after the run it re-runs: runs by the time they were made.
  insert into _agent_outbox as o (table_name, pk, op)
  select 'playbook_runs', jsonb_build_object('id', r.id), 'upsert'
  from playbook_runs r join playbooks p on p.id = r.playbook_id and p.source = 'Upstream'
  where r.agent_id is null or r.agent_id = local
  order by r.created_at, r.id
  on conflict (table_name, pk) do update set op = 'upsert', rev = o.rev + 1;

  insert into _agent_outbox as o (table_name, pk, op)
  select 'playbook_run_actions', jsonb_build_object('id', a.id), 'upsert'
  from playbook_run_actions a join playbook_runs r on r.id = a.playbook_run_id
  left join playbooks p on p.id = r.playbook_id and p.source = 'Upstream'
    and (r.agent_id is null or r.agent_id = local)
  where a.agent_id = local or p.id is not null
  order by r.created_at, r.id, a.created_at, a.id
  on conflict (table_name, pk) do update set op = 'upsert', rev = o.rev + 1;
end
$$;
