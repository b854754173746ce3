/**
 * The topology's one read: the live components a query asks for (the roots and everything
 * below them, or one component and its descendants by its path) with what their cards count,
 * aggregated by the database: checks by status, open incidents by type and severity, open
 * insights of linked configs by analysis type and severity, and the names of the owning teams.
 */
import type { Queryable } from '../db/db.js';
import type { TopologyOptions } from './options.js';

/**
 * A component row as the statement answers it: what the tree, filters and sort need, and the
 * component's fields already as JSON text (`body`), so thousands of rows are never parsed into
 * objects only to be written out again.
 */
export interface ComponentRow {
  id: string;
  name: string;
  type: string | null;
  status: string;
  parent_id: string | null;
  labels: Record<string, string> | null;
  team_names: string[] | null;
  /**
   * The component as JSON (an object), in full or trimmed; without its summary and children.
   * Null below the levels the answer nests (`depth`): such a row only counts as a leaf and
   * offers its type, status, labels and teams to the filters.
   */
  body: string | null;
  /** JSON text of its checks by status, open incidents and open insights, or null. */
  checks: string | null;
  incidents: string | null;
  insights: string | null;
}

/** A row as the statement packs it: ComponentRow's fields in order. */
type PackedRow = [
  string,
  string,
  string | null,
  string,
  string | null,
  Record<string, string> | null,
  string[] | null,
  string | null,
  string | null,
  string | null,
  string | null,
];

/** A component's id and where its descendants' paths begin, or undefined when it is not live. */
export async function descendantPrefix(db: Queryable, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ prefix: string }>(
    `select case when coalesce(path, '') = '' then id::text else path || '.' || id::text end as prefix
     from components where id = $1 and deleted_at is null`,
    [id],
  );
  return rows[0]?.prefix;
}

/** What every component carries: a card's row of it. */
const ROW_FIELDS = `'id', c.id, 'name', c.name, 'type', c.type, 'icon', c.icon, 'namespace', c.namespace,
      'labels', c.labels, 'status', c.status, 'health', c.health, 'status_reason', c.status_reason,
      'agent_id', c.agent_id, 'topology_type', tp.spec->>'type', 'is_leaf', c.is_leaf,
      'team_names', coalesce(tn.team_names, '{}'), 'created_at', c.created_at,
      'updated_at', c.updated_at`;

/**
 * The platform answers the components of the page's cards in full (the component asked for and
 * its children, or the roots); those further down with a row's fields, nulls left out.
 */
const body = (
  direct: string,
) => `case when ${direct} then json_build_object(${ROW_FIELDS}, 'hidden', c.hidden,
      'title', c.title, 'text', c.text, 'properties', c.properties, 'description', c.description,
      'external_id', c.external_id, 'owner', c.owner, 'lifecycle', c.lifecycle, 'tooltip', c.tooltip,
      'topology_id', c.topology_id, 'parent_id', c.parent_id, 'path', c.path, 'log_selectors', c.log_selectors,
      'cost_per_minute', c.cost_per_minute, 'cost_total_1d', c.cost_total_1d,
      'cost_total_7d', c.cost_total_7d, 'cost_total_30d', c.cost_total_30d)
    else json_strip_nulls(json_build_object(${ROW_FIELDS}, 'hidden', case when c.hidden then true end))
  end::text`;

/** How many ancestors a component has: the ids in its path. */
const LEVEL = `(case when coalesce(c.path, '') = '' then 0
  else length(c.path) - length(replace(c.path, '.', '')) + 1 end)`;

/** A level no tree reaches, within the database's integers. */
const MAX_LEVEL = 10_000;

/** Incidents still being worked on. */
const CLOSED_INCIDENT_STATUSES = ['resolved', 'closed'];

/**
 * The statement: `selected` is the ids of the components asked for, `shown` those of the levels
 * the answer nests, and each count reads only their links; the components' own columns are read once, by the same conditions, at the end
 * (joining wide rows back to the ids cost more than testing the conditions twice).
 * Descendants are found by path: every path below the component starts with `prefix.`, which
 * the ~>=~ / ~<~ pair (byte order, served by the text_pattern_ops index) bounds as a range.
 */
