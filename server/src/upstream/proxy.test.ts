import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createLogger } from '../http/logging.js';
import { listen, signedInAs } from '../http/test-app.js';
import { createPlatformHealth } from './health.js';
import { createPlatformProxy, platformRequestHeaders } from './proxy.js';

/**
 * The forwarding, against a stand-in platform that answers what it was sent: the path and query
 * below /api, the body as it came, the browser's credentials off and the console's on.
 */

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let platform: http.Server;
let platformUrl: string;
let front: { url: string; close: () => void };
let shuttingDown = false;
const held: ServerResponse[] = [];

/** Sockets the stand-in has answered on: a second request on one of them meets a closed connection. */
const answered = new WeakSet<object>();

function standIn(req: IncomingMessage, res: ServerResponse) {
  if (req.url?.startsWith('/api/closes-kept-alive')) {
    if (answered.has(req.socket)) return void req.socket.destroy();
    answered.add(req.socket);
  }
  if (req.url === '/api/slow') {
    held.push(res);
    return;
  }
  if (req.url === '/api/events') {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
    res.write('retry: 1000\n\n');
    let n = 0;
    const timer = setInterval(() => res.write(`event: tick\ndata: ${++n}\n\n`), 20);
    res.once('close', () => clearInterval(timer));
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const seen: Seen = {
      method: req.method!,
      url: req.url!,
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    };
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Set-Cookie': 'platform_session=abc; Path=/',
      'Content-Range': '0-0/1',
    });
    res.end(JSON.stringify(seen));
  });
}

const settings = (url: string, timeoutMs = 5000) => ({
  url: `${url}/api`,
  host: new URL(url).host,
  token: 'platform-token',
  timeoutMs,
  forwardOidcToken: false,
});

function frontFor(url: string, timeoutMs?: number) {
  const app = express();
  app.use((req, _res, next) => {
    req.id = 'request-1';
    next();
  });
  app.use(signedInAs(() => ['editor']));
  const health = createPlatformHealth(settings(url));
  app.use(
    '/console/api',
    createPlatformProxy({
      platform: settings(url, timeoutMs),
      apiRoot: '/console/api',
      logger: createLogger('silent'),
      isShuttingDown: () => shuttingDown,
      observer: health,
    }),
  );
  return { app, health };
}

beforeAll(async () => {
  platform = http.createServer(standIn);
  await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
  platformUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
  front = await listen(frontFor(platformUrl, 300).app);
});
afterAll(() => {
  for (const res of held) res.destroy();
  front?.close();
  platform?.closeAllConnections();
  platform?.close();
});

function getWith(url: string, headers: Record<string, string>): Promise<Seen> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(JSON.parse(text) as Seen));
      })
      .on('error', reject);
  });
}

