-- What the platform's own clients (its web UI, scripts written for it) read on the screens they
-- open, under the platform's names and in its shapes (docs/api.md, "The platform's own clients").
-- Views that would be automatically updatable take a top-level WITH, which Postgres never writes
-- through: a write meant for people or playbooks goes to those tables and their rules, never
-- around them through a read-only name. (Postgres inlines a WITH read once, so filters on these
-- views still reach the tables' indexes.)

-- People and the roles they act with (Settings → Users, and each person's own access): none
-- stored means viewer, as the console decides (access/roles.ts). The platform leaves out people
-- without an email (its system users); the console's local administrator has none, so the
-- console leaves out people who are not persons (agents, tokens, the system) instead.
create view people_roles as
with roles_of as (
  select p.id, p.name, p.email, p.avatar,
    case when p.roles = '{}' then array['viewer'] else p.roles end as roles
  from people p
  where p.deleted_at is null and p.type = 'person'
)
select id, name, email, avatar, roles from roles_of;

-- The names a playbook picker offers.
create view playbook_names as
with named as (
  select id, name, namespace, title, icon, category, description
  from playbooks
  where deleted_at is null
)
select id, name, namespace, title, icon, category, description from named;

-- The permissions table as the platform's Settings → Permissions lists it: its subject as
-- `subject`/`subject_type` and the person, team and resource named beside each row. Columns the
-- console's grants do not have (selectors, tags, agents, soft delete) are there and null.
create view permissions_summary as
select
  p.id,
  null::text as name,
  null::text as namespace,
  p.description,
  p.source,
  p.action,
  p.object,
  null::jsonb as object_selector,
  p.deny,
  coalesce(p.person_id, p.team_id)::text as subject,
  case when p.person_id is not null then 'person' else 'team' end as subject_type,
  p.created_at,
  p.updated_at,
  null::timestamptz as deleted_at,
  p.created_by,
  p.updated_by,
  p.until,
  null::jsonb as tags,
  null::text[] as agents,
  null::text as error,
  p.person_id,
  p.team_id,
  p.component_id,
  p.config_id,
  p.canary_id,
  p.playbook_id,
  p.connection_id,
  p.check_id,
  case when p.person_id is not null then
    -- No email: reading one needs read on identities, and this is readable by everyone who
    -- reads permissions.
    jsonb_build_object('id', pe.id, 'name', pe.name, 'avatar', pe.avatar)
  end as person,
  case when p.team_id is not null then
    jsonb_build_object('id', t.id, 'name', t.name, 'icon', t.icon)
  end as team,
  case when p.component_id is not null then
    jsonb_build_object('id', comp.id, 'icon', coalesce(comp.icon, comp.type), 'name', comp.name)
  end as component_object,
  case when p.config_id is not null then
    jsonb_build_object('id', ci.id, 'type', ci.type, 'name', ci.name, 'config_class', ci.config_class)
  end as config_object,
  case when p.canary_id is not null then
    jsonb_build_object('id', cn.id, 'name', cn.name, 'namespace', cn.namespace)
  end as canary_object,
  case when p.playbook_id is not null then
    jsonb_build_object('id', pb.id, 'icon', pb.icon, 'name', coalesce(pb.title, pb.name))
  end as playbook_object,
  -- The id alone: a connection's name and type need read on connections, which viewers lack, and
  -- this is readable by everyone who reads permissions.
  case when p.connection_id is not null then jsonb_build_object('id', p.connection_id) end as connection_object,
  case when p.check_id is not null then
    jsonb_build_object('id', ck.id, 'name', ck.name, 'type', ck.type)
  end as check_object
from permissions p
left join people pe on pe.id = p.person_id
left join teams t on t.id = p.team_id
left join components comp on comp.id = p.component_id
left join configs ci on ci.id = p.config_id
left join canaries cn on cn.id = p.canary_id
left join playbooks pb on pb.id = p.playbook_id
left join checks ck on ck.id = p.check_id;

-- Who a grant may name (the subject pickers of Settings → Permissions): people, teams, roles.
create view permission_subjects as
select p.id::text as id, p.name, 'person' as type
from people p where p.deleted_at is null and p.type = 'person'
union all
select t.id::text, t.name, 'team' from teams t where t.deleted_at is null
union all
select r.name, r.name, 'role' from unnest(array['admin', 'editor', 'commander', 'responder', 'viewer']) as r (name);

-- The catalog under the platform's table name, for the embeds its clients make
-- (`playbook_runs?select=config:config_items(...)`). Its writes are refused as the catalog's are
-- (catalog/rules.ts).
create view config_items as select * from configs;

-- Config ancestors, root first: the platform finds them by location aliases; the console keeps
-- each item's ancestors in `path` (their ids, root first) and `parent_id`. An alias prefix keeps
-- the ancestors with an alias (external_id) starting with it.
create function get_parents_by_location(
  config_id uuid,
  alias_prefix text default null,
  include_deleted boolean default false
) returns table (id uuid, name text, type text)
language sql stable as $$
  select a.id, a.name, a.type
  from configs item
  cross join lateral unnest(
    string_to_array(coalesce(nullif(item.path, ''), item.parent_id::text), '.')
  ) with ordinality as ancestor (ancestor_id, depth)
  join configs a on a.id::text = ancestor.ancestor_id
  where item.id = get_parents_by_location.config_id
    and a.id <> item.id
    and (include_deleted or a.deleted_at is null)
    and (coalesce(alias_prefix, '') = ''
      or exists (select 1 from unnest(a.external_id) alias where starts_with(alias, alias_prefix)))
  order by ancestor.depth
$$;

-- Job history per job name (Settings → Jobs, its summary tab). Counted as runs are written
-- rather than at each request: at a million runs, grouping them all for a page of names is most
-- of the time. The platform's STALE and SKIPPED never happen here (the console's jobs end
-- SUCCESS, WARNING, FAILED or STOPPED): they stay 0, and STOPPED is counted beside them.
create table _job_history_counts (
  name text primary key,
  total integer not null default 0,
  running integer not null default 0,
  success integer not null default 0,
  warning integer not null default 0,
  failed integer not null default 0,
  stopped integer not null default 0,
  duration_sum bigint not null default 0,
  duration_count integer not null default 0,
  last_run_at timestamptz
);

insert into _job_history_counts
  (name, total, running, success, warning, failed, stopped, duration_sum, duration_count, last_run_at)
select name, count(*),
  count(*) filter (where status = 'RUNNING'),
  count(*) filter (where status = 'SUCCESS'),
  count(*) filter (where status = 'WARNING'),
  count(*) filter (where status = 'FAILED'),
  count(*) filter (where status = 'STOPPED'),
  coalesce(sum(duration_millis), 0),
  count(duration_millis),
  max(created_at)
from job_histories
group by name;

-- One run in (sign 1) or out (sign -1) of its name's counts.
create function _job_history_count(run job_histories, sign integer) returns void
language plpgsql as $$
begin
  insert into _job_history_counts as c
    (name, total, running, success, warning, failed, stopped, duration_sum, duration_count, last_run_at)
  values (run.name, sign,
    sign * (run.status = 'RUNNING')::integer,
    sign * (run.status = 'SUCCESS')::integer,
    sign * (run.status = 'WARNING')::integer,
    sign * (run.status = 'FAILED')::integer,
    sign * (run.status = 'STOPPED')::integer,
    sign * coalesce(run.duration_millis, 0),
    sign * (run.duration_millis is not null)::integer,
    case when sign > 0 then run.created_at end)
  on conflict (name) do update set
    total = c.total + excluded.total,
    running = c.running + excluded.running,
    success = c.success + excluded.success,
    warning = c.warning + excluded.warning,
    failed = c.failed + excluded.failed,
    stopped = c.stopped + excluded.stopped,
    duration_sum = c.duration_sum + excluded.duration_sum,
    duration_count = c.duration_count + excluded.duration_count,
    last_run_at = greatest(c.last_run_at, excluded.last_run_at);
  -- The name's newest run went: its last run is the newest that stays (job_histories_name_created_at_idx).
  if sign < 0 then
    update _job_history_counts c
    set last_run_at = (select max(h.created_at) from job_histories h where h.name = run.name)
    where c.name = run.name and c.last_run_at <= run.created_at;
    delete from _job_history_counts c where c.name = run.name and c.total <= 0;
  end if;
end $$;

create function _job_history_counts_changed() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform _job_history_count(old, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform _job_history_count(new, 1);
  end if;
  return null;
end $$;

create trigger job_histories_counts_inserted after insert on job_histories
  for each row execute function _job_history_counts_changed();
create trigger job_histories_counts_updated after update of name, status, duration_millis, created_at
  on job_histories
  for each row when (old.name is distinct from new.name or old.status is distinct from new.status
    or old.duration_millis is distinct from new.duration_millis
    or old.created_at is distinct from new.created_at)
  execute function _job_history_counts_changed();
create trigger job_histories_counts_deleted after delete on job_histories
  for each row execute function _job_history_counts_changed();

create function _job_history_counts_emptied() returns trigger language plpgsql as $$
begin
  delete from _job_history_counts;
  return null;
end $$;

create trigger job_histories_counts_truncated after truncate on job_histories
  for each statement execute function _job_history_counts_emptied();

create view job_history_summary as
with counts as (select * from _job_history_counts)
select name, total, running, success, warning, failed, 0 as stale, 0 as skipped, stopped, last_run_at,
  case when duration_count > 0 then round(duration_sum::numeric / duration_count) end as average_duration
from counts;

-- The platform's custom views (dashboards its sidebar lists on every page): the console has none,
-- so the list its clients read is always empty rather than missing.
create view views_summary as
select null::uuid as id, null::text as name, null::text as namespace, null::text as title,
  null::text as icon, null::integer as ordinal, null::boolean as sidebar, null::text as description,
  null::timestamptz as last_ran, null::timestamptz as created_at
where false;
