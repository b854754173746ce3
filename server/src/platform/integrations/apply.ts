/**
 * Applying a GitOps integration's Flux objects to the cluster: a server-side dry run of each
 * (dryRun=All) first, so that a refusal of either writes neither; then server-side apply of
 * both with the console's field manager, created or updated alike. Requests go as the console's
 * service account or as the person (KUBE_WRITE_AS), like every other cluster write.
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

/** The resource names of the two Flux kinds, and the CRD each needs. */
const PLURALS: Record<string, string> = {
  HelmRepository: 'helmrepositories',
  HelmRelease: 'helmreleases',
};

const APPLY_PATCH = 'application/apply-patch+yaml';

function pathOf(object: FluxObject, dryRun: boolean): string {
  const plural = PLURALS[object.kind];
  if (!plural) throw new Error(`no resource name is known for ${object.kind}`);
  const query = new URLSearchParams({
    fieldManager: FIELD_MANAGER,
    force: 'true',
    fieldValidation: 'Strict',
  });
  if (dryRun) query.set('dryRun', 'All');
  const { name, namespace } = object.metadata;
  return `/apis/${object.apiVersion}/namespaces/${encodeURIComponent(namespace)}/${plural}/${encodeURIComponent(name)}?${query}`;
}

const describe = (object: FluxObject) =>
  `${object.kind} ${object.metadata.namespace}/${object.metadata.name}`;

interface KubeStatus {
  message?: string;
  reason?: string;
  details?: { kind?: string; name?: string };
}

/** An answer of the API server that is not a success, as the person reads it. */
function refusalOf(answer: KubeAnswer, object: FluxObject): HttpError {
  const status = (answer.body && typeof answer.body === 'object' ? answer.body : {}) as KubeStatus;
  const message = status.message || `The Kubernetes API server answered HTTP ${answer.status}.`;
  switch (answer.status) {
    case 404: {
      if (status.details?.kind === 'namespaces')
        return new HttpError(
          422,
          `The namespace '${object.metadata.namespace}' does not exist in the cluster: create it first, or choose another namespace.`,
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

async function applyOne(
  kube: KubeConnection,
  person: ClusterPerson,
  object: FluxObject,
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
  if (answer.status < 200 || answer.status >= 300) throw refusalOf(answer, object);
  return answer;
}

/** Dry-runs every object, then applies them in order; 201 from the server means it was created. */
export async function applyFluxObjects(
  kube: KubeConnection,
  person: ClusterPerson,
  objects: readonly FluxObject[],
): Promise<AppliedObject[]> {
  for (const object of objects) await applyOne(kube, person, object, true);
  const applied: AppliedObject[] = [];
  for (const object of objects) {
    const answer = await applyOne(kube, person, object, false);
    applied.push({
      kind: object.kind,
      name: object.metadata.name,
      namespace: object.metadata.namespace,
      action: answer.status === 201 ? 'created' : 'updated',
    });
  }
  return applied;
}

export type { FluxObject };
