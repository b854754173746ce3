/**
 * The Kubernetes objects this kind reads, as the API server sends them (plain JSON: timestamps
 * are RFC 3339 text), and the kinds it scrapes.
 */

export interface OwnerReference {
  apiVersion?: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
}

export interface ObjectMeta {
  name: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  [key: string]: unknown;
}

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface ScrapedKind {
  apiVersion: string;
  kind: string;
  plural: string;
  namespaced: boolean;
}

const kind = (apiVersion: string, name: string, plural: string, namespaced = true): ScrapedKind => ({
  apiVersion,
  kind: name,
  plural,
  namespaced,
});

/**
 * What a scrape lists, in this order: the kinds config-db's scraper shows by default. Secrets are
 * left out (their data must never reach the catalog), and so are Events, which become changes.
 */
export const SCRAPED_KINDS: readonly ScrapedKind[] = [
  kind('v1', 'Namespace', 'namespaces', false),
  kind('v1', 'Node', 'nodes', false),
  kind('v1', 'PersistentVolume', 'persistentvolumes', false),
  kind('apps/v1', 'Deployment', 'deployments'),
  kind('apps/v1', 'ReplicaSet', 'replicasets'),
  kind('apps/v1', 'StatefulSet', 'statefulsets'),
  kind('apps/v1', 'DaemonSet', 'daemonsets'),
  kind('batch/v1', 'CronJob', 'cronjobs'),
  kind('batch/v1', 'Job', 'jobs'),
  kind('v1', 'Pod', 'pods'),
  kind('v1', 'Service', 'services'),
  kind('networking.k8s.io/v1', 'Ingress', 'ingresses'),
  kind('v1', 'ConfigMap', 'configmaps'),
  kind('v1', 'PersistentVolumeClaim', 'persistentvolumeclaims'),
  kind('v1', 'ServiceAccount', 'serviceaccounts'),
  kind('v1', 'Endpoints', 'endpoints'),
];

export const EVENT_KIND = kind('v1', 'Event', 'events');

export const TYPE_PREFIX = 'Kubernetes::';
export const typeOf = (kindName: string) => `${TYPE_PREFIX}${kindName}`;

/** The path of a kind's collection, in one namespace or across them. */
export function collectionPath(scraped: ScrapedKind, namespace?: string): string {
  const base = scraped.apiVersion.includes('/')
    ? `/apis/${scraped.apiVersion}`
    : `/api/${scraped.apiVersion}`;
  return scraped.namespaced && namespace
    ? `${base}/namespaces/${encodeURIComponent(namespace)}/${scraped.plural}`
    : `${base}/${scraped.plural}`;
}

/** `Kubernetes/Pod/shop/web-1`: another name config-db gives every object. */
export const aliasOf = (kindName: string, namespace: string | undefined, name: string) =>
  ['Kubernetes', kindName, namespace ?? '', name].join('/');
