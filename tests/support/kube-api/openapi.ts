/**
 * OpenAPI v3, as much as kubectl reads: the index at /openapi/v3 and a document per group version
 * with the paths (operations tagged x-kubernetes-action and x-kubernetes-group-version-kind, their
 * query parameters and patch media types) and the CRD schemas (any object for built-in kinds).
 * kubectl learns from it that the server validates fields (`fieldValidation`). No operation lists
 * strategic merge patch: for custom resources `kubectl apply` then sends a JSON merge patch, for
 * built-in kinds it computes a strategic merge patch from its compiled-in types, as it does
 * without OpenAPI. /openapi/v2 stays 404: kubectl copes with it once v3 answers.
 */
import { createHash } from 'node:crypto';
import type { ApiAnswer } from './request.js';
import { type ServedResource, hasStatus, servedGroups } from './resources.js';

const query = (name: string, description: string) => ({
  name,
  in: 'query',
  description,
  schema: { type: name === 'force' ? 'boolean' : 'string', uniqueItems: true },
});

const DRY_RUN = query('dryRun', 'When present, indicates that modifications should not be persisted.');
const FIELD_MANAGER = query(
  'fieldManager',
  'A name associated with the actor or entity making these changes.',
);
const FIELD_VALIDATION = query(
  'fieldValidation',
  'Ignore, Warn or Strict: how the server handles unknown and duplicate fields in the body.',
);
const WRITE_PARAMETERS = [DRY_RUN, FIELD_MANAGER, FIELD_VALIDATION];
const LIST_PARAMETERS = [
  'labelSelector',
  'fieldSelector',
  'limit',
  'continue',
  'resourceVersion',
  'timeoutSeconds',
  'watch',
  'allowWatchBookmarks',
].map((name) => query(name, name));

const PATCH_TYPES = [
  'application/json-patch+json',
  'application/merge-patch+json',
  'application/apply-patch+yaml',
];

/**
 * `canaries.flanksource.com` v1 Canary → `com.flanksource.canaries.v1.Canary`; built-in kinds as
 * Kubernetes names them: `io.k8s.api.core.v1.Pod`, `io.k8s.api.networking.v1.Ingress`.
 */
const schemaName = (resource: ServedResource, kind = resource.kind) =>
  resource.builtin
    ? `io.k8s.api.${resource.group.split('.')[0] || 'core'}.${resource.version}.${kind}`
    : `${resource.group.split('.').reverse().join('.')}.${resource.version}.${kind}`;

/** The OpenAPI document of a group version: `api/v1`, `apis/apps/v1`. */
const documentPath = (group: string, version: string) =>
  group ? `apis/${group}/${version}` : `api/${version}`;

function operations(resource: ServedResource) {
  const gvk = { group: resource.group, version: resource.version, kind: resource.kind };
  const ref = (kind = resource.kind) => ({ $ref: `#/components/schemas/${schemaName(resource, kind)}` });
  const json = (kind?: string) => ({
    'application/json': { schema: ref(kind) },
    'application/yaml': { schema: ref(kind) },
  });
  const operation = (action: string, extra: object = {}, kind?: string) => ({
    operationId: `${action}${resource.kind}`,
    'x-kubernetes-action': action,
    'x-kubernetes-group-version-kind': gvk,
    responses: { '200': { description: 'OK', content: json(kind) } },
    ...extra,
  });
  const body = (types: string[]) => ({
    requestBody: { content: Object.fromEntries(types.map((type) => [type, { schema: ref() }])) },
  });
  const object = {
    get: operation('get'),
    put: operation('put', {
      parameters: WRITE_PARAMETERS,
      ...body(['application/json', 'application/yaml']),
    }),
    patch: operation('patch', {
      parameters: [...WRITE_PARAMETERS, query('force', 'Force is going to "force" Apply requests.')],
      ...body(PATCH_TYPES),
    }),
    delete: operation('delete', { parameters: [DRY_RUN] }),
  };
  const collection = {
    get: operation('list', { parameters: LIST_PARAMETERS }, resource.listKind),
    post: operation('post', {
      parameters: WRITE_PARAMETERS,
      ...body(['application/json', 'application/yaml']),
    }),
    delete: operation('deletecollection', { parameters: [DRY_RUN, ...LIST_PARAMETERS] }, resource.listKind),
  };
  const base = `/${documentPath(resource.group, resource.version)}`;
  const scope = resource.namespaced ? `${base}/namespaces/{namespace}` : base;
  return {
    [`${scope}/${resource.plural}`]: collection,
    [`${scope}/${resource.plural}/{name}`]: object,
    ...(hasStatus(resource)
      ? { [`${scope}/${resource.plural}/{name}/status`]: { ...object, delete: undefined } }
      : {}),
    ...(resource.namespaced
      ? {
          [`${base}/${resource.plural}`]: {
            get: operation('list', { parameters: LIST_PARAMETERS }, resource.listKind),
          },
        }
      : {}),
  };
}

function schemas(resource: ServedResource) {
  const gvk = [{ group: resource.group, version: resource.version, kind: resource.kind }];
  return {
    [schemaName(resource)]: {
      ...(resource.schema ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }),
      'x-kubernetes-group-version-kind': gvk,
    },
    [schemaName(resource, resource.listKind)]: {
      type: 'object',
      required: ['items'],
      properties: {
        apiVersion: { type: 'string' },
        kind: { type: 'string' },
        metadata: { type: 'object' },
        items: { type: 'array', items: { $ref: `#/components/schemas/${schemaName(resource)}` } },
      },
      'x-kubernetes-group-version-kind': [{ ...gvk[0], kind: resource.listKind }],
    },
  };
}

export class OpenApi {
  private readonly documents = new Map<string, object>();

  constructor(resources: ServedResource[]) {
    for (const { group, versions } of servedGroups(resources))
      for (const version of versions) {
        const served = resources.filter(
          (resource) => resource.group === group && resource.version === version,
        );
        const builtin = served.some((resource) => resource.builtin);
        this.documents.set(documentPath(group, version), {
          openapi: '3.0.0',
          info: builtin
            ? { title: 'Kubernetes', version: 'v1.33.0' }
            : { title: 'Kubernetes CRD Swagger', version: 'v0.1.0' },
          paths: Object.assign({}, ...served.map(operations)),
          components: { schemas: Object.assign({}, ...served.map(schemas)) },
        });
      }
  }

  /** /openapi/v3 and /openapi/v3/apis/{group}/{version}; undefined for any other path. */
  answer(path: string): ApiAnswer | undefined {
    if (path === '/openapi/v3') {
      const paths = Object.fromEntries(
        [...this.documents].map(([groupVersion, document]) => {
          const hash = createHash('sha512')
            .update(JSON.stringify(document))
            .digest('hex')
            .slice(0, 64)
            .toUpperCase();
          return [groupVersion, { serverRelativeURL: `/openapi/v3/${groupVersion}?hash=${hash}` }];
        }),
      );
      return { code: 200, body: { paths } };
    }
    const document = path.startsWith('/openapi/v3/') && this.documents.get(path.slice('/openapi/v3/'.length));
    return document ? { code: 200, body: document } : undefined;
  }
}