export function componentsStatement(
  options: TopologyOptions,
  prefix: string | undefined,
): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const bind = (value: unknown) => `$${params.push(value)}`;
  const where: string[] = ['c.deleted_at is null'];
  let root = 'false';
  if (options.id && prefix !== undefined) {
    root = `c.id = ${bind(options.id)}`;
    const below = `(c.path = ${bind(prefix)} or (c.path ~>=~ ${bind(`${prefix}.`)} and c.path ~<~ ${bind(`${prefix}/`)}))`;
    where.push(`(${root} or c.parent_id = $1 or ${below})`);
  }
  if (!options.hidden) where.push(`(not c.hidden or ${root})`);
  if (options.owner) where.push(`c.owner = ${bind(options.owner)}`);
  if (options.labels) where.push(`c.labels @> ${bind(JSON.stringify(options.labels))}::jsonb`);
  if (options.agentId) where.push(`c.agent_id = ${bind(options.agentId)}`);
  if (options.team)
    where.push(
      `exists (select 1 from team_components tc join teams t on t.id = tc.team_id
               where tc.component_id = c.id and t.deleted_at is null and t.name = ${bind(options.team)})`,
    );
  // The platform answers the components of the page's cards in full (the component asked for
  // and its children, or the roots) and those further down with what their rows in a card show.
  const direct = options.flatten
    ? 'true'
    : options.id && prefix !== undefined
      ? `(c.id = $1 or c.parent_id = $1)`
      : 'c.parent_id is null';
  // The levels the answer nests: the components there are written and counted in full, those
  // below only counted as leaves; with depth 2 of the roots, 50 rows of 5,000 rather than all.
  const topLevel = options.id && prefix !== undefined ? prefix.split('.').length - 1 : 0;
  const lastLevel = topLevel + options.depth - 1;
  // Beyond any tree's height (a snapshot asks for every level) there is nothing to leave out.
  const everyLevel = options.flatten || lastLevel > MAX_LEVEL;
  const nested = everyLevel ? 'true' : `${LEVEL} <= ${bind(lastLevel)}`;
  const closed = bind(CLOSED_INCIDENT_STATUSES);
  const text = `
with selected as (
  select c.id, ${nested} as nested
  from components c
  where ${where.join('\n    and ')}
),
shown as (select id from selected where nested),
check_counts as (
  select component_id, jsonb_object_agg(status, n) as checks from (
    select r.component_id, coalesce(k.status, 'unknown') as status, count(distinct k.id)::int as n
    from shown s
    join check_component_relationships r on r.component_id = s.id and r.deleted_at is null
    join checks k on k.id = r.check_id and k.deleted_at is null
    group by 1, 2
  ) by_status group by 1
),
incident_counts as (
  select component_id, jsonb_object_agg(type, severities) as incidents from (
    select component_id, type, jsonb_object_agg(severity, n) as severities from (
      select e.component_id, i.type, i.severity, count(distinct i.id)::int as n
      from shown s
      join evidences e on e.component_id = s.id
      join hypotheses h on h.id = e.hypothesis_id
      join incidents i on i.id = h.incident_id and i.status <> all(${closed}::text[])
      group by 1, 2, 3
    ) by_severity group by 1, 2
  ) by_type group by 1
),
insight_counts as (
  select component_id, jsonb_object_agg(analysis_type, severities) as insights from (
    select component_id, analysis_type, jsonb_object_agg(severity, n) as severities from (
      select r.component_id, a.analysis_type, a.severity, count(distinct a.id)::int as n
      from shown s
      join config_component_relationships r on r.component_id = s.id and r.deleted_at is null
      join configs g on g.id = r.config_id and g.deleted_at is null
      join config_analysis a on a.config_id = r.config_id and a.status = 'open'
      group by 1, 2, 3
    ) by_severity group by 1, 2
  ) by_type group by 1
),
team_names as (
  select tc.component_id, array_agg(distinct t.name order by t.name) as team_names
  from selected s
  join team_components tc on tc.component_id = s.id
  join teams t on t.id = tc.team_id and t.deleted_at is null
  group by 1
)
select coalesce(json_agg(json_build_array(c.id, c.name, c.type, c.status, c.parent_id, c.labels, tn.team_names,
    case when ${nested} then ${body(direct)} end, cc.checks::text, ic.incidents::text, nc.insights::text)), '[]')::text as rows
from components c
left join topologies tp on tp.id = c.topology_id
left join team_names tn on tn.component_id = c.id
left join check_counts cc on cc.component_id = c.id
left join incident_counts ic on ic.component_id = c.id
left join insight_counts nc on nc.component_id = c.id
where ${where.join('\n  and ')}`;
  return { text, params };
}

export async function selectComponents(
  db: Queryable,
  options: TopologyOptions,
  prefix: string | undefined,
): Promise<ComponentRow[]> {
  const { text, params } = componentsStatement(options, prefix);
  // One value holding every row: thousands of rows of a dozen columns cost the drivers (PGlite's
  // above all) far more to read one by one than one JSON text costs to parse.
  const { rows } = await db.query<{ rows: string }>(text, params);
  const packed = JSON.parse(rows[0]!.rows) as PackedRow[];
  return packed.map(
    ([id, name, type, status, parent_id, labels, team_names, body, checks, incidents, insights]) => ({
      id,
      name,
      type,
      status,
      parent_id,
      labels,
      team_names,
      body,
      checks,
      incidents,
      insights,
    }),
  );
}
