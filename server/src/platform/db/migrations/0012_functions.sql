-- RPC functions (spec 3 §7): related_configs_recursive and lookup_analysis_by_component.

-- Configs reachable from config_id through config_relationships (edge config_id -> related_id is
-- outgoing from config_id). type_filter: all | outgoing (= downstream) | incoming (= upstream).
-- incoming_relation / outgoing_relation: both | hard | soft. Each path is walked in one direction
-- only, keeps the ids it visited and never revisits one, and stops at max_depth, so cycles end.
-- Both directions are one walk over edges tagged with the direction they are walked in.
-- One row per (config, direction) with the smallest depth, the relation ('hard' when any hard
-- edge reaches it) and related_ids, the configs it was reached from.
create or replace function related_configs_recursive(
  config_id uuid,
  type_filter text default 'all',
  include_deleted_configs boolean default false,
  max_depth integer default 10,
  incoming_relation text default 'both',
  outgoing_relation text default 'both'
)
returns table (
  id uuid, name text, type text, config_class text, namespace text, description text,
  status text, health text, labels jsonb, tags jsonb, agent_id uuid, created_at timestamptz,
  updated_at timestamptz, deleted_at timestamptz,
  depth integer, direction text, relation text, related_ids uuid[]
)
language sql stable as $$
  with recursive
  -- Every usable edge once per direction it may be walked: from -> to, tagged with that
  -- direction. Not materialized, so the planner keeps using the indexes on both key columns.
  edges (from_id, to_id, relation, direction) as not materialized (
    select e.config_id, e.related_id, e.relation, 'outgoing'::text
    from config_relationships e
    where e.deleted_at is null
      and related_configs_recursive.type_filter in ('all', 'outgoing', 'downstream')
      and (related_configs_recursive.outgoing_relation in ('both', 'all')
           or e.relation = related_configs_recursive.outgoing_relation)
    union all
    select e.related_id, e.config_id, e.relation, 'incoming'::text
    from config_relationships e
    where e.deleted_at is null
      and related_configs_recursive.type_filter in ('all', 'incoming', 'upstream')
      and (related_configs_recursive.incoming_relation in ('both', 'all')
           or e.relation = related_configs_recursive.incoming_relation)
  ),
  reached (id, from_id, depth, path, relation, direction) as (
    select e.to_id, e.from_id, 1, array[e.from_id, e.to_id], e.relation, e.direction
    from edges e
    join configs c on c.id = e.to_id
    where e.from_id = related_configs_recursive.config_id
      and related_configs_recursive.max_depth >= 1
      and (related_configs_recursive.include_deleted_configs or c.deleted_at is null)
    union all
    select e.to_id, e.from_id, r.depth + 1, r.path || e.to_id, e.relation, r.direction
    from reached r
    join edges e on e.from_id = r.id and e.direction = r.direction
    join configs c on c.id = e.to_id
    where r.depth < related_configs_recursive.max_depth
      and not (e.to_id = any (r.path))
      and (related_configs_recursive.include_deleted_configs or c.deleted_at is null)
  ),
  per_config as (
    select r.id, r.direction, min(r.depth) as depth, min(r.relation) as relation,
      array_agg(distinct r.from_id) as related_ids
    from reached r
    group by r.id, r.direction
  )
  select c.id, c.name, c.type, c.config_class, c.namespace, c.description, c.status, c.health,
    c.labels, c.tags, c.agent_id, c.created_at, c.updated_at, c.deleted_at,
    p.depth, p.direction, p.relation, p.related_ids
  from per_config p
  join configs c on c.id = p.id
  order by p.depth, c.type, c.name
$$;

-- The insights of the configs linked to a component.
create or replace function lookup_analysis_by_component(id uuid)
returns setof config_analysis
language sql stable as $$
  select a.*
  from config_analysis a
  where a.config_id in (
    select r.config_id from config_component_relationships r
    where r.component_id = lookup_analysis_by_component.id and r.deleted_at is null
  )
  order by a.first_observed desc
$$;
