-- The topology API (spec 3 §7): a component's descendants are the live components whose path
-- (dot-separated ancestor ids) starts with its own path and id; byte-order range operators
-- (~>=~, ~<~) read that prefix from this index whatever the database's collation.
create index components_path_pattern_idx on components (path text_pattern_ops) where deleted_at is null;

-- The roots of the topology page.
create index components_roots_idx on components (name) where deleted_at is null and parent_id is null;
