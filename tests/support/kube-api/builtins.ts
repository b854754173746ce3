/**
 * The built-in kinds the test server serves beside the custom resources: one table drives
 * discovery, routes, authorization, OpenAPI and tables. They have no schema (any field is kept)
 * and only the bits of their registry strategies tests notice: Secret `stringData`, base64
 * `data`, Namespace defaults, and the columns `kubectl get` prints.
 */
import type { KubeObject } from '../../../server/src/kube/types.js';
import type { PrinterColumn, ServedResource } from './resources.js';
import type { SelectableFields } from './selectors.js';
import { badRequest } from './status.js';

interface BuiltinKind {
  group: string;
  version: string;
  kind: string;
  plural: string;
  namespaced: boolean;
  shortNames?: string[];
  subresources?: string[];
  /** In `kubectl get all`. */
  all?: boolean;
  /** metadata.generation is kept (workloads, ingresses). */
  generation?: boolean;
  /** The registry's ReturnDeletedObject: pods and service accounts answer a DELETE with the object. */
  returnsDeletedObject?: boolean;
  columns?: PrinterColumn[];
  fields?: SelectableFields;
  normalize?: (object: KubeObject) => void;
}

type Fields = Record<string, unknown>;
const fieldsOf = (value: unknown): Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {};
const listOf = (value: unknown): Fields[] => (Array.isArray(value) ? value.map(fieldsOf) : []);
const spec = (object: KubeObject) => fieldsOf(object.spec);
const status = (object: KubeObject) => fieldsOf(object.status);
const count = (value: unknown) => (typeof value === 'number' ? value : 0);
const orNone = (text: string) => text || '<none>';

const column = (name: string, type: string, value: (object: KubeObject) => unknown): PrinterColumn => ({
  name,
  type,
  jsonPath: '',
  value,
});
const AGE = column('Age', 'date', (object) => object.metadata.creationTimestamp);

/** What kubectl prints in a pod's Status column: Terminating while it is being deleted. */
function podStatus(pod: KubeObject): string {
  if (pod.metadata.deletionTimestamp) return 'Terminating';
  const waiting = listOf(status(pod).containerStatuses)
    .map((container) => fieldsOf(fieldsOf(container.state).waiting).reason)
    .find(Boolean);
  return String(waiting ?? status(pod).reason ?? status(pod).phase ?? 'Pending');
}

function podReady(pod: KubeObject): string {
  const statuses = listOf(status(pod).containerStatuses);
  const ready = statuses.filter((container) => container.ready === true).length;
  return `${ready}/${listOf(spec(pod).containers).length}`;
}

const servicePorts = (service: KubeObject) =>
  orNone(
    listOf(spec(service).ports)
      .map((port) => `${port.port}${port.nodePort ? `:${port.nodePort}` : ''}/${port.protocol ?? 'TCP'}`)
      .join(','),
  );

const dataCount = (object: KubeObject) =>
  Object.keys(fieldsOf(fieldsOf(object).data)).length +
  Object.keys(fieldsOf(fieldsOf(object).binaryData)).length;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** `data` of Secrets and `binaryData` of ConfigMaps are bytes: base64 in JSON, refused otherwise. */
function checkBase64(object: KubeObject, field: string): void {
  for (const [key, value] of Object.entries(fieldsOf(fieldsOf(object)[field])))
    if (typeof value !== 'string' || !BASE64.test(value))
      throw badRequest(
        `${object.kind} in version "v1" cannot be handled as a ${object.kind}: illegal base64 data in ${field}.${key}`,
      );
}

/** The Secret strategy: `stringData` is a write-only convenience merged into `data`. */
function normalizeSecret(secret: KubeObject): void {
  const fields = secret as unknown as Fields;
  checkBase64(secret, 'data');
  const stringData = fieldsOf(fields.stringData);
  if (Object.keys(stringData).length > 0) {
    const data = { ...fieldsOf(fields.data) };
    for (const [key, value] of Object.entries(stringData))
      data[key] = Buffer.from(String(value), 'utf8').toString('base64');
    fields.data = data;
  }
  delete fields.stringData;
  fields.type ??= 'Opaque';
}

