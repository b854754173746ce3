/**
 * The Kubernetes API test server: HTTP and HTTPS on one port of 127.0.0.1, Bearer token
 * authentication, impersonation headers, and the public API tests drive it with.
 */
import type http from 'node:http';
import type { KubeObject } from '../../../server/src/kube/types.js';
import { BUILTIN_RESOURCES } from './builtins.js';
import { loadCrds } from './crds.js';
import { Discovery } from './discovery.js';
import { writeKubeconfigFile } from './kubeconfig.js';
import { Lifecycle } from './lifecycle.js';
import { listenDual } from './listener.js';
import { OpenApi } from './openapi.js';
import { prepareCreate, prepareUpdate } from './objects.js';
import { PodLogs, type PodLogText } from './pod-logs.js';
import type { ApiAnswer, ApiRequest } from './request.js';
import { ResourceApi } from './resource-api.js';
import { type AuthorizationRequest, STREAMED, createRouter } from './router.js';
import { type ServedResource, apiVersionOf, servedResources, storageKey } from './resources.js';
import { StatusError, internalError, pathNotFound, unauthorized } from './status.js';
import { ObjectStore } from './store.js';
import { Validator } from './validation.js';

export type { AuthorizationRequest };

export interface KubeApiServerOptions {
  /** CustomResourceDefinition objects (apiextensions.k8s.io/v1) to serve. Default: loadCrds(). */
  crds?: object[];
  /** Required Bearer token; requests without it get 401 (a Status). Default 'test-token'. */
  token?: string;
  /** Events kept for watches; a watch from an older resourceVersion gets 410 Gone. Default 1000. */
  historyLimit?: number;
  /**
   * RBAC stand-in: decides every request after authentication. `user`/`groups` are the
   * Impersonate-User / Impersonate-Group headers when present, else 'system:serviceaccount:test:console'.
   * Return false → 403 Forbidden Status ('... is forbidden: User "x" cannot create resource ...').
   */
  authorize?: (request: AuthorizationRequest) => boolean;
  /** The port on 127.0.0.1; default: a free one. */
  port?: number;
  /**
   * Whether a client's create in a namespace that does not exist creates the Namespace (default
   * true, so tests need not create namespaces) or is 404 `namespaces "x" not found`, as on a real
   * server. `put` creates missing namespaces either way.
   */
  createMissingNamespaces?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface KubeApiServer {
  /** http://127.0.0.1:<port> */
  url: string;
  token: string;
  /**
   * Writes a kubeconfig file for this server and returns its path: the https:// address (kubectl
   * sends no token over http) with the test certificate as certificate-authority-data, and the
   * token. Optional namespace for its context.
   */
  writeKubeconfig(dir: string, options?: { namespace?: string }): string;
  /** Every request received: method, path (with query), headers (lower-case). */
  requests: RecordedRequest[];
  /**
   * The stored objects of a plural (`pods`, `canaries`, or qualified: `deployments.apps`), all
   * namespaces, deep copies.
   */
  list(plural: string): KubeObject[];
  /** One stored object; `namespace` is ignored for cluster-scoped kinds (nodes, namespaces). */
  get(plural: string, namespace: string, name: string): KubeObject | undefined;
  /**
   * Creates or replaces an object of any served kind as if another client did (bumps
   * resourceVersion, emits events), status included; a terminating object that loses its last
   * finalizer is deleted. Missing namespaces are created.
   */
  put(object: KubeObject): KubeObject;
  /** Deletes as a client's DELETE does: an object with finalizers only starts terminating. */
  remove(plural: string, namespace: string, name: string): void;
  /**
   * Sets the lines `pods/{name}/log` answers (of one container, or of the pod's only one): a text,
   * its lines written now, or lines each with the time it was written (what `sinceTime`,
   * `sinceSeconds` and `timestamps` read).
   */
  setPodLog(namespace: string, name: string, text: PodLogText, container?: string): void;
  /** Adds to a pod's log; `follow=true` readers get the new lines. */
  appendPodLog(namespace: string, name: string, text: PodLogText, container?: string): void;
  /** Forgets the event history so watches resuming from an older resourceVersion get 410. */
  compact(): void;
  /** Simulates the API server going away: destroys open connections (watches) and stops listening. */
  goDown(): Promise<void>;
  /** Listens again on the same port. */
  comeBack(): Promise<void>;
  close(): Promise<void>;
}

/** Who a request without impersonation headers is: the console's service account. */
const SERVICE_ACCOUNT = {
  user: 'system:serviceaccount:test:console',
  groups: ['system:serviceaccounts', 'system:serviceaccounts:test', 'system:authenticated'],
};

const HEALTH_PATHS = ['/healthz', '/livez', '/readyz'];

export async function startKubeApiServer(options: KubeApiServerOptions = {}): Promise<KubeApiServer> {
  const token = options.token ?? 'test-token';
  const authorize = options.authorize ?? (() => true);
  const resources = [...BUILTIN_RESOURCES, ...servedResources(options.crds ?? loadCrds())];
  const store = new ObjectStore(options.historyLimit ?? 1000);
  const lifecycle = new Lifecycle(store, resources, options.createMissingNamespaces ?? true);
  const objects = new ResourceApi(store, new Validator(), lifecycle);
  const podLogs = new PodLogs(store);
  const requests: RecordedRequest[] = [];
  let port = 0;
  const discovery = new Discovery(resources, () => `127.0.0.1:${port}`);

  const route = createRouter({
    resources,
    store,
    objects,
    podLogs,
    authorize,
    discovery,
    openApi: new OpenApi(resources),
  });

  function identity(headers: http.IncomingHttpHeaders, distinct: NodeJS.Dict<string[]>) {
    const user = headers['impersonate-user'];
    if (typeof user !== 'string') return SERVICE_ACCOUNT;
    return { user, groups: distinct['impersonate-group'] ?? [] };
  }

  function send(response: http.ServerResponse, answer: ApiAnswer): void {
    if (response.headersSent) return;
    const headers: http.OutgoingHttpHeaders = {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-cache, private',
    };
    if (answer.warnings?.length)
      headers.Warning = answer.warnings.map((warning) => `299 - ${JSON.stringify(warning)}`);
    response.writeHead(answer.code, headers);
    response.end(JSON.stringify(answer.body));
  }

  async function handle(incoming: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(incoming.url ?? '/', 'http://localhost');
    requests.push({
      method: incoming.method ?? 'GET',
      path: incoming.url ?? '/',
      headers: { ...incoming.headers },
    });
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    try {
      if (incoming.headers.authorization !== `Bearer ${token}`) throw unauthorized();
      if (HEALTH_PATHS.includes(url.pathname)) {
        response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end('ok');
        return;
      }
      const request: ApiRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        response,
        ...identity(incoming.headers, incoming.headersDistinct),
      };
      const answer = route(request);
      if (!answer) throw pathNotFound();
      if (answer !== STREAMED) send(response, answer);
    } catch (error) {
      if (error instanceof StatusError) send(response, { code: error.status.code, body: error.status });
      else {
        console.error('kube test server:', error);
        send(response, { code: 500, body: internalError((error as Error).message).status });
      }
    }
  }

