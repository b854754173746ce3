/**
 * Writing a build: each component is matched to its row by (topology, parent, name, type), so
 * its id, and what points at it (incidents' evidence, playbook runs, manual links), stays. A row
 * is written only when a value differs (an unchanged rebuild writes nothing); a component gone
 * from the result is soft-deleted with its links, and one that comes back is revived. Health is
 * written with an UPDATE, so the components_platform_events trigger raises its events.
 */
import { randomUUID } from 'node:crypto';
import { canonical } from '../../../lib/canonical.js';
import type { Queryable } from '../../db/db.js';
import type { Links } from './links.js';
import type { Rollup } from './rollup.js';
import type { BuildSummary, BuiltComponent, TopologyRow } from './types.js';

/** The columns the builder owns, in the order they are written. */
const COLUMNS = [
  'parent_id',
  'name',
  'type',
  'text',
  'icon',
  'tooltip',
  'owner',
  'lifecycle',
  'namespace',
  'external_id',
  'description',
  'hidden',
  'labels',
  'properties',
  'log_selectors',
  'selectors',
  'health',
  'status',
  'status_reason',
  'path',
  'is_leaf',
] as const;
type Column = (typeof COLUMNS)[number];
const JSON_COLUMNS = new Set<Column>(['labels', 'properties', 'log_selectors', 'selectors']);

type Existing = Record<Column, unknown> & { id: string; deleted_at: Date | null };

const keyOf = (parentId: string | null, name: string, type: string | null) =>
  `${parentId ?? ''}\u0000${name}\u0000${type ?? ''}`;

function desiredRow(component: BuiltComponent, rollup: Rollup, parentId: string | null, path: string | null) {
  return {
    parent_id: parentId,
    name: component.name,
    type: component.type,
    text: component.text,
    icon: component.icon,
    tooltip: component.tooltip,
    owner: component.owner,
    lifecycle: component.lifecycle,
    namespace: component.namespace,
    external_id: component.externalId,
    description: component.description,
    hidden: component.hidden,
    labels: component.labels,
    properties: component.properties,
    log_selectors: component.logSelectors,
    selectors: component.selectors,
    health: rollup.health,
    status: rollup.status,
    status_reason: rollup.statusReason,
    path,
    is_leaf: component.children.length === 0,
  } satisfies Record<Column, unknown>;
}

const same = (column: Column, a: unknown, b: unknown) =>
  JSON_COLUMNS.has(column) ? canonical(a ?? null) === canonical(b ?? null) : (a ?? null) === (b ?? null);

const param = (column: Column, value: unknown) =>
  JSON_COLUMNS.has(column) && value !== null && value !== undefined ? JSON.stringify(value) : (value ?? null);

/** The counts of a build that wrote nothing. */
export const nothingBuilt = (): Omit<BuildSummary, 'errors'> => ({
  components: 0,
  added: 0,
  updated: 0,
  unchanged: 0,
  deleted: 0,
  linksAdded: 0,
  linksDeleted: 0,
});