function normalizeNamespace(namespace: KubeObject): void {
  namespace.metadata.labels = {
    ...namespace.metadata.labels,
    'kubernetes.io/metadata.name': namespace.metadata.name,
  };
  namespace.spec = { finalizers: ['kubernetes'], ...namespace.spec };
  namespace.status = { phase: 'Active', ...namespace.status };
}

const CORE = { group: '', version: 'v1' };
const APPS = { group: 'apps', version: 'v1', subresources: ['status'], all: true, generation: true };
const BATCH = { group: 'batch', version: 'v1', subresources: ['status'], all: true, generation: true };

const replicas = (object: KubeObject, field: string) => count(status(object)[field]);

const BUILTIN_KINDS: BuiltinKind[] = [
  {
    ...CORE,
    kind: 'Namespace',
    plural: 'namespaces',
    namespaced: false,
    shortNames: ['ns'],
    fields: { 'status.phase': (namespace) => String(status(namespace).phase ?? '') },
    subresources: ['status'],
    columns: [column('Status', 'string', (object) => status(object).phase), AGE],
    normalize: normalizeNamespace,
  },
  {
    ...CORE,
    kind: 'Node',
    plural: 'nodes',
    namespaced: false,
    shortNames: ['no'],
    subresources: ['status'],
    columns: [
      column('Status', 'string', (node) => {
        const ready = listOf(status(node).conditions).find((condition) => condition.type === 'Ready');
        return ready?.status === 'True' ? 'Ready' : 'NotReady';
      }),
      AGE,
      column('Version', 'string', (node) => fieldsOf(status(node).nodeInfo).kubeletVersion ?? ''),
    ],
  },
  {
    ...CORE,
    kind: 'Pod',
    plural: 'pods',
    namespaced: true,
    shortNames: ['po'],
    subresources: ['status', 'log'],
    all: true,
    returnsDeletedObject: true,
    fields: {
      'spec.nodeName': (pod) => String(spec(pod).nodeName ?? ''),
      'spec.serviceAccountName': (pod) => String(spec(pod).serviceAccountName ?? ''),
      'status.phase': (pod) => String(status(pod).phase ?? ''),
      'status.podIP': (pod) => String(status(pod).podIP ?? ''),
    },
    columns: [
      column('Ready', 'string', podReady),
      column('Status', 'string', podStatus),
      column('Restarts', 'string', (pod) =>
        String(
          listOf(status(pod).containerStatuses).reduce(
            (sum, container) => sum + count(container.restartCount),
            0,
          ),
        ),
      ),
      AGE,
    ],
  },
  {
    ...CORE,
    kind: 'Service',
    plural: 'services',
    namespaced: true,
    shortNames: ['svc'],
    subresources: ['status'],
    all: true,
    columns: [
      column('Type', 'string', (service) => spec(service).type ?? 'ClusterIP'),
      column('Cluster-IP', 'string', (service) => orNone(String(spec(service).clusterIP ?? ''))),
      column('External-IP', 'string', (service) => orNone(listOf(spec(service).externalIPs).join(','))),
      column('Port(s)', 'string', servicePorts),
      AGE,
    ],
  },
  {
    ...CORE,
    kind: 'Endpoints',
    plural: 'endpoints',
    namespaced: true,
    shortNames: ['ep'],
    columns: [
      column('Endpoints', 'string', (endpoints) =>
        orNone(
          listOf(fieldsOf(endpoints).subsets)
            .flatMap((subset) =>
              listOf(subset.addresses).flatMap((address) =>
                listOf(subset.ports).map((port) => `${address.ip}:${port.port}`),
              ),
            )
            .join(','),
        ),
      ),
      AGE,
    ],
  },
  {
    ...CORE,
    kind: 'Secret',
    plural: 'secrets',
    namespaced: true,
    columns: [
      column('Type', 'string', (secret) => fieldsOf(secret).type),
      column('Data', 'integer', dataCount),
      AGE,
    ],
    fields: { type: (secret) => String(fieldsOf(secret).type ?? '') },
    normalize: normalizeSecret,
  },
  {
    ...CORE,
    kind: 'ConfigMap',
    plural: 'configmaps',
    namespaced: true,
    shortNames: ['cm'],
    columns: [column('Data', 'integer', dataCount), AGE],
    normalize: (configMap) => checkBase64(configMap, 'binaryData'),
  },
  {
    ...CORE,
    kind: 'Event',
    plural: 'events',
    namespaced: true,
    shortNames: ['ev'],
    fields: Object.fromEntries(
      ['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath'].map((field) => [
        `involvedObject.${field}`,
        (event: KubeObject) => String(fieldsOf(fieldsOf(event).involvedObject)[field] ?? ''),
      ]),
    ),
    columns: [
      column('Last Seen', 'date', (event) => {
        const fields = event as unknown as Fields;
        return fields.lastTimestamp ?? fields.eventTime ?? event.metadata.creationTimestamp;
      }),
      column('Type', 'string', (event) => fieldsOf(event).type),
      column('Reason', 'string', (event) => fieldsOf(event).reason),
      column('Object', 'string', (event) => {
        const involved = fieldsOf(fieldsOf(event).involvedObject);
        return `${String(involved.kind ?? '').toLowerCase()}/${involved.name ?? ''}`;
      }),
      column('Message', 'string', (event) => fieldsOf(event).message),
    ],
  },
  {
    ...CORE,
    kind: 'ServiceAccount',
    plural: 'serviceaccounts',
    namespaced: true,
    shortNames: ['sa'],
    returnsDeletedObject: true,
    columns: [column('Secrets', 'integer', (account) => listOf(fieldsOf(account).secrets).length), AGE],
  },
  {
    ...CORE,
    kind: 'PersistentVolumeClaim',
    plural: 'persistentvolumeclaims',
    namespaced: true,
    shortNames: ['pvc'],
    subresources: ['status'],
    columns: [
      column('Status', 'string', (claim) => status(claim).phase),
      column('Volume', 'string', (claim) => spec(claim).volumeName ?? ''),
      column('Capacity', 'string', (claim) => fieldsOf(status(claim).capacity).storage ?? ''),
      column('StorageClass', 'string', (claim) => orNone(String(spec(claim).storageClassName ?? ''))),
      AGE,
    ],
  },
  {
    ...CORE,
    kind: 'PersistentVolume',
    plural: 'persistentvolumes',
    namespaced: false,
    shortNames: ['pv'],
    subresources: ['status'],
    columns: [
      column('Capacity', 'string', (volume) => fieldsOf(spec(volume).capacity).storage ?? ''),
      column('Reclaim Policy', 'string', (volume) => spec(volume).persistentVolumeReclaimPolicy ?? 'Retain'),
      column('Status', 'string', (volume) => status(volume).phase),
      column('Claim', 'string', (volume) => {
        const claim = fieldsOf(spec(volume).claimRef);
        return claim.name ? `${claim.namespace}/${claim.name}` : '';
      }),
      AGE,
    ],
  },
  {
    ...APPS,
    kind: 'Deployment',
    plural: 'deployments',
    namespaced: true,
    shortNames: ['deploy'],
    columns: [
      column('Ready', 'string', (deployment) => {
        const wanted = spec(deployment).replicas ?? 1;
        return `${replicas(deployment, 'readyReplicas')}/${wanted}`;
      }),
      column('Up-to-date', 'integer', (deployment) => replicas(deployment, 'updatedReplicas')),
      column('Available', 'integer', (deployment) => replicas(deployment, 'availableReplicas')),
      AGE,
    ],
  },
  {
    ...APPS,
    kind: 'StatefulSet',
    plural: 'statefulsets',
    namespaced: true,
    shortNames: ['sts'],
    columns: [
      column('Ready', 'string', (set) => `${replicas(set, 'readyReplicas')}/${spec(set).replicas ?? 1}`),
      AGE,
    ],
  },
  {
    ...APPS,
    kind: 'DaemonSet',
    plural: 'daemonsets',
    namespaced: true,
    shortNames: ['ds'],
    columns: [
      column('Desired', 'integer', (set) => replicas(set, 'desiredNumberScheduled')),
      column('Current', 'integer', (set) => replicas(set, 'currentNumberScheduled')),
      column('Ready', 'integer', (set) => replicas(set, 'numberReady')),
      column('Up-to-date', 'integer', (set) => replicas(set, 'updatedNumberScheduled')),
      column('Available', 'integer', (set) => replicas(set, 'numberAvailable')),
      AGE,
    ],
  },
  {
    ...APPS,
    kind: 'ReplicaSet',
    plural: 'replicasets',
    namespaced: true,
    shortNames: ['rs'],
    columns: [
      column('Desired', 'integer', (set) => count(spec(set).replicas ?? 1)),
      column('Current', 'integer', (set) => replicas(set, 'replicas')),
      column('Ready', 'integer', (set) => replicas(set, 'readyReplicas')),
      AGE,
    ],
  },
  {
    ...BATCH,
    kind: 'Job',
    plural: 'jobs',
    namespaced: true,
    columns: [
      column('Completions', 'string', (job) => `${replicas(job, 'succeeded')}/${spec(job).completions ?? 1}`),
      AGE,
    ],
  },
  {
    ...BATCH,
    kind: 'CronJob',
    plural: 'cronjobs',
    namespaced: true,
    shortNames: ['cj'],
    columns: [
      column('Schedule', 'string', (job) => spec(job).schedule),
      column('Suspend', 'boolean', (job) => spec(job).suspend ?? false),
      column('Active', 'integer', (job) => listOf(status(job).active).length),
      column('Last Schedule', 'date', (job) => status(job).lastScheduleTime),
      AGE,
    ],
  },
  {
    group: 'networking.k8s.io',
    version: 'v1',
    kind: 'Ingress',
    plural: 'ingresses',
    namespaced: true,
    shortNames: ['ing'],
    subresources: ['status'],
    generation: true,
    columns: [
      column('Class', 'string', (ingress) => orNone(String(spec(ingress).ingressClassName ?? ''))),
      column(
        'Hosts',
        'string',
        (ingress) =>
          listOf(spec(ingress).rules)
            .map((rule) => rule.host ?? '*')
            .join(',') || '*',
      ),
      column('Address', 'string', (ingress) =>
        listOf(fieldsOf(status(ingress).loadBalancer).ingress)
          .map((entry) => entry.ip ?? entry.hostname)
          .join(','),
      ),
      column('Ports', 'string', (ingress) => (listOf(spec(ingress).tls).length > 0 ? '80, 443' : '80')),
      AGE,
    ],
  },
];

export const BUILTIN_RESOURCES: ServedResource[] = BUILTIN_KINDS.map((entry) => ({
  group: entry.group,
  version: entry.version,
  plural: entry.plural,
  singular: entry.kind.toLowerCase(),
  kind: entry.kind,
  listKind: `${entry.kind}List`,
  shortNames: entry.shortNames ?? [],
  categories: entry.all ? ['all'] : [],
  namespaced: entry.namespaced,
  storage: true,
  subresources: entry.subresources ?? [],
  generation: entry.generation ?? false,
  builtin: true,
  returnsDeletedObject: entry.returnsDeletedObject ?? false,
  schema: undefined,
  printerColumns: entry.columns ?? [AGE],
  ...(entry.fields ? { selectableFields: entry.fields } : {}),
  ...(entry.normalize ? { normalize: entry.normalize } : {}),
}));

export const NAMESPACES = BUILTIN_RESOURCES.find((resource) => resource.kind === 'Namespace')!;

/** The namespaces every cluster starts with. */
export const INITIAL_NAMESPACES = ['default', 'kube-node-lease', 'kube-public', 'kube-system'];
