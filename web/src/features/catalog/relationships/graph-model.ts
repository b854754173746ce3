/**
 * The relationships graph as nodes and edges (spec 3 §2.1, §9): the page's config, the configs
 * related to it, and an intermediary group node wherever one config links to three or more of one
 * type in one direction. A group of more than three starts collapsed (its configs hidden until it
 * is expanded); a group of three is shown expanded.
 */
import type { RelatedConfig, RootConfig } from './relationships-api.js';

/** Spec 3 §9. */
export const GROUP_THRESHOLD = 3;
export const RANK_SEPARATION = 120;
export const NODE_SEPARATION = 100;
export const ANIMATION_MS = 300;

export type GraphConfig = Pick<RootConfig, 'id' | 'name' | 'type' | 'health' | 'status' | 'deleted_at'>;

export type GraphNode =
  | { kind: 'config'; id: string; config: GraphConfig; isRoot: boolean }
  | {
      kind: 'group';
      id: string;
      /** The config type its members share. */
      type: string;
      count: number;
      /** More than GROUP_THRESHOLD members: the group may be collapsed and expanded. */
      expandable: boolean;
      expanded: boolean;
    };

/** From parent to child, in the direction of the link (through a group node where there is one). */
export interface GraphEdge {
  id: string;
  source: string;
  target: string;
}

export interface GraphModel {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

interface Link {
  /** The end nearer the page's config. */
  near: string;
  far: string;
  direction: RelatedConfig['direction'];
}

const groupId = (near: string, direction: string, type: string) => `group:${near}:${direction}:${type}`;

/** Edges drawn in the link's own direction: downstream from near to far, upstream from far to near. */
function oriented(from: string, to: string, direction: Link['direction']): GraphEdge {
  const [source, target] = direction === 'outgoing' ? [from, to] : [to, from];
  return { id: `${source}->${target}`, source, target };
}

function linksOf(configs: Map<string, GraphConfig>, related: RelatedConfig[]): Link[] {
  const seen = new Set<string>();
  const links: Link[] = [];
  for (const row of related) {
    for (const near of row.related_ids ?? []) {
      const key = `${near}|${row.id}|${row.direction}`;
      if (!configs.has(near) || near === row.id || seen.has(key)) continue;
      seen.add(key);
      links.push({ near, far: row.id, direction: row.direction });
    }
  }
  return links;
}

/**
 * The graph for the config `root` and the rows of related_configs_recursive; `expandedGroups` holds the
 * large groups the person expanded.
 */
export function buildGraph(
  root: GraphConfig,
  related: RelatedConfig[],
  expandedGroups: ReadonlySet<string>,
): GraphModel {
  const configs = new Map<string, GraphConfig>([[root.id, root]]);
  for (const row of related) if (!configs.has(row.id)) configs.set(row.id, row);

  const byGroup = new Map<string, Link[]>();
  for (const link of linksOf(configs, related)) {
    const key = groupId(link.near, link.direction, configs.get(link.far)!.type);
    byGroup.set(key, [...(byGroup.get(key) ?? []), link]);
  }

  const groups: GraphNode[] = [];
  const edges = new Map<string, GraphEdge>();
  // Who is reachable from whom along what is shown: a collapsed group hides its members.
  const reach = new Map<string, string[]>();
  const connect = (from: string, to: string, direction: Link['direction']) => {
    const edge = oriented(from, to, direction);
    edges.set(edge.id, edge);
    reach.set(from, [...(reach.get(from) ?? []), to]);
  };

  for (const [id, links] of byGroup) {
    if (links.length < GROUP_THRESHOLD) {
      for (const link of links) connect(link.near, link.far, link.direction);
      continue;
    }
    const [first] = links as [Link, ...Link[]];
    const expandable = links.length > GROUP_THRESHOLD;
    const expanded = !expandable || expandedGroups.has(id);
    groups.push({
      kind: 'group',
      id,
      type: configs.get(first.far)!.type,
      count: links.length,
      expandable,
      expanded,
    });
    connect(first.near, id, first.direction);
    if (expanded) for (const link of links) connect(id, link.far, link.direction);
  }

  const shown = new Set<string>([root.id]);
  const queue = [root.id];
  while (queue.length > 0) {
    for (const next of reach.get(queue.shift()!) ?? []) {
      if (shown.has(next)) continue;
      shown.add(next);
      queue.push(next);
    }
  }

  const nodes: GraphNode[] = [
    ...[...configs.values()]
      .filter((config) => shown.has(config.id))
      .map((config): GraphNode => ({ kind: 'config', id: config.id, config, isRoot: config.id === root.id })),
    ...groups.filter((group) => shown.has(group.id)),
  ];
  return {
    nodes,
    edges: [...edges.values()].filter((edge) => shown.has(edge.source) && shown.has(edge.target)),
  };
}
