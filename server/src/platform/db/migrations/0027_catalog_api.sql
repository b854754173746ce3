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