  const listener = await listenDual((incoming, response) => void handle(incoming, response), options.port);
  port = listener.port;
  const url = `http://127.0.0.1:${port}`;

  /** The resource of a plural (`canaries`) or qualified name (`canaries.canaries.flanksource.com`). */
  function resourceNamed(plural: string): ServedResource {
    const resource = resources.find((r) => r.plural === plural || storageKey(r) === plural);
    if (!resource) throw new Error(`the test server serves no resource "${plural}"`);
    return resource;
  }

  return {
    url,
    token,
    requests,
    writeKubeconfig: (dir, kubeconfigOptions) =>
      writeKubeconfigFile(dir, { url: `https://127.0.0.1:${port}`, token }, kubeconfigOptions),
    list: (plural) => store.list(storageKey(resourceNamed(plural))),
    get(plural, namespace, name) {
      const resource = resourceNamed(plural);
      return store.get(storageKey(resource), resource.namespaced ? namespace : undefined, name);
    },
    put(object) {
      const resource = resources.find((r) => apiVersionOf(r) === object.apiVersion && r.kind === object.kind);
      if (!resource) throw new Error(`the test server serves no ${object.apiVersion} ${object.kind}`);
      const namespace = resource.namespaced ? (object.metadata.namespace ?? 'default') : undefined;
      const key = storageKey(resource);
      const old = store.get(key, namespace, object.metadata.name);
      const keepStatus = { keepStatus: true };
      const body = structuredClone(object);
      delete body.metadata.resourceVersion;
      if (old) return lifecycle.update(resource, prepareUpdate(resource, body, old, keepStatus));
      const created = prepareCreate(resource, body, namespace, keepStatus);
      lifecycle.admitCreate(resource, created, false, true);
      return store.write(key, 'ADDED', created);
    },
    remove(plural, namespace, name) {
      const resource = resourceNamed(plural);
      const old = store.get(storageKey(resource), resource.namespaced ? namespace : undefined, name);
      if (old) lifecycle.delete(resource, old);
    },
    setPodLog: (namespace, name, text, container) => podLogs.set(namespace, name, text, container),
    appendPodLog: (namespace, name, text, container) => podLogs.append(namespace, name, text, container),
    compact: () => store.compact(),
    goDown: () => listener.close(),
    comeBack: () => listener.listen(),
    close: () => listener.close(),
  };
}
