/**
 * What a run's templates and expressions see (docs/playbooks.md, "Templates and expressions"):
 * `.config`, `.component`, `.check` (the run's resource rows), `.agent` (the agent that resource
 * came from), `.params`, `.env` (spec.env resolved), `.user` (who ran it), `.run`, `.playbook`,
 * `.request` (the webhook's request), and the earlier actions of the run, as
 * `.action.<name>` and through the functions `getAction "name"`, `getLastAction` and `last_result`.
 * Action bodies are Go templates (`{{ }}` in any string field); `if` is CEL, with the platform's
 * `always()`, `success()`, `failure()`, `timeout()` and `skip()`.
 */
import { Duration } from '@marcbachmann/cel-js/evaluator';
import { celEnvironment } from '../../../lib/cel-functions.js';
import { evaluateCel } from '../../../lib/cel.js';
import { renderGoTemplate, TemplateError } from '../../../lib/go-template.js';
import { nanosOf } from '../../../lib/go-values.js';
import { readKeyRef, type KubeConnection } from '../../../kube/index.js';
import type { Queryable } from '../../db/db.js';
import { LOCAL_AGENT } from '../../../../../common/agents.js';
import { parseDuration } from './durations.js';
import type { ActionRow, ActionSpec, EnvVar, PlaybookSpec, RunRow } from './types.js';

export { TemplateError };

/** An earlier action of the run, as templates and expressions see it. */
export interface ActionView {
  id: string;
  name: string;
  status: string;
  result: Record<string, unknown>;
  error: string | null;
  start_time: string | null;
  end_time: string | null;
  retry_count: number;
}

export interface RunContext {
  data: Record<string, unknown>;
  /** The run's actions so far, in the spec's order. */
  actions: ActionView[];
  /** Resolved secret values (spec.env from secrets), to keep out of results and errors. */
  secrets: Set<string>;
  env: Record<string, string>;
}

/** A run that cannot start: its resource is gone, an env value cannot be read, ... */
export class InitializationError extends Error {}

/** Dates as ISO text, JSON values as they are: what templates and CEL print. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? null)) as T;

async function resourceRow(
  db: Queryable,
  table: 'configs' | 'components' | 'checks',
  id: string | null,
): Promise<Record<string, unknown> | undefined> {
  if (!id) return undefined;
  // The table name is one of three constants; the id is bound.
  const { rows } = await db.query(`select * from ${table} where id = $1`, [id]);
  const row = rows[0];
  const noun = { configs: 'config', components: 'component', checks: 'check' }[table];
  if (!row || row.deleted_at)
    throw new InitializationError(`the ${noun} ${id} this run is for no longer exists`);
  return plain(row);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** spec.env: plain values, or valueFrom secretKeyRef/configMapKeyRef read in the playbook's namespace. */
async function resolveEnv(
  env: EnvVar[] | undefined,
  namespace: string,
  kube: KubeConnection | undefined,
  secrets: Set<string>,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const variable of env ?? []) {
    if (!variable?.name) continue;
    if (variable.value !== undefined && variable.value !== null && variable.value !== '') {
      out[variable.name] = String(variable.value);
      continue;
    }
    const from = isObject(variable.valueFrom) ? variable.valueFrom : undefined;
    const ref = (key: string) => {
      const value = from?.[key];
      return isObject(value) && typeof value.name === 'string' && typeof value.key === 'string'
        ? { name: value.name, key: value.key }
        : undefined;
    };
    const secret = ref('secretKeyRef');
    const configMap = ref('configMapKeyRef');
    try {
      if (secret) {
        const value = await readKeyRef(kube, { kind: 'secret', namespace, ...secret });
        secrets.add(value);
        out[variable.name] = value;
      } else if (configMap) {
        out[variable.name] = await readKeyRef(kube, { kind: 'configmap', namespace, ...configMap });
      } else out[variable.name] = '';
    } catch (error) {
      throw new InitializationError(`env ${variable.name}: ${(error as Error).message}`);
    }
  }
  return out;
}

const toView = (row: ActionRow): ActionView => ({
  id: row.id,
  name: row.name,
  status: row.status,
  result: plain(row.result ?? {}),
  error: row.error,
  start_time: row.start_time ? row.start_time.toISOString() : null,
  end_time: row.end_time ? row.end_time.toISOString() : null,
  retry_count: row.retry_count,
});

/** Orders action rows as the spec lists the actions (each action has at most one row). */
export function inSpecOrder(spec: PlaybookSpec, rows: ActionRow[]): ActionRow[] {
  const index = new Map((spec.actions ?? []).map((action, i) => [action.name, i]));
  return [...rows].sort((a, b) => (index.get(a.name) ?? 1e9) - (index.get(b.name) ?? 1e9));
}

/**
 * The rows a run's context is made of when they are not this database's: an agent running an
 * action its hub addressed to it has them from the hub (`GET /api/upstream/playbook-action`).
 */
