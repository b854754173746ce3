-- A component that starts unhealthy or warning raises its health event on insert, as a config
-- does (0016): a topology build that finds a new, failing component is news to the incident
-- rules, playbooks and notifications that react to component health. A new healthy or unknown
-- component raises nothing (a first build of thousands would flood the queue with no news).

create or replace function _component_health_event() returns trigger
language plpgsql as $$
begin
  if _platform_events_on() and (
    (tg_op = 'INSERT' and new.health in ('unhealthy', 'warning'))
    or (tg_op = 'UPDATE' and new.health is distinct from old.health)
  ) then
    perform _queue_platform_event(
      'component.' || coalesce(new.health, 'unknown'),
      jsonb_build_object('id', new.id, 'status', new.status, 'description', new.description));
  end if;
  return null;
end
$$;

create trigger components_platform_events_insert after insert on components
  for each row execute function _component_health_event();
