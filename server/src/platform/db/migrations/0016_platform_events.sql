-- Platform events (spec 2 §4, the rule events): the database itself queues them in event_queue,
-- so every writer (check runner, /api/db, the custom-resource mirror, scripts) produces them.
--
--   name                                          when                                      properties
--   check.passed / check.failed                   checks.status changes to healthy/unhealthy {id, canary_id, last_runtime}
--   component.healthy|unhealthy|warning|unknown   components.health changes (null: unknown)  {id, status, description}
--   config.healthy|unhealthy|warning|unknown      configs.health changes; a new config that
--                                                 starts unhealthy or warning                {id, status, description}
--   config.created                                a config is inserted                       {id}
--   config.updated                                its body (configs.config) changes          {id}
--   config.deleted                                soft delete (deleted_at set) or a delete
--                                                 of a live row                              {id}
--
-- A writer that loads many rows at once (the demo loader) turns production off for its own
-- transaction: `set local ops_console.platform_events = 'off'`.
--
-- Every insert into event_queue, these and any other, is also announced to listening server
-- processes (the live-update stream): pg_notify('platform_events', {seq, name, ids}) at commit,
-- where seq comes from platform_event_seq (increasing across replicas and restarts) and ids are
-- the event's `id` and `*_id` properties.

create function _platform_events_on() returns boolean
language sql stable as $$
  select coalesce(current_setting('ops_console.platform_events', true), '') <> 'off'
$$;

create function _queue_platform_event(event_name text, props jsonb) returns void
language sql as $$
  insert into event_queue (name, properties) values (event_name, props)
$$;

create function _check_status_event() returns trigger
language plpgsql as $$
begin
  if _platform_events_on() and new.status is distinct from old.status and new.status is not null then
    perform _queue_platform_event(
      case new.status when 'healthy' then 'check.passed' else 'check.failed' end,
      jsonb_build_object('id', new.id, 'canary_id', new.canary_id, 'last_runtime', new.last_runtime));
  end if;
  return null;
end
$$;
create trigger checks_platform_events after update of status on checks
  for each row execute function _check_status_event();

create function _component_health_event() returns trigger
language plpgsql as $$
begin
  if _platform_events_on() and new.health is distinct from old.health then
    perform _queue_platform_event(
      'component.' || coalesce(new.health, 'unknown'),
      jsonb_build_object('id', new.id, 'status', new.status, 'description', new.description));
  end if;
  return null;
end
$$;
create trigger components_platform_events after update of health on components
  for each row execute function _component_health_event();

create function _config_events() returns trigger
language plpgsql as $$
declare
  was_live boolean := tg_op <> 'INSERT' and old.deleted_at is null;
  is_live boolean := tg_op <> 'DELETE' and new.deleted_at is null;
begin
  if not _platform_events_on() then
    return null;
  end if;
  if tg_op = 'INSERT' then
    perform _queue_platform_event('config.created', jsonb_build_object('id', new.id));
  elsif was_live and not is_live then
    perform _queue_platform_event('config.deleted', jsonb_build_object('id', old.id));
    return null;
  elsif is_live and new.config is distinct from old.config then
    perform _queue_platform_event('config.updated', jsonb_build_object('id', new.id));
  end if;
  if is_live and (
    (tg_op = 'INSERT' and new.health in ('unhealthy', 'warning'))
    or (tg_op = 'UPDATE' and new.health is distinct from old.health)
  ) then
    perform _queue_platform_event(
      'config.' || coalesce(new.health, 'unknown'),
      jsonb_build_object('id', new.id, 'status', new.status, 'description', new.description));
  end if;
  return null;
end
$$;
create trigger configs_platform_events after insert or update or delete on configs
  for each row execute function _config_events();

create sequence platform_event_seq;

create function _announce_platform_event() returns trigger
language plpgsql as $$
begin
  perform pg_notify('platform_events', jsonb_build_object(
    'seq', nextval('platform_event_seq'),
    'name', new.name,
    'ids', coalesce(
      (select jsonb_object_agg(key, value)
         from jsonb_each(case when jsonb_typeof(new.properties) = 'object' then new.properties end)
        where key = 'id' or key like '%\_id'),
      '{}'::jsonb))::text);
  return null;
end
$$;
create trigger event_queue_announce after insert on event_queue
  for each row execute function _announce_platform_event();
