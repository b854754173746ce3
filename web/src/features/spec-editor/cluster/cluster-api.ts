/**
 * The typed client of /api/kube (server/src/kube/types.ts): the cluster's status, and reading,
 * dry-running, writing and deleting the custom resources behind the four editable kinds.
 */
import { ApiError, apiJson, can, useApi, useWhoami } from '../../../api/index.js';
import { KIND_OF_TABLE, type KindName, type KindTable } from '../../../../../common/kinds.js';
import type {
  ClusterDryRun,
  ClusterFieldError,
  ClusterStatus,
  ClusterWriteError,
  ClusterWriteRequest,
  KubeObject,
} from '../../../../../server/src/kube/types.js';

export type {
  ClusterDryRun,
  ClusterFieldError,
  ClusterStatus,
  ClusterWriteError,
  ClusterWriteRequest,
  KindName,
  KindTable,
  KubeObject,
};

export { CRD_SOURCE } from '../../../../../common/managed.js';

/** The custom resource kind of each mirrored table. */
export { KIND_OF_TABLE };

export const CLUSTER_STATUS_PATH = 'api/kube/status';
/** How often the UI asks whether the cluster is still there. */
export const CLUSTER_STATUS_REFRESH_MS = 15_000;

/** The cluster connection, asked again every 15 s so a lost cluster shows as disconnected. */
export function useClusterStatus() {
  return useApi<ClusterStatus>(CLUSTER_STATUS_PATH, {
    refreshInterval: CLUSTER_STATUS_REFRESH_MS,
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}

/** Where a custom resource is, as /api/kube names it. */
export interface ClusterRef {
  table: KindTable;
  namespace: string;
  name: string;
}

const objectPath = ({ table, namespace, name }: ClusterRef) =>
  `api/kube/${table}/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}`;

/** 'Topology default/web' */
export const describeRef = (ref: ClusterRef) => `${KIND_OF_TABLE[ref.table]} ${ref.namespace}/${ref.name}`;

export const getClusterObject = async (ref: ClusterRef) =>
  (await apiJson<{ object: KubeObject }>(objectPath(ref))).object;

export const dryRunClusterWrite = (ref: ClusterRef, request: ClusterWriteRequest) =>
  apiJson<ClusterDryRun>(`${objectPath(ref)}/dry-run`, { method: 'POST', json: request });

export const applyClusterWrite = async (ref: ClusterRef, request: ClusterWriteRequest) =>
  (await apiJson<{ object: KubeObject }>(objectPath(ref), { method: 'PUT', json: request })).object;

export const deleteClusterObject = (ref: ClusterRef) =>
  apiJson<{ deleted: true }>(objectPath(ref), { method: 'DELETE' });

/** The ClusterWriteError a failed /api/kube call carries in its body, when it does. */
export function clusterWriteError(error: unknown): ClusterWriteError | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body as Partial<ClusterWriteError> | undefined;
  if (typeof body !== 'object' || body === null || typeof body.reason !== 'string') return undefined;
  return { ...body, message: error.message } as ClusterWriteError;
}

export type ClusterAvailability = { available: true } | { available: false; reason: string };

export const CLUSTER_REASONS = {
  checking: 'Checking the cluster…',
  unknown: (message: string) => `The cluster's status is not available: ${message}`,
  notConfigured: 'No Kubernetes cluster is configured.',
  disconnected: 'The Kubernetes cluster is disconnected.',
  notInstalled: (kind: KindName) => `The ${kind} custom resource definition is not installed in the cluster.`,
  mayNotWrite: (table: KindTable) => `You do not have permission to write ${table}.`,
} as const;

/** Whether this person can save this kind to the cluster now, and if not, why not. */
export function clusterAvailability(
  status: ClusterStatus | undefined,
  statusError: unknown,
  table: KindTable,
  /** Undefined while whoami has not answered. */
  mayWrite: boolean | undefined,
): ClusterAvailability {
  const unavailable = (reason: string): ClusterAvailability => ({ available: false, reason });
  if (mayWrite === false) return unavailable(CLUSTER_REASONS.mayNotWrite(table));
  if (!status || mayWrite === undefined) {
    return statusError
      ? unavailable(CLUSTER_REASONS.unknown((statusError as Error).message))
      : unavailable(CLUSTER_REASONS.checking);
  }
  if (!status.configured) return unavailable(CLUSTER_REASONS.notConfigured);
  if (!status.connected) {
    // Connecting, or too old: the server's message says it all.
    if (status.state !== 'disconnected' && status.message) return unavailable(status.message);
    return unavailable(
      status.message ? `${CLUSTER_REASONS.disconnected} ${status.message}` : CLUSTER_REASONS.disconnected,
    );
  }
  const installed = status.kinds.find((kind) => kind.table === table)?.installed ?? false;
  return installed ? { available: true } : unavailable(CLUSTER_REASONS.notInstalled(KIND_OF_TABLE[table]));
}

/** clusterAvailability for the signed-in person and the cluster as it is now. */
export function useClusterAvailability(table: KindTable): ClusterAvailability {
  const { data: whoami } = useWhoami();
  const { data: status, error } = useClusterStatus();
  return clusterAvailability(status, error, table, whoami && can(whoami, table, 'write'));
}
