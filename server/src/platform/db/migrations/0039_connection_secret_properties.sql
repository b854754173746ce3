-- A connection's secret properties (restic's secret key, ...) are write-only like its password
-- (rest/write-only-columns.ts): kept apart from the readable properties, merged back only by the
-- connection resolver. secret_properties_set names the keys stored, so the form can say a
-- value is set without sending it.
create function _jsonb_keys(value jsonb) returns text[]
language sql immutable as $$
  select coalesce(array_agg(key order by key), '{}') from jsonb_object_keys(value) key
$$;

alter table connections
  add column secret_properties jsonb not null default '{}'::jsonb,
  add column secret_properties_set text[] generated always as (_jsonb_keys(secret_properties)) stored;

-- A write names only the keys it changes (the form cannot send what it never received): the
-- stored keys stay, a key given null is removed.
create function _merge_secret_properties() returns trigger
language plpgsql as $$
begin
  new.secret_properties := jsonb_strip_nulls(old.secret_properties || new.secret_properties);
  return new;
end
$$;

create trigger connections_merge_secret_properties before update of secret_properties on connections
  for each row execute function _merge_secret_properties();

update connections
   set secret_properties = jsonb_build_object('secretKey', properties->'secretKey'),
       properties = properties - 'secretKey'
 where type = 'restic' and properties ? 'secretKey';

-- connections_with_status (0035) with the keys at the end.
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
  r.certificate_set,
  r.secret_properties_set
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
