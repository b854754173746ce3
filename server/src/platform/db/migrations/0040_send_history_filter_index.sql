-- The send history at a million rows (docs/bench.md, "The notifications' figures"): /notifications
-- pages newest first under a Status and a Resource Type filter, with an exact count. Status and
-- resource type together were counted by combining both single-column indexes and reading
-- thousands of table pages; one index on (status, resource_type) counts them from the index
-- alone, and answers a status alone by its first column, so the status index it replaces goes.
-- Without created_at its keys repeat, and B-tree deduplication keeps it as small as the old one.
drop index if exists notification_send_history_status_idx;

create index notification_send_history_status_resource_type_idx
  on notification_send_history (status, resource_type);
