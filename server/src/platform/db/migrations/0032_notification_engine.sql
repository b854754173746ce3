-- The notification engine (docs/notifications.md): what a send-history row needs to say who it
-- went to and why it was not sent, the delivery queue's own columns, and the marks that make an
-- event's outcome for a rule happen once however often the event is handed over.
--
--   silenced_by      the silence that stopped the send (status silenced)
--   connection_id    the stored connection delivered through, when a custom service names one
--   recipient        who it went to, as people may read it: a team's name, connection://ns/name,
--                    a URL without credentials or path; null for a person (person_id names them,
--                    their email needs read on identities)
--   recipient_key    which of the rule's recipients (person, team, custom:<n>), to resolve again
--                    when the row is delivered: no address or secret is kept in the row
--   title            the rendered title
--   message          the rendered markdown that is delivered (body holds it as HTML, for the UI)
--   event_id         the platform event the row answers (none for rows written before)
--   attempts         delivery attempts so far
--   next_attempt_at  pending rows: when the delivery queue takes the row (again); a taken row's
--                    lease while it is delivered
alter table notification_send_history
  add column silenced_by uuid references notification_silences (id) on delete set null,
  add column connection_id uuid references connections (id) on delete set null,
  add column recipient text,
  add column recipient_key text,
  add column title text,
  add column message text,
  add column event_id uuid,
  add column attempts integer not null default 0 check (attempts >= 0),
  add column next_attempt_at timestamptz;

create index notification_send_history_due_idx on notification_send_history (next_attempt_at)
  where status = 'pending';
-- The repeat interval's look-up: the latest rows of a rule for a resource.
create index notification_send_history_rule_resource_idx
  on notification_send_history (notification_id, resource_id, created_at desc);

-- One row per (event, rule) handled: written in the transaction that writes the rule's outcome,
-- so an event handed over twice (PlatformEvents retries every consumer) changes nothing the
-- second time. Rows older than a week are purged by the delivery task.
create table _notification_event_outcomes (
  event_id uuid not null,
  notification_id uuid not null references notifications (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (event_id, notification_id)
);
create index _notification_event_outcomes_created_at_idx on _notification_event_outcomes (created_at);

create or replace view notification_send_history_summary as
select h.id, h.notification_id, h.status, h.source_event, h.resource_id, h.resource_type,
  h.person_id, h.body, h.error, h.duration_millis, h.count, h.first_observed, h.created_at,
  case h.resource_type
    when 'check' then (select jsonb_build_object('id', k.id, 'name', k.name, 'type', k.type,
      'icon', k.icon, 'status', k.status, 'canary_id', k.canary_id) from checks k where k.id = h.resource_id)
    when 'config' then (select jsonb_build_object('id', c.id, 'name', c.name, 'type', c.type,
      'config_class', c.config_class, 'health', c.health, 'status', c.status)
      from configs c where c.id = h.resource_id)
    when 'component' then (select jsonb_build_object('id', c.id, 'name', c.name, 'type', c.type,
      'icon', c.icon, 'status', c.status, 'health', c.health) from components c where c.id = h.resource_id)
    when 'canary' then (select jsonb_build_object('id', c.id, 'name', c.name,
      'namespace', c.namespace) from canaries c where c.id = h.resource_id)
  end as resource,
  (select jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar)
   from people p where p.id = h.person_id) as person,
  h.silenced_by, h.connection_id, h.recipient, h.title,
  (select jsonb_build_object('id', s.id, 'description', s.description, 'from', s."from", 'until', s.until,
      'recursive', s.recursive, 'deleted_at', s.deleted_at)
   from notification_silences s where s.id = h.silenced_by) as silence
from notification_send_history h;

-- Whether a silence's resources cover a resource: the check itself or its canary; the component
-- or config itself, or (recursive) one of its descendants (their path holds the ancestors' ids);
-- a namespace, when the silence has one, must be the resource's. Used by the engine for the next
-- event and by the preview over past ones, so both decide alike.
create function _silence_covers(
  s_canary uuid, s_check uuid, s_component uuid, s_config uuid, s_recursive boolean, s_namespace text,
  resource_type text, resource_id uuid
) returns boolean
language sql stable as $$
  select case resource_type
    when 'check' then exists (
      select 1 from checks k where k.id = resource_id
        and (k.id = s_check or k.canary_id = s_canary)
        and (coalesce(s_namespace, '') = '' or k.namespace = s_namespace))
    when 'canary' then resource_id = s_canary
    when 'component' then exists (
      select 1 from components c where c.id = resource_id
        and (c.id = s_component or (s_recursive and (c.parent_id = s_component
             or s_component::text = any(string_to_array(coalesce(c.path, ''), '.')))))
        and (coalesce(s_namespace, '') = '' or c.namespace = s_namespace))
    when 'config' then exists (
      select 1 from configs c where c.id = resource_id
        and (c.id = s_config or (s_recursive and (c.parent_id = s_config
             or s_config::text = any(string_to_array(coalesce(c.path, ''), '.')))))
        and (coalesce(s_namespace, '') = '' or c.namespace = s_namespace))
    else false
  end
$$;
