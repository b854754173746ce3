/**
 * The resources the test server serves: the built-in kinds (builtins.ts) and, read from
 * CustomResourceDefinition objects, one entry per served version of each CRD.
 */
import type { KubeObject } from '../../../server/src/kube/types.js';
import type { SelectableFields } from './selectors.js';

export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  description?: string;
  format?: string;
  priority?: number;
  /** Computes the cell where a JSONPath cannot (built-in kinds: `1/2` ready, a count). */
  value?: (object: KubeObject) => unknown;
}

export interface JsonSchema {
  [key: string]: unknown;
}

export interface ServedResource {
  group: string;
  version: string;
  plural: string;
  singular: string;
  kind: string;
  listKind: string;
  shortNames: string[];
  categories: string[];
  namespaced: boolean;
  /** The storage version: the one objects of the other versions are stored as (no conversion). */
  storage: boolean;
  /** `status` (when the CRD enables it), `log` for pods. */
  subresources: string[];
  /** Writes outside metadata (and status when a subresource) raise metadata.generation. */
  generation: boolean;
  /** A kind of Kubernetes itself: no schema, strategic merge patch accepted. */
  builtin: boolean;
  /** A DELETE that removes the object answers it; otherwise a `Success` Status naming it. */
  returnsDeletedObject: boolean;
  schema: JsonSchema | undefined;
  printerColumns: PrinterColumn[];
  /** Field selector fields beyond metadata.name and metadata.namespace (built-in kinds). */
  selectableFields?: SelectableFields;
  /** What the kind's own strategy does to an object before it is validated and stored. */
  normalize?: (object: KubeObject) => void;
  /** The CustomResourceDefinition object it comes from; none for built-in kinds. */
  crd?: CrdObject;
}

export const hasStatus = (resource: ServedResource) => resource.subresources.includes('status');

export interface CrdObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; [key: string]: unknown };
  spec: {
    group: string;
    scope: 'Namespaced' | 'Cluster';
    names: {
      plural: string;
      singular?: string;
      kind: string;
      listKind?: string;
      shortNames?: string[];
      categories?: string[];
    };
    versions: {
      name: string;
      served: boolean;
      storage: boolean;
      schema?: { openAPIV3Schema?: JsonSchema };
      subresources?: { status?: object; scale?: object };
      additionalPrinterColumns?: PrinterColumn[];
    }[];
  };
  [key: string]: unknown;
}

export const VERBS = ['delete', 'deletecollection', 'get', 'list', 'patch', 'create', 'update', 'watch'];

export function servedResources(crds: object[]): ServedResource[] {
  return (crds as CrdObject[]).flatMap((crd) => {
    const { group, scope, names } = crd.spec;
    return crd.spec.versions
      .filter((version) => version.served)
      .map((version) => ({
        group,
        version: version.name,
        plural: names.plural,
        singular: names.singular ?? names.kind.toLowerCase(),
        kind: names.kind,
        listKind: names.listKind ?? `${names.kind}List`,
        shortNames: names.shortNames ?? [],
        categories: names.categories ?? [],
        namespaced: scope === 'Namespaced',
        storage: version.storage,
        subresources: version.subresources?.status ? ['status'] : [],
        generation: true,
        builtin: false,
        returnsDeletedObject: true,
        schema: version.schema?.openAPIV3Schema,
        printerColumns: version.additionalPrinterColumns ?? [],
        crd,
      }));
  });
}

/** The groups in the order of the CRDs, each with its versions (the storage version preferred). */
export function servedGroups(
  resources: ServedResource[],
): { group: string; versions: string[]; preferred: string }[] {
  const groups = new Map<string, { versions: string[]; preferred?: string }>();
  for (const resource of resources) {
    const entry = groups.get(resource.group) ?? { versions: [] };
    if (!entry.versions.includes(resource.version)) entry.versions.push(resource.version);
    if (resource.storage && !entry.preferred) entry.preferred = resource.version;
    groups.set(resource.group, entry);
  }
  return [...groups].map(([group, { versions, preferred }]) => ({
    group,
    versions,
    preferred: preferred ?? versions[0]!,
  }));
}

/** The key objects are stored under, shared by every version of one CRD: `pods`, `canaries.canaries.flanksource.com`. */
export const storageKey = (resource: { group: string; plural: string }) =>
  resource.group ? `${resource.plural}.${resource.group}` : resource.plural;

/** `v1` for the core group, `{group}/{version}` otherwise. */
export const apiVersionOf = (resource: { group: string; version: string }) =>
  resource.group ? `${resource.group}/${resource.version}` : resource.version;
