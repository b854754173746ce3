/**
 * The resources the test server serves, read from CustomResourceDefinition objects: one entry per
 * served version of each CRD.
 */

export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  description?: string;
  format?: string;
  priority?: number;
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
  /** The CRD's `.../status` subresource is enabled. */
  statusSubresource: boolean;
  schema: JsonSchema | undefined;
  printerColumns: PrinterColumn[];
  /** The CustomResourceDefinition object it comes from. */
  crd: CrdObject;
}

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
        statusSubresource: Boolean(version.subresources?.status),
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

/** The key objects are stored under, shared by every version of one CRD. */
export const storageKey = (resource: { group: string; plural: string }) =>
  `${resource.plural}.${resource.group}`;
