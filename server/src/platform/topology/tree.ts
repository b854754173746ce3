/**
 * From the statement's rows to the answer, as the platform shapes it: the type filter on every
 * component; a tree (the roots, or the one component asked for, with their children nested to
 * `depth` levels) unless flattened; the status filter on the top level (not on the component
 * asked for) and on its children; the top level's order; and the filters' choices (teams,
 * types, statuses, label values) of everything the query matched.
 */
import type { ComponentRow } from './sql.js';
import { matchesList, type TopologyOptions } from './options.js';
import type {
  ComponentProperty,
  ComponentStatus,
  ComponentSummary,
  LogSelector,
  TopologyComponent,
  TopologyResponse,
} from './types.js';

/** The topology's ranking: info 4, healthy 3, warning 2, unhealthy 1. */
export const STATUS_RANK: Record<string, number> = { info: 4, healthy: 3, warning: 2, unhealthy: 1 };

type LeafCounts = Pick<ComponentSummary, 'healthy' | 'unhealthy' | 'warning' | 'info'>;
const LEAF_STATUSES = ['healthy', 'unhealthy', 'warning', 'info'] as const;

/**
 * A component as answered: in full, or (further down the tree, as the platform trims them) what
 * a card's row of it shows.
 */
function componentOf(row: ComponentRow): TopologyComponent {
  const component: TopologyComponent = {
    id: row.id,
    name: row.name,
    labels: row.labels ?? {},
    status: row.status as ComponentStatus,
    agent_id: row.agent_id,
    is_leaf: row.is_leaf,
    team_names: row.team_names ?? [],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  // Rows further down leave out what they do not have: thousands of them make the answer.
  if (row.direct || row.type !== null) component.type = row.type;
  if (row.direct || row.icon !== null) component.icon = row.icon;
  if (row.direct || row.namespace !== null) component.namespace = row.namespace;
  if (row.direct || row.health !== null) component.health = row.health as TopologyComponent['health'];
  if (row.direct || row.status_reason !== null) component.status_reason = row.status_reason;
  if (row.direct || row.topology_type !== null) component.topology_type = row.topology_type;
  if (row.direct || row.hidden) component.hidden = row.hidden;
  if (row.direct)
    Object.assign(component, {
      title: row.title,
      text: row.text,
      properties: (row.properties ?? []) as ComponentProperty[],
      description: row.description,
      external_id: row.external_id,
      owner: row.owner,
      lifecycle: row.lifecycle,
      tooltip: row.tooltip,
      topology_id: row.topology_id,
      parent_id: row.parent_id,
      path: row.path,
      log_selectors: row.log_selectors as LogSelector[] | null,
      cost_per_minute: row.cost_per_minute,
      cost_total_1d: row.cost_total_1d,
      cost_total_7d: row.cost_total_7d,
      cost_total_30d: row.cost_total_30d,
    } satisfies Partial<TopologyComponent>);
  const summary: ComponentSummary = {};
  if (row.checks) summary.checks = row.checks;
  if (row.incidents) summary.incidents = row.incidents;
  if (row.insights) summary.insights = row.insights;
  component.summary = summary;
  return component;
}

/** Each component's leaves by status, counted once for the whole set from the bottom up. */
function leafCounts(
  rows: readonly ComponentRow[],
  childrenOf: ReadonlyMap<string, ComponentRow[]>,
): Map<string, LeafCounts> {
  const counts = new Map<string, LeafCounts>();
  const countOf = (row: ComponentRow, seen: Set<string>): LeafCounts => {
    const known = counts.get(row.id);
    if (known) return known;
    const total: LeafCounts = {};
    const children = (childrenOf.get(row.id) ?? []).filter((child) => !seen.has(child.id));
    if (children.length === 0) {
      const status = row.status as (typeof LEAF_STATUSES)[number];
      if (LEAF_STATUSES.includes(status)) total[status] = 1;
    } else {
      // A cycle in parent_id would never end: a component is counted once on any one branch.
      seen.add(row.id);
      for (const child of children) {
        const below = countOf(child, seen);
        for (const status of LEAF_STATUSES)
          if (below[status]) total[status] = (total[status] ?? 0) + below[status];
      }
      seen.delete(row.id);
    }
    counts.set(row.id, total);
    return total;
  };
  for (const row of rows) countOf(row, new Set());
  return counts;
}

function propertyOf(component: TopologyComponent, name: string): ComponentProperty | undefined {
  return component.properties?.find((property) => property.name === name);
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The order of one level: by name, by a property (`field:<name>`; text when every component's
 * is text, else by value; components without it last), or by a column (status by its rank).
 */
export function sortComponents(components: TopologyComponent[], sortBy: string, descending: boolean): void {
  const sign = descending ? -1 : 1;
  if (sortBy.startsWith('field:')) {
    const field = sortBy.slice('field:'.length);
    // By text when every component that has the property has it as text.
    const having = components.map((c) => propertyOf(c, field)).filter((p) => p !== undefined);
    const byText = having.length > 0 && having.every((p) => Boolean(p.text));
    const keyOf = (c: TopologyComponent): string | number | undefined => {
      const property = propertyOf(c, field);
      if (byText) return property?.text || undefined;
      return property?.value ?? undefined;
    };
    components.sort((a, b) => {
      const ka = keyOf(a);
      const kb = keyOf(b);
      if (ka === undefined || kb === undefined) return ka === kb ? 0 : ka === undefined ? 1 : -1;
      return sign * (typeof ka === 'number' ? ka - (kb as number) : compareText(ka, kb as string));
    });
    return;
  }
  const column = sortBy as keyof TopologyComponent;
  const keyOf = (c: TopologyComponent): string | number | undefined => {
    if (column === 'status') return STATUS_RANK[c.status] ?? 0;
    const value = c[column];
    return typeof value === 'number' || typeof value === 'string' ? value : undefined;
  };
  components.sort((a, b) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    if (ka === undefined || kb === undefined) return ka === kb ? 0 : ka === undefined ? 1 : -1;
    return sign * (typeof ka === 'number' ? ka - (kb as number) : compareText(ka, kb as string));
  });
}

const distinctSorted = (values: Iterable<string | null | undefined>) =>
  [...new Set([...values].filter((value): value is string => Boolean(value)))].sort(compareText);

function choicesOf(rows: readonly ComponentRow[]): Omit<TopologyResponse, 'components'> {
  const tags = new Map<string, Set<string>>();
  for (const row of rows)
    for (const [key, value] of Object.entries(row.labels ?? {})) {
      if (!tags.has(key)) tags.set(key, new Set());
      tags.get(key)!.add(value);
    }
  return {
    teams: distinctSorted(rows.flatMap((row) => row.team_names ?? [])),
    types: distinctSorted(rows.map((row) => row.type)),
    healthStatuses: distinctSorted(rows.map((row) => row.status)),
    tags: Object.fromEntries(
      [...tags.keys()].sort(compareText).map((key) => [key, distinctSorted(tags.get(key)!)]),
    ),
  };
}

const byName = (a: ComponentRow, b: ComponentRow) => compareText(a.name, b.name) || compareText(a.id, b.id);

export function topologyResponse(
  unordered: readonly ComponentRow[],
  options: TopologyOptions,
): TopologyResponse {
  // Every level by name unless sorted otherwise; here rather than in SQL, where the collation's
  // comparisons of thousands of wide rows cost more than the whole of this function.
  const rows = [...unordered].sort(byName);
  const childrenOf = new Map<string, ComponentRow[]>();
  for (const row of rows)
    if (row.parent_id) {
      if (!childrenOf.has(row.parent_id)) childrenOf.set(row.parent_id, []);
      childrenOf.get(row.parent_id)!.push(row);
    }
  const leaves = leafCounts(rows, childrenOf);
  const typeMatches = (row: ComponentRow) => matchesList(row.type, options.types);
  const statusMatches = (c: TopologyComponent) => matchesList(c.status, options.statuses);
  const build = (row: ComponentRow): TopologyComponent => {
    const component = componentOf(row);
    Object.assign(component.summary!, leaves.get(row.id));
    return component;
  };

  let top: TopologyComponent[];
  if (options.flatten) {
    top = rows
      .filter(typeMatches)
      .map(build)
      .filter((c) => c.id === options.id || statusMatches(c));
  } else {
    const nest = (row: ComponentRow, levels: number, seen: Set<string>): TopologyComponent => {
      const component = build(row);
      if (levels > 1) {
        seen.add(row.id);
        const children = (childrenOf.get(row.id) ?? []).filter(
          (child) => typeMatches(child) && !seen.has(child.id),
        );
        if (children.length > 0)
          component.components = children.map((child) => nest(child, levels - 1, seen));
        seen.delete(row.id);
      }
      return component;
    };
    const roots = options.id
      ? rows.filter((row) => row.id === options.id)
      : rows.filter((row) => row.parent_id === null);
    top = roots.filter(typeMatches).map((row) => nest(row, options.depth, new Set()));
    if (options.statuses.length > 0) {
      if (!options.id) top = top.filter(statusMatches);
      for (const component of top)
        if (component.components) component.components = component.components.filter(statusMatches);
    }
  }

  if (options.sortBy) {
    const level = top.length === 1 && !options.flatten ? top[0]!.components : top;
    if (level) sortComponents(level, options.sortBy, options.descending);
  }
  return { components: top, ...choicesOf(rows) };
}
