-- The playbook events a notification rule may name (spec 2 §4), queued by the database as the
-- other platform events are (0016): an approval given on a run waiting for it, and a change of
-- a playbook's approval settings (spec.approval: who approves, any or all).
--
--   playbook.approval.inserted       a playbook_approvals row is inserted   {id, run_id, person_id, team_id}
--   playbook.spec.approval.updated   playbooks.spec->'approval' changes     {id}

create function _playbook_approval_event() returns trigger
language plpgsql as $$
begin
  if _platform_events_on() then
    perform _queue_platform_event('playbook.approval.inserted', jsonb_build_object(
      'id', new.id, 'run_id', new.run_id, 'person_id', new.person_id, 'team_id', new.team_id));
  end if;
  return null;
end
$$;
create trigger playbook_approvals_platform_events after insert on playbook_approvals
  for each row execute function _playbook_approval_event();

create function _playbook_spec_approval_event() returns trigger
language plpgsql as $$
begin
  if _platform_events_on() and (new.spec -> 'approval') is distinct from (old.spec -> 'approval') then
    perform _queue_platform_event('playbook.spec.approval.updated', jsonb_build_object('id', new.id));
  end if;
  return null;
end
$$;
create trigger playbooks_platform_events after update of spec on playbooks
  for each row execute function _playbook_spec_approval_event();
