/**
 * The pod action, as the platform runs it: a Pod `<name>-<action id>` (cut to 63 characters)
 * with the action's `spec` (restartPolicy Never) in the playbook's namespace (`default` without
 * one), labelled with the run and the action, created with the console's cluster credentials;
 * the action waits until the pod's phase is Succeeded or Failed (read every second), then reads
 * the log of its first container, keeps its last `maxLength` characters (1 MiB when not given)
 * and deletes the pod. Failed → ActionFailure with the log kept. An abort deletes the pod at once.
 * No cluster → "the pod action needs a Kubernetes cluster".
 */
import type { KubernetesObject } from '@kubernetes/client-node';
import {
  createObject,
  deleteObject,
  loadKubeClient,
  readObject,
  type KubeConnection,
} from '../../../kube/index.js';
import { kubeClient } from '../../../kube/client-library.js';
import { isObject, kubeOf, messageOf, sleep, stopReason, text } from './support.js';
import { ActionFailure, type ActionContext, type ActionExecutor } from './types.js';

export const POLL_MS = 1000;
const DEFAULT_MAX_LENGTH = 1024 * 1024;
const POD_KIND = { apiVersion: 'v1', kind: 'Pod', namespaced: true };
const LABEL = 'playbooks.mission-control.flanksource.com';

/** A DNS-1123 label from a name and an id. */
export function podName(name: string, id: string): string {
  const clean = (value: string) => value.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  return `${clean(name)}-${clean(id)}`.slice(0, 63).replace(/^-+/, '').replace(/-+$/, '');
}

interface PodStatus {
  phase?: string;
  reason?: string;
  message?: string;
  containerStatuses?: { name: string; state?: { terminated?: { exitCode?: number; reason?: string } } }[];
}

async function podLog(kube: KubeConnection, namespace: string, name: string, container: string | undefined) {
  const api = kube.kubeConfig!.makeApiClient(kubeClient().CoreV1Api);
  try {
    return await api.readNamespacedPodLog({ name, namespace, container });
  } catch (error) {
    return `[the log could not be read: ${messageOf(error)}]`;
  }
}

async function waitForEnd(kube: KubeConnection, namespace: string, name: string, ctx: ActionContext) {
  for (;;) {
    const pod = await readObject(kube, POD_KIND, namespace, name);
    if (!pod) throw new ActionFailure(`pod ${namespace}/${name} was deleted before it finished`);
    const status = ((pod as { status?: PodStatus }).status ?? {}) as PodStatus;
    if (status.phase === 'Succeeded' || status.phase === 'Failed') return status;
    await sleep(POLL_MS, ctx.signal);
  }
}

export const podAction: ActionExecutor = async (body, ctx) => {
  const kube = kubeOf(ctx);
  if (!kube?.kubeConfig)
    throw new ActionFailure('the pod action needs a Kubernetes cluster, and none is configured');
  const base = text(body, 'name');
  if (!base) throw new ActionFailure('pod needs a name');
  if (!isObject(body.spec)) throw new ActionFailure('pod needs a spec');
  const spec: Record<string, unknown> = { ...body.spec, restartPolicy: 'Never' };
  const containers = Array.isArray(spec.containers) ? spec.containers.filter(isObject) : [];
  if (!containers.length) throw new ActionFailure('pod spec needs at least one container');
  const container = typeof containers[0]!.name === 'string' ? containers[0]!.name : undefined;
  const maxLength =
    typeof body.maxLength === 'number' && body.maxLength > 0 ? body.maxLength : DEFAULT_MAX_LENGTH;
  const namespace = ctx.namespace || 'default';
  const name = podName(base, ctx.actionId);
  await loadKubeClient();
  const pod: KubernetesObject & { spec: unknown } = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace,
      labels: {
        [`${LABEL}/pod-action`]: 'true',
        [`${LABEL}/playbookRunID`]: ctx.runId,
        [`${LABEL}/actionID`]: ctx.actionId,
      },
    },
    spec,
  };
  let created = false;
  const remove = () =>
    deleteObject(kube, pod).catch((error) =>
      ctx.log.warn({ pod: name, error: messageOf(error) }, 'the pod action could not delete its pod'),
    );
  const onAbort = () => {
    if (created) void remove();
  };
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    try {
      await createObject(kube, pod);
    } catch (error) {
      throw new ActionFailure(`the pod could not be created: ${messageOf(error)}`);
    }
    created = true;
    const status = await waitForEnd(kube, namespace, name, ctx);
    let logs = await podLog(kube, namespace, name, container);
    if (logs.length > maxLength) logs = logs.slice(logs.length - maxLength);
    const exitCode = status.containerStatuses?.find((c) => c.name === container)?.state?.terminated?.exitCode;
    const result = {
      logs,
      pod: name,
      namespace,
      phase: status.phase,
      ...(exitCode === undefined ? {} : { exitCode }),
    };
    if (status.phase === 'Failed')
      throw new ActionFailure(
        `pod ${name} failed${status.reason ? `: ${status.reason}` : ''}${status.message ? ` (${status.message})` : ''}`,
        result,
      );
    return result;
  } catch (error) {
    if (ctx.signal.aborted && !(error instanceof ActionFailure && error.result.logs !== undefined))
      throw new ActionFailure(`the pod was stopped and deleted: ${stopReason(ctx.signal)}`);
    if (error instanceof ActionFailure) throw error;
    throw new ActionFailure(messageOf(error));
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    if (created) await remove();
  }
};
