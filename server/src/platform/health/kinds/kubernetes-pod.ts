/**
 * `pod` and `namespace`: a pod started from the entry's spec (in a namespace made for the run,
 * for `namespace`), timed until it is scheduled and ready, asked over HTTP when a port or an
 * ingress host is given, then deleted. What it creates is deleted whatever the outcome.
 */
import { randomBytes } from 'node:crypto';
import type { KubernetesObject } from '@kubernetes/client-node';
import { load } from 'js-yaml';
import {
  createObject,
  deleteObject,
  KubeReadError,
  readObject,
  servedKind,
  type KubeConnection,
} from '../../../kube/index.js';
import type { Entry } from '../canary-spec.js';
import {
  abortable,
  cap,
  EntryError,
  fail,
  pass,
  str,
  type CheckOutcome,
  type KindContext,
} from './common.js';

const POLL_MS = 250;

class StageFailed extends Error {}

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj => (value && typeof value === 'object' ? (value as Obj) : {});

const suffix = () => randomBytes(3).toString('hex');
const ms = (value: unknown): number | undefined =>
  typeof value === 'number' && value > 0 ? value : undefined;

/** The pod the entry describes: a YAML or JSON text (as the platform writes it) or an object. */
function podOf(written: unknown, what: string): Obj {
  let pod: unknown = written;
  if (typeof written === 'string') {
    try {
      pod = load(written);
    } catch (error) {
      throw new EntryError(`${what} is not YAML: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  if (!pod || typeof pod !== 'object' || !obj(pod).spec)
    throw new EntryError(`${what} must be a Pod with a spec`);
  return structuredClone(pod as Obj);
}

async function until<T>(
  what: string,
  timeoutMs: number | undefined,
  signal: AbortSignal,
  probe: () => Promise<T | undefined>,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await probe()) return Math.round(performance.now() - started);
    if (timeoutMs !== undefined && performance.now() - started > timeoutMs)
      throw new StageFailed(`${what} within ${timeoutMs}ms`);
    await abortable(new Promise((resolve) => setTimeout(resolve, POLL_MS)), signal);
  }
}

const conditionTrue = (pod: KubernetesObject | undefined, type: string) =>
  (obj(obj(pod).status).conditions as Obj[] | undefined)?.some((c) => c.type === type && c.status === 'True');

async function httpStage(entry: Entry, pod: KubernetesObject | undefined, ctx: KindContext) {
  const host = str(entry.ingressHost) ?? (obj(obj(pod).status).podIP as string | undefined);
  const port = ms(entry.port);
  if (!host)
    throw new StageFailed('could not be asked over HTTP: the pod has no IP and no ingressHost is given');
  const url = `http://${host}${port && !entry.ingressHost ? `:${port}` : ''}${str(entry.path) ?? '/'}`;
  const expected = Array.isArray(entry.expectedHttpStatuses) ? entry.expectedHttpStatuses.map(Number) : [200];
  const started = performance.now();
  const timeout = ms(entry.httpTimeout);
  const signal = timeout ? AbortSignal.any([ctx.signal, AbortSignal.timeout(timeout)]) : ctx.signal;
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: 'manual' });
  } catch (error) {
    throw new StageFailed(`did not answer at ${url}: ${(error as Error).message}`);
  }
  const body = await response.text();
  if (!expected.includes(response.status))
    throw new StageFailed(`answered ${url} with ${response.status}, expected ${expected.join(' or ')}`);
  const content = str(entry.expectedContent);
  if (content && !body.includes(content)) throw new StageFailed(`answered ${url} without '${content}'`);
  return Math.round(performance.now() - started);
}

interface Run {
  stages: string[];
  timings: Record<string, number>;
}