export interface GivenRows {
  config?: Record<string, unknown>;
  component?: Record<string, unknown>;
  check?: Record<string, unknown>;
  playbook?: Record<string, unknown>;
  /** The hub's agent row of the run's resource (`.agent`). */
  agent?: Record<string, unknown>;
}

/**
 * The agent the run's resource came from (its component's, else its config's, else its check's,
 * as the platform looks it up), as `.agent`; undefined for this console's own resources.
 */
export async function resourceAgent(
  db: Queryable,
  resource: Record<string, unknown> | undefined,
): Promise<Record<string, unknown> | undefined> {
  const agentId = resource?.agent_id;
  if (typeof agentId !== 'string' || agentId === LOCAL_AGENT) return undefined;
  const { rows } = await db.query<Record<string, unknown>>(
    `select id, name, hostname, description, properties, created_at, updated_at, last_seen
       from agents where id = $1`,
    [agentId],
  );
  return rows[0] ? plain(rows[0]) : undefined;
}

/** Everything a run's templates and expressions see, read from the database now (or given). */
export async function loadRunContext(
  db: Queryable,
  run: RunRow,
  options: { kube?: KubeConnection; actions?: ActionRow[]; given?: GivenRows } = {},
): Promise<RunContext> {
  const spec = run.spec ?? {};
  const given = options.given;
  const [config, component, check] = given
    ? [given.config, given.component, given.check].map((row) => (row ? plain(row) : undefined))
    : [
        await resourceRow(db, 'configs', run.config_id),
        await resourceRow(db, 'components', run.component_id),
        await resourceRow(db, 'checks', run.check_id),
      ];
  const { rows: playbooks } = given
    ? { rows: given.playbook ? [given.playbook] : [] }
    : await db.query<Record<string, unknown>>(
        `select id, name, namespace, title, category, icon, description from playbooks where id = $1`,
        [run.playbook_id],
      );
  const playbook = plain(playbooks[0] ?? { id: run.playbook_id });
  let user: Record<string, unknown> = {};
  if (given) user = run.created_by ? { id: run.created_by } : {};
  else if (run.created_by) {
    const { rows } = await db.query<Record<string, unknown>>(
      `select id, name, email from people where id = $1`,
      [run.created_by],
    );
    user = plain(rows[0] ?? { id: run.created_by });
  }
  const agent = given
    ? given.agent && plain(given.agent)
    : await resourceAgent(db, component ?? config ?? check);
  const secrets = new Set<string>();
  const env = await resolveEnv(spec.env, String(playbook.namespace ?? 'default'), options.kube, secrets);
  const actions = inSpecOrder(spec, options.actions ?? []).map(toView);
  const data: Record<string, unknown> = {
    config,
    component,
    check,
    params: plain(run.parameters ?? {}),
    request: plain(run.request ?? {}),
    env,
    user,
    agent,
    playbook,
    run: plain({
      id: run.id,
      playbook_id: run.playbook_id,
      status: run.status,
      trigger: run.trigger,
      parameters: run.parameters ?? {},
      config_id: run.config_id,
      component_id: run.component_id,
      check_id: run.check_id,
      created_by: run.created_by,
      created_at: run.created_at,
      start_time: run.start_time,
      scheduled_time: run.scheduled_time,
    }),
    action: Object.fromEntries(actions.map((action) => [action.name, action])),
  };
  return { data, actions, secrets, env };
}

function actionFunctions(actions: ActionView[]) {
  const byName = (name: unknown) => actions.find((action) => action.name === name);
  const last = () => [...actions].reverse().find((action) => action.status !== 'skipped');
  return {
    getAction: (name: unknown) => byName(name) ?? null,
    getLastAction: () => last() ?? null,
    last_result: () => last()?.result ?? {},
  };
}

/** Renders every string of a value holding `{{` as a Go template over the run's context. */
export function renderTemplates<T>(value: T, context: RunContext): T {
  const funcs = actionFunctions(context.actions);
  const render = (item: unknown): unknown => {
    if (typeof item === 'string')
      return item.includes('{{') ? renderGoTemplate(item, context.data, { funcs }) : item;
    if (Array.isArray(item)) return item.map(render);
    if (isObject(item)) return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, render(v)]));
    return item;
  };
  return render(value) as T;
}

// ---------------------------------------------------------------- `if` expressions

interface IfState {
  actions: ActionView[];
}
/** CEL calls are synchronous: the functions read the state of the evaluation under way. */
let current: IfState = { actions: [] };

const failedBefore = () => current.actions.some((a) => a.status === 'failed' || a.status === 'timed_out');

