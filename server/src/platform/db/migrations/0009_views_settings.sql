-- Settings views: <table>_with_status for the generic resources, integrations, agents_summary,
-- event_queue_summary, job_history_names (spec 1 §7, spec 3 §2.3, §7).

-- <table>_with_status: the row plus its latest job_histories row (resource_id = id::text):
-- job_status, job_details, job_name, job_time_start, last_runtime (start of the latest job) and
-- job_last_failed (when a job for it last failed). Tables without deleted_at get a null one so the
-- generic list's deleted_at=is.null filter works everywhere. Connection passwords and
-- certificates are write-only: connections_with_status leaves them out.
do $$
declare
  t text;
begin
  foreach t in array array['topologies', 'canaries', 'config_scrapers', 'teams', 'incident_rules',
    'notifications', 'logging_backends', 'connections', 'permissions']
  loop
    execute format($v$
      create view %1$I as
      select %4$s,
        %3$s
        j.status as job_status,
        j.details as job_details,
        j.name as job_name,
        j.time_start as job_time_start,
        j.time_start as last_runtime,
        f.job_last_failed
      from %2$I r
      left join lateral (
        select h.status, h.details, h.name, h.time_start
        from job_histories h
        where h.resource_id = r.id::text
        order by h.created_at desc
        limit 1
      ) j on true
      left join lateral (
        select max(h.created_at) as job_last_failed
        from job_histories h
        where h.resource_id = r.id::text and h.status = 'FAILED'
      ) f on true
    $v$,
      t || '_with_status', t,
      case when t = 'permissions' then 'null::timestamptz as deleted_at,' else '' end,
      case when t = 'connections'
        then 'r.id, r.name, r.namespace, r.type, r.url, r.username, r.insecure_tls, r.properties, '
          || 'r.source, r.created_by, r.created_at, r.updated_at, r.deleted_at'
        else 'r.*' end);
  end loop;
end
$$;

-- Feature flags have no jobs; the view exists so the generic settings list treats them alike.
create view properties_with_status as
select p.*,
  p.name as id,
  null::timestamptz as deleted_at,
  null::text as job_status,
  null::jsonb as job_details,
  null::text as job_name,
  null::timestamptz as job_time_start,
  null::timestamptz as last_runtime,
  null::timestamptz as job_last_failed
from properties p;

-- Integrations are not a table: they are the scrapers, topologies and logging backends
-- (spec 3 §3 "integration_type (scrapers, topologies, logging backends)"); the type names the
-- table to edit (scrapers -> config_scrapers).
create view integrations as
select id, name, namespace, description, 'scrapers'::text as integration_type, source, agent_id,
  labels, spec, created_by, created_at, updated_at, deleted_at
from config_scrapers
union all
select id, name, namespace, null::text, 'topologies', source, agent_id,
  labels, spec, created_by, created_at, updated_at, deleted_at
from topologies
union all
select id, name, namespace, null::text, 'logging_backends', source, agent_id,
  labels, spec, created_by, created_at, updated_at, deleted_at
from logging_backends;

create view integrations_with_status as
select id, name, namespace, description, 'scrapers'::text as integration_type, source, agent_id,
  labels, spec, created_by, created_at, updated_at, deleted_at,
  job_status, job_details, job_name, job_time_start, last_runtime, job_last_failed
from config_scrapers_with_status
union all
select id, name, namespace, null::text, 'topologies', source, agent_id,
  labels, spec, created_by, created_at, updated_at, deleted_at,
  job_status, job_details, job_name, job_time_start, last_runtime, job_last_failed
from topologies_with_status
union all
select id, name, namespace, null::text, 'logging_backends', source, agent_id,
  labels, spec, created_by, created_at, updated_at, deleted_at,
  job_status, job_details, job_name, job_time_start, last_runtime, job_last_failed
from logging_backends_with_status;

-- Agents with what they own. config_scrapper_count keeps the spec's spelling.
create view agents_summary as
select a.id, a.name, a.hostname, a.description, a.properties, a.spec, a.tls, a.person_id, a.cleanup,
  a.last_seen, a.last_received, a.created_by, a.created_at, a.updated_at, a.deleted_at,
  (select count(*) from configs c where c.agent_id = a.id and c.deleted_at is null)::integer as config_count,
  (select count(*) from checks k where k.agent_id = a.id and k.deleted_at is null)::integer as checks_count,
  (select count(*) from config_scrapers s where s.agent_id = a.id and s.deleted_at is null)::integer
    as config_scrapper_count,
  (select count(*) from playbook_runs r where r.agent_id = a.id)::integer as playbook_runs_count
from agents a;

-- Per event name: waiting events (no error yet), failed ones and their most common error.
create view event_queue_summary as
select q.name,
  count(*) filter (where q.error is null)::integer as pending,
  count(*) filter (where q.error is not null)::integer as failed,
  round(avg(q.attempts), 2) as average_attempts,
  min(q.last_attempt) filter (where q.error is not null) as first_failure,
  max(q.last_attempt) filter (where q.error is not null) as last_failure,
  (select e.error from event_queue e
   where e.name = q.name and e.error is not null
   group by e.error order by count(*) desc, e.error limit 1) as most_common_error
from event_queue q
group by q.name;

create view job_history_names as
select distinct name from job_histories;
