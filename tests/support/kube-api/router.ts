/**
 * Which handler answers a request, after the authorization hook: discovery and OpenAPI, the
 * read-only CRDs, pod logs, and every served resource with its verbs.
 */
import { CRD_RESOURCE, type Discovery } from './discovery.js';
import type { OpenApi } from './openapi.js';
import type { PodLogs } from './pod-logs.js';
import type { ResourceApi, Target } from './resource-api.js';
import type { ApiAnswer, ApiRequest } from './request.js';
import type { ServedResource } from './resources.js';
import { type Resource, forbidden, methodNotAllowed } from './status.js';
import type { ObjectStore } from './store.js';
import { isWatch, serveWatch } from './watch.js';

/** What the `authorize` option decides on (KubeApiServerOptions). */
export interface AuthorizationRequest {
  user: string;
  groups: string[];
  verb: string;
  group: string;
  resource: string;
  subresource?: string;
  namespace?: string;
  name?: string;
}

/** The answer of a request whose response was streamed (a watch) rather than returned. */
export const STREAMED = Symbol('streamed');

export interface RouterParts {
  resources: ServedResource[];
  store: ObjectStore;
  objects: ResourceApi;
  podLogs: PodLogs;
  discovery: Discovery;
  openApi: OpenApi;
  authorize: (request: AuthorizationRequest) => boolean;
}

function verbOf(method: string, target: { name?: string }, query: URLSearchParams): string | undefined {
  switch (method) {
    case 'GET':
      return target.name !== undefined ? 'get' : isWatch(query) ? 'watch' : 'list';
    case 'POST':
      return target.name === undefined ? 'create' : undefined;
    case 'PUT':
      return target.name !== undefined ? 'update' : undefined;
    case 'PATCH':
      return target.name !== undefined ? 'patch' : undefined;
    case 'DELETE':
      return target.name !== undefined ? 'delete' : 'deletecollection';
    default:
      return undefined;
  }
}

interface Route extends Target {
  /** A namespaced resource addressed across all namespaces: list and watch only. */
  allNamespaces: boolean;
}

/**
 * `/api/v1/[namespaces/{ns}/]{plural}[/{name}[/{subresource}]]` for the core group,
 * `/apis/{group}/{version}/...` for the others.
 */
function resourceRoute(resources: ServedResource[], segments: string[]): Route | undefined {
  const [prefix, ...afterPrefix] = segments;
  if (prefix !== 'api' && prefix !== 'apis') return undefined;
  const [group, version, ...rest] = prefix === 'api' ? ['', ...afterPrefix] : afterPrefix;
  const find = (plural: string | undefined) =>
    resources.find((r) => r.group === group && r.version === version && r.plural === plural);
  let namespace: string | undefined;
  // `/api/v1/namespaces/{name}/status` is the Namespace's own subresource, not a scope.
  if (rest[0] === 'namespaces' && rest.length >= 3 && find(rest[2])?.namespaced)
    [, namespace] = rest.splice(0, 2);
  const [plural, name, subresource, ...extra] = rest;
  if (extra.length > 0 || !plural) return undefined;
  const resource = find(plural);
  if (!resource || (namespace !== undefined && !resource.namespaced)) return undefined;
  if (resource.namespaced && namespace === undefined && name !== undefined) return undefined;
  return {
    resource,
    allNamespaces: resource.namespaced && namespace === undefined,
    ...(namespace !== undefined ? { namespace } : {}),
    ...(name !== undefined ? { name } : {}),
    ...(subresource !== undefined ? { subresource } : {}),
  };
}

/** The router: undefined when no handler serves the path (404). */
export function createRouter(
  parts: RouterParts,
): (request: ApiRequest) => ApiAnswer | typeof STREAMED | undefined {
  const { resources, store, objects, podLogs, discovery, openApi, authorize } = parts;

  function check(
    request: ApiRequest,
    resource: Resource,
    verb: string,
    target: Omit<Target, 'resource'>,
  ): void {
    const decision = {
      user: request.user,
      groups: request.groups,
      verb,
      group: resource.group,
      resource: resource.plural,
      ...target,
    };
    if (!authorize(decision))
      throw forbidden(resource, target.name, request.user, verb, {
        ...(target.subresource ? { subresource: target.subresource } : {}),
        ...(target.namespace ? { namespace: target.namespace } : {}),
      });
  }

  /** The CRDs: read-only, they cannot change while the server runs. */
  function readOnly(
    request: ApiRequest,
    resource: Resource,
    name: string | undefined,
    read: () => ApiAnswer,
  ) {
    if (request.method !== 'GET' || isWatch(request.query)) throw methodNotAllowed(request.method);
    check(request, resource, name === undefined ? 'list' : 'get', name === undefined ? {} : { name });
    return read();
  }

  function route(request: ApiRequest): ApiAnswer | typeof STREAMED | undefined {
    const { path, method, query } = request;
    const segments = path.split('/').filter(Boolean);
    if (method === 'GET') {
      const answer = discovery.answer(path.replace(/\/$/, '')) ?? openApi.answer(path);
      if (answer) return answer;
    }
    if (path.startsWith(`/apis/${CRD_RESOURCE.group}/v1/${CRD_RESOURCE.plural}`) && segments.length <= 5)
      return readOnly(request, CRD_RESOURCE, segments[4], () =>
        discovery.customResourceDefinitions(segments[4], store.revision),
      );
    const target = resourceRoute(resources, segments);
    if (!target) return undefined;
    const verb = verbOf(method, target, query);
    if (!verb || (target.allNamespaces && !['list', 'watch', 'deletecollection'].includes(verb)))
      throw methodNotAllowed(method);
    objects.checkSubresource(target);
    const { resource: _resource, allNamespaces: _all, ...scope } = target;
    if (target.subresource === 'log') {
      if (verb !== 'get') throw methodNotAllowed(method);
      check(request, target.resource, verb, scope);
      podLogs.serve(request, objects.existing(target));
      return STREAMED;
    }
    check(request, target.resource, verb, scope);
    switch (verb) {
      case 'get':
        return objects.get(target, request);
      case 'list':
        return objects.list(target, request);
      case 'watch':
        serveWatch(request, target, store, objects);
        return { code: 0, body: undefined };
      case 'create':
        return objects.create(target, request);
      case 'update':
        return objects.replace(target, request);
      case 'patch':
        return objects.patch(target, request);
      case 'delete':
        return objects.delete(target, request);
      default:
        return objects.deleteCollection(target, request);
    }
  }

  return route;
}
