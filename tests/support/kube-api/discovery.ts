/**
 * Discovery as kubectl and client-node read it: /version, /api, /api/v1, /apis, /apis/{group},
 * /apis/{group}/{version}, in the legacy (unaggregated) JSON form; plus the read-only
 * CustomResourceDefinitions and Namespaces.
 */
import { randomUUID } from 'node:crypto';
import type { KubeObject } from '../../../server/src/kube/types.js';
import { timestamp } from './objects.js';
import type { ApiAnswer, ApiRequest } from './request.js';
import { type CrdObject, type ServedResource, VERBS, servedGroups } from './resources.js';
import { notFound } from './status.js';
import { acceptsTable, tableOf } from './table.js';

export const CRD_GROUP = 'apiextensions.k8s.io';
export const CRD_RESOURCE = { group: CRD_GROUP, plural: 'customresourcedefinitions' };
export const NAMESPACE_RESOURCE = { group: '', plural: 'namespaces' };

const KUBERNETES_VERSION = {
  major: '1',
  minor: '33',
  gitVersion: 'v1.33.0',
  gitCommit: '60a317eadfcb839692a5b6f5be3ce6be7b3b7d3b',
  gitTreeState: 'clean',
  buildDate: '2025-04-23T00:00:00Z',
  goVersion: 'go1.24.2',
  compiler: 'gc',
  platform: 'linux/amd64',
};

/** The group and resources the test server serves beside the custom resources (read-only). */
const CRD_API_RESOURCE = {
  name: 'customresourcedefinitions',
  singularName: 'customresourcedefinition',
  namespaced: false,
  kind: 'CustomResourceDefinition',
  verbs: ['get', 'list'],
  shortNames: ['crd', 'crds'],
  categories: ['api-extensions'],
};

const NAMESPACE_API_RESOURCE = {
  name: 'namespaces',
  singularName: 'namespace',
  namespaced: false,
  kind: 'Namespace',
  verbs: ['get', 'list'],
  shortNames: ['ns'],
};

const groupVersion = (group: string, version: string) => ({ groupVersion: `${group}/${version}`, version });

const answer = (body: unknown): ApiAnswer => ({ code: 200, body });

export class Discovery {
  private readonly started = timestamp();
  private readonly namespaceUids = new Map<string, string>();
  private readonly crds: CrdObject[];

  constructor(
    private readonly resources: ServedResource[],
    private readonly address: () => string,
  ) {
    this.crds = [...new Set(resources.map((resource) => resource.crd))].map((crd) => this.servedCrd(crd));
  }

  /** The CRD as the real server returns it: system metadata and an Established status. */
  private servedCrd(crd: CrdObject): CrdObject {
    const served = structuredClone(crd);
    served.metadata = {
      uid: randomUUID(),
      resourceVersion: '1',
      generation: 1,
      creationTimestamp: this.started,
      ...served.metadata,
    };
    const condition = (type: string, reason: string, message: string) => ({
      type,
      status: 'True',
      lastTransitionTime: this.started,
      reason,
      message,
    });
    served.status = {
      conditions: [
        condition('NamesAccepted', 'NoConflicts', 'no conflicts found'),
        condition('Established', 'InitialNamesAccepted', 'the initial names have been accepted'),
      ],
      acceptedNames: served.spec.names,
      storedVersions: served.spec.versions
        .filter((version) => version.storage)
        .map((version) => version.name),
    };
    return served;
  }

  /** The answer of a discovery path, undefined when the path is not one. */
  answer(path: string): ApiAnswer | undefined {
    const groups = [...servedGroups(this.resources), { group: CRD_GROUP, versions: ['v1'], preferred: 'v1' }];
    if (path === '/version') return answer(KUBERNETES_VERSION);
    if (path === '/api')
      return answer({
        kind: 'APIVersions',
        versions: ['v1'],
        serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: this.address() }],
      });
    if (path === '/api/v1')
      return answer({ kind: 'APIResourceList', groupVersion: 'v1', resources: [NAMESPACE_API_RESOURCE] });
    const apiGroup = ({ group, versions, preferred }: (typeof groups)[number]) => ({
      name: group,
      versions: versions.map((version) => groupVersion(group, version)),
      preferredVersion: groupVersion(group, preferred),
    });
    if (path === '/apis')
      return answer({ kind: 'APIGroupList', apiVersion: 'v1', groups: groups.map(apiGroup) });
    const [, group, version, ...rest] = path.split('/').slice(1);
    if (rest.length > 0 || !group) return undefined;
    const served = groups.find((entry) => entry.group === group);
    if (!served) return undefined;
    if (version === undefined) return answer({ kind: 'APIGroup', apiVersion: 'v1', ...apiGroup(served) });
    if (!served.versions.includes(version)) return undefined;
    return answer({
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion: `${group}/${version}`,
      resources: group === CRD_GROUP ? [CRD_API_RESOURCE] : this.apiResources(group, version),
    });
  }

  private apiResources(group: string, version: string): object[] {
    return this.resources
      .filter((resource) => resource.group === group && resource.version === version)
      .flatMap((resource) => [
        {
          name: resource.plural,
          singularName: resource.singular,
          namespaced: resource.namespaced,
          kind: resource.kind,
          verbs: VERBS,
          ...(resource.shortNames.length ? { shortNames: resource.shortNames } : {}),
          ...(resource.categories.length ? { categories: resource.categories } : {}),
        },
        ...(resource.statusSubresource
          ? [
              {
                name: `${resource.plural}/status`,
                singularName: '',
                namespaced: resource.namespaced,
                kind: resource.kind,
                verbs: ['get', 'patch', 'update'],
              },
            ]
          : []),
      ]);
  }

  customResourceDefinitions(name: string | undefined, revision: number): ApiAnswer {
    if (name === undefined)
      return answer({
        kind: 'CustomResourceDefinitionList',
        apiVersion: `${CRD_GROUP}/v1`,
        metadata: { resourceVersion: String(revision) },
        items: this.crds,
      });
    const crd = this.crds.find((candidate) => candidate.metadata.name === name);
    if (!crd) throw notFound(CRD_RESOURCE, name);
    return answer(crd);
  }

  private namespace(name: string): KubeObject {
    if (!this.namespaceUids.has(name)) this.namespaceUids.set(name, randomUUID());
    return {
      kind: 'Namespace',
      apiVersion: 'v1',
      metadata: {
        name,
        uid: this.namespaceUids.get(name),
        resourceVersion: '1',
        creationTimestamp: this.started,
        labels: { 'kubernetes.io/metadata.name': name },
      },
      spec: { finalizers: ['kubernetes'] },
      status: { phase: 'Active' },
    };
  }

  /** `default` and the namespace of every stored object: there are no Namespace objects. */
  namespaces(request: ApiRequest, name: string | undefined, inUse: string[], revision: number): ApiAnswer {
    const names = [...new Set(['default', ...inUse])].sort();
    if (name !== undefined && !names.includes(name)) throw notFound(NAMESPACE_RESOURCE, name);
    const items = (name === undefined ? names : [name]).map((each) => this.namespace(each));
    const metadata = { resourceVersion: String(revision) };
    if (acceptsTable(request)) return answer(tableOf(NAMESPACE_TABLE, items, metadata, request));
    if (name !== undefined) return answer(items[0]);
    return answer({ kind: 'NamespaceList', apiVersion: 'v1', metadata, items });
  }
}

/** How `kubectl get namespaces` prints them. */
const NAMESPACE_TABLE = {
  printerColumns: [
    { name: 'Status', type: 'string', jsonPath: '.status.phase' },
    { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
  ],
} as ServedResource;
