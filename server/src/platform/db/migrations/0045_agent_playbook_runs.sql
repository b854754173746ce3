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

-- 0042's fill queues what the agent owns; the runs of the hub's playbooks come after the rows
-- they name (checks, configs, components), each before its actions.
alter function _agent_outbox_fill() rename to _agent_outbox_fill_owned_rows;

create function _agent_outbox_fill() returns void
language plpgsql as $$
declare
  local constant uuid := '00000000-0000-0000-0000-000000000000';
begin
  perform _agent_outbox_fill_owned_rows();

  -- A re-run comes after the run it re-runs: runs by the time they were made.
  insert into _agent_outbox as o (table_name, pk, op)
  select 'playbook_runs', jsonb_build_object('id', r.id), 'upsert'
  from playbook_runs r join playbooks p on p.id = r.playbook_id and p.source = 'Upstream'
  where r.agent_id is null or r.agent_id = local
  order by r.created_at, r.id
  on conflict (table_name, pk) do update set op = 'upsert', rev = o.rev + 1;

  -- (The local agent's own actions, the other kind, are queued by the fill above.)
  insert into _agent_outbox as o (table_name, pk, op)
  select 'playbook_run_actions', jsonb_build_object('id', a.id), 'upsert'
  from playbook_run_actions a join playbook_runs r on r.id = a.playbook_run_id
  join playbooks p on p.id = r.playbook_id and p.source = 'Upstream'
  where r.agent_id is null or r.agent_id = local
  order by r.created_at, r.id, a.created_at, a.id
  on conflict (table_name, pk) do update set op = 'upsert', rev = o.rev + 1;
end
$$;