describe('the platform proxy', () => {
  it('sends /api/<area>/... to PLATFORM_URL/<area>/... with the query and the body as they came', async () => {
    const body = JSON.stringify({ title: 'Disk full', severity: 'high' });
    const response = await fetch(`${front.url}/console/api/db/incidents?select=id,title&order=id.desc`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body,
    });
    expect(response.status).toBe(200);
    const seen = (await response.json()) as Seen;
    expect(seen).toMatchObject({
      method: 'POST',
      url: '/api/db/incidents?select=id,title&order=id.desc',
      body,
    });
    expect(seen.headers).toMatchObject({
      prefer: 'return=representation',
      'content-type': 'application/json',
    });
    // The platform's answer headers come back, but never its cookies.
    expect(response.headers.get('content-range')).toBe('0-0/1');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('takes off the browser’s credentials and forged identities, and puts on the console’s', async () => {
    // node:http, as fetch() refuses to send a Connection header.
    const { headers } = await getWith(`${front.url}/console/api/canary/api/summary`, {
      Cookie: 'ops_console_session=s3cret; csrf_token=t',
      'X-CSRF-Token': 't',
      Authorization: 'Bearer ocp_the_persons_own_token',
      'X-Forwarded-User': 'admin@example.com',
      'X-Forwarded-Name': 'Admin',
      'X-Forwarded-For': '10.0.0.1',
      'Proxy-Authorization': 'Basic eA==',
      Connection: 'keep-alive, X-Secret-Hop',
      'X-Secret-Hop': 'hop',
      'Accept-Language': 'de',
    });
    expect(headers.cookie).toBeUndefined();
    expect(headers['x-csrf-token']).toBeUndefined();
    expect(headers['proxy-authorization']).toBeUndefined();
    expect(headers['x-forwarded-for']).toBeUndefined();
    expect(headers['x-secret-hop']).toBeUndefined();
    expect(headers.authorization).toBe('Bearer platform-token');
    expect(headers['x-forwarded-user']).toBe('p');
    expect(headers['x-forwarded-name']).toBe('P');
    expect(headers['x-request-id']).toBe('request-1');
    expect(headers['accept-language']).toBe('de');
    expect(headers.host).toBe(new URL(platformUrl).host);
  });

  it('names the person by email when they have one, encoding what a header cannot carry', () => {
    const headers = platformRequestHeaders(
      { accept: 'application/json', 'x-forwarded-user': 'forged' },
      { id: 'id-1', email: 'jose@example.com', name: 'José' },
      {},
    );
    expect(headers).toEqual({
      accept: 'application/json',
      'x-forwarded-user': 'jose@example.com',
      'x-forwarded-name': 'Jos%C3%A9',
    });
  });

  it('sends a read once more when the platform closed the kept-alive connection it reused', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${front.url}/console/api/closes-kept-alive?i=${i}`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as Seen).url).toBe(`/api/closes-kept-alive?i=${i}`);
    }
  });

  it('flushes an event stream as it comes, with no timeout', async () => {
    const controller = new AbortController();
    const response = await fetch(`${front.url}/console/api/events`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
    const reader = response.body!.getReader();
    let text = '';
    const ticks = () => text.match(/event: tick/g)?.length ?? 0;
    // The stand-in ticks every 20 ms: 30 ticks run past the 300 ms timeout of other requests.
    while (ticks() < 30) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    expect(text).toContain('retry: 1000');
    expect(text).toContain('event: tick\ndata: 30\n\n');
  });

  it('answers 504 on PLATFORM_TIMEOUT while the platform still holds the request', async () => {
    const before = held.length;
    const response = await fetch(`${front.url}/console/api/slow`);
    expect(response.status).toBe(504);
    // The front's timeout (300 ms here, not the 5 s default) is the one the answer names.
    expect(await response.json()).toEqual({
      code: 'HTTP504',
      message: `The platform at ${new URL(platformUrl).host} did not answer within 0.3 s`,
      details: null,
      hint: null,
    });
    // The platform had the request and never answered it: the 504 is the console's own.
    expect(held).toHaveLength(before + 1);
    expect(held.at(-1)!.headersSent).toBe(false);
  });

  it('answers 502 when nothing listens there, tells /readyz, and serves again once it does', async () => {
    const spare = http.createServer(standIn);
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const port = (spare.address() as AddressInfo).port;
    await new Promise((resolve) => spare.close(resolve));
    const url = `http://127.0.0.1:${port}`;
    const { app, health } = frontFor(url);
    const other = await listen(app);
    try {
      const response = await fetch(`${other.url}/console/api/db/checks`);
      expect(response.status).toBe(502);
      expect(((await response.json()) as { message: string }).message).toBe(
        `The platform at 127.0.0.1:${port} did not answer: connection refused`,
      );
      expect(await health.status()).toEqual({
        host: `127.0.0.1:${port}`,
        state: 'unreachable',
        reason: 'connection refused',
      });

      await new Promise<void>((resolve) => spare.listen(port, '127.0.0.1', resolve));
      expect((await fetch(`${other.url}/console/api/db/checks`)).status).toBe(200);
      // The answer made the state stale: the next reader probes again.
      await health.status();
      expect(await health.status()).toEqual({ host: `127.0.0.1:${port}`, state: 'ok' });
    } finally {
      other.close();
      spare.closeAllConnections();
      spare.close();
    }
  });

  it('ends open event streams when the console shuts down', async () => {
    const response = await fetch(`${front.url}/console/api/events`);
    const reader = response.body!.getReader();
    await reader.read();
    shuttingDown = true;
    try {
      // Read until the stream ends: a stream left open fails the test at its timeout.
      let read = await reader.read();
      while (!read.done) read = await reader.read();
      expect(read.done).toBe(true);
    } finally {
      shuttingDown = false;
    }
  });
});
