/**
 * /api/kubeproxy/*: the Kubernetes API through the console, as the signed-in person (a
 * personal token from /api/kubeconfig, or the session). Mounted after sign-in and CSRF and
 * before any body parser: bodies and watch streams pass through untouched.
 *
 * The caller's Cookie, X-CSRF-Token, Authorization (their console token) and Impersonate-*
 * headers never reach the cluster; the console's own credentials do, with the person's identity
 * in Impersonate-* when KUBE_WRITE_AS=impersonate (then the cluster's RBAC decides everything).
 * With the service account the proxy reaches only discovery and the four kinds, each request
 * checked against the console's permissions. docs/kubernetes-access.md says the same for people.
 */
import type { Agent, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import { createProxyMiddleware, type RequestHandler as ProxyHandler } from 'http-proxy-middleware';
import { SIGN_IN_MESSAGE, type FlagReader } from '../access/guard.js';
import type { Action } from '../access/resource-map.js';
import { CSRF_HEADER } from '../http/csrf.js';
import type { Logger } from '../http/logging.js';
import { consoleRefusal } from './cluster-writes.js';
import { NOT_CONFIGURED_MESSAGE, reasonOf, type KubeConnection } from './connection.js';
import { credentialsFor, isImpersonationHeader } from './impersonation.js';
import { KINDS, type KindInfo } from './kinds.js';

export const OUTSIDE_REACH_MESSAGE =
  "The console's Kubernetes proxy reaches only the Canary, Topology, ScrapeConfig and Playbook resources with KUBE_WRITE_AS=serviceaccount.";

/** What a request through the proxy asks of the service account. */
export type ProxyReach = { discovery: true } | { discovery: false; info: KindInfo; action: Action };

const READ_METHODS = new Set(['GET', 'HEAD']);
/** Group, version, namespace and resource names; anything encoded or relative is refused. */
const PLAIN_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;
const CRD_NAMES = new Set(KINDS.map((info) => `${info.plural}.${info.group}`));

const kindAt = (group: string | undefined, version: string | undefined, plural: string | undefined) =>
  KINDS.find((info) => info.group === group && info.version === version && info.plural === plural);

/**
 * With the service account: discovery documents (they list resource types, never objects), the
 * four kinds' CustomResourceDefinitions, and the four kinds' objects (read: GET and HEAD, also
 * watches; write: anything else; a status subresource only read). undefined: out of reach.
 */
export function reachOf(method: string, path: string): ProxyReach | undefined {
  const reads = READ_METHODS.has(method.toUpperCase());
  const segments = path.split('/');
  if (segments.shift() !== '') return undefined;
  if (segments.at(-1) === '') segments.pop();
  if (!segments.every((segment) => PLAIN_SEGMENT.test(segment))) return undefined;
  const [root, ...rest] = segments;

  const discovery =
    (root === 'version' && rest.length === 0) ||
    root === 'openapi' ||
    (root === 'api' && (rest.length === 0 || (rest.length === 1 && rest[0] === 'v1'))) ||
    (root === 'apis' && rest.length <= 2) ||
    (root === 'apis' &&
      rest.length === 4 &&
      rest[0] === 'apiextensions.k8s.io' &&
      rest[1] === 'v1' &&
      rest[2] === 'customresourcedefinitions' &&
      CRD_NAMES.has(rest[3]!));
  if (discovery) return reads ? { discovery: true } : undefined;
  if (root !== 'apis') return undefined;

  const [group, version, ...tail] = rest;
  const watching = tail[0] === 'watch';
  if (watching) tail.shift();
  const within = tail[0] === 'namespaces' ? tail.slice(2) : tail;
  if (tail[0] === 'namespaces' && tail.length < 3) return undefined;
  const info = kindAt(group, version, within[0]);
  if (!info) return undefined;
  const clusterWide = tail[0] !== 'namespaces';
  const subresource = within[2];
  if (within.length > 3 || (subresource !== undefined && subresource !== 'status')) return undefined;
  // Across namespaces, by watch or of status, only reading is in reach.
  if (!reads && (watching || clusterWide || subresource !== undefined)) return undefined;
  return { discovery: false, info, action: reads ? 'read' : 'write' };
}

/** A Kubernetes Status answer: kubectl prints its message. */
function sendStatus(res: ServerResponse, code: number, reason: string, message: string): void {
  const body = JSON.stringify({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    code,
  });
  res.writeHead(code, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** Headers only the console may set towards the cluster. */
const isCallerOnly = (name: string) =>
  ['cookie', 'authorization', CSRF_HEADER].includes(name.toLowerCase()) || isImpersonationHeader(name);

export function createKubeProxy({
  kube,
  flags,
  logger,
}: {
  kube: KubeConnection;
  flags: FlagReader;
  logger: Logger;
}): RequestHandler {
  const credentials = new WeakMap<IncomingMessage, OutgoingHttpHeaders>();
  let proxy: ProxyHandler | undefined;

  // Built at the first request, with that request's agent: the TLS material (CA, client
  // certificate) is read once; the credentials in the headers are read for every request.
  const proxyTo = (server: string, agent: Agent) =>
    (proxy ??= createProxyMiddleware<IncomingMessage, ServerResponse>({
      target: server,
      changeOrigin: true,
      agent,
      on: {
        proxyReq(proxyReq, req) {
          for (const name of proxyReq.getHeaderNames()) if (isCallerOnly(name)) proxyReq.removeHeader(name);
          for (const [name, value] of Object.entries(credentials.get(req) ?? {}))
            if (value !== undefined) proxyReq.setHeader(name, value);
        },
        proxyRes(proxyRes) {
          // no-transform keeps the compression middleware from holding watch events in zlib's buffer.
          const cacheControl = proxyRes.headers['cache-control'];
          proxyRes.headers['cache-control'] = cacheControl
            ? `${cacheControl}, no-transform`
            : 'no-store, no-transform';
        },
        error(error, req, res) {
          kube.noteFailure(error);
          logger.warn({ err: error, url: req.url }, 'the Kubernetes proxy could not reach the API server');
          if (!('writeHead' in res)) return (res as Socket).destroy();
          if (res.headersSent) return res.destroy();
          sendStatus(
            res,
            503,
            'ServiceUnavailable',
            `The Kubernetes API server cannot be reached (${reasonOf(error)}). Try again later.`,
          );
        },
      },
    }));

  return (req, res, next) => {
    (async () => {
      if (!kube.kubeConfig) return sendStatus(res, 503, 'ServiceUnavailable', NOT_CONFIGURED_MESSAGE);
      const user = req.user;
      if (!user) return sendStatus(res, 401, 'Unauthorized', SIGN_IN_MESSAGE);
      if (kube.writeAs === 'serviceaccount') {
        const reach = reachOf(req.method, req.path);
        if (!reach) return sendStatus(res, 403, 'Forbidden', OUTSIDE_REACH_MESSAGE);
        const refused = reach.discovery
          ? undefined
          : await consoleRefusal(user.permissions, reach.info, reach.action, flags);
        if (refused) return sendStatus(res, 403, 'Forbidden', refused);
      }
      let options;
      try {
        options = await credentialsFor(kube, user);
      } catch (error) {
        kube.noteFailure(error);
        logger.warn({ err: error }, "the console's Kubernetes credentials could not be read");
        return sendStatus(
          res,
          503,
          'ServiceUnavailable',
          `The console's Kubernetes credentials could not be read.`,
        );
      }
      credentials.set(req, options.headers);
      await proxyTo(options.server, options.agent)(req, res, next);
    })().catch(next);
  };
}
