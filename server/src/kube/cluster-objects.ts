/**
 * Reads of any kind of object with the console's own cluster credentials, for the Kubernetes
 * check kinds: a kind named as people write it (Pod, pods, deploy, apps/v1/Deployment) found
 * through discovery, then listed or read.
 */
import type { KubernetesObject } from '@kubernetes/client-node';
import { kubeClient } from './client-library.js';
import { httpStatusOf, meansUnreachable, reasonOf, type KubeConnection } from './connection.js';

export interface ServedKind {
  apiVersion: string;
  kind: string;
  namespaced: boolean;
}

/** A read the cluster refused or could not answer, told in words. */
export class KubeReadError extends Error {}

export interface Selection {
  labelSelector?: string;
  fieldSelector?: string;
}

const DISCOVERY_TTL_MS = 5 * 60_000;
const discovered = new WeakMap<object, { at: number; kinds: Promise<ServedKind[]> }>();

function configOf(kube: KubeConnection) {
  if (!kube.kubeConfig)
    throw new KubeReadError(
      'no Kubernetes cluster is configured (set KUBECONFIG or run the console in a cluster)',
    );
  return kube.kubeConfig;
}

async function noted<T>(kube: KubeConnection, what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (meansUnreachable(error)) kube.noteFailure(error);
    const status = httpStatusOf(error);
    if (status === 403)
      throw new KubeReadError(`the console may not ${what} (forbidden by the cluster's RBAC)`);
    throw new KubeReadError(`${what} failed: ${reasonOf(error)}`);
  }
}

interface NamedResource {
  name: string;
  singularName?: string;
  shortNames?: string[];
  kind: string;
  namespaced: boolean;
}

/** Every kind the cluster serves, at its group's preferred version (core first). */
async function discover(kube: KubeConnection): Promise<ServedKind[]> {
  const config = configOf(kube);
  const { CoreV1Api, ApisApi, CustomObjectsApi } = kubeClient();
  return noted(kube, 'read which kinds the cluster serves', async () => {
    const lists: { apiVersion: string; resources: NamedResource[] }[] = [];
    const core = await config.makeApiClient(CoreV1Api).getAPIResources();
    lists.push({ apiVersion: 'v1', resources: core.resources });
    const groups = await config.makeApiClient(ApisApi).getAPIVersions();
    const custom = config.makeApiClient(CustomObjectsApi);
    for (const group of groups.groups) {
      const version = group.preferredVersion?.version ?? group.versions[0]?.version;
      if (!version) continue;
      const served = await custom.getAPIResources({ group: group.name, version });
      lists.push({ apiVersion: `${group.name}/${version}`, resources: served.resources });
    }
    const kinds: (ServedKind & { names: string[] })[] = [];
    for (const { apiVersion, resources } of lists)
      for (const r of resources) {
        if (r.name.includes('/')) continue;
        const names = [r.kind, r.name, r.singularName ?? '', ...(r.shortNames ?? [])].map((n) =>
          n.toLowerCase(),
        );
        kinds.push({ apiVersion, kind: r.kind, namespaced: r.namespaced, names });
      }
    return kinds;
  });
}

/** The kind as the cluster serves it; `Deployment`, `deployments`, `deploy` or `apps/v1/Deployment`. */
export async function servedKind(kube: KubeConnection, written: string): Promise<ServedKind> {
  const config = configOf(kube);
  let entry = discovered.get(config);
  if (!entry || Date.now() - entry.at > DISCOVERY_TTL_MS) {
    entry = { at: Date.now(), kinds: discover(kube) };
    entry.kinds.catch(() => discovered.delete(config));
    discovered.set(config, entry);
  }
  const kinds = (await entry.kinds) as (ServedKind & { names: string[] })[];
  const slash = written.lastIndexOf('/');
  const apiVersion = slash === -1 ? undefined : written.slice(0, slash);
  const name = written.slice(slash + 1).toLowerCase();
  const found = kinds.find((k) => k.names.includes(name) && (!apiVersion || k.apiVersion === apiVersion));
  if (!found) throw new KubeReadError(`the cluster serves no kind '${written}'`);
  return { apiVersion: found.apiVersion, kind: found.kind, namespaced: found.namespaced };
}

const scopeText = (kind: ServedKind, namespace?: string) =>
  kind.namespaced && namespace ? ` in namespace ${namespace}` : '';

/** The objects of a kind in a namespace ('' or undefined: every namespace), by selectors. */
export async function listObjects(
  kube: KubeConnection,
  kind: ServedKind,
  namespace: string | undefined,
  { labelSelector, fieldSelector }: Selection = {},
): Promise<KubernetesObject[]> {
  const api = kubeClient().KubernetesObjectApi.makeApiClient(configOf(kube));
  const scope = kind.namespaced && namespace ? namespace : undefined;
  const answer = await noted(kube, `list ${kind.kind} objects${scopeText(kind, scope)}`, () =>
    api.list(
      kind.apiVersion,
      kind.kind,
      scope,
      undefined,
      undefined,
      undefined,
      fieldSelector,
      labelSelector,
    ),
  );
  // A list's items carry neither kind nor apiVersion on the wire.
  return answer.items.map((item) => ({ ...item, apiVersion: kind.apiVersion, kind: kind.kind }));
}

/** One object by name; undefined when there is none. */
export async function readObject(
  kube: KubeConnection,
  kind: ServedKind,
  namespace: string | undefined,
  name: string,
): Promise<KubernetesObject | undefined> {
  const api = kubeClient().KubernetesObjectApi.makeApiClient(configOf(kube));
  const metadata = kind.namespaced ? { name, namespace: namespace || 'default' } : { name };
  try {
    const object = await api.read({ apiVersion: kind.apiVersion, kind: kind.kind, metadata });
    return { ...object, apiVersion: kind.apiVersion, kind: kind.kind };
  } catch (error) {
    if (httpStatusOf(error) === 404) return undefined;
    return noted(kube, `read ${kind.kind} ${name}${scopeText(kind, namespace)}`, () => Promise.reject(error));
  }
}

/** The field manager of the console's own writes, as the API server records them. */
const CHECK_FIELD_MANAGER = 'ops-console';

const nameOf = (object: KubernetesObject) =>
  `${object.kind ?? 'object'} ${[object.metadata?.namespace, object.metadata?.name].filter(Boolean).join('/')}`;

/** Creates an object (apiVersion and kind given) with the console's credentials. */
export async function createObject(
  kube: KubeConnection,
  object: KubernetesObject,
): Promise<KubernetesObject> {
  const api = kubeClient().KubernetesObjectApi.makeApiClient(configOf(kube));
  return noted(kube, `create ${nameOf(object)}`, () =>
    api.create(object, undefined, undefined, CHECK_FIELD_MANAGER),
  );
}

/** Deletes an object; one that is already gone is no error. */
export async function deleteObject(kube: KubeConnection, object: KubernetesObject): Promise<void> {
  const api = kubeClient().KubernetesObjectApi.makeApiClient(configOf(kube));
  try {
    await api.delete(object, undefined, undefined, undefined, undefined, 'Background');
  } catch (error) {
    if (httpStatusOf(error) === 404) return;
    await noted(kube, `delete ${nameOf(object)}`, () => Promise.reject(error));
  }
}
