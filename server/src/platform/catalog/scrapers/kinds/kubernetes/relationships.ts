/**
 * How an object hangs together with the others (config-db's kubernetes scraper):
 * - parents, nearest first: its first owner (by uid: Pod → ReplicaSet → Deployment), else its
 *   Namespace, then the cluster;
 * - Service → Pod for the pods its selector picks (a pod the watch reports names its Services
 *   too, so that it is linked before the next scrape), Node → Pod by spec.nodeName,
 *   Pod → PersistentVolumeClaim by its volumes, PVC → PersistentVolume by spec.volumeName,
 *   Ingress → Service by its backends;
 * - the entry's `relationships` rules: kind, name and namespace looked up (a value, a label of the
 *   object, or a CEL expression over {metadata, spec}); the object found is related to this one.
 */
import { evaluateCel } from '../../../../../lib/cel.js';
import type { ConfigRef, ScrapedRelationship } from '../../types.js';
import type { KubernetesEntry, Lookup, RelationshipRule } from './entry.js';
import { typeOf, type KubeObject } from './objects.js';

export const CLUSTER_TYPE = typeOf('Cluster');
export const clusterIdOf = (clusterName: string) => `Kubernetes/Cluster/${clusterName}`;

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw => (value && typeof value === 'object' ? (value as Raw) : {});
const list = (value: unknown): Raw[] => (Array.isArray(value) ? value.map(obj) : []);
const strings = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(obj(value)).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
  );

/**
 * What the scraper knows of a cluster's objects, for links by name and by selector: built by
 * each full scrape, then kept current by the watch (which sees one object at a time).
 */
export class ObjectIndex {
  private readonly uids = new Map<string, string>();
  /** Pods' labels by namespace, then uid. */
  private readonly pods = new Map<string, Map<string, Record<string, string>>>();
  /** Services' selectors by namespace, then uid. */
  private readonly services = new Map<string, Map<string, Record<string, string>>>();

  constructor(objects: readonly KubeObject[] = []) {
    for (const object of objects) this.add(object);
  }

  private key(kind: string, namespace: string | undefined, name: string) {
    return `${kind}/${namespace ?? ''}/${name}`;
  }

  private bucket(kind: string, namespace: string | undefined) {
    const byKind = kind === 'Pod' ? this.pods : kind === 'Service' ? this.services : undefined;
    if (!byKind) return undefined;
    let bucket = byKind.get(namespace ?? '');
    if (!bucket) byKind.set(namespace ?? '', (bucket = new Map()));
    return bucket;
  }

  add(object: KubeObject): void {
    const { uid, name, namespace, labels } = object.metadata;
    if (!uid) return;
    this.uids.set(this.key(object.kind, namespace, name), uid);
    const selector = object.kind === 'Service' ? strings(object.spec?.selector) : (labels ?? {});
    this.bucket(object.kind, namespace)?.set(uid, selector);
  }

  remove(object: KubeObject): void {
    const { uid, name, namespace } = object.metadata;
    const key = this.key(object.kind, namespace, name);
    if (this.uids.get(key) === uid) this.uids.delete(key);
    if (uid) this.bucket(object.kind, namespace)?.delete(uid);
  }

  /** The object by kind and name: by uid when it is known, else by type and name. */
  ref(kind: string, name: string, namespace?: string): ConfigRef {
    const uid = this.uids.get(this.key(kind, namespace, name));
    if (uid) return { type: typeOf(kind), externalId: uid };
    return namespace ? { type: typeOf(kind), name, namespace } : { type: typeOf(kind), name };
  }

  /** The pods a Service's selector picks (none for a Service without a selector). */
  podsMatching(namespace: string | undefined, selector: Record<string, string>): string[] {
    return matching(this.pods.get(namespace ?? ''), (labels) => selects(selector, labels));
  }

  /** The Services whose selectors pick a pod with these labels. */
  servicesSelecting(namespace: string | undefined, labels: Record<string, string>): string[] {
    return matching(this.services.get(namespace ?? ''), (selector) => selects(selector, labels));
  }
}

function selects(selector: Record<string, string>, labels: Record<string, string>): boolean {
  const wanted = Object.entries(selector);
  return wanted.length > 0 && wanted.every(([key, value]) => labels[key] === value);
}

function matching(
  bucket: Map<string, Record<string, string>> | undefined,
  test: (value: Record<string, string>) => boolean,
): string[] {
  return [...(bucket ?? [])].filter(([, value]) => test(value)).map(([uid]) => uid);
}

const indexes = new Map<string, ObjectIndex>();

