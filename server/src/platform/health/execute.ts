import type { Queryable } from '../db/db.js';
import { KeyRefError, readKeyRef, type KubeConnection } from '../../kube/index.js';
import { endpointOf, expandVariables, type Entry } from './canary-spec.js';
import { applyCheckTemplates, durationValue } from './check-templates.js';
import { abortable, describeError, timeoutSettingOf } from './kinds/common.js';
import { runnerFor, unsupportedKindMessage, type KindContext } from './kinds/index.js';
import { redactSecrets, resolveReferences } from './references.js';
import type { CheckResult } from './types.js';

export interface RunnableCheck {
  id: string;
  type: string;
  name: string;
  spec: Entry | null;
  /**
   * The canary it belongs to, as templates see it (`canary.name`, ...); its namespace is where
   * the entry's secret and config map references are read.
   */
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
  {
    db,
    stopSignal,
    vars,
    kube,
  }: {
    db: Queryable;
    stopSignal: AbortSignal;
    vars: Record<string, string>;
    /** The cluster the entry's references are read from and the Kubernetes kinds look at. */
    kube?: KubeConnection;
  },
): Promise<CheckResult> {
  const started = new Date();
  const t0 = performance.now();
  const kind = runnerFor(check.type);
  if (!kind) return unsupportedResult(check.type, started);
  const written = expandVariables(check.spec ?? {}, vars);
  const { ms: timeoutMs, from: timeoutFrom } = timeoutSettingOf(written, check.type);
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
  const namespace = check.canary?.namespace ?? 'default';
  const values = checkValues(check, written);
  const ctx: KindContext = { signal: controller.signal, timeoutMs, timeoutFrom, db, values, kube, namespace };
  let outcome: Awaited<ReturnType<typeof kind>>;
  let secrets: string[] = [];
  const run = async () => {
    const resolved = await resolveReferences(written, {
      namespace,
      readKeyRef: (ref) => readKeyRef(kube, ref),
      db,
    });
    secrets = resolved.secrets;
    const found = await kind(resolved.entry, ctx);
    if (!found.context) return found;
    const env = { ...values, duration: durationValue(performance.now() - t0), ...found.context };
    return applyCheckTemplates(resolved.entry, found, env);
  };
  try {
    outcome = await abortable(run(), controller.signal);
  } catch (error) {
    const text = error instanceof KeyRefError ? error.message : describeError(error, ctx);
    outcome = { status: false, message: null, error: text, detail: null };
  } finally {
    clearTimeout(timer);
    stopSignal.removeEventListener('abort', stop);
  }
  return redactSecrets(
    {
      time: started.toISOString(),
      duration: Math.max(0, Math.round(performance.now() - t0)),
      status: outcome.status,
      message: outcome.message,
      error: outcome.error,
      detail: outcome.detail ?? null,
    },
    secrets,
  );
}
