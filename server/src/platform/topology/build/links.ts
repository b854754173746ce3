/**
 * What each component is linked to, found inside the build's transaction: the config items its
 * config queries match, the checks its check selectors match, and the checks of its inline
 * canaries. An inline canary is owned by the topology (source `topology`, label `topology-id`):
 * written when its spec changed, its checks created at once (the check runner then runs them),
 * and soft-deleted once no component of the topology holds it.
 */
import { canonical } from '../../../lib/canonical.js';
import type { Queryable } from '../../db/db.js';
import { LOCAL_AGENT } from '../../../../../common/agents.js';
import { checksOfCanary } from '../../health/index.js';
import { noteError, type BuildContext } from './context.js';
import { checkQuery, configQuery } from './selectors.js';
import type { BuiltComponent, Spec, TopologyRow } from './types.js';

/** canaries.source of a canary a topology owns. */
export const TOPOLOGY_SOURCE = 'topology';
export const TOPOLOGY_ID_LABEL = 'topology-id';

export interface LinkedConfig {
  id: string;
  name: string;
  type: string;
  health: string | null;
  selectorId: string;
}

export interface LinkedCheck {
  id: string;
  canaryId: string;
  name: string;
  status: string | null;
  selectorId: string;
}

export interface Links {
  configs: Map<BuiltComponent, LinkedConfig[]>;
  checks: Map<BuiltComponent, LinkedCheck[]>;
  /** Canaries written (created or changed) in this build. */
  canariesWritten: number;
}

const slug = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'component';

interface CanaryRow {
  id: string;
  name: string;
  spec: Spec;
  labels: Record<string, string>;
}

async function inlineCanary(
  tx: Queryable,
  topology: TopologyRow,
  name: string,
  spec: Spec,
  existing: Map<string, CanaryRow>,
): Promise<{ id: string; written: boolean }> {
  const labels = { [TOPOLOGY_ID_LABEL]: topology.id, topology: topology.name };
  const found = existing.get(name);
  if (found) {
    if (canonical(found.spec) === canonical(spec) && canonical(found.labels) === canonical(labels))
      return { id: found.id, written: false };
    await tx.query(`update canaries set spec = $2, labels = $3, schedule = $4 where id = $1`, [
      found.id,
      JSON.stringify(spec),
      JSON.stringify(labels),
      typeof spec.schedule === 'string' ? spec.schedule : null,
    ]);
    return { id: found.id, written: true };
  }
  const { rows } = await tx.query<{ id: string }>(
    `insert into canaries (name, namespace, labels, schedule, spec, source, agent_id)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      name,
      topology.namespace,
      JSON.stringify(labels),
      typeof spec.schedule === 'string' ? spec.schedule : null,
      JSON.stringify(spec),
      TOPOLOGY_SOURCE,
      LOCAL_AGENT,
    ],
  );
  return { id: rows[0]!.id, written: true };
}

/** The checks rows of an inline canary, created as the runner would create them. */
async function checksOf(
  tx: Queryable,
  canaryId: string,
  name: string,
  namespace: string,
  spec: Spec,
  labels: Record<string, string>,
) {
  for (const def of checksOfCanary({ name, labels, spec }))
    await tx.query(
      `insert into checks (canary_id, agent_id, type, name, namespace, description, endpoint, icon, severity, labels, spec)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       on conflict (canary_id, type, name) where deleted_at is null do nothing`,
      [
        canaryId,
        LOCAL_AGENT,
        def.type,
        def.name,
        namespace,
        def.description,
        def.endpoint,
        def.icon,
        def.severity,
        JSON.stringify(def.labels),
        JSON.stringify(def.spec),
      ],
    );
  const { rows } = await tx.query<{ id: string; name: string; status: string | null }>(
    `select id, name, status from checks where canary_id = $1 and deleted_at is null order by name`,
    [canaryId],
  );
  return rows;
}

export async function resolveLinks(
  tx: Queryable,
  topology: TopologyRow,
  roots: BuiltComponent[],
  ctx: BuildContext,
): Promise<Links> {
  const links: Links = { configs: new Map(), checks: new Map(), canariesWritten: 0 };
  const { rows: owned } = await tx.query<CanaryRow>(
    `select id, name, spec, labels from canaries
      where agent_id = $1 and source = $2 and labels->>'${TOPOLOGY_ID_LABEL}' = $3 and deleted_at is null`,
    [LOCAL_AGENT, TOPOLOGY_SOURCE, topology.id],
  );
  const existing = new Map(owned.map((c) => [c.name, c]));
  const usedCanaries = new Set<string>();
  const takenNames = new Set<string>();

  const visit = async (component: BuiltComponent) => {
    const configs: LinkedConfig[] = [];
    for (const use of component.configSelectors) {
      try {
        const { sql, params } = configQuery(use.selector, 'id, name, type, health');
        const { rows } = await tx.query<Omit<LinkedConfig, 'selectorId'>>(sql, params);
        configs.push(...rows.map((r) => ({ ...r, selectorId: use.selectorId })));
      } catch (error) {
        noteError(ctx, `configs of ${component.name}: ${(error as Error).message}`);
      }
    }
    const checks: LinkedCheck[] = [];
    for (const use of component.checkSelectors) {
      try {
        const { sql, params } = checkQuery(use.selector, 'id, canary_id as "canaryId", name, status');
        const { rows } = await tx.query<Omit<LinkedCheck, 'selectorId'>>(sql, params);
        checks.push(...rows.map((r) => ({ ...r, selectorId: use.selectorId })));
      } catch (error) {
        noteError(ctx, `checks of ${component.name}: ${(error as Error).message}`);
      }
    }
    for (const use of component.inlineChecks) {
      const base = `${slug(topology.name)}-${slug(component.name)}`;
      let name = base;
      for (let n = 2; takenNames.has(name); n++) name = `${base}-${n}`;
      takenNames.add(name);
      const canary = await inlineCanary(tx, topology, name, use.selector, existing);
      if (canary.written) links.canariesWritten++;
      usedCanaries.add(canary.id);
      const labels = { [TOPOLOGY_ID_LABEL]: topology.id, topology: topology.name };
      for (const check of await checksOf(tx, canary.id, name, topology.namespace, use.selector, labels))
        checks.push({ ...check, canaryId: canary.id, selectorId: use.selectorId });
    }
    links.configs.set(component, configs);
    links.checks.set(component, checks);
    for (const child of component.children) await visit(child);
  };
  for (const root of roots) await visit(root);

  const unused = owned.filter((c) => !usedCanaries.has(c.id)).map((c) => c.id);
  if (unused.length) {
    await tx.query(`update canaries set deleted_at = now() where id = any($1::uuid[])`, [unused]);
    links.canariesWritten += unused.length;
  }
  return links;
}
