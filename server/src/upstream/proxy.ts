/**
 * The forwarding half of upstream mode: a request the console's guards let through goes to
 * PLATFORM_URL as it came (method, path below /api, query, body streamed), with the browser's
 * credentials and hop-by-hop headers taken off and the console's own credentials and the
 * person's identity put on; the answer comes back as it comes, event streams flushed as they
 * go. A platform that cannot be reached answers 502, one that is too slow to start answering
 * 504 (never the event stream), both as JSON the UI shows; the next request tries again.
 */
import http, { type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { forwardedUserHeaders } from '../auth/forwarded-user.js';
import type { PlatformSettings } from '../config.js';
import { CSRF_HEADER } from '../http/csrf.js';
import { apiError } from '../http/errors.js';
import type { Logger } from '../http/logging.js';
import { reasonOf } from '../kube/connection.js';
import { ownToken } from './person-token.js';

/** Hop-by-hop headers (RFC 9110 §7.6.1): about one connection, never passed on. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade'];

/**
 * Request headers that never reach the platform: the browser's credentials (the session cookie,
 * the CSRF token, a console API token, proxy credentials), an `Expect` the console answered
 * itself, and every identity or forwarding header a caller could forge. The console sets its own.
 */
const CALLER_ONLY = new Set([
  ...HOP_BY_HOP,
  'cookie',
  'authorization',
  'proxy-authorization',
  CSRF_HEADER,
  'expect',
  'forwarded',
]);

/** Response headers the browser never gets from the platform: its cookies would be the console's. */
const PLATFORM_ONLY = new Set([...HOP_BY_HOP, 'set-cookie', 'proxy-authenticate']);

const isForwardingHeader = (name: string) =>
  name.startsWith('x-forwarded-') || name.startsWith('x-auth-request-');

/**
 * The request headers the platform gets: the caller's, less CALLER_ONLY, plus the console's own.
 * `user` is named in the forwarding headers; undefined when `token` is the person's own.
 */
export function platformRequestHeaders(
  incoming: IncomingMessage['headers'],
  user: Pick<Express.User, 'id' | 'email' | 'username' | 'name'> | undefined,
  { token, requestId }: { token?: string; requestId?: string },
): IncomingMessage['headers'] {
  // Headers a Connection header names are hop-by-hop too.
  const named = new Set(
    String(incoming.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const headers: IncomingMessage['headers'] = {};
  for (const [name, value] of Object.entries(incoming))
    if (!CALLER_ONLY.has(name) && !named.has(name) && !isForwardingHeader(name)) headers[name] = value;
  if (token) headers.authorization = `Bearer ${token}`;
  if (user) Object.assign(headers, forwardedUserHeaders(user));
  if (requestId) headers['x-request-id'] = requestId;
  return headers;
}

/** What the forwarding tells about the platform as requests go, for /readyz (health.ts). */
export interface PlatformObserver {
  noteAnswer(): void;
  noteFailure(reason: string): void;
}

export interface PlatformProxyOptions {
  platform: PlatformSettings;
  /** `${basePath}api`: what comes after it in the request URL is appended to PLATFORM_URL. */
  apiRoot: string;
  logger: Logger;
  isShuttingDown: () => boolean;
  observer?: PlatformObserver;
}

/** The live-update stream and any other event stream: no timeout, never buffered. */
const wantsEventStream = (req: IncomingMessage) =>
  /^\/events(\/|\?|$)/.test(req.url ?? '') || /text\/event-stream/.test(req.headers.accept ?? '');

class PlatformTimeout extends Error {}

const SHUTDOWN_POLL_MS = 200;
const IDLE_SOCKET_MS = 4000;

export function createPlatformProxy({
  platform,
  apiRoot,
  logger,
  isShuttingDown,
  observer,
}: PlatformProxyOptions): RequestHandler {
  const secure = platform.url.startsWith('https:');
  // Connections kept open between requests: a new one per request would cost more than the
  // forwarding itself (the bench's budget is 1 ms added). One idle for 4 s is closed, before
  // the platform's own keep-alive timeout (Node's default is 5 s) can close it under a request.
  const agent = new (secure ? https.Agent : http.Agent)({
    keepAlive: true,
    scheduling: 'lifo',
    timeout: IDLE_SOCKET_MS,
  });
  /** Each request's latest attempt, and the requests already tried again. */
  const attempts = new WeakMap<IncomingMessage, ClientRequest>();
  const retried = new WeakSet<IncomingMessage>();
  const seconds = Math.round(platform.timeoutMs / 100) / 10;
  const log = logger.child({ component: 'upstream' });

  /** Open event streams and the platform's answers they copy, ended when shutdown begins. */
  const streams = new Map<ServerResponse, IncomingMessage>();
  let shutdownWatch: NodeJS.Timeout | undefined;
  const watchShutdown = () => {
    shutdownWatch ??= setInterval(() => {
      if (!isShuttingDown()) return;
      for (const [res, proxyRes] of streams) {
        proxyRes.unpipe(res);
        proxyRes.destroy();
        res.end();
      }
    }, SHUTDOWN_POLL_MS).unref();
  };

  const fail = (error: Error, req: IncomingMessage, res: ServerResponse | Socket) => {
    const timedOut = error instanceof PlatformTimeout;
    const reason = timedOut ? `no answer within ${seconds} s` : reasonOf(error);
    observer?.noteFailure(reason);
    log.warn({ url: req.url, reason }, 'the platform did not answer');
    if (!('writeHead' in res)) return void res.destroy();
    if (res.headersSent) return void res.destroy();
    const status = timedOut ? 504 : 502;
    const message = timedOut
      ? `The platform at ${platform.host} did not answer within ${seconds} s`
      : `The platform at ${platform.host} did not answer: ${reason}`;
    const body = JSON.stringify(apiError(`HTTP${status}`, message));
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
    });
    res.end(body);
  };

  const proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
    target: platform.url,
    changeOrigin: true,
    agent,
    // The default plugins log to the console and answer errors as text: ours do both.
    ejectPlugins: true,
    plugins: [
      (server) => {
        server.on('proxyReq', (proxyReq, req, res) => {
          attempts.set(req, proxyReq);
          if (!wantsEventStream(req))
            proxyReq.setTimeout(platform.timeoutMs, () => proxyReq.destroy(new PlatformTimeout()));
          // A caller that leaves ends the platform's request too (an event stream's above all).
          res.once('close', () => {
            if (!res.writableFinished) proxyReq.destroy();
          });
        });
        server.on('proxyRes', (proxyRes, req, res) => {
          observer?.noteAnswer();
          for (const name of Object.keys(proxyRes.headers))
            if (PLATFORM_ONLY.has(name)) delete proxyRes.headers[name];
          if (/text\/event-stream/.test(proxyRes.headers['content-type'] ?? '')) {
            // no-transform keeps the compression middleware from holding events in zlib's buffer.
            const cacheControl = proxyRes.headers['cache-control'];
            if (!/no-transform/.test(cacheControl ?? ''))
              proxyRes.headers['cache-control'] = cacheControl
                ? `${cacheControl}, no-transform`
                : 'no-store, no-transform';
            proxyRes.headers['x-accel-buffering'] = 'no';
            // A stream read with no timeout once it flows; it ends with the console's shutdown.
            proxyRes.socket?.setTimeout(0);
            streams.set(res, proxyRes);
            watchShutdown();
            res.once('close', () => streams.delete(res));
          }
          // The platform went away mid-answer: end the browser's too, so it retries.
          proxyRes.once('close', () => {
            if (!proxyRes.complete && !res.writableEnded) res.destroy();
          });
        });
        server.on('error', (error, req, res) => {
          // A kept-alive connection the platform closed as it was reused: a read goes again on a
          // new one (Node's advice; a body already sent cannot be sent again).
          const again =
            attempts.get(req)?.reusedSocket &&
            (error as NodeJS.ErrnoException).code === 'ECONNRESET' &&
            (req.method === 'GET' || req.method === 'HEAD') &&
            !retried.has(req) &&
            'writeHead' in res &&
            !res.headersSent;
          if (!again) return fail(error, req, res);
          retried.add(req);
          void proxy(req, res, (next?: unknown) => next && fail(next as Error, req, res));
        });
      },
    ],
  });

  return (req: Request, res, next) => {
    const user = req.user!;
    req.url = req.originalUrl.slice(apiRoot.length);
    const own = ownToken(req);
    req.headers = own
      ? platformRequestHeaders(req.headers, undefined, { token: own, requestId: req.id })
      : platformRequestHeaders(req.headers, user, { token: platform.token, requestId: req.id });
    void proxy(req, res, next);
  };
}