export async function persistBuild(
  tx: Queryable,
  topology: TopologyRow,
  roots: BuiltComponent[],
  rollups: Map<BuiltComponent, Rollup>,
  links: Links,
  { deleteMissing }: { deleteMissing: boolean },
): Promise<Omit<BuildSummary, 'errors'>> {
  const summary = nothingBuilt();
  const { rows } = await tx.query<Existing>(
    `select id, deleted_at, ${COLUMNS.join(', ')} from components
      where topology_id = $1 order by deleted_at desc nulls first, updated_at desc`,
    [topology.id],
  );
  const byKey = new Map<string, Existing[]>();
  for (const row of rows) {
    const key = keyOf(row.parent_id as string | null, row.name as string, row.type as string | null);
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  const kept = new Set<string>();
  const idOf = new Map<BuiltComponent, string>();

  const write = async (component: BuiltComponent, parentId: string | null, path: string | null) => {
    const key = keyOf(parentId, component.name, component.type);
    const existing = (byKey.get(key) ?? []).find((row) => !kept.has(row.id));
    const desired = desiredRow(component, rollups.get(component)!, parentId, path);
    let id: string;
    summary.components++;
    if (existing) {
      id = existing.id;
      const changed = COLUMNS.filter((c) => !same(c, existing[c], desired[c]));
      if (changed.length === 0 && !existing.deleted_at) summary.unchanged++;
      else {
        const sets = changed.map((c, i) => `${c} = $${i + 2}`);
        if (existing.deleted_at) sets.push('deleted_at = null');
        await tx.query(`update components set ${sets.join(', ')} where id = $1`, [
          id,
          ...changed.map((c) => param(c, desired[c])),
        ]);
        summary.updated++;
      }
    } else {
      id = randomUUID();
      await tx.query(
        `insert into components (id, topology_id, agent_id, ${COLUMNS.join(', ')})
         values ($1, $2, $3, ${COLUMNS.map((_, i) => `$${i + 4}`).join(', ')})`,
        [id, topology.id, topology.agent_id, ...COLUMNS.map((c) => param(c, desired[c]))],
      );
      summary.added++;
    }
    kept.add(id);
    idOf.set(component, id);
    const childPath = path ? `${path}.${id}` : id;
    for (const child of component.children) await write(child, id, childPath);
  };
  for (const root of roots) await write(root, null, null);

  if (deleteMissing) {
    const gone = rows.filter((row) => !row.deleted_at && !kept.has(row.id)).map((row) => row.id);
    if (gone.length) {
      const deleted = await tx.query(
        `update components set deleted_at = now() where id = any($1::uuid[]) and deleted_at is null`,
        [gone],
      );
      summary.deleted = deleted.rowCount;
    }
  }
  const counts = await persistLinks(tx, topology.id, idOf, links, kept, deleteMissing);
  summary.linksAdded = counts.added;
  summary.linksDeleted = counts.deleted;
  return summary;
}

/**
 * The links the build found, added or revived; the topology's other links soft-deleted (a
 * manual config link is the user's: it stays while its component does).
 */
async function persistLinks(
  tx: Queryable,
  topologyId: string,
  idOf: Map<BuiltComponent, string>,
  links: Links,
  kept: Set<string>,
  deleteMissing: boolean,
): Promise<{ added: number; deleted: number }> {
  // In a partial build, the links of the components it could not find stay as they are.
  const leftAlone = (componentId: string) => !deleteMissing && !kept.has(componentId);
  let added = 0;
  let deleted = 0;
  const configKeys: [string, string, string][] = [];
  const checkKeys: [string, string, string, string][] = [];
  for (const [component, id] of idOf) {
    for (const c of links.configs.get(component) ?? []) configKeys.push([id, c.id, c.selectorId]);
    for (const c of links.checks.get(component) ?? []) checkKeys.push([id, c.id, c.canaryId, c.selectorId]);
  }
  const { rows: configLinks } = await tx.query<{
    component_id: string;
    config_id: string;
    selector_id: string;
    deleted_at: Date | null;
  }>(
    `select r.component_id, r.config_id, r.selector_id, r.deleted_at from config_component_relationships r
       join components c on c.id = r.component_id where c.topology_id = $1`,
    [topologyId],
  );
  const configState = new Map(
    configLinks.map((r) => [`${r.component_id}/${r.config_id}/${r.selector_id}`, r]),
  );
  const wantedConfigs = new Set<string>();
  for (const [componentId, configId, selectorId] of configKeys) {
    const key = `${componentId}/${configId}/${selectorId}`;
    if (wantedConfigs.has(key)) continue;
    wantedConfigs.add(key);
    const state = configState.get(key);
    if (state && !state.deleted_at) continue;
    await tx.query(
      `insert into config_component_relationships (component_id, config_id, selector_id) values ($1, $2, $3)
       on conflict (component_id, config_id, selector_id) do update set deleted_at = null`,
      [componentId, configId, selectorId],
    );
    added++;
  }
  for (const r of configLinks) {
    const key = `${r.component_id}/${r.config_id}/${r.selector_id}`;
    if (r.deleted_at || wantedConfigs.has(key) || leftAlone(r.component_id)) continue;
    if (r.selector_id === 'manual' && kept.has(r.component_id)) continue;
    await tx.query(
      `update config_component_relationships set deleted_at = now()
        where component_id = $1 and config_id = $2 and selector_id = $3`,
      [r.component_id, r.config_id, r.selector_id],
    );
    deleted++;
  }

  const { rows: checkLinks } = await tx.query<{
    component_id: string;
    check_id: string;
    selector_id: string;
    deleted_at: Date | null;
  }>(
    `select r.component_id, r.check_id, r.selector_id, r.deleted_at from check_component_relationships r
       join components c on c.id = r.component_id where c.topology_id = $1`,
    [topologyId],
  );
  const checkState = new Map(checkLinks.map((r) => [`${r.component_id}/${r.check_id}/${r.selector_id}`, r]));
  const wantedChecks = new Set<string>();
  for (const [componentId, checkId, canaryId, selectorId] of checkKeys) {
    const key = `${componentId}/${checkId}/${selectorId}`;
    if (wantedChecks.has(key)) continue;
    wantedChecks.add(key);
    const state = checkState.get(key);
    if (state && !state.deleted_at) continue;
    await tx.query(
      `insert into check_component_relationships (component_id, check_id, canary_id, selector_id) values ($1, $2, $3, $4)
       on conflict (check_id, component_id, selector_id) do update set deleted_at = null, canary_id = excluded.canary_id`,
      [componentId, checkId, canaryId, selectorId],
    );
    added++;
  }
  for (const r of checkLinks) {
    const key = `${r.component_id}/${r.check_id}/${r.selector_id}`;
    if (r.deleted_at || wantedChecks.has(key) || leftAlone(r.component_id)) continue;
    await tx.query(
      `update check_component_relationships set deleted_at = now()
        where component_id = $1 and check_id = $2 and selector_id = $3`,
      [r.component_id, r.check_id, r.selector_id],
    );
    deleted++;
  }
  return { added, deleted };
}
