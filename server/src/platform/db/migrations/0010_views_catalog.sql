-- Catalog views (spec 3 §2.1, §7). FK columns keep their base-table names (config_id,
-- scraper_id, agent_id, created_by) so the REST layer embeds through them.

-- A config item with the counts its detail tabs show. Scraper and agent are embedded through
-- scraper_id and agent_id (e.g. select=*,config_scrapers(id,name),agent:agent_id(id,name)).
create view config_detail as
select c.*,
  (select count(*) from config_changes x where x.config_id = c.id)::integer as changes,
  (select coalesce(jsonb_object_agg(a.analysis_type, a.n), '{}'::jsonb)
   from (select analysis_type, count(*) as n from config_analysis
         where config_id = c.id and status = 'open' group by analysis_type) a) as analysis,
  jsonb_build_object(
    'changes', (select count(*) from config_changes x where x.config_id = c.id),
    'analysis', (select count(*) from config_analysis a where a.config_id = c.id),
    'relationships', (select count(*) from config_relationships r
                      where (r.config_id = c.id or r.related_id = c.id) and r.deleted_at is null),
    'playbook_runs', (select count(*) from playbook_runs p where p.config_id = c.id),
    'checks', (select count(*) from check_config_relationships k
               where k.config_id = c.id and k.deleted_at is null)
  ) as summary
from configs c;

create view config_names as
select id, name, type, config_class, namespace, status, health, agent_id, deleted_at
from configs;

-- One row per (config_class, type) of live items: counts by health, open insights by type,
-- changes and cost over the 30-day summary window.
create view config_summary as
with live as (
  select id, type, config_class, health, cost_total_30d from configs where deleted_at is null
),
changes as (
  select l.type, l.config_class, count(*)::integer as n
  from config_changes x join live l on l.id = x.config_id
  where x.created_at > now() - interval '30 days'
  group by l.type, l.config_class
),
analysis as (
  select type, config_class, jsonb_object_agg(analysis_type, n) as counts
  from (
    select l.type, l.config_class, a.analysis_type, count(*)::integer as n
    from config_analysis a join live l on l.id = a.config_id
    where a.status = 'open' and a.last_observed > now() - interval '30 days'
    group by l.type, l.config_class, a.analysis_type
  ) per_type
  group by type, config_class
),
grouped as (
  select type, config_class, count(*)::integer as count,
    count(*) filter (where health = 'healthy')::integer as healthy,
    count(*) filter (where health = 'unhealthy')::integer as unhealthy,
    count(*) filter (where health = 'warning')::integer as warning,
    count(*) filter (where health = 'unknown' or health is null)::integer as unknown,
    sum(cost_total_30d) as cost_total_30d
  from live
  group by type, config_class
)
select g.type, g.config_class, g.count,
  jsonb_build_object('healthy', g.healthy, 'unhealthy', g.unhealthy, 'warning', g.warning,
    'unknown', g.unknown) as health,
  g.healthy, g.unhealthy, g.warning, g.unknown,
  coalesce(a.counts, '{}'::jsonb) as analysis,
  coalesce(c.n, 0) as changes,
  g.cost_total_30d
from grouped g
left join changes c on c.type = g.type and c.config_class is not distinct from g.config_class
left join analysis a on a.type = g.type and a.config_class is not distinct from g.config_class;

create view config_tags as
select distinct t.key, t.value
from configs c, jsonb_each_text(c.tags) t
where c.deleted_at is null;

create view config_labels as
select distinct l.key, l.value
from configs c, jsonb_each_text(c.labels) l
where c.deleted_at is null;

create view config_types as
select distinct type from configs where deleted_at is null;

create view config_statuses as
select distinct status from configs where deleted_at is null and status is not null;

create view change_types as
select distinct change_type from config_changes;

create view config_analysis_analyzers as
select distinct analyzer from config_analysis;

-- Insights with the catalog item's name, type and class (default order first_observed desc).
create view config_analysis_items as
select a.id, a.config_id, a.scraper_id, a.analyzer, a.analysis_type, a.severity, a.status,
  a.message, a.summary, a.analysis, a.source, a.first_observed, a.last_observed, a.created_by,
  a.created_at, a.updated_at,
  c.name, c.type as config_type, c.config_class, c.agent_id, c.deleted_at as config_deleted_at
from config_analysis a
join configs c on c.id = a.config_id;

-- The checks of a config with uptime {passed, failed} and latency {p95, p97, p99} in ms over
-- the last 24 hours of check_statuses.
create view check_summary_for_config as
select r.config_id, k.id, k.canary_id, k.agent_id, k.name, k.type, k.icon, k.namespace,
  k.description, k.severity, k.labels, k.status, k.last_runtime, k.last_transition_time,
  k.created_at, k.updated_at, k.deleted_at,
  jsonb_build_object('passed', s.passed, 'failed', s.failed) as uptime,
  jsonb_build_object('p95', s.p95, 'p97', s.p97, 'p99', s.p99) as latency
from check_config_relationships r
join checks k on k.id = r.check_id
left join lateral (
  select count(*) filter (where cs.status)::integer as passed,
    count(*) filter (where not cs.status)::integer as failed,
    round(percentile_cont(0.95) within group (order by cs.duration)) as p95,
    round(percentile_cont(0.97) within group (order by cs.duration)) as p97,
    round(percentile_cont(0.99) within group (order by cs.duration)) as p99
  from check_statuses cs
  where cs.check_id = k.id and cs.time > now() - interval '1 day'
) s on true
where r.deleted_at is null and k.deleted_at is null;
