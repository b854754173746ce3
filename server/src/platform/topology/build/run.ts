/**
 * One build of a topology: its spec expanded into component trees (lookups run outside any
 * transaction), then, in one transaction, the links found, health rolled up and the rows
 * written. A build whose lookups failed keeps what it could not find (nothing is soft-deleted
 * by absence).
 */
import type { KubeConnection } from '../../../kube/index.js';
import type { Db } from '../../db/db.js';
import type { BuildContext } from './context.js';
import { expandRoot } from './expand.js';
import { groupsOf } from './group-by.js';
import { resolveLinks } from './links.js';
import { persistBuild } from './persist.js';
import { rollUp } from './rollup.js';
import { text } from './spec.js';
import type { BuildSummary, BuiltComponent, TopologyRow } from './types.js';

export interface BuildOptions {
  db: Db;
  kube?: KubeConnection;
  signal?: AbortSignal;
}

/** Two roots of one topology take a distinct name, so each keeps its own row. */
function distinctNames(roots: BuiltComponent[]): void {
  const seen = new Set<string>();
  for (const root of roots) {
    let name = root.name;
    for (let n = 2; seen.has(`${name}\u0000${root.type}`); n++) name = `${root.name} ${n}`;
    seen.add(`${name}\u0000${root.type}`);
    root.name = name;
  }
}

export async function buildTopology(
  row: TopologyRow,
  { db, kube, signal }: BuildOptions,
): Promise<BuildSummary> {
  const spec = row.spec ?? {};
  const ctx: BuildContext = {
    db,
    kube,
    signal: signal ?? new AbortController().signal,
    namespace: row.namespace,
    topologyName: row.name,
    errors: [],
    partial: false,
  };
  const rootName = text(spec.text) ?? row.name;
  const roots: BuiltComponent[] = [];
  for (const group of await groupsOf(db, rootName, spec))
    roots.push(await expandRoot(row, group.spec, group.name, ctx));
  distinctNames(roots);
  const written = await db.transaction(async (tx) => {
    const links = await resolveLinks(tx, row, roots, ctx);
    const rollups = rollUp(roots, links, ctx.errors);
    return persistBuild(tx, row, roots, rollups, links, { deleteMissing: !ctx.partial });
  });
  return { ...written, errors: ctx.errors };
}