const ifEnvironment = celEnvironment
  .clone()
  .registerFunction('always(): bool', () => true)
  .registerFunction('success(): bool', () => !failedBefore())
  .registerFunction('failure(): bool', () => failedBefore())
  .registerFunction('timeout(): bool', () => current.actions.some((a) => a.status === 'timed_out'))
  .registerFunction('skip(): bool', () => false)
  .registerFunction('getAction(string): dyn', (name: unknown) => {
    const found = current.actions.find((a) => a.name === name);
    if (!found) throw new Error(`no action named '${String(name)}' has run`);
    return found;
  })
  .registerFunction('getLastAction(): dyn', () => {
    const found = actionFunctions(current.actions).getLastAction();
    if (!found) throw new Error('no action has run yet');
    return found;
  })
  .registerFunction('last_result(): dyn', () => actionFunctions(current.actions).last_result());

/** The functions that let an action run after an earlier one failed. */
const RUNS_AFTER_FAILURE = /\b(always|failure|timeout)\s*\(\s*\)/;

/**
 * Whether an action runs: its `if` (CEL) must be true; without `always()`, `failure()` or
 * `timeout()` in it (or without an `if`), an earlier failed or timed-out action skips it, as
 * `success()` is implied. Throws with a one-line reason when the expression cannot be evaluated.
 */
export function shouldRun(action: ActionSpec, context: RunContext): boolean {
  const expr = typeof action.if === 'string' ? action.if.trim() : '';
  current = { actions: context.actions };
  const earlierFailed = failedBefore();
  if (!expr) return !earlierFailed;
  if (earlierFailed && !RUNS_AFTER_FAILURE.test(expr)) return false;
  let value: unknown;
  try {
    value = evaluateCel(expr, context.data, ifEnvironment);
  } catch (error) {
    throw new Error(
      `if expression '${expr}' ${(error as { stage?: string }).stage ?? 'failed'}: ${(error as Error).message}`,
    );
  } finally {
    current = { actions: [] };
  }
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new Error(`if expression '${expr}' gave ${String(value)}, not true or false`);
}

/**
 * An action's `delay`: a duration (`30s`), or a CEL expression over the run's context giving a
 * duration or its text (`params.wait`, `duration('1m')`). Milliseconds; throws saying why not.
 */
export function delayOf(delay: string, context: RunContext): number {
  try {
    return parseDuration(delay);
  } catch {
    // Not a duration: an expression.
  }
  let value: unknown;
  try {
    value = evaluateCel(delay, context.data, ifEnvironment);
  } catch (error) {
    throw new Error(
      `delay '${delay}' is neither a duration nor an expression that can be evaluated: ${(error as Error).message}`,
    );
  }
  if (value instanceof Duration) return Number(nanosOf(value) / 1_000_000n);
  if (typeof value === 'string') return parseDuration(value);
  throw new Error(`delay '${delay}' gave ${String(value)}, not a duration`);
}

/** A CEL filter (the playbook's `filters`, a trigger's `filter`) over a context; false when it is not true. */
export function filterPasses(expr: string, data: Record<string, unknown>): boolean {
  const value = evaluateCel(expr, data, ifEnvironment);
  return value === true || value === 'true';
}

// ---------------------------------------------------------------- valueFrom in action bodies

/**
 * Reads every `{valueFrom: {secretKeyRef | configMapKeyRef}}` of an action body (env vars,
 * headers, usernames, passwords) into its `value`, in the playbook's namespace; a value given
 * beside its reference wins. Secret values join the run's secrets. Throws naming what could
 * not be read.
 */
export async function resolveValueFrom<T>(
  value: T,
  context: RunContext,
  kube: KubeConnection | undefined,
): Promise<T> {
  const namespace = String(
    (context.data.playbook as { namespace?: unknown } | undefined)?.namespace ?? 'default',
  );
  const visit = async (item: unknown): Promise<unknown> => {
    if (Array.isArray(item)) {
      const out: unknown[] = [];
      for (const entry of item) out.push(await visit(entry));
      return out;
    }
    if (!isObject(item)) return item;
    const out: Record<string, unknown> = {};
    const given = item.value !== undefined && item.value !== null && item.value !== '';
    for (const [key, entry] of Object.entries(item)) {
      if (key === 'valueFrom' && isObject(entry)) {
        if (given) continue;
        const ref = (name: string) => {
          const found = entry[name];
          return isObject(found) && typeof found.name === 'string' && typeof found.key === 'string'
            ? { name: found.name, key: found.key }
            : undefined;
        };
        const secret = ref('secretKeyRef');
        const configMap = ref('configMapKeyRef');
        if (secret) {
          const read = await readKeyRef(kube, { kind: 'secret', namespace, ...secret });
          context.secrets.add(read);
          out.value = read;
        } else if (configMap)
          out.value = await readKeyRef(kube, { kind: 'configmap', namespace, ...configMap });
        else out[key] = entry;
        continue;
      }
      out[key] = await visit(entry);
    }
    return out;
  };
  return (await visit(value)) as T;
}
