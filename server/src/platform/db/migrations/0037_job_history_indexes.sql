-- Job history at a million rows (spec 3 §2.3, §7): /settings/jobs pages newest first under
-- filters on name, resource type, status, run duration and a time range, with an exact count.
-- Each filter gets an index that also holds created_at, so a page is read in the default order
-- and its count from the index; the single-column ones they replace go.
drop index if exists job_histories_name_idx;
drop index if exists job_histories_status_idx;
drop index if exists job_histories_created_at_idx;

create index job_histories_created_at_idx on job_histories (created_at desc) include (status, duration_millis);
create index job_histories_name_created_at_idx on job_histories (name, created_at desc) include (status);
create index job_histories_resource_type_created_at_idx
  on job_histories (resource_type, created_at desc) include (status);
create index job_histories_status_created_at_idx on job_histories (status, created_at desc) include (duration_millis);
create index job_histories_duration_created_at_idx
  on job_histories (duration_millis, created_at desc) include (status);

-- The names a filter offers: a skip over the name index, one probe per distinct name, instead of
-- a distinct over every row on each call.
create or replace view job_history_names as
with recursive names (name) as (
  (select h.name from job_histories h order by h.name limit 1)
  union all
  select (select h.name from job_histories h where h.name > n.name order by h.name limit 1)
  from names n
  where n.name is not null
)
select name from names where name is not null;
