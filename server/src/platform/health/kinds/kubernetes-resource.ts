/**
 * `kubernetesResource`: creates `resources` (deleted after each run) and `staticResources`
 * (kept), waits until they are healthy or `waitFor.expr` holds, runs the canary specs of `checks`
 * against them (retried per `checkRetries`), then deletes what the run created.
 */
import type { KubernetesObject } from '@kubernetes/client-node';
import {
  createObject,
  deleteObject,
  KubeReadError,
  readObject,
  servedKind,
  type KubeConnection,
} from '../../../kube/index.js';
import type { Entry } from '../canary-spec.js';
import { nanosOf, parseGoDuration } from '../go-values.js';
import { failedTest } from '../test-expression.js';
import { abortable, cap, EntryError, fail, pass, type CheckOutcome, type KindContext } from './common.js';
import { runnerFor } from './index.js';
import { healthOf } from './kubernetes-health.js';

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj => (value && typeof value === 'object' ? (value as Obj) : {});

/** A Go duration ('1m30s', '500ms') or a number of milliseconds; the fallback otherwise. */
export function durationMs(value: unknown, fallback: number): number {
  if (typeof value === 'number' && value >= 0) return value;
  if (typeof value !== 'string') return fallback;
  try {
    return Number(nanosOf(parseGoDuration(value))) / 1e6;
  } catch {
    return fallback;
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  abortable(new Promise((resolve) => setTimeout(resolve, ms)), signal);

const idOf = (o: KubernetesObject) =>
  [o.kind, o.metadata?.namespace, o.metadata?.name]
    .filter((part) => part !== undefined && part !== '')
    .join('/');

function objectsOf(value: unknown, what: string, namespace: string): KubernetesObject[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new EntryError(`${what} must be a list of Kubernetes objects`);
  return value.map((item, i) => {
    const o = structuredClone(obj(item)) as KubernetesObject;
    if (!o.apiVersion || !o.kind || !o.metadata?.name)
      throw new EntryError(`${what}[${i}] needs apiVersion, kind and metadata.name`);
    o.metadata.namespace ??= namespace;
    return o;
  });
}

/** The object as the cluster has it now; undefined when it is gone. */
async function current(kube: KubeConnection, o: KubernetesObject) {
  const kind = await servedKind(kube, `${o.apiVersion}/${o.kind}`);
  return readObject(kube, kind, kind.namespaced ? o.metadata!.namespace : undefined, o.metadata!.name!);
}

async function untilGone(
  kube: KubeConnection,
  objects: KubernetesObject[],
  timeoutMs: number,
  ctx: KindContext,
) {
  const started = performance.now();
  for (const o of objects)
    while (await current(kube, o)) {
      if (performance.now() - started > timeoutMs)
        throw new KubeReadError(`${idOf(o)} was not deleted in time`);
      await sleep(250, ctx.signal);
    }
}

/** Waits until every object is healthy, or `waitFor.expr` holds over `resources`. */
async function untilReady(kube: KubeConnection, objects: KubernetesObject[], waitFor: Obj, ctx: KindContext) {
  const timeoutMs = durationMs(waitFor.timeout, 10 * 60_000);
  const intervalMs = durationMs(waitFor.interval, 5000);
  const expr = typeof waitFor.expr === 'string' && waitFor.expr.trim() ? waitFor.expr : undefined;
  const started = performance.now();
  for (;;) {
    const live = await Promise.all(objects.map((o) => current(kube, o)));
    let waitingOn: string | undefined;
    if (expr) {
      const resources = live.filter(Boolean).map((o) => ({ ...o, healthStatus: healthOf(obj(o)) }));
      waitingOn = failedTest(expr, { resources });
    } else {
      const index = live.findIndex((o) => !o || healthOf(obj(o)).health !== 'healthy');
      if (index !== -1) {
        const health = live[index] ? healthOf(obj(live[index])) : undefined;
        waitingOn = `${idOf(objects[index]!)} is ${health ? `${health.health} (${health.status})` : 'missing'}`;
      }
    }
    if (!waitingOn) return Math.round(performance.now() - started);
    if (performance.now() - started > timeoutMs)
      throw new KubeReadError(`the resources were not ready within ${timeoutMs}ms: ${waitingOn}`);
    await sleep(intervalMs, ctx.signal);
  }
}

/** Each entry of the canary specs in `checks`, as kind and entry. */
function nestedChecks(value: unknown): { kind: string; entry: Entry }[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new EntryError('checks must be a list of canary specs');
  return value.flatMap((spec) =>
    Object.entries(obj(spec)).flatMap(([kind, entries]) =>
      Array.isArray(entries) ? entries.map((entry) => ({ kind, entry: obj(entry) as Entry })) : [],
    ),
  );
}

/** Runs the nested checks until all pass or `checkRetries.timeout` passes; the last failure otherwise. */
async function runNested(entry: Entry, ctx: KindContext): Promise<string | undefined> {
  const checks = nestedChecks(entry.checks);
  if (checks.length === 0) return undefined;
  const retries = obj(entry.checkRetries);
  const timeoutMs = durationMs(retries.timeout, 0);
  const intervalMs = durationMs(retries.interval, 1000);
  await sleep(durationMs(retries.delay, 0), ctx.signal);
  const started = performance.now();
  for (;;) {
    let failure: string | undefined;
    for (const { kind, entry: nested } of checks) {
      const run = runnerFor(kind.toLowerCase());
      const name = `${kind}/${String(nested.name ?? '')}`;
      if (!run) {
        failure = `check ${name}: this console's check runner does not execute '${kind}' checks`;
        break;
      }
      const outcome = await run(nested, ctx);
      if (!outcome.status) {
        failure = `check ${name} failed: ${outcome.error ?? 'no reason given'}`;
        break;
      }
    }
    if (!failure || performance.now() - started >= timeoutMs) return failure;
    await sleep(intervalMs, ctx.signal);
  }
}

export async function runKubernetesResource(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  const kube = ctx.kube;
  if (!kube?.kubeConfig)
    return fail('no Kubernetes cluster is configured (set KUBECONFIG or run the console in a cluster)');
  const namespace = ctx.namespace ?? 'default';
  const statics = objectsOf(entry.staticResources, 'staticResources', namespace);
  const resources = objectsOf(entry.resources, 'resources', namespace);
  const waitFor = obj(entry.waitFor);
  const timings: Record<string, number> = {};
  const created: KubernetesObject[] = [];
  let failure: string | undefined;
  try {
    for (const o of statics) if (!(await current(kube, o))) await createObject(kube, o);
    if (entry.clearResources === true) {
      for (const o of resources) await deleteObject(kube, o);
      await untilGone(kube, resources, durationMs(waitFor.timeout, 60_000), ctx);
    }
    for (const o of resources) created.push(await createObject(kube, o));
    if (waitFor.disable !== true)
      timings.ready = await untilReady(kube, [...statics, ...resources], waitFor, ctx);
    const started = performance.now();
    failure = await runNested(entry, ctx);
    timings.checks = Math.round(performance.now() - started);
  } catch (error) {
    if (!(error instanceof KubeReadError)) throw error;
    failure = error.message;
  } finally {
    for (const o of created.reverse()) await deleteObject(kube, o).catch(() => {});
  }
  if (waitFor.delete === true && created.length > 0)
    await untilGone(kube, resources, durationMs(waitFor.timeout, 60_000), ctx).catch((error: unknown) => {
      failure ??= (error as Error).message;
    });
  const count = statics.length + resources.length;
  const message = `${count} ${count === 1 ? 'resource' : 'resources'}${
    timings.ready !== undefined ? `, ready in ${timings.ready}ms` : ''
  }`;
  const detail = { resources: [...statics, ...resources].map(idOf), ...timings };
  return failure ? fail(cap(failure), message, detail) : pass(message, detail);
}
