/**
 * Applying a GitOps integration's Flux objects to the cluster: a server-side dry run of each
 * (dryRun=All) first, so that a refusal of either writes neither; then server-side apply of
 * both with the console's field manager, created or updated alike. A namespace that does not
 * exist is created first, as `helm install --create-namespace` does. Requests go as the
 * console's service account or as the person (KUBE_WRITE_AS), like every other cluster write.
 */
import { HttpError } from '../../http/errors.js';
import { FIELD_MANAGER, sendToCluster, unavailable, type KubeAnswer } from '../../kube/cluster-writes.js';
import { meansUnreachable, reasonOf, type KubeConnection } from '../../kube/connection.js';
import type { ClusterPerson } from '../../kube/impersonation.js';
import type { AppliedObject } from './types.js';

type FluxObject = Record<string, unknown> & {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace: string };
};

/** An object this module writes: the Flux kinds and the Namespace (cluster-scoped). */
type ClusterObject = Record<string, unknown> & {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
};

/** The resource names of the kinds written, and the CRD each Flux kind needs. */
const PLURALS: Record<string, string> = {
  Namespace: 'namespaces',
  HelmRepository: 'helmrepositories',
  HelmRelease: 'helmreleases',
};

const APPLY_PATCH = 'application/apply-patch+yaml';

function pathOf(object: ClusterObject, dryRun: boolean): string {
  const plural = PLURALS[object.kind];
  if (!plural) throw new Error(`no resource name is known for ${object.kind}`);
  const query = new URLSearchParams({
    fieldManager: FIELD_MANAGER,
    force: 'true',
    fieldValidation: 'Strict',
  });
  if (dryRun) query.set('dryRun', 'All');
  const { name, namespace } = object.metadata;
  // The core group (apiVersion 'v1') lives under /api, every other group under /apis.
  const root = object.apiVersion.includes('/') ? `/apis/${object.apiVersion}` : `/api/${object.apiVersion}`;
  const scope = namespace === undefined ? '' : `/namespaces/${encodeURIComponent(namespace)}`;
  return `${root}${scope}/${plural}/${encodeURIComponent(name)}?${query}`;
}

const describe = (object: ClusterObject) =>
  object.metadata.namespace === undefined
    ? `${object.kind} ${object.metadata.name}`
    : `${object.kind} ${object.metadata.namespace}/${object.metadata.name}`;

interface KubeStatus {
  message?: string;
  reason?: string;
  details?: { kind?: string; name?: string };
}

const statusOf = (answer: KubeAnswer) =>
  (answer.body && typeof answer.body === 'object' ? answer.body : {}) as KubeStatus;

/** The admission's 404 for a write into a namespace that does not exist. */
const meansNamespaceMissing = (answer: KubeAnswer) =>
  answer.status === 404 && statusOf(answer).details?.kind === 'namespaces';

/** An answer of the API server that is not a success, as the person reads it. */
function refusalOf(answer: KubeAnswer, object: ClusterObject): HttpError {
  const status = statusOf(answer);
  const message = status.message || `The Kubernetes API server answered HTTP ${answer.status}.`;
  switch (answer.status) {
    case 404: {
      if (meansNamespaceMissing(answer))
        return new HttpError(
          422,
          `The namespace '${object.metadata.namespace}' does not exist in the cluster (it was deleted while it was being written to).`,
        );
      const [group] = object.apiVersion.split('/');
      return new HttpError(
        503,
        `The cluster does not serve ${object.kind} resources: install Flux (the CustomResourceDefinition ${PLURALS[object.kind]}.${group}).`,
      );
    }
    case 403:
      return new HttpError(403, message);
    case 409:
      return new HttpError(409, `${describe(object)}: ${message}`);
    default:
      // 400 and 422: the cluster refuses the object as it is (a field, a value, a policy).
      return new HttpError(422, `The cluster refused ${describe(object)}: ${message}`);
  }
}

/** One server-side apply; the cluster's answer, whatever it is, unless it cannot be reached. */
async function send(
  kube: KubeConnection,
  person: ClusterPerson,
  object: ClusterObject,
  dryRun: boolean,
): Promise<KubeAnswer> {
  let answer: KubeAnswer;
  try {
    answer = await sendToCluster(kube, person, 'PATCH', pathOf(object, dryRun), object, APPLY_PATCH);
  } catch (error) {
    kube.noteFailure(error);
    throw new HttpError(503, unavailable(reasonOf(error)).message);
  }
  if (meansUnreachable({ statusCode: answer.status })) {
    kube.noteFailure({ statusCode: answer.status });
    throw new HttpError(503, unavailable(reasonOf({ statusCode: answer.status })).message);
  }
  return answer;
}

async function applyOne(
  kube: KubeConnection,
  person: ClusterPerson,
  object: ClusterObject,
  dryRun: boolean,
): Promise<AppliedObject> {
  const answer = await send(kube, person, object, dryRun);
  if (answer.status < 200 || answer.status >= 300) throw refusalOf(answer, object);
  const { kind, metadata } = object;
  return {
    kind,
    name: metadata.name,
    ...(metadata.namespace === undefined ? {} : { namespace: metadata.namespace }),
    action: answer.status === 201 ? 'created' : 'updated',
  };
}

/**
 * The dry runs of every object; false, before anything else, when the cluster says their
 * namespace does not exist (its admission refuses even a dry run there).
 */
async function dryRunAll(
  kube: KubeConnection,
  person: ClusterPerson,
  objects: readonly FluxObject[],
): Promise<boolean> {
  for (const object of objects) {
    const answer = await send(kube, person, object, true);
    if (meansNamespaceMissing(answer)) return false;
    if (answer.status < 200 || answer.status >= 300) throw refusalOf(answer, object);
  }
  return true;
}

/**
 * Dry-runs every object, then applies them in order; 201 from the server means it was created.
 * When their namespace is missing it is created first (dry run, then for real): the Flux
 * objects cannot be dry-run before it exists, so a namespace created for them stays when the
 * cluster then refuses them, as with `helm install --create-namespace`.
 */
export async function applyFluxObjects(
  kube: KubeConnection,
  person: ClusterPerson,
  objects: readonly FluxObject[],
): Promise<AppliedObject[]> {
  const applied: AppliedObject[] = [];
  if (!(await dryRunAll(kube, person, objects))) {
    const namespace: ClusterObject = {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: objects[0]!.metadata.namespace },
    };
    await applyOne(kube, person, namespace, true);
    applied.push(await applyOne(kube, person, namespace, false));
    for (const object of objects) await applyOne(kube, person, object, true);
  }
  for (const object of objects) applied.push(await applyOne(kube, person, object, false));
  return applied;
}

export type { FluxObject };