/** The index of a scraper's cluster, shared by its scrapes and its watch while the process runs. */
export function sharedIndex(key: string, replacement?: ObjectIndex): ObjectIndex {
  if (replacement) indexes.set(key, replacement);
  let index = indexes.get(key);
  if (!index) indexes.set(key, (index = new ObjectIndex()));
  return index;
}

export function parentsOf(object: KubeObject, index: ObjectIndex, clusterName: string): ConfigRef[] {
  const parents: ConfigRef[] = [];
  const owner = object.metadata.ownerReferences?.[0];
  if (owner?.uid) parents.push({ type: typeOf(owner.kind), externalId: owner.uid });
  const namespace = object.metadata.namespace;
  if (namespace) parents.push(index.ref('Namespace', namespace));
  if (object.kind !== 'Cluster') parents.push({ type: CLUSTER_TYPE, externalId: clusterIdOf(clusterName) });
  return parents;
}

function ingressServices(spec: Raw): string[] {
  const names = new Set<string>();
  const add = (backend: unknown) => {
    const name = obj(obj(backend).service).name;
    if (typeof name === 'string' && name) names.add(name);
  };
  add(spec.defaultBackend);
  for (const rule of list(spec.rules)) for (const path of list(obj(rule.http).paths)) add(path.backend);
  return [...names];
}

/** One lookup: a literal value, a label of the object, or a CEL expression. Empty: no value. */
export function lookupValue(lookup: Lookup | undefined, object: KubeObject): string | undefined {
  if (!lookup) return undefined;
  if (lookup.value) return lookup.value;
  if (lookup.label) return object.metadata.labels?.[lookup.label] || undefined;
  if (lookup.expr) {
    const result = evaluateCel(lookup.expr, {
      metadata: object.metadata,
      spec: object.spec ?? {},
    });
    return result === undefined || result === null || result === '' ? undefined : String(result);
  }
  return undefined;
}

/** The object a rule names, or undefined when any lookup it has comes out empty. */
function ruleTarget(rule: RelationshipRule, object: KubeObject): ConfigRef | undefined {
  const looked: Record<'kind' | 'name' | 'namespace', string | undefined> = {
    kind: undefined,
    name: undefined,
    namespace: undefined,
  };
  for (const field of ['kind', 'name', 'namespace'] as const) {
    const lookup = rule[field];
    if (!lookup || (!lookup.value && !lookup.label && !lookup.expr)) continue;
    const value = lookupValue(lookup, object);
    if (!value) return undefined;
    looked[field] = value;
  }
  if (!looked.kind || !looked.name) return undefined;
  return looked.namespace
    ? { type: typeOf(looked.kind), name: looked.name, namespace: looked.namespace }
    : { type: typeOf(looked.kind), name: looked.name };
}

export function relationshipsOf(
  object: KubeObject,
  index: ObjectIndex,
  entry: KubernetesEntry,
  errors: string[],
  { podsNameServices = false } = {},
): ScrapedRelationship[] {
  const links: ScrapedRelationship[] = [];
  const spec = obj(object.spec);
  const namespace = object.metadata.namespace;
  switch (object.kind) {
    case 'Service':
      for (const uid of index.podsMatching(namespace, strings(spec.selector)))
        links.push({ related: { type: typeOf('Pod'), externalId: uid } });
      break;
    case 'Pod': {
      // A pod that comes or changes between scrapes: the Services that select it say so too.
      if (podsNameServices)
        for (const uid of index.servicesSelecting(namespace, object.metadata.labels ?? {}))
          links.push({ related: { type: typeOf('Service'), externalId: uid }, incoming: true });
      if (typeof spec.nodeName === 'string' && spec.nodeName)
        links.push({ related: index.ref('Node', spec.nodeName), incoming: true });
      for (const volume of list(spec.volumes)) {
        const claim = obj(volume.persistentVolumeClaim).claimName;
        if (typeof claim === 'string' && claim)
          links.push({ related: index.ref('PersistentVolumeClaim', claim, namespace) });
      }
      break;
    }
    case 'PersistentVolumeClaim':
      if (typeof spec.volumeName === 'string' && spec.volumeName)
        links.push({ related: index.ref('PersistentVolume', spec.volumeName) });
      break;
    case 'Ingress':
      for (const service of ingressServices(spec))
        links.push({ related: index.ref('Service', service, namespace) });
      break;
  }
  for (const rule of entry.relationships) {
    try {
      const target = ruleTarget(rule, object);
      if (target) links.push({ related: target, incoming: true });
    } catch (error) {
      errors.push(
        `a relationships rule failed for ${object.kind} ${object.metadata.name}: ${(error as Error).message}`,
      );
    }
  }
  return links;
}
