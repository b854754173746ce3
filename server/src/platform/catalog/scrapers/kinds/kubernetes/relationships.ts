/**
 * How an object hangs together with the others (config-db's kubernetes scraper):
 * - parents, nearest first: its first owner (by uid: Pod → ReplicaSet → Deployment), else its
 *   Namespace, then the cluster;
 * - Service → Pod for the pods its selector picks (in the scrape), Node → Pod by spec.nodeName,
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

interface PodEntry {
  uid: string;
  labels: Record<string, string>;
}

/** What a scrape knows of its objects, for links by name and by selector. */
export class ObjectIndex {
  private readonly uids = new Map<string, string>();
  private readonly podsByNamespace = new Map<string, PodEntry[]>();

  constructor(objects: readonly KubeObject[] = []) {
    for (const object of objects) {
      const { uid, name, namespace, labels } = object.metadata;
      if (!uid) continue;
      this.uids.set(this.key(object.kind, namespace, name), uid);
      if (object.kind === 'Pod') {
        const pods = this.podsByNamespace.get(namespace ?? '') ?? [];
        pods.push({ uid, labels: labels ?? {} });
        this.podsByNamespace.set(namespace ?? '', pods);
      }
    }
  }

  private key(kind: string, namespace: string | undefined, name: string) {
    return `${kind}/${namespace ?? ''}/${name}`;
  }

  /** The object by kind and name: by uid when the scrape has it, else by type and name. */
  ref(kind: string, name: string, namespace?: string): ConfigRef {
    const uid = this.uids.get(this.key(kind, namespace, name));
    if (uid) return { type: typeOf(kind), externalId: uid };
    return namespace ? { type: typeOf(kind), name, namespace } : { type: typeOf(kind), name };
  }

  podsMatching(namespace: string | undefined, selector: Record<string, string>): string[] {
    const wanted = Object.entries(selector);
    if (wanted.length === 0) return [];
    return (this.podsByNamespace.get(namespace ?? '') ?? [])
      .filter((pod) => wanted.every(([key, value]) => pod.labels[key] === value))
      .map((pod) => pod.uid);
  }
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

const strings = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(obj(value)).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
  );

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
