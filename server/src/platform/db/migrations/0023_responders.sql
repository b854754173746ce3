-- Delivery of team responders to their external system (server/src/platform/incidents/responders):
-- a team responder whose responder type is an external system (email, jira, service_now, ...) is
-- queued for delivery when it is inserted, by whatever writes it (the UI, an incident rule), and
-- the delivery job claims it from here. `type` holds the responder type for a team responder
-- (as in 0005), `person` for a person; properties.responderType says the same and wins.
--   delivery_status    null for people and other responders nothing is sent for; pending until
--                      delivered (or retried); sent; failed once the tries are used up;
--                      cancelled when the responder was removed before it was delivered
--   delivery_attempts  tries so far
--   delivery_error     the last try's error (secrets removed), null once delivered
--   delivery_next_at   when the next try is due; while a try runs, when its lease ends
--   delivered_at       when the external system accepted it
alter table responders
  add column delivery_status text check (delivery_status in ('pending', 'sent', 'failed', 'cancelled')),
  add column delivery_attempts integer not null default 0,
  add column delivery_error text,
  add column delivery_next_at timestamptz,
  add column delivered_at timestamptz;

create index responders_delivery_due_idx on responders (delivery_next_at) where delivery_status = 'pending';

-- The queue state is the server's: what an insert says about it is replaced.
create or replace function responders_queue_delivery() returns trigger
language plpgsql as $$
begin
  new.delivery_attempts := 0;
  new.delivery_error := null;
  new.delivered_at := null;
  -- A responder that already has its external id, or is written as history (removed, or created
  -- more than an hour ago: an import, the demo data), asks for nothing to be sent.
  if new.team_id is not null and new.external_id is null and new.deleted_at is null
    and new.created_at > now() - interval '1 hour'
    and coalesce(new.properties ->> 'responderType', new.type) in (
    'email', 'jira', 'service_now', 'ca', 'aws_support', 'aws_ams_service_request', 'redhat', 'oracle',
    'ms_planner', 'vmware') then
    new.delivery_status := 'pending';
    -- Due from its creation: the same rows give the same queue (the demo data is compared run to run).
    new.delivery_next_at := least(new.created_at, now());
  else
    new.delivery_status := null;
    new.delivery_next_at := null;
  end if;
  return new;
end
$$;
create trigger responders_queue_delivery before insert on responders
  for each row execute function responders_queue_delivery();
