import { kubeClient } from './client-library.js';
import { httpStatusOf, meansUnreachable, reasonOf, type KubeConnection } from './connection.js';

/** A key of a Secret or a ConfigMap, as `valueFrom.secretKeyRef` / `configMapKeyRef` name it. */
export interface KeyRef {
  kind: 'secret' | 'configmap';
  namespace: string;
  name: string;
  key: string;
}

/** A reference that cannot be read: the message names the reference, never a value. */
export class KeyRefError extends Error {}

export const describeKeyRef = ({ kind, namespace, name, key }: KeyRef) =>
  `${kind} ${namespace}/${name} key '${key}'`;

function refusal(ref: KeyRef, error: unknown): KeyRefError {
  const what = `${ref.kind} ${ref.namespace}/${ref.name}`;
  const status = httpStatusOf(error);
  if (status === 404) return new KeyRefError(`${what} does not exist`);
  if (status === 403)
    return new KeyRefError(`the console may not read ${what} (forbidden by the cluster's RBAC)`);
  return new KeyRefError(`${what} could not be read: ${reasonOf(error)}`);
}

/**
 * Reads one key of a Secret (decoded from base64) or a ConfigMap (`data`, else `binaryData`)
 * with the console's own cluster credentials.
 */
export async function readKeyRef(kube: KubeConnection | undefined, ref: KeyRef): Promise<string> {
  if (!kube?.kubeConfig)
    throw new KeyRefError(
      `${describeKeyRef(ref)} cannot be read: no Kubernetes cluster is configured (set KUBECONFIG or run the console in a cluster)`,
    );
  const api = kube.kubeConfig.makeApiClient(kubeClient().CoreV1Api);
  const request = { name: ref.name, namespace: ref.namespace };
  let text: string | undefined;
  try {
    if (ref.kind === 'secret') {
      const encoded = (await api.readNamespacedSecret(request)).data?.[ref.key];
      text = encoded === undefined ? undefined : Buffer.from(encoded, 'base64').toString('utf8');
    } else {
      const map = await api.readNamespacedConfigMap(request);
      const binary = map.binaryData?.[ref.key];
      text =
        map.data?.[ref.key] ?? (binary === undefined ? undefined : Buffer.from(binary, 'base64').toString());
    }
  } catch (error) {
    if (meansUnreachable(error)) kube.noteFailure(error);
    throw refusal(ref, error);
  }
  if (text === undefined)
    throw new KeyRefError(`${ref.kind} ${ref.namespace}/${ref.name} has no key '${ref.key}'`);
  return text;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a secret-capable value resolved to, and whether a Secret held it. */
export interface EnvVarValue {
  value: string;
  fromSecret: boolean;
}

/**
 * A secret-capable value (duty's EnvVar): a string, `{value}` or `{valueFrom: {secretKeyRef |
 * configMapKeyRef}}` read in `namespace`. Undefined when absent or empty; a KeyRefError names a
 * reference that cannot be read, never a value.
 */
export async function readEnvVar(
  value: unknown,
  kube: KubeConnection | undefined,
  namespace: string,
): Promise<EnvVarValue | undefined> {
  let resolved: string | undefined;
  let fromSecret = false;
  if (typeof value === 'string') resolved = value;
  else if (isObject(value)) {
    if (typeof value.value === 'string') resolved = value.value;
    else if (isObject(value.valueFrom)) {
      const from = value.valueFrom;
      const ref = isObject(from.secretKeyRef)
        ? { kind: 'secret' as const, ref: from.secretKeyRef }
        : isObject(from.configMapKeyRef)
          ? { kind: 'configmap' as const, ref: from.configMapKeyRef }
          : undefined;
      if (!ref) throw new KeyRefError('only valueFrom.secretKeyRef and valueFrom.configMapKeyRef are read');
      resolved = await readKeyRef(kube, {
        kind: ref.kind,
        namespace,
        name: typeof ref.ref.name === 'string' ? ref.ref.name : '',
        key: typeof ref.ref.key === 'string' ? ref.ref.key : '',
      });
      fromSecret = ref.kind === 'secret';
    }
  }
  return resolved === undefined || resolved === '' ? undefined : { value: resolved, fromSecret };
}
