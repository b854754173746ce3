-- Connection passwords and certificates are write-only (rest/write-only-columns.ts): never
-- answered. These readable flags let the form show that a value is set without sending it.
alter table connections
  add column password_set boolean generated always as (coalesce(password, '') <> '') stored,
  add column certificate_set boolean generated always as (coalesce(certificate, '') <> '') stored;

-- connections_with_status (0009) with the flags at the end.
create or replace view connections_with_status as
select r.id, r.name, r.namespace, r.type, r.url, r.username, r.insecure_tls, r.properties,
  r.source, r.created_by, r.created_at, r.updated_at, r.deleted_at,
  j.status as job_status,
  j.details as job_details,
  j.name as job_name,
  j.time_start as job_time_start,
  j.time_start as last_runtime,
  f.job_last_failed,
  r.password_set,
  r.certificate_set
from connections r
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
) f on true;
