-- The catalog summary's changes of the last 30 days, counted per item as changes are written
-- rather than at every request (at a million changes, counting a month of them per item is most
-- of a summary's time). As the platform's config_item_summary_30d, but kept exact: each item's
-- count holds its changes created at or after the window's start (counted_from), triggers keep
-- it as changes come and go, and the ConfigChangeCounts task moves the start on, taking out
-- what it passes. The summary corrects for the minutes since the task last ran (summary.ts).
create table _config_change_counts (
  config_id uuid primary key references configs (id) on delete cascade,
  changes_30d integer not null default 0
);

create table _config_change_counts_window (
  only_row boolean primary key default true check (only_row),
  counted_from timestamptz not null
);

insert into _config_change_counts_window (counted_from) values (now() - interval '30 days');

insert into _config_change_counts (config_id, changes_30d)
select config_id, count(*) from config_changes
where created_at >= (select counted_from from _config_change_counts_window)
group by config_id;

-- Writers take the window's row for share and the task takes it for update: a change written
-- while the start moves is counted by exactly one of them. Items are updated in id order, so
-- two writers never wait on each other's items crosswise.
create function _config_change_counts_window_start(exclusive boolean) returns timestamptz
language plpgsql as $$
declare
  since timestamptz;
begin
  if exclusive then
    select counted_from into since from _config_change_counts_window for update;
  else
    select counted_from into since from _config_change_counts_window for share;
  end if;
  return since;
end $$;

create function _config_change_counts_added() returns trigger language plpgsql as $$
declare
  since timestamptz := _config_change_counts_window_start(false);
begin
  insert into _config_change_counts as t (config_id, changes_30d)
  select config_id, count(*) from added where created_at >= since
  group by config_id order by config_id
  on conflict (config_id) do update set changes_30d = t.changes_30d + excluded.changes_30d;
  return null;
end $$;

create function _config_change_counts_removed() returns trigger language plpgsql as $$
declare
  since timestamptz := _config_change_counts_window_start(false);
begin
  update _config_change_counts t set changes_30d = t.changes_30d - gone.n
  from (select config_id, count(*)::integer as n from removed where created_at >= since
        group by config_id order by config_id) gone
  where t.config_id = gone.config_id;
  return null;
end $$;

-- Moving a change to another item or time (rare: the engine updates counts and details).
create function _config_change_counts_moved() returns trigger language plpgsql as $$
declare
  since timestamptz := _config_change_counts_window_start(false);
begin
  if old.created_at >= since then
    update _config_change_counts set changes_30d = changes_30d - 1 where config_id = old.config_id;
  end if;
  if new.created_at >= since then
    insert into _config_change_counts as t (config_id, changes_30d) values (new.config_id, 1)
    on conflict (config_id) do update set changes_30d = t.changes_30d + 1;
  end if;
  return null;
end $$;

create function _config_change_counts_emptied() returns trigger language plpgsql as $$
begin
  perform _config_change_counts_window_start(true);
  delete from _config_change_counts;
  return null;
end $$;

create trigger config_change_counts_insert after insert on config_changes
  referencing new table as added for each statement execute function _config_change_counts_added();
create trigger config_change_counts_delete after delete on config_changes
  referencing old table as removed for each statement execute function _config_change_counts_removed();
create trigger config_change_counts_update after update of config_id, created_at on config_changes
  for each row when (old.config_id is distinct from new.config_id or old.created_at is distinct from new.created_at)
  execute function _config_change_counts_moved();
create trigger config_change_counts_truncate after truncate on config_changes
  for each statement execute function _config_change_counts_emptied();

-- The task's step: the window starts at `upto` from now on; the changes it passes leave the counts.
create function _config_change_counts_advance(upto timestamptz) returns integer
language plpgsql as $$
declare
  since timestamptz := _config_change_counts_window_start(true);
  passed integer;
begin
  if upto <= since then
    return 0;
  end if;
  with gone as (
    select config_id, count(*)::integer as n from config_changes
    where created_at >= since and created_at < upto
    group by config_id order by config_id
  )
  update _config_change_counts t set changes_30d = t.changes_30d - gone.n
  from gone where t.config_id = gone.config_id;
  get diagnostics passed = row_count;
  delete from _config_change_counts where changes_30d <= 0;
  update _config_change_counts_window set counted_from = upto;
  return passed;
end $$;

-- The change types in use, read as a skip over the change type index rather than a scan of
-- every change.
create or replace view change_types as
with recursive found (change_type) as (
  (select change_type from config_changes order by change_type limit 1)
  union all
  select (select x.change_type from config_changes x
          where x.change_type > found.change_type order by x.change_type limit 1)
  from found where found.change_type is not null
)
select change_type from found where change_type is not null;

-- The catalog list's search (a substring of the name, type, description or namespace) through
-- trigrams where pg_trgm can be had (see 0021); elsewhere it scans.
do $$
begin
  create schema if not exists extensions;
  create extension if not exists pg_trgm with schema extensions;
  execute 'create index configs_search_trgm_idx on configs using gin (
    name extensions.gin_trgm_ops, type extensions.gin_trgm_ops,
    description extensions.gin_trgm_ops, namespace extensions.gin_trgm_ops)';
exception when others then
  raise notice 'pg_trgm is not available: catalog search scans without an index';
end
$$;
