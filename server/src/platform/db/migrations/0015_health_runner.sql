-- The check runner (server/src/platform/health): one checks row per canary entry, status rollups.
--
-- check_status_rollups: per check, the runs of one UTC hour or one UTC day, for summaries over
-- long ranges without reading every check_statuses row.
--   check_id      the check
--   granularity   'hour' or 'day'
--   bucket        start of the hour / day (UTC), e.g. 2024-06-11 13:00:00+00
--   passed        runs with status true
--   failed        runs with status false
--   count         passed + failed
--   duration_sum  sum of the runs' durations, ms (mean = duration_sum / count)
--   duration_max  slowest run, ms
--   p95, p97, p99 duration percentiles, ms (percentile_cont, rounded); null until computed
-- When they are filled:
--   * every run the runner records adds itself to its hour's row at once (passed/failed/count/
--     duration_sum/duration_max; the percentiles stay as they were);
--   * the rollup job (at start, then every 10 minutes, in the replica running the checks)
--     recomputes from check_statuses every hour row since its previous pass, the current hour
--     included, with percentiles; and every day row of the days that closed since then. Statuses
--     stored late (pushed history) get their hours and days recomputed too;
--   * the demo loader computes them for its generated history.
--   So: closed hours are exact; the current hour has live counts and the percentiles of the
--   last pass; the current day has no day row yet (sum its hours).
-- Kept: hour rows as long as raw statuses (CHECK_STATUS_RETENTION, default 30 days), day rows
-- for CHECK_ROLLUP_RETENTION (default 400 days).
create table check_status_rollups (
  check_id uuid not null references checks (id) on delete cascade,
  granularity text not null check (granularity in ('hour', 'day')),
  bucket timestamptz not null,
  passed integer not null default 0,
  failed integer not null default 0,
  count integer not null default 0,
  duration_sum bigint not null default 0,
  duration_max integer not null default 0,
  p95 integer,
  p97 integer,
  p99 integer,
  primary key (check_id, granularity, bucket)
);
create index check_status_rollups_bucket_idx on check_status_rollups (granularity, bucket);

-- Where the rollup job got to: statuses stored (created_at) before rolled_until are rolled up.
-- Internal (a leading _ keeps it out of /api/db).
create table _check_status_rollup_state (
  id boolean primary key default true check (id),
  rolled_until timestamptz not null
);

-- Range scans by time: the rollup job's hours and the retention job's deletes; created_at finds
-- statuses stored late.
create index check_statuses_time_idx on check_statuses (time);
create index check_statuses_created_at_idx on check_statuses (created_at);

-- One live check per canary entry: the runner upserts on (canary_id, type, name). Earlier
-- duplicates (none are expected) are soft-deleted, newest kept, so the index can be built.
update checks set deleted_at = now()
where id in (
  select id from (
    select id, row_number() over (partition by canary_id, type, name order by created_at desc, id) as n
    from checks where deleted_at is null
  ) d where d.n > 1
);
create unique index checks_canary_type_name_key on checks (canary_id, type, name) where deleted_at is null;

-- The health summary reads the status and duration of a check's statuses over a time range:
-- carried in the primary key's index, that read is an index-only scan that never visits the
-- table (a 1-day summary of 2,000 checks: 440 ms → 160 ms on PostgreSQL).
alter table check_statuses
  drop constraint check_statuses_pkey,
  add constraint check_statuses_pkey primary key (check_id, time) include (status, duration);
