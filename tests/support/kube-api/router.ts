/**
 * Which handler answers a request, after the authorization hook: discovery and OpenAPI, the
 * read-only namespaces and CRDs, and the custom resources with their verbs.
 */
import type { CustomResources, Target } from './custom-resources.js';
import { CRD_RESOURCE, type Discovery, NAMESPACE_RESOURCE } from './discovery.js';
import type { OpenApi } from './openapi.js';
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
  objects: CustomResources;
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

/** `/apis/{group}/{version}/[namespaces/{ns}/]{plural}[/{name}[/{subresource}]]` */
function customResourceRoute(resources: ServedResource[], segments: string[]): Route | undefined {
  const [, group, version, ...rest] = segments;
  let namespace: string | undefined;
  if (rest[0] === 'namespaces' && rest.length >= 3) [, namespace] = rest.splice(0, 2);
  const [plural, name, subresource, ...extra] = rest;
  if (extra.length > 0 || !plural) return undefined;
  const resource = resources.find((r) => r.group === group && r.version === version && r.plural === plural);
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
  const { resources, store, objects, discovery, openApi, authorize } = parts;

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

  /** Read-only resources outside the custom resources: namespaces and CRDs. */
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
    if (segments[0] === 'api' && segments[1] === 'v1' && segments[2] === 'namespaces' && segments.length <= 4)
      return readOnly(request, NAMESPACE_RESOURCE, segments[3], () =>
        discovery.namespaces(request, segments[3], store.namespaces(), store.revision),
      );
    if (path.startsWith(`/apis/${CRD_RESOURCE.group}/v1/${CRD_RESOURCE.plural}`) && segments.length <= 5)
      return readOnly(request, CRD_RESOURCE, segments[4], () =>
        discovery.customResourceDefinitions(segments[4], store.revision),
      );
    if (segments[0] !== 'apis') return undefined;
    const target = customResourceRoute(resources, segments);
    if (!target) return undefined;
    const verb = verbOf(method, target, query);
    if (!verb || (target.allNamespaces && !['list', 'watch', 'deletecollection'].includes(verb)))
      throw methodNotAllowed(method);
    objects.checkSubresource(target);
    const { resource: _resource, allNamespaces: _all, ...scope } = target;
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
