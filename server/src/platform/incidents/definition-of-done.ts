/**
 * The definition of done of an incident: the variables an automatic item's script sees (the
 * evidence's target, as common/dod-scripts.ts lists them), its evaluation, and the incident
 * resolving itself once every item is done, whoever did the last one (the scheduled task or a
 * person through /api/db).
 */
import { DOD_RESOLVED_REASON, type DodScriptOutcome } from '../../../../common/dod-scripts.js';
import type { Queryable } from '../db/db.js';
import { durationFromMs } from '../health/go-values.js';
import { celSafe, evaluateCel, type CelError } from '../health/test-expression.js';

/** An automatic item with its target's rows, as the task reads them. */
export interface DodItem {
  id: string;
  type: string;
  description: string | null;
  script: string;
  component?: Record<string, unknown> | null;
  check?: Record<string, unknown> | null;
  config_analysis?: Record<string, unknown> | null;
  config?: Record<string, unknown> | null;
}

const timeOf = (value: unknown): number | undefined => {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string') {
    const at = Date.parse(value);
    return Number.isNaN(at) ? undefined : at;
  }
  return undefined;
};

const asDate = (value: unknown): Date | null => {
  const at = timeOf(value);
  return at === undefined ? null : new Date(at);
};

/** The variables of an item's script; `now` fixes the ages. */
export function dodVariables(item: DodItem, now: Date): Record<string, unknown> {
  const vars: Record<string, unknown> = {
    evidence: { id: item.id, type: item.type, description: item.description ?? '' },
  };
  if (item.component) {
    const c = item.component;
    const component = {
      id: c.id,
      name: c.name,
      type: c.type ?? '',
      status: c.status ?? 'unknown',
      health: c.health ?? 'unknown',
      status_reason: c.status_reason ?? '',
      updated_at: asDate(c.updated_at),
    };
    vars.component = component;
    vars.topology = component;
  }
  if (item.check) {
    const k = item.check;
    const lastRun = timeOf(k.last_runtime);
    vars.check = {
      id: k.id,
      name: k.name,
      type: k.type ?? '',
      status: k.status ?? 'unknown',
      severity: k.severity ?? '',
      last_runtime: asDate(k.last_runtime),
      last_transition_time: asDate(k.last_transition_time),
      // A check that never ran is as old as can be: an age test cannot pass on it.
      age: durationFromMs(lastRun === undefined ? Number.MAX_SAFE_INTEGER / 1e6 : now.getTime() - lastRun),
    };
  }
  if (item.config_analysis) {
    const a = item.config_analysis;
    vars.config_analysis = {
      id: a.id,
      analyzer: a.analyzer,
      analysis_type: a.analysis_type,
      severity: a.severity,
      status: a.status,
      message: a.message ?? '',
      last_observed: asDate(a.last_observed),
    };
  }
  if (item.config) {
    const c = item.config;
    vars.config = {
      id: c.id,
      name: c.name,
      type: c.type,
      status: c.status ?? '',
      health: c.health ?? 'unknown',
    };
  }
  return vars;
}

/** What one evaluation gives: done or not, and what to record on the item. */
export interface DodEvaluation {
  done?: boolean;
  outcome: DodScriptOutcome;
}

/** Runs an item's script. Only true makes it done; an error leaves `done` as it was. */
export function evaluateDodItem(item: DodItem, now: Date): DodEvaluation {
  const evaluated_at = now.toISOString();
  let value: unknown;
  try {
    value = evaluateCel(item.script, dodVariables(item, now));
  } catch (error) {
    const e = error as CelError;
    return { outcome: { error: `script ${e.stage ?? 'failed'}: ${e.message}`, evaluated_at } };
  }
  const result = celSafe(typeof value === 'bigint' ? Number(value) : value);
  if (typeof value !== 'boolean')
    return {
      outcome: { result, error: `script gave ${JSON.stringify(result)}, not true or false`, evaluated_at },
    };
  return { done: value, outcome: { result, evaluated_at } };
}

/**
 * Gives the changelog row a change just wrote (by the incidents' triggers) its reason: the
 * latest row of that type for the incident in this transaction.
 */
export async function explainHistory(
  tx: Queryable,
  incidentId: string,
  type: string,
  reason: string,
): Promise<void> {
  await tx.query(
    `update incident_histories set description = coalesce(description || ' ', '') || '(' || $3 || ')'
      where id = (select id from incident_histories
                   where incident_id = $1 and type = $2 and created_at = now()
                   order by created_at desc limit 1)`,
    [incidentId, type, reason],
  );
}

/**
 * Moves an incident to `status` as the system (no acting person), in the caller's transaction,
 * and says why in the changelog. False when it already was there, or closed.
 */
export async function moveIncidentAsSystem(
  tx: Queryable,
  incidentId: string,
  status: 'resolved' | 'closed',
  reason: string,
): Promise<boolean> {
  const stamp = status === 'resolved' ? 'resolved' : 'closed';
  return withoutActingUser(tx, async () => {
    const { rowCount } = await tx.query(
      `update incidents set status = $2, ${stamp} = coalesce(${stamp}, now())
        where id = $1 and status not in ('closed', $2)`,
      [incidentId, status],
    );
    if (rowCount > 0) await explainHistory(tx, incidentId, 'incident.status_updated', reason);
    return rowCount > 0;
  });
}

/**
 * Resolves the incident when it has a definition of done and every item of it is done. Called
 * in the transaction that changed an item; the incident row is locked first, so two writers
 * finishing the last two items at once cannot both miss it.
 */
export async function resolveIfDone(tx: Queryable, incidentId: string): Promise<boolean> {
  const { rows } = await tx.query<{ status: string }>(
    `select status from incidents where id = $1 for update`,
    [incidentId],
  );
  const status = rows[0]?.status;
  if (!status || status === 'resolved' || status === 'closed') return false;
  const { rows: counts } = await tx.query<{ items: number; done: number }>(
    `select count(*)::int as items, count(*) filter (where e.done)::int as done
       from evidences e join hypotheses h on h.id = e.hypothesis_id
      where h.incident_id = $1 and e.definition_of_done`,
    [incidentId],
  );
  const { items, done } = counts[0]!;
  if (items === 0 || done < items) return false;
  return moveIncidentAsSystem(tx, incidentId, 'resolved', DOD_RESOLVED_REASON);
}

/**
 * Runs fn with no acting person in the transaction (app.user_id), then puts the previous one
 * back: what the system does on its own is recorded with no actor, even in a person's write.
 */
export async function withoutActingUser<T>(tx: Queryable, fn: () => Promise<T>): Promise<T> {
  const { rows } = await tx.query<{ previous: string | null }>(
    `select current_setting('app.user_id', true) as previous`,
  );
  const previous = rows[0]?.previous ?? '';
  await tx.query(`select set_config('app.user_id', '', true)`);
  // A throw rolls the transaction back, setting and all: nothing to put back then.
  const result = await fn();
  await tx.query(`select set_config('app.user_id', $1, true)`, [previous]);
  return result;
}
