import { canonical } from '../../lib/canonical.js';
import type { Db } from '../db/db.js';
import { LOCAL_AGENT } from '../../../../common/agents.js';
import { checksOfCanary, type CheckDefinition } from './canary-spec.js';

interface CanaryRow {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, unknown> | null;
  spec: Record<string, unknown> | null;
}

interface CheckRow {
  id: string;
  canary_id: string;
  type: string;
  name: string;
  namespace: string | null;
  description: string | null;
  endpoint: string | null;
  icon: string | null;
  severity: string | null;
  labels: Record<string, string>;
  spec: Record<string, unknown> | null;
}

export interface ReconcileOutcome {
  /** checks created, or whose entry changed, in this pass */
  changed: { id: string; type: string }[];
  /** checks soft-deleted in this pass */
  deleted: number;
}

const sameRow = (row: CheckRow, def: CheckDefinition, namespace: string) =>
  row.namespace === namespace &&
  row.description === def.description &&
  row.endpoint === def.endpoint &&
  row.icon === def.icon &&
  row.severity === def.severity &&
  canonical(row.labels) === canonical(def.labels) &&
  canonical(row.spec) === canonical(def.spec);

async function reconcileOne(db: Db, canary: CanaryRow, existing: CheckRow[], vars: Record<string, string>) {
  const defs = checksOfCanary(canary, vars);
  const byKey = new Map(existing.map((row) => [`${row.type}\u0000${row.name}`, row]));
  const changed: { id: string; type: string }[] = [];
  let deleted = 0;
  const work = defs.filter((def) => {
    const row = byKey.get(`${def.type}\u0000${def.name}`);
    return !row || !sameRow(row, def, canary.namespace);
  });
  const wanted = new Set(defs.map((def) => `${def.type}\u0000${def.name}`));
  const gone = existing.filter((row) => !wanted.has(`${row.type}\u0000${row.name}`)).map((row) => row.id);
  if (work.length === 0 && gone.length === 0) return { changed, deleted };
  await db.transaction(async (tx) => {
    for (const def of work) {
      const row = byKey.get(`${def.type}\u0000${def.name}`);
      const values = [
        canary.namespace,
        def.description,
        def.endpoint,
        def.icon,
        def.severity,
        JSON.stringify(def.labels),
        JSON.stringify(def.spec),
      ];
      if (row) {
        await tx.query(
          `update checks set namespace = $2, description = $3, endpoint = $4, icon = $5, severity = $6,
             labels = $7, spec = $8 where id = $1`,
          [row.id, ...values],
        );
        if (canonical(row.spec) !== canonical(def.spec)) changed.push({ id: row.id, type: def.type });
      } else {
        const { rows } = await tx.query<{ id: string }>(
          `insert into checks (canary_id, agent_id, type, name, namespace, description, endpoint, icon, severity,
             labels, spec)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
           on conflict (canary_id, type, name) where deleted_at is null do update set spec = excluded.spec
           returning id`,
          [canary.id, LOCAL_AGENT, def.type, def.name, ...values],
        );
        changed.push({ id: rows[0]!.id, type: def.type });
      }
    }
    if (gone.length > 0) {
      const result = await tx.query(
        `update checks set deleted_at = now() where id = any($1::uuid[]) and deleted_at is null`,
        [gone],
      );
      deleted += result.rowCount;
    }
  });
  return { changed, deleted };
}

/**
 * Brings the checks of the local agent's canaries in line with their specs: one live checks row
 * per entry (created or updated), the rows of vanished entries and deleted canaries soft-deleted.
 * Remote agents' canaries are left alone: their agents report their checks.
 */
export async function reconcileCanaries(db: Db, vars: Record<string, string>): Promise<ReconcileOutcome> {
  const orphaned = await db.query(
    `update checks k set deleted_at = now()
       from canaries c
      where k.canary_id = c.id and k.deleted_at is null and c.agent_id = $1 and c.deleted_at is not null`,
    [LOCAL_AGENT],
  );
  const canaries = await db.query<CanaryRow>(
    `select id, name, namespace, labels, spec from canaries where agent_id = $1 and deleted_at is null`,
    [LOCAL_AGENT],
  );
  const checks = await db.query<CheckRow>(
    `select k.id, k.canary_id, k.type, k.name, k.namespace, k.description, k.endpoint, k.icon, k.severity,
            k.labels, k.spec
       from checks k join canaries c on c.id = k.canary_id
      where c.agent_id = $1 and c.deleted_at is null and k.deleted_at is null`,
    [LOCAL_AGENT],
  );
  const byCanary = new Map<string, CheckRow[]>();
  for (const row of checks.rows) {
    const list = byCanary.get(row.canary_id) ?? [];
    list.push(row);
    byCanary.set(row.canary_id, list);
  }
  const outcome: ReconcileOutcome = { changed: [], deleted: orphaned.rowCount };
  for (const canary of canaries.rows) {
    const { changed, deleted } = await reconcileOne(db, canary, byCanary.get(canary.id) ?? [], vars);
    outcome.changed.push(...changed);
    outcome.deleted += deleted;
  }
  return outcome;
}

/** A cheap fingerprint of the local canaries: it changes whenever one is added, edited or removed. */
export async function canariesFingerprint(db: Db): Promise<string> {
  const { rows } = await db.query<{ n: number; latest: Date | null }>(
    `select count(*)::int as n, max(updated_at) as latest from canaries where agent_id = $1`,
    [LOCAL_AGENT],
  );
  return `${rows[0]!.n}/${rows[0]!.latest?.toISOString() ?? ''}`;
}
