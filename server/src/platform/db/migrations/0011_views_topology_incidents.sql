-- Topology, health, incident and notification views (spec 1 §7, spec 2 §7, spec 3 §7).

create view component_names as
select id, name, title, type, icon, namespace, topology_id, parent_id, agent_id, external_id, path,
  status, health, deleted_at
from components;

create view components_with_logs as
select id, name, title, type, icon, agent_id, topology_id, external_id, log_selectors
from components
where deleted_at is null and log_selectors is not null and log_selectors <> '[]'::jsonb;

create view component_labels as
select distinct l.key, l.value
from components c, jsonb_each_text(c.labels) l
where c.deleted_at is null;

create view checks_by_component as
select r.component_id, k.id as check_id, k.canary_id, k.agent_id, k.name, k.type, k.icon,
  k.namespace, k.severity, k.labels, k.status, k.last_runtime, k.last_transition_time,
  k.deleted_at
from check_component_relationships r
join checks k on k.id = r.check_id
where r.deleted_at is null and k.deleted_at is null;

create view canary_names as
select id, name, namespace, agent_id, source, created_at, deleted_at
from canaries;

create view analysis_by_component as
select r.component_id, a.config_id, a.id, a.analyzer, a.analysis_type, a.severity, a.status,
  a.message, a.first_observed, a.last_observed,
  c.name, c.type as config_type, c.config_class
from config_component_relationships r
join config_analysis a on a.config_id = r.config_id
join configs c on c.id = a.config_id
where r.deleted_at is null;

create view changes_by_component as
select r.component_id, x.config_id, x.id, x.change_type, x.severity, x.summary, x.source,
  x.created_by, x.external_created_by, x.first_observed, x.count, x.created_at,
  c.name, c.type as config_type, c.config_class
from config_component_relationships r
join config_changes x on x.config_id = r.config_id
join configs c on c.id = x.config_id
where r.deleted_at is null;

-- Incidents whose evidence points at a component / config.
create view incidents_by_component as
select distinct i.id, i.incident_id, i.title, i.description, i.type, i.status, i.severity,
  i.created_by, i.created_at, i.updated_at, e.component_id
from evidences e
join hypotheses h on h.id = e.hypothesis_id
join incidents i on i.id = h.incident_id
where e.component_id is not null;

create view incidents_by_config as
select distinct i.id, i.incident_id, i.title, i.description, i.type, i.status, i.severity,
  i.created_by, i.created_at, i.updated_at, e.config_id
from evidences e
join hypotheses h on h.id = e.hypothesis_id
join incidents i on i.id = h.incident_id
where e.config_id is not null;

-- An incident with commander, active responders, commenters and counts for the list.
create view incident_summary as
select i.id, i.incident_id, i.title, i.description, i.type, i.status, i.severity,
  i.commander_id, i.communicator_id, i.incident_rule_id, i.acknowledged, i.resolved, i.closed,
  i.created_by, i.created_at, i.updated_at,
  (select jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar)
   from people p where p.id = i.commander_id) as commander,
  coalesce((
    select jsonb_agg(jsonb_build_object(
      'id', r.id, 'type', r.type, 'created_at', r.created_at,
      'team', case when t.id is null then null
              else jsonb_build_object('id', t.id, 'name', t.name, 'icon', t.icon) end,
      'person', case when p.id is null then null
                else jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar) end
    ) order by r.created_at)
    from responders r
    left join teams t on t.id = r.team_id
    left join people p on p.id = r.person_id
    where r.incident_id = i.id and r.deleted_at is null
  ), '[]'::jsonb) as responders,
  coalesce((
    select jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar))
    from people p
    where p.id in (select cm.created_by from comments cm where cm.incident_id = i.id)
  ), '[]'::jsonb) as commenters,
  (select count(*) from hypotheses h where h.incident_id = i.id)::integer as hypotheses_count,
  (select count(*) from evidences e join hypotheses h on h.id = e.hypothesis_id
   where h.incident_id = i.id)::integer as evidences_count,
  (select count(*) from evidences e join hypotheses h on h.id = e.hypothesis_id
   where h.incident_id = i.id and e.definition_of_done)::integer as definition_of_done_count,
  (select count(*) from evidences e join hypotheses h on h.id = e.hypothesis_id
   where h.incident_id = i.id and e.definition_of_done and e.done)::integer as done_count,
  (select count(*) from comments cm where cm.incident_id = i.id)::integer as comments_count
from incidents i;

-- A rule with its send statistics; error is the rule's own last error.
create view notifications_summary as
select n.*,
  coalesce(s.pending, 0) as pending,
  coalesce(s.failed, 0) as failed,
  coalesce(s.sent, 0) as sent,
  s.avg_duration_ms,
  (select h.error from notification_send_history h
   where h.notification_id = n.id and h.status = 'error' and h.error is not null
   group by h.error order by count(*) desc, h.error limit 1) as most_common_error
from notifications n
left join lateral (
  select count(*) filter (where h.status = 'pending')::integer as pending,
    count(*) filter (where h.status = 'error')::integer as failed,
    count(*) filter (where h.status = 'sent')::integer as sent,
    round(avg(h.duration_millis))::integer as avg_duration_ms
  from notification_send_history h
  where h.notification_id = n.id
) s on true;

-- A send-history row with its resource ({id, name, type, icon, ...}) and recipient person.
create view notification_send_history_summary as
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
  (select jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar, 'email', p.email)
   from people p where p.id = h.person_id) as person
from notification_send_history h;
