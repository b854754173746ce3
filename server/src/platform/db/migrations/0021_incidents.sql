-- Incidents: who created a row when the writer does not say, and indexes for the list's
-- filters (spec 2 §2: owner, component, search).

-- A row written for a signed-in person names them as its creator unless the body names someone:
-- the service sets app.user_id in the transaction of every write it makes for a person (/api/db
-- and /api/incidents), so a comment posted without created_by still shows its author.
alter table incidents alter column created_by set default _acting_user();
alter table hypotheses alter column created_by set default _acting_user();
alter table evidences alter column created_by set default _acting_user();
alter table comments alter column created_by set default _acting_user();
alter table responders alter column created_by set default _acting_user();

-- Owner filter: created_by and commander_id are indexed since 0005.
-- Component filter (hypotheses.evidences.component_id): evidences.component_id since 0005; the
-- join back to the incident walks evidences.hypothesis_id and hypotheses.incident_id, also there.
-- Search on title and incident_id: case-insensitive prefix matches use these on both engines.
create index incidents_lower_title_idx on incidents (lower(title) text_pattern_ops);
create index incidents_lower_incident_id_idx on incidents (lower(incident_id) text_pattern_ops);

-- Substring search (ilike '%…%') needs trigrams. PostgreSQL ships pg_trgm in contrib; PGlite
-- only when the extension is loaded into it, and a database role may not be allowed to create
-- extensions: where it cannot be had, the search still works, scanning. The extension lives in
-- its own schema so its functions do not become /api/db/rpc functions.
do $$
begin
  create schema if not exists extensions;
  create extension if not exists pg_trgm with schema extensions;
  execute 'create index incidents_title_trgm_idx on incidents
    using gin (title extensions.gin_trgm_ops, incident_id extensions.gin_trgm_ops)';
exception when others then
  raise notice 'pg_trgm is not available: incident search scans without an index';
end
$$;
