/**
 * The topology query: what GET /api/canary/api/topology answers, and what the snapshot's
 * components.json holds. Two statements whatever the tree's size: the asked component's path,
 * then every component with its counts.
 */
import type { Queryable } from '../db/db.js';
import type { TopologyOptions } from './options.js';
import { descendantPrefix, selectComponents } from './sql.js';
import { topologyJson } from './tree.js';
import type { TopologyResponse } from './types.js';

/** The answer for an id that is no live component: nothing, as the platform answers it. */
export const EMPTY_TOPOLOGY: TopologyResponse = {
  components: [],
  teams: [],
  types: [],
  healthStatuses: [],
  tags: {},
};

/** The answer as JSON text, as it is sent. */
export async function queryTopologyJson(db: Queryable, options: TopologyOptions): Promise<string> {
  let prefix: string | undefined;
  if (options.id) {
    prefix = await descendantPrefix(db, options.id);
    if (prefix === undefined) return JSON.stringify(EMPTY_TOPOLOGY);
  }
  return topologyJson(await selectComponents(db, options, prefix), options);
}

export async function queryTopology(db: Queryable, options: TopologyOptions): Promise<TopologyResponse> {
  return JSON.parse(await queryTopologyJson(db, options)) as TopologyResponse;
}
