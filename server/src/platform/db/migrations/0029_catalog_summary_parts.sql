-- The catalog summary's usual views (items not deleted, grouped by type, class or status, filtered
-- by health or status, no label filter) read these parts instead of every item: at 100,000 items,
-- grouping the items and joining their change counts is most of a summary's time, and it grows
-- with the catalog. Each row is a delta for one group (type, class, status, health): items in
-- and out, their costs, their kept 30-day change counts (0028). Writers only append, so they never
-- wait on each other's groups; the summary adds the rows up; the ConfigChangeCounts task folds
-- them into one row per group.
--
-- Every figure is kept exact by the triggers below, except the groups' latest created_at and
-- updated_at: an item entering a group raises them, and the task sets them from the items
-- themselves when it folds (an update that moves no item between groups raises nothing).
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

-- An item's part: +1 (entering its group) or -1 (leaving it), with its change count.
create function _config_summary_part(item configs, sign integer, changes integer) returns void
language sql as $$
  insert into _config_summary_parts (type, config_class, status, health, items,
    costs_1d, cost_1d, costs_7d, cost_7d, costs_30d, cost_30d, changes_30d, created_at, updated_at)
  values (item.type, item.config_class, item.status, item.health, sign,
    sign * (item.cost_total_1d is not null)::integer, sign * coalesce(item.cost_total_1d, 0),
    sign * (item.cost_total_7d is not null)::integer, sign * coalesce(item.cost_total_7d, 0),
    sign * (item.cost_total_30d is not null)::integer, sign * coalesce(item.cost_total_30d, 0),
    sign * changes,
    case when sign > 0 then item.created_at end, case when sign > 0 then item.updated_at end)
$$;

-- New items have no changes yet (a change needs its item first).
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
-- change count along. A change written for it meanwhile waits for this update (its count's
-- trigger locks the item), so the count read here is the one that moves.
create function _config_summary_moved() returns trigger language plpgsql as $$
declare
  changes integer := coalesce((select changes_30d from _config_change_counts where config_id = new.id), 0);
begin
  if old.deleted_at is null then
    perform _config_summary_part(old, -1, changes);
  end if;
  if new.deleted_at is null then
    perform _config_summary_part(new, 1, changes);
  end if;
  return null;
end $$;

-- Before the row goes: its change count is removed with it (cascading), after which no trigger
-- can tell which group the count was in.
create function _config_summary_removed() returns trigger language plpgsql as $$
begin
  perform _config_summary_part(old, -1,
    coalesce((select changes_30d from _config_change_counts where config_id = old.id), 0));
  return old;
end $$;

create function _config_summary_emptied() returns trigger language plpgsql as $$
begin
  delete from _config_summary_parts;
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

-- A change count's difference, added to its item's group. The items are locked for share in id
-- order: an update moving one of them between groups waits for this transaction, or this reads
-- the group it moved to.
create function _config_summary_count_delta(ids uuid[], deltas integer[]) returns void language sql as $$
  insert into _config_summary_parts (type, config_class, status, health, changes_30d)
  select c.type, c.config_class, c.status, c.health, sum(d.n)
  from (select x.id, x.type, x.config_class, x.status, x.health from configs x
        where x.id = any(ids) and x.deleted_at is null
        order by x.id for share) c
  join unnest(ids, deltas) as d(id, n) on d.id = c.id
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

-- The task's fold: the rows this snapshot sees become one per group (rows appended meanwhile stay
-- as they are), with the groups' latest created_at and updated_at read from their items.
create function _config_summary_parts_fold() returns integer language plpgsql as $$
declare
  groups integer;
begin
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
