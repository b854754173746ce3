-- The catalog summary's usual views (items not deleted, grouped by type, class or status, filtered
-- by health or status, no label filter) read these parts instead of every item: at 100,000 items,
-- grouping the items and joining their change counts and insights is most of a summary's time,
-- and it grows with the catalog. Each row is a delta for one group (type, class, status, health):
-- items in and out, their costs, their kept 30-day change counts (0028); insights observed in the
-- same window have a table of their own, per group and insight type. Writers only append, so
-- they never wait on each other's groups; the summary adds the rows up; the ConfigChangeCounts
-- task folds them into one row per group.
--
-- Every figure is kept exact by the triggers below, except the groups' latest created_at and
-- updated_at: an item entering a group raises them, and the task sets them from the items
-- themselves when it folds (an update that moves no item between groups raises nothing).
--
-- An item's row in _config_change_counts is its lock for these figures: whoever changes its
-- change count or its insights holds the row for update, and an item moving between groups holds
-- it for share before reading what moves with it. So a change or an insight written while its item
-- moves is added to the group the item ends in, whichever comes first. No statement holds that row
-- while it waits for an item or the window; a transaction that writes an item's changes and, in a
-- later statement, updates that item while another moves it can deadlock, and PostgreSQL then ends
-- one of the two (the scrape engine updates an item before it writes the item's changes).
create table _config_summary_parts (
  type text,
  config_class text,
  status text,
  health text,
  items integer not null default 0,
  -- How many items have a cost: a group whose items have none sums to null, not 0.
  costs_1d integer not null default 0,
  cost_1d numeric not null default 0,
  costs_7d integer not null default 0,
  cost_7d numeric not null default 0,
  costs_30d integer not null default 0,
  cost_30d numeric not null default 0,
  changes_30d integer not null default 0,
  created_at timestamptz,
  updated_at timestamptz
);

-- Insights last observed at or after the window's start (_config_change_counts_window).
create table _config_summary_insights (
  type text,
  config_class text,
  status text,
  health text,
  analysis_type text not null,
  insights integer not null
);

insert into _config_summary_parts (type, config_class, status, health, items, costs_1d, cost_1d,
  costs_7d, cost_7d, costs_30d, cost_30d, changes_30d, created_at, updated_at)
select c.type, c.config_class, c.status, c.health, count(*),
       count(c.cost_total_1d), coalesce(sum(c.cost_total_1d), 0),
       count(c.cost_total_7d), coalesce(sum(c.cost_total_7d), 0),
       count(c.cost_total_30d), coalesce(sum(c.cost_total_30d), 0),
       coalesce(sum(cc.changes_30d), 0), max(c.created_at), max(c.updated_at)
from configs c left join _config_change_counts cc on cc.config_id = c.id
where c.deleted_at is null
group by c.type, c.config_class, c.status, c.health;

insert into _config_summary_insights (type, config_class, status, health, analysis_type, insights)
select c.type, c.config_class, c.status, c.health, a.analysis_type, count(*)
from config_analysis a join configs c on c.id = a.config_id
where c.deleted_at is null and a.last_observed >= (select counted_from from _config_change_counts_window)
group by c.type, c.config_class, c.status, c.health, a.analysis_type;

-- An item's part: +1 (entering its group) or -1 (leaving it), with its change count and insights,
-- read under its lock row when it moves. An item being removed needs no lock row: a change or an
-- insight written for it waits for the removal (its foreign key), and then fails.
create function _config_summary_part(item configs, sign integer, moving boolean) returns void
language plpgsql as $$
declare
  changes integer;
begin
  if moving then
    insert into _config_change_counts (config_id) values (item.id) on conflict do nothing;
    perform 1 from _config_change_counts where config_id = item.id for share;
  end if;
  changes := coalesce((select changes_30d from _config_change_counts where config_id = item.id), 0);
  insert into _config_summary_parts (type, config_class, status, health, items,
    costs_1d, cost_1d, costs_7d, cost_7d, costs_30d, cost_30d, changes_30d, created_at, updated_at)
  values (item.type, item.config_class, item.status, item.health, sign,
    sign * (item.cost_total_1d is not null)::integer, sign * coalesce(item.cost_total_1d, 0),
    sign * (item.cost_total_7d is not null)::integer, sign * coalesce(item.cost_total_7d, 0),
    sign * (item.cost_total_30d is not null)::integer, sign * coalesce(item.cost_total_30d, 0),
    sign * changes,
    case when sign > 0 then item.created_at end, case when sign > 0 then item.updated_at end);
  insert into _config_summary_insights (type, config_class, status, health, analysis_type, insights)
  select item.type, item.config_class, item.status, item.health, a.analysis_type, sign * count(*)
  from config_analysis a
  where a.config_id = item.id and a.last_observed >= (select counted_from from _config_change_counts_window)
  group by a.analysis_type;
end $$;

-- New items have no changes or insights yet (both need their item first).
create function _config_summary_added() returns trigger language plpgsql as $$
begin
  insert into _config_summary_parts (type, config_class, status, health, items,
    costs_1d, cost_1d, costs_7d, cost_7d, costs_30d, cost_30d, created_at, updated_at)
  select a.type, a.config_class, a.status, a.health, count(*),
         count(a.cost_total_1d), coalesce(sum(a.cost_total_1d), 0),
         count(a.cost_total_7d), coalesce(sum(a.cost_total_7d), 0),
         count(a.cost_total_30d), coalesce(sum(a.cost_total_30d), 0),
         max(a.created_at), max(a.updated_at)
  from added a where a.deleted_at is null
  group by a.type, a.config_class, a.status, a.health;
  return null;
end $$;

-- An item moving between groups (or in or out of the live ones, or its costs changing) takes its
-- change count and insights along.
create function _config_summary_moved() returns trigger language plpgsql as $$
begin
  if old.deleted_at is null then
    perform _config_summary_part(old, -1, true);
  end if;
  if new.deleted_at is null then
    perform _config_summary_part(new, 1, true);
  end if;
  return null;
end $$;

-- Before the row goes: its change count and insights are removed with it (cascading), after which
-- no trigger can tell which group they were in.
create function _config_summary_removed() returns trigger language plpgsql as $$
begin
  perform _config_summary_part(old, -1, false);
  return old;
end $$;

create function _config_summary_emptied() returns trigger language plpgsql as $$
begin
  delete from _config_summary_parts;
  delete from _config_summary_insights;
  return null;
end $$;

create trigger configs_summary_insert after insert on configs
  referencing new table as added for each statement execute function _config_summary_added();
create trigger configs_summary_update after update on configs for each row
  when (old.type is distinct from new.type or old.config_class is distinct from new.config_class
        or old.status is distinct from new.status or old.health is distinct from new.health
        or (old.deleted_at is null) <> (new.deleted_at is null)
        or old.cost_total_1d is distinct from new.cost_total_1d
        or old.cost_total_7d is distinct from new.cost_total_7d
        or old.cost_total_30d is distinct from new.cost_total_30d)
  execute function _config_summary_moved();
create trigger configs_summary_delete before delete on configs for each row
  when (old.deleted_at is null) execute function _config_summary_removed();
create trigger configs_summary_truncate after truncate on configs
  for each statement execute function _config_summary_emptied();

-- A change count's difference, added to its item's group. The count's row is the item's lock,
-- which the statement that fired this holds.
create function _config_summary_count_delta(ids uuid[], deltas integer[]) returns void language sql as $$
  insert into _config_summary_parts (type, config_class, status, health, changes_30d)
  select c.type, c.config_class, c.status, c.health, sum(d.n)
  from unnest(ids, deltas) as d(id, n) join configs c on c.id = d.id
  where c.deleted_at is null
  group by c.type, c.config_class, c.status, c.health
  having sum(d.n) <> 0
$$;

create function _config_summary_counts_added() returns trigger language plpgsql as $$
begin
  perform _config_summary_count_delta(array_agg(config_id), array_agg(changes_30d))
  from added where changes_30d <> 0 having count(*) > 0;
  return null;
end $$;

create function _config_summary_counts_updated() returns trigger language plpgsql as $$
begin
  perform _config_summary_count_delta(array_agg(n.config_id), array_agg(n.changes_30d - o.changes_30d))
  from updated n join previous o on o.config_id = n.config_id
  where n.changes_30d <> o.changes_30d having count(*) > 0;
  return null;
end $$;

create function _config_summary_counts_removed() returns trigger language plpgsql as $$
begin
  perform _config_summary_count_delta(array_agg(config_id), array_agg(-changes_30d))
  from removed where changes_30d <> 0 having count(*) > 0;
  return null;
end $$;

create trigger config_change_counts_summary_insert after insert on _config_change_counts
  referencing new table as added for each statement execute function _config_summary_counts_added();
create trigger config_change_counts_summary_update after update on _config_change_counts
  referencing old table as previous new table as updated
  for each statement execute function _config_summary_counts_updated();
create trigger config_change_counts_summary_delete after delete on _config_change_counts
  referencing old table as removed for each statement execute function _config_summary_counts_removed();

-- Insights in or out of the window, per item and type, added to their items' groups under the
-- items' lock rows (taken in id order).
create function _config_summary_insight_delta(ids uuid[], types text[], deltas integer[]) returns void
language plpgsql as $$
begin
  insert into _config_change_counts (config_id)
  select distinct id from unnest(ids) id order by id on conflict do nothing;
  perform 1 from _config_change_counts where config_id = any(ids) order by config_id for no key update;
  insert into _config_summary_insights (type, config_class, status, health, analysis_type, insights)
  select c.type, c.config_class, c.status, c.health, d.t, sum(d.n)
  from unnest(ids, types, deltas) as d(id, t, n) join configs c on c.id = d.id
  where c.deleted_at is null
  group by c.type, c.config_class, c.status, c.health, d.t
  having sum(d.n) <> 0;
end $$;

create function _config_summary_analysis_added() returns trigger language plpgsql as $$
declare
  since timestamptz := _config_change_counts_window_start(false);
begin
  perform _config_summary_insight_delta(array_agg(config_id), array_agg(analysis_type), array_agg(1))
  from added where last_observed >= since having count(*) > 0;
  return null;
end $$;

create function _config_summary_analysis_updated() returns trigger language plpgsql as $$
declare
  since timestamptz := _config_change_counts_window_start(false);
begin
  perform _config_summary_insight_delta(array_agg(id), array_agg(t), array_agg(n))
  from (select config_id as id, analysis_type as t, sum(n)::integer as n
        from (select config_id, analysis_type, 1 as n from updated where last_observed >= since
              union all
              select config_id, analysis_type, -1 from previous where last_observed >= since) d
        group by config_id, analysis_type
        having sum(n) <> 0) g
  having count(*) > 0;
  return null;
end $$;

create function _config_summary_analysis_removed() returns trigger language plpgsql as $$
declare
  since timestamptz := _config_change_counts_window_start(false);
begin
  perform _config_summary_insight_delta(array_agg(config_id), array_agg(analysis_type), array_agg(-1))
  from removed where last_observed >= since having count(*) > 0;
  return null;
end $$;

create function _config_summary_analysis_emptied() returns trigger language plpgsql as $$
begin
  perform _config_change_counts_window_start(true);
  delete from _config_summary_insights;
  return null;
end $$;

create trigger config_analysis_summary_insert after insert on config_analysis
  referencing new table as added for each statement execute function _config_summary_analysis_added();
create trigger config_analysis_summary_update after update on config_analysis
  referencing old table as previous new table as updated
  for each statement execute function _config_summary_analysis_updated();
create trigger config_analysis_summary_delete after delete on config_analysis
  referencing old table as removed for each statement execute function _config_summary_analysis_removed();
create trigger config_analysis_summary_truncate after truncate on config_analysis
  for each statement execute function _config_summary_analysis_emptied();

-- The task's step, as in 0028, now also taking out the insights last observed before `upto`.
create or replace function _config_change_counts_advance(upto timestamptz) returns integer
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
  perform _config_summary_insight_delta(array_agg(config_id), array_agg(analysis_type), array_agg(-1))
  from config_analysis where last_observed >= since and last_observed < upto having count(*) > 0;
  delete from _config_change_counts where changes_30d <= 0;
  update _config_change_counts_window set counted_from = upto;
  return passed;
end $$;

-- The task's fold: the rows this snapshot sees become one per group (rows appended meanwhile stay
-- as they are), with the groups' latest created_at and updated_at read from their items.
create function _config_summary_parts_fold() returns integer language plpgsql as $$
declare
  groups integer;
