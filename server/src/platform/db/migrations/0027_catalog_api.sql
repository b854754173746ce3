-- What the catalog API's searches read (docs/catalog-api.md): every filter of the changes page
-- answered by an index that also gives its order, and the summary's windows read from indexes.

-- The changes page: newest first with the id breaking ties (pages never overlap), carrying the
-- config id so that counting and summing per config reads the index alone.
create index config_changes_created_at_id_idx on config_changes (created_at desc, id desc) include (config_id);
drop index config_changes_created_at_idx;

-- A change type or severity filter, newest first.
create index config_changes_change_type_created_at_idx on config_changes (change_type, created_at desc);
drop index config_changes_change_type_idx;
create index config_changes_severity_created_at_idx on config_changes (severity, created_at desc);
drop index config_changes_severity_idx;

-- The summary's insight window.
create index config_analysis_last_observed_idx on config_analysis (last_observed desc);

-- The few deleted items, whose changes the searches leave out by default.
create index configs_deleted_id_idx on configs (id) where deleted_at is not null;

-- The names the platform's pages select from the component views: the insight's id as
-- analysis_id, the config's type as type (kept beside the columns they had).
create or replace view analysis_by_component as
select r.component_id, a.config_id, a.id, a.analyzer, a.analysis_type, a.severity, a.status,
  a.message, a.first_observed, a.last_observed,
  c.name, c.type as config_type, c.config_class,
  a.id as analysis_id
from config_component_relationships r
join config_analysis a on a.config_id = r.config_id
join configs c on c.id = a.config_id
where r.deleted_at is null;

create or replace view changes_by_component as
select r.component_id, x.config_id, x.id, x.change_type, x.severity, x.summary, x.source,
  x.created_by, x.external_created_by, x.first_observed, x.count, x.created_at,
  c.name, c.type as config_type, c.config_class,
  c.type
from config_component_relationships r
join config_changes x on x.config_id = r.config_id
join configs c on c.id = x.config_id
where r.deleted_at is null;
