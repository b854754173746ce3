-- A send-history row's recipient shows who (id, name, avatar) but not their email: people's
-- email needs read on identities (docs/access.md), and anyone who may read notifications reads
-- this view. Whoever may read identities embeds it: select=*,recipient:person_id(email).
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
   from people p where p.id = h.person_id) as person
from notification_send_history h;
