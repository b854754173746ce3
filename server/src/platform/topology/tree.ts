/**
 * From the statement's rows to the answer, as the platform shapes it: the type filter on every
 * component; a tree (the roots, or the one component asked for, with their children nested to
 * `depth` levels) unless flattened; the status filter on the top level (not on the component
 * asked for) and on its children; the top level's order; and the filters' choices (teams,
 * types, statuses, label values) of everything the query matched. The answer is written as
 * JSON text around each row's body, which is never parsed (but for the level a sort reads).
 */
import type { ComponentRow } from './sql.js';
import { matchesList, type TopologyOptions } from './options.js';
import type { ComponentProperty, ComponentSummary, TopologyResponse } from './types.js';

/** The topology's ranking: info 4, healthy 3, warning 2, unhealthy 1. */
export const STATUS_RANK: Record<string, number> = { info: 4, healthy: 3, warning: 2, unhealthy: 1 };

type LeafCounts = Pick<ComponentSummary, 'healthy' | 'unhealthy' | 'warning' | 'info'>;
const LEAF_STATUSES = ['healthy', 'unhealthy', 'warning', 'info'] as const;

/** A component on its way into the answer. */
interface Node {
  row: ComponentRow;
  children?: Node[];
  /** Its body parsed, only when a sort needs a field of it. */
  parsed?: Record<string, unknown>;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byName = (a: ComponentRow, b: ComponentRow) => compareText(a.name, b.name) || compareText(a.id, b.id);

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

// Only rows of the nested levels are parsed or written, and those have their body.
const bodyOf = (node: Node) => node.row.body!;
const parsedOf = (node: Node) => (node.parsed ??= JSON.parse(bodyOf(node)) as Record<string, unknown>);

function propertyOf(node: Node, name: string): ComponentProperty | undefined {
  const properties = parsedOf(node).properties;
  return Array.isArray(properties)
    ? (properties as ComponentProperty[]).find((property) => property?.name === name)
    : undefined;
}

function sortBy<T>(nodes: Node[], keyOf: (node: Node) => T | undefined, descending: boolean): void {
  const sign = descending ? -1 : 1;
  nodes.sort((a, b) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    if (ka === undefined || kb === undefined) return ka === kb ? 0 : ka === undefined ? 1 : -1;
    return sign * (typeof ka === 'number' ? ka - (kb as number) : compareText(String(ka), String(kb)));
  });
}

/**
 * The order of one level: by name, by a property (`field:<name>`; text when every component
 * having it has text, else by value; components without it last), or by a column (status by
 * its rank).
 */
function sortLevel(nodes: Node[], field: string, descending: boolean): void {
  if (field.startsWith('field:')) {
    const name = field.slice('field:'.length);
    const having = nodes.map((node) => propertyOf(node, name)).filter((p) => p !== undefined);
    const byText = having.length > 0 && having.every((p) => Boolean(p.text));
    sortBy(
      nodes,
      (node) =>
        byText ? propertyOf(node, name)?.text || undefined : (propertyOf(node, name)?.value ?? undefined),
      descending,
    );
    return;
  }
  if (field === 'name') return sortBy(nodes, (node) => node.row.name, descending);
  if (field === 'status') return sortBy(nodes, (node) => STATUS_RANK[node.row.status] ?? 0, descending);
  sortBy(
    nodes,
    (node) => {
      const value = parsedOf(node)[field];
      return typeof value === 'number' || typeof value === 'string' ? value : undefined;
    },
    descending,
  );
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

/** The summary's JSON: the leaves counted here, the rest as the database wrote it. */
function summaryJson(row: ComponentRow, leaves: LeafCounts | undefined): string {
  const parts: string[] = [];
  for (const status of LEAF_STATUSES) if (leaves?.[status]) parts.push(`"${status}":${leaves[status]}`);
  if (row.checks) parts.push(`"checks":${row.checks}`);
  if (row.incidents) parts.push(`"incidents":${row.incidents}`);
  if (row.insights) parts.push(`"insights":${row.insights}`);
  return `{${parts.join(',')}}`;
}

/** GET /api/canary/api/topology's answer, as JSON text. */
export function topologyJson(unordered: readonly ComponentRow[], options: TopologyOptions): string {
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
  const statusMatches = (node: Node) => matchesList(node.row.status, options.statuses);

  let top: Node[];
  if (options.flatten) {
    top = rows
      .filter(typeMatches)
      .map((row): Node => ({ row }))
      .filter((node) => node.row.id === options.id || statusMatches(node));
  } else {
    const nest = (row: ComponentRow, levels: number, seen: Set<string>): Node => {
      const node: Node = { row };
      if (levels > 1) {
        seen.add(row.id);
        const children = (childrenOf.get(row.id) ?? []).filter(
          (child) => typeMatches(child) && !seen.has(child.id),
        );
        if (children.length > 0) node.children = children.map((child) => nest(child, levels - 1, seen));
        seen.delete(row.id);
      }
      return node;
    };
    const roots = options.id
      ? rows.filter((row) => row.id === options.id)
      : rows.filter((row) => row.parent_id === null);
    top = roots.filter(typeMatches).map((row) => nest(row, options.depth, new Set()));
    if (options.statuses.length > 0) {
      if (!options.id) top = top.filter(statusMatches);
      for (const node of top) if (node.children) node.children = node.children.filter(statusMatches);
    }
  }

  if (options.sortBy) {
    const level = top.length === 1 && !options.flatten ? top[0]!.children : top;
    if (level) sortLevel(level, options.sortBy, options.descending);
  }

  const out: string[] = [];
  const write = (node: Node) => {
    const body = bodyOf(node);
    out.push(
      body.slice(0, body.lastIndexOf('}')),
      ',"summary":',
      summaryJson(node.row, leaves.get(node.row.id)),
    );
    if (node.children) {
      out.push(',"components":[');
      node.children.forEach((child, i) => {
        if (i > 0) out.push(',');
        write(child);
      });
      out.push(']');
    }
    out.push('}');
  };
  out.push('{"components":[');
  top.forEach((node, i) => {
    if (i > 0) out.push(',');
    write(node);
  });
  const choices = JSON.stringify(choicesOf(rows));
  out.push('],', choices.slice(1));
  return out.join('');
}
