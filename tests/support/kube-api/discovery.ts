/**
 * Discovery as kubectl and client-node read it: /version, /api, /api/v1, /apis, /apis/{group},
 * /apis/{group}/{version}, in the legacy (unaggregated) JSON form; plus the read-only
 * CustomResourceDefinitions.
 */
import { randomUUID } from 'node:crypto';
import { timestamp } from './objects.js';
import type { ApiAnswer } from './request.js';
import { type CrdObject, type ServedResource, VERBS, servedGroups } from './resources.js';
import { notFound } from './status.js';

export const CRD_GROUP = 'apiextensions.k8s.io';
export const CRD_RESOURCE = { group: CRD_GROUP, plural: 'customresourcedefinitions' };

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

/** The CRDs themselves, read-only. */
const CRD_API_RESOURCE = {
  name: 'customresourcedefinitions',
  singularName: 'customresourcedefinition',
  namespaced: false,
  kind: 'CustomResourceDefinition',
  verbs: ['get', 'list'],
  shortNames: ['crd', 'crds'],
  categories: ['api-extensions'],
};

const groupVersion = (group: string, version: string) => ({ groupVersion: `${group}/${version}`, version });

const answer = (body: unknown): ApiAnswer => ({ code: 200, body });

export class Discovery {
  private readonly started = timestamp();
  private readonly crds: CrdObject[];

  constructor(
    private readonly resources: ServedResource[],
    private readonly address: () => string,
  ) {
    const crds = resources.flatMap((resource) => (resource.crd ? [resource.crd] : []));
    this.crds = [...new Set(crds)].map((crd) => this.servedCrd(crd));
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
    const groups = [
      ...servedGroups(this.resources).filter(({ group }) => group !== ''),
      { group: CRD_GROUP, versions: ['v1'], preferred: 'v1' },
    ];
    if (path === '/version') return answer(KUBERNETES_VERSION);
    if (path === '/api')
      return answer({
        kind: 'APIVersions',
        versions: ['v1'],
        serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: this.address() }],
      });
    if (path === '/api/v1')
      return answer({ kind: 'APIResourceList', groupVersion: 'v1', resources: this.apiResources('', 'v1') });
    const apiGroup = ({ group, versions, preferred }: (typeof groups)[number]) => ({
      name: group,
      versions: versions.map((version) => groupVersion(group, version)),
      preferredVersion: groupVersion(group, preferred),
    });
    if (path === '/apis')
      return answer({ kind: 'APIGroupList', apiVersion: 'v1', groups: groups.map(apiGroup) });
    const [prefix, group, version, ...rest] = path.split('/').slice(1);
    if (prefix !== 'apis' || rest.length > 0 || !group) return undefined;
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
        ...resource.subresources.map((subresource) => ({
          name: `${resource.plural}/${subresource}`,
          singularName: '',
          namespaced: resource.namespaced,
          kind: resource.kind,
          verbs: subresource === 'log' ? ['get'] : ['get', 'patch', 'update'],
        })),
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
}
