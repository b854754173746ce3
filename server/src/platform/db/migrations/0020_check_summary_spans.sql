-- What the health summary reads for long ranges, kept by the rollup job (server/src/platform/health).
--
-- check_status_rollups gains what a summary reads of a row besides its counts:
--   last_pass, last_fail   the bucket's latest run with status true / false; null when it has
--                          none, and on rows rolled up before this migration whose statuses are
--                          gone (the summary then reads the statuses of the row's hours, as
--                          before). Filled as the counts are: by the rollup job from the
--                          statuses, and by every run the runner records (its hour's row).
--   point                  [count, p95, p97, p99] as JSON, null without percentiles: the row as a
--                          point of the summary's count-weighted percentiles, kept as JSON text
--                          so that a summary copies it rather than formatting four numbers per row
alter table check_status_rollups
  add column last_pass timestamptz,
  add column last_fail timestamptz,
  add column point json generated always as (
    ('[' || count::text || ',' || p95::text || ',' || p97::text || ',' || p99::text || ']')::json
  ) stored;

update check_status_rollups r
set last_pass = s.last_pass, last_fail = s.last_fail
from (
  select check_id, date_trunc('hour', time, 'UTC') as bucket,
    max(time) filter (where status) as last_pass, max(time) filter (where not status) as last_fail
  from check_statuses
  group by 1, 2
) s
where r.granularity = 'hour' and r.check_id = s.check_id and r.bucket = s.bucket;

update check_status_rollups r
set last_pass = s.last_pass, last_fail = s.last_fail
from (
  select check_id, date_trunc('day', bucket, 'UTC') as bucket, max(last_pass) as last_pass, max(last_fail) as last_fail
  from check_status_rollups
  where granularity = 'hour'
  group by 1, 2
) s
where r.granularity = 'day' and r.check_id = s.check_id and r.bucket = s.bucket;

-- The closed part of the summary's usual long ranges (a day, a week...), per check, as of the
-- rollup job's last pass: what a summary would read from check_status_rollups for it, already
-- added up. A summary whose range covers a span reads its one row per check, plus the rollup rows
-- and raw statuses around it. Internal (a leading _ keeps them out of /api/db); the job replaces
-- them whole, in the transaction that moves the rollups.
--
-- _check_status_spans: the spans, each the rollup rows a summary would read over
-- [span_from, span_to): day rows of [days_from, days_to), hour rows of the rest (days_from =
-- days_to when it has no day rows). span_to is the end of the hours the job closed.
create table _check_status_spans (
  span_from timestamptz primary key,
  days_from timestamptz not null,
  days_to timestamptz not null,
  span_to timestamptz not null
);

-- _check_status_span_figures: one row per check and span.
--   passed, failed              sums of the rows' counts
--   last_pass, last_fail        latest of the rows' last_pass / last_fail
--   pass_end, fail_end          end of the latest row counting a pass / failure
--   pass_known_end, fail_known_end   the same among rows that know their last_pass / last_fail
--                               (unequal: the latest such row predates those columns)
--   points                      the points of the rows with percentiles, a JSON array
create table _check_status_span_figures (
  span_from timestamptz not null references _check_status_spans (span_from) on delete cascade,
  check_id uuid not null references checks (id) on delete cascade,
  passed integer not null,
  failed integer not null,
  last_pass timestamptz,
  last_fail timestamptz,
  pass_end timestamptz,
  fail_end timestamptz,
  pass_known_end timestamptz,
  fail_known_end timestamptz,
  points json,
  primary key (span_from, check_id)
);
