-- The job history counts (0043) kept once per statement rather than once per row. A statement that
-- writes many runs (a retention sweep, an agent's runs deleted with it, a bulk load) upserted the
-- same counts row once per run: every upsert adds a version of that row which the next one must
-- walk past, so a statement's cost grew with the square of its rows (40,000 runs took 18 s, a
-- million never ended). Each statement now folds its runs into one change per job name, read from
-- its transition tables.

drop trigger job_histories_counts_inserted on job_histories;
drop trigger job_histories_counts_updated on job_histories;
drop trigger job_histories_counts_deleted on job_histories;
drop function _job_history_counts_changed();
drop function _job_history_count(job_histories, integer);

-- The statement's runs that came in (sign 1) and went (sign -1), read from its transition tables
-- "added" and "removed" (whichever the trigger has), folded into one change per name. An update
-- counts only the runs whose counted columns changed: a run's other columns (its end, its
-- details) change often and mean nothing here. The transition tables are visible only to the
-- trigger's own function, hence the statements are run here rather than in a helper.
create function _job_history_counts_changed() returns trigger language plpgsql as $$
declare
  changes text := case tg_op
    when 'INSERT' then 'select name, status, duration_millis, created_at, 1 as sign from added'
    when 'DELETE' then 'select name, status, duration_millis, created_at, -1 as sign from removed'
    else $changes$
      select run.*
      from removed r join added a on a.id = r.id
      cross join lateral (values (r.name, r.status, r.duration_millis, r.created_at, -1),
        (a.name, a.status, a.duration_millis, a.created_at, 1))
        as run (name, status, duration_millis, created_at, sign)
      where (r.name, r.status, r.duration_millis, r.created_at)
        is distinct from (a.name, a.status, a.duration_millis, a.created_at)$changes$
    end;
begin
  execute format($sql$
    with change as (%s),
    per_name as (
      select name, sum(sign)::integer as total,
        coalesce(sum(sign) filter (where status = 'RUNNING'), 0)::integer as running,
        coalesce(sum(sign) filter (where status = 'SUCCESS'), 0)::integer as success,
        coalesce(sum(sign) filter (where status = 'WARNING'), 0)::integer as warning,
        coalesce(sum(sign) filter (where status = 'FAILED'), 0)::integer as failed,
        coalesce(sum(sign) filter (where status = 'STOPPED'), 0)::integer as stopped,
        coalesce(sum(sign * duration_millis::bigint), 0)::bigint as duration_sum,
        coalesce(sum(sign) filter (where duration_millis is not null), 0)::integer as duration_count,
        max(created_at) filter (where sign > 0) as last_run_at
      from change group by name
    )
    insert into _job_history_counts as c
      (name, total, running, success, warning, failed, stopped, duration_sum, duration_count, last_run_at)
    select * from per_name
    on conflict (name) do update set
      total = c.total + excluded.total,
      running = c.running + excluded.running,
      success = c.success + excluded.success,
      warning = c.warning + excluded.warning,
      failed = c.failed + excluded.failed,
      stopped = c.stopped + excluded.stopped,
      duration_sum = c.duration_sum + excluded.duration_sum,
      duration_count = c.duration_count + excluded.duration_count,
      last_run_at = greatest(c.last_run_at, excluded.last_run_at)$sql$, changes);
  if tg_op = 'INSERT' then
    return null;
  end if;
  -- A name whose newest run went: its last run is the newest that stays
  -- (job_histories_name_created_at_idx); a name with no run left goes.
  execute format($sql$
    with change as (%s),
    gone as (select name, max(created_at) as newest from change where sign < 0 group by name)
    update _job_history_counts c
    set last_run_at = (select max(h.created_at) from job_histories h where h.name = c.name)
    from gone where c.name = gone.name and c.last_run_at <= gone.newest$sql$, changes);
  execute format($sql$
    with change as (%s)
    delete from _job_history_counts c
    where c.total <= 0 and c.name in (select name from change where sign < 0)$sql$, changes);
  return null;
end $$;

create trigger job_histories_counts_inserted after insert on job_histories
  referencing new table as added
  for each statement execute function _job_history_counts_changed();
create trigger job_histories_counts_updated after update on job_histories
  referencing old table as removed new table as added
  for each statement execute function _job_history_counts_changed();
create trigger job_histories_counts_deleted after delete on job_histories
  referencing old table as removed
  for each statement execute function _job_history_counts_changed();
