/**
 * A Kubernetes object as a catalog item: its uid as id, `Kubernetes::<Kind>` as type, the object
 * without the noise config-db strips as body, health from its status, its parents, links and
 * findings.
 */
import type { ScrapedItem } from '../../types.js';
import type { KubernetesEntry } from './entry.js';
import { healthOf } from './health.js';
import { insightsOf } from './insights.js';
import { aliasOf, typeOf, type KubeObject } from './objects.js';
import { CLUSTER_TYPE, clusterIdOf, parentsOf, relationshipsOf, type ObjectIndex } from './relationships.js';

const CUSTOM_TAGS_ANNOTATION = 'config-db.flanksource.com/tags';

const STRIPPED_ANNOTATIONS = [
  'control-plane.alpha.kubernetes.io/leader',
  'kubectl.kubernetes.io/last-applied-configuration',
];
const STRIPPED_LABELS = [
  'controller-uid',
  'batch.kubernetes.io/job-name',
  'job-name',
  'batch.kubernetes.io/controller-uid',
  'kubernetes.io/metadata.name',
  'pod-template-generation',
];
const CONDITION_TIMES = ['lastTransitionTime', 'lastHeartbeatTime', 'lastUpdateTime', 'observedGeneration'];

type Raw = Record<string, unknown>;
const isObject = (value: unknown): value is Raw =>
  !!value && typeof value === 'object' && !Array.isArray(value);

function without(record: unknown, keys: readonly string[]): Raw | undefined {
  if (!isObject(record)) return undefined;
  const copy = { ...record };
  for (const key of keys) delete copy[key];
  return copy;
}

/**
 * The body stored for an object: what changes on every write of it without meaning anything
 * (resourceVersion, generation, managedFields, heartbeat times) is left out, so that an object
 * that did not change scrapes the same.
 */
export function cleanObject(object: KubeObject): Raw {
  const {
    managedFields: _managed,
    resourceVersion: _version,
    generation: _generation,
    ...metadata
  } = object.metadata;
  const annotations = without(metadata.annotations, STRIPPED_ANNOTATIONS);
  const labels = without(metadata.labels, STRIPPED_LABELS);
  const cleaned: Raw = { ...object, metadata: { ...metadata } };
  const meta = cleaned.metadata as Raw;
  if (annotations) {
    if (Object.keys(annotations).length) meta.annotations = annotations;
    else delete meta.annotations;
  }
  if (labels) {
    if (Object.keys(labels).length) meta.labels = labels;
    else delete meta.labels;
  }
  if (isObject(object.status)) {
    const status = without(object.status, ['observedGeneration', 'lastTransitionTime'])!;
    if (Array.isArray(status.conditions))
      status.conditions = status.conditions.map(
        (condition) => without(condition, CONDITION_TIMES) ?? condition,
      );
    cleaned.status = status;
  }
  return cleaned;
}

/** The object's labels, less the ones that only number a revision (`pod-template-hash`). */
function labelsOf(object: KubeObject): Record<string, string> {
  return Object.fromEntries(
    Object.entries(object.metadata.labels ?? {}).filter(([key]) => !key.endsWith('-hash')),
  );
}

/** `a=b,c=d` of the tags annotation. */
function customTags(object: KubeObject): Record<string, string> {
  const text = object.metadata.annotations?.[CUSTOM_TAGS_ANNOTATION];
  if (!text) return {};
  const tags: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const [key, ...rest] = pair.split('=');
    if (key?.trim() && rest.length) tags[key.trim()] = rest.join('=').trim();
  }
  return tags;
}

const dateOf = (text: unknown) => {
  if (typeof text !== 'string') return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** A Pod the kubelet evicted is gone for the catalog, as config-db reads it. */
function deletedAtOf(object: KubeObject): Date | undefined {
  const deleting = dateOf(object.metadata.deletionTimestamp);
  if (deleting) return deleting;
  if (object.kind === 'Pod' && object.status?.reason === 'Evicted')
    return dateOf(object.status.startTime) ?? new Date();
  return undefined;
}

export function itemOf(
  object: KubeObject,
  entry: KubernetesEntry,
  index: ObjectIndex,
  errors: string[],
  options: { podsNameServices?: boolean } = {},
): ScrapedItem {
  const { name, namespace, uid } = object.metadata;
  const health = healthOf(object);
  const analysis = insightsOf(object);
  const item: ScrapedItem = {
    id: uid!,
    type: typeOf(object.kind),
    name,
    configClass: object.kind,
    ...(namespace ? { namespace } : {}),
    ...(health.health ? { health: health.health } : {}),
    ...(health.status ? { status: health.status } : {}),
    ...(health.ready !== undefined ? { ready: health.ready } : {}),
    ...(health.message ? { description: health.message } : {}),
    labels: labelsOf(object),
    tags: { ...customTags(object), cluster: entry.clusterName, ...(namespace ? { namespace } : {}) },
    config: cleanObject(object),
    aliases: [aliasOf(object.kind, namespace, name)],
    source: 'Kubernetes',
    parents: parentsOf(object, index, entry.clusterName),
    relationships: relationshipsOf(object, index, entry, errors, options),
    analysis,
  };
  const created = dateOf(object.metadata.creationTimestamp);
  if (created) item.createdAt = created;
  const deleted = deletedAtOf(object);
  if (deleted) item.deletedAt = deleted;
  return item;
}

/** The cluster itself: the root every scraped object hangs from. */
export function clusterItem(entry: KubernetesEntry, server: string): ScrapedItem {
  return {
    id: clusterIdOf(entry.clusterName),
    type: CLUSTER_TYPE,
    name: entry.clusterName,
    configClass: 'Cluster',
    health: 'healthy',
    status: 'Connected',
    ready: true,
    tags: { cluster: entry.clusterName },
    config: { name: entry.clusterName, server: serverAddress(server) },
    source: 'Kubernetes',
  };
}

/** The API server's address without any user information a URL could carry. */
function serverAddress(server: string): string {
  try {
    const url = new URL(server);
    url.username = '';
    url.password = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return '';
  }
}
