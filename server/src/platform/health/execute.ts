import type { Queryable } from '../db/db.js';
import { endpointOf, expandVariables, type Entry } from './canary-spec.js';
import { applyCheckTemplates, durationValue } from './check-templates.js';
import { abortable, describeError, timeoutSettingOf } from './kinds/common.js';
import { runnerFor, unsupportedKindMessage, type KindContext } from './kinds/index.js';
import type { CheckResult } from './types.js';

export interface RunnableCheck {
  id: string;
  type: string;
  name: string;
  spec: Entry | null;
  /** The canary it belongs to, as templates see it (`canary.name`, ...). */
  canary?: { id?: string; name: string; namespace: string | null; labels?: Record<string, string> | null };
}

/** What templates see of the check itself, as canary-checker gives it (`check.name`, ...). */
function checkValues(check: RunnableCheck, entry: Entry): Record<string, unknown> {
  const labels = entry.labels && typeof entry.labels === 'object' ? entry.labels : {};
  const values: Record<string, unknown> = {
    check: {
      id: check.id,
      name: check.name,
      description: typeof entry.description === 'string' ? entry.description : '',
      labels,
      endpoint: endpointOf(check.type, entry) ?? '',
    },
  };
  if (check.canary)
    values.canary = {
      id: check.canary.id ?? '',
      name: check.canary.name,
      namespace: check.canary.namespace ?? '',
      labels: check.canary.labels ?? {},
    };
  return values;
}

/** The result written for a kind this console does not execute. */
export function unsupportedResult(type: string, at = new Date()): CheckResult {
  return {
    time: at.toISOString(),
    duration: 0,
    status: false,
    message: null,
    error: unsupportedKindMessage(type),
    detail: null,
  };
}

/**
 * Runs one check of a kind the runner executes, within its timeout (`timeout` of the entry,
 * default 10 s) and the runner's stop signal. Whatever a kind does, the result comes back by
 * the deadline: a target that hangs only costs its own check.
 */
export async function executeCheck(
  check: RunnableCheck,
  { db, stopSignal, vars }: { db: Queryable; stopSignal: AbortSignal; vars: Record<string, string> },
): Promise<CheckResult> {
  const started = new Date();
  const t0 = performance.now();
  const kind = runnerFor(check.type);
  if (!kind) return unsupportedResult(check.type, started);
  const entry = expandVariables(check.spec ?? {}, vars);
  const { ms: timeoutMs, from: timeoutFrom } = timeoutSettingOf(entry, check.type);
  // Not AbortSignal.any([..., AbortSignal.timeout()]): on Node 20 the garbage collector may take
  // the timeout signal before it fires, and the check would then never time out.
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(`timed out after ${timeoutMs}ms`, 'TimeoutError')),
    timeoutMs,
  );
  const stop = () => controller.abort(stopSignal.reason);
  if (stopSignal.aborted) stop();
  else stopSignal.addEventListener('abort', stop, { once: true });
  const values = checkValues(check, entry);
  const ctx: KindContext = { signal: controller.signal, timeoutMs, timeoutFrom, db, values };
  let outcome: Awaited<ReturnType<typeof kind>>;
  try {
    outcome = await abortable(kind(entry, ctx), controller.signal);
    if (outcome.context) {
      const env = {
        ...values,
        duration: durationValue(performance.now() - t0),
        ...outcome.context,
      };
      outcome = applyCheckTemplates(entry, outcome, env);
    }
  } catch (error) {
    outcome = { status: false, message: null, error: describeError(error, ctx), detail: null };
  } finally {
    clearTimeout(timer);
    stopSignal.removeEventListener('abort', stop);
  }
  return {
    time: started.toISOString(),
    duration: Math.max(0, Math.round(performance.now() - t0)),
    status: outcome.status,
    message: outcome.message,
    error: outcome.error,
    detail: outcome.detail ?? null,
  };
}