begin
  with gone as (
    delete from _config_summary_insights returning *
  )
  insert into _config_summary_insights (type, config_class, status, health, analysis_type, insights)
  select type, config_class, status, health, analysis_type, sum(insights)
  from gone group by type, config_class, status, health, analysis_type
  having sum(insights) <> 0;

  with gone as (
    delete from _config_summary_parts returning *
  ), summed as (
    select type, config_class, status, health, sum(items)::integer as items,
           sum(costs_1d)::integer as costs_1d, sum(cost_1d) as cost_1d,
           sum(costs_7d)::integer as costs_7d, sum(cost_7d) as cost_7d,
           sum(costs_30d)::integer as costs_30d, sum(cost_30d) as cost_30d,
           sum(changes_30d)::integer as changes_30d
    from gone group by type, config_class, status, health
  ), latest as (
    select type, config_class, status, health, max(created_at) as created_at, max(updated_at) as updated_at
    from configs where deleted_at is null group by type, config_class, status, health
  )
  insert into _config_summary_parts (type, config_class, status, health, items, costs_1d, cost_1d,
    costs_7d, cost_7d, costs_30d, cost_30d, changes_30d, created_at, updated_at)
  select s.type, s.config_class, s.status, s.health, s.items, s.costs_1d, s.cost_1d, s.costs_7d,
         s.cost_7d, s.costs_30d, s.cost_30d, s.changes_30d, l.created_at, l.updated_at
  from summed s
  left join latest l on l.type is not distinct from s.type and l.config_class is not distinct from s.config_class
    and l.status is not distinct from s.status and l.health is not distinct from s.health
  where s.items <> 0 or s.changes_30d <> 0 or s.costs_1d <> 0 or s.costs_7d <> 0 or s.costs_30d <> 0;
  get diagnostics groups = row_count;
  return groups;
end $$;