async function runPod(kube: KubeConnection, entry: Entry, pod: Obj, ctx: KindContext, run: Run) {
  const podKind = await servedKind(kube, 'v1/Pod');
  const metadata = obj(pod.metadata);
  const created = (await createObject(kube, { ...pod, apiVersion: 'v1', kind: 'Pod' } as KubernetesObject))
    .metadata!;
  const read = () => readObject(kube, podKind, created.namespace, created.name!);
  let last: KubernetesObject | undefined;
  const stage = async (
    name: string,
    what: string,
    timeout: number | undefined,
    probe: () => Promise<unknown>,
  ) => {
    run.timings[name] = await until(what, timeout, ctx.signal, probe);
    run.stages.push(`${name} in ${run.timings[name]}ms`);
  };
  try {
    await stage('scheduled', 'was not scheduled', ms(entry.scheduleTimeout), async () =>
      conditionTrue((last = await read()), 'PodScheduled'),
    );
    await stage('ready', 'was not ready', ms(entry.readyTimeout), async () =>
      conditionTrue((last = await read()), 'Ready'),
    );
    if (entry.port !== undefined || entry.ingressHost !== undefined) {
      run.timings.http = await httpStage(entry, last, ctx);
      run.stages.push(`answered in ${run.timings.http}ms`);
    }
  } finally {
    await deleteObject(kube, { apiVersion: 'v1', kind: 'Pod', metadata: { ...metadata, ...created } });
  }
  await stage('deleted', 'was not deleted', ms(entry.deleteTimeout), async () => !(await read()));
}

function outcome(run: Run, error: unknown, what: string): CheckOutcome {
  const detail = { ...run.timings };
  const message = run.stages.length > 0 ? run.stages.join(', ') : null;
  if (error instanceof StageFailed) return fail(cap(`${what} ${error.message}`), message, detail);
  if (error instanceof KubeReadError) return fail(error.message, message, detail);
  if (error) throw error;
  return pass(message, detail);
}

function kubeOf(ctx: KindContext): KubeConnection {
  if (!ctx.kube?.kubeConfig)
    throw new EntryError(
      'no Kubernetes cluster is configured (set KUBECONFIG or run the console in a cluster)',
    );
  return ctx.kube;
}

export async function runPodCheck(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  const kube = kubeOf(ctx);
  const pod = podOf(entry.spec, 'spec');
  const metadata = obj(pod.metadata);
  const base =
    str(metadata.name) ??
    str(entry.name)
      ?.toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-') ??
    'canary';
  pod.metadata = {
    ...metadata,
    name: `${base.slice(0, 50)}-${suffix()}`,
    namespace: str(entry.namespace) ?? str(metadata.namespace) ?? 'default',
  };
  const run: Run = { stages: [], timings: {} };
  let error: unknown;
  try {
    await runPod(kube, entry, pod, ctx, run);
  } catch (caught) {
    error = caught;
  }
  return outcome(run, error, `pod ${String(obj(pod.metadata).namespace)}/${String(obj(pod.metadata).name)}`);
}

export async function runNamespaceCheck(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  const kube = kubeOf(ctx);
  const pod = podOf(entry.podSpec, 'podSpec');
  const namespace = `${str(entry.namespaceNamePrefix) ?? 'canary-'}${suffix()}`.toLowerCase();
  const namespaceObject: KubernetesObject = {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: {
      name: namespace,
      labels: obj(entry.namespaceLabels) as Record<string, string>,
      annotations: obj(entry.namespaceAnnotations) as Record<string, string>,
    },
  };
  pod.metadata = { ...obj(pod.metadata), name: str(obj(pod.metadata).name) ?? 'canary', namespace };
  const run: Run = { stages: [], timings: {} };
  let error: unknown;
  try {
    const namespaceKind = await servedKind(kube, 'v1/Namespace');
    await createObject(kube, namespaceObject);
    try {
      await runPod(kube, entry, pod, ctx, run);
    } finally {
      await deleteObject(kube, namespaceObject);
    }
    run.timings.namespaceDeleted = await until(
      'was not deleted',
      ms(entry.deleteTimeout),
      ctx.signal,
      async () => !(await readObject(kube, namespaceKind, undefined, namespace)),
    );
    run.stages.push(`namespace deleted in ${run.timings.namespaceDeleted}ms`);
  } catch (caught) {
    error = caught;
  }
  return outcome(run, error, `namespace ${namespace}`);
}
