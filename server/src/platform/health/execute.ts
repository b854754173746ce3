import type { Queryable } from '../db/db.js';
import { expandVariables, type Entry } from './canary-spec.js';
import { KeyRefError, readKeyRef, type KubeConnection } from '../../kube/index.js';
import { abortable, describeError } from './kinds/common.js';
import { runnerFor, timeoutOf, unsupportedKindMessage, type KindContext } from './kinds/index.js';
import { redactSecrets, resolveReferences } from './references.js';
import type { CheckResult } from './types.js';

export interface RunnableCheck {
  id: string;
  type: string;
  name: string;
  spec: Entry | null;
  /** The canary's namespace, where the entry's secret and config map references are read. */
  namespace?: string;
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
  const timeoutMs = timeoutOf(written);
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
  const ctx: KindContext = { signal: controller.signal, timeoutMs, db, kube, namespace: check.namespace };
  let outcome: Awaited<ReturnType<typeof kind>>;
  let secrets: string[] = [];
  const run = async () => {
    const resolved = await resolveReferences(written, {
      namespace: check.namespace ?? 'default',
      readKeyRef: (ref) => readKeyRef(kube, ref),
      db,
    });
    secrets = resolved.secrets;
    return kind(resolved.entry, ctx);
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
