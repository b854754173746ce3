import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { availableBackends } from '../support/databases.js';
import { eventually } from '../support/health-data.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { writeBuildShape } from '../support/web-fixture.js';

describe.each(availableBackends())('service basics on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'demo' });
  });
  afterAll(() => server.stop());

  it('answers /healthz and /readyz', async () => {
    const health = await fetch(server.at('healthz'));
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(server.at('readyz'));
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', database: backend, kubernetes: 'not configured' });
  });

  it('exposes request durations by route and the database pool on /metrics', async () => {
    await server.fetch('api/db/checks?limit=1');
    const text = await (await fetch(server.at('metrics'))).text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/db[^"]*",status="200"\} \d+/,
    );
    expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
  });

  it('sets security headers, a request id and no-store on API answers', async () => {
    const response = await server.fetch('api/db/checks?limit=1');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await fetch(server.at('healthz'), { headers: { 'X-Request-Id': 'trace-42' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-42');
  });

  it('refuses an oversized body with a clear 413', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    const response = await server.fetch('api/db/teams', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: big,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      code: 'PGRST102',
      message: 'The request body is too large',
      details: 'The limit is 1 MB',
    });
  });

  it('answers malformed JSON with 400 and unknown API paths with a JSON 404', async () => {
    const bad = await server.fetch('api/db/teams', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name": ',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
    const missing = await server.fetch('api/nowhere');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'HTTP404' });
  });

  it('purges expired sessions as a background task that leaves a job history', async () => {
    const job = await eventually(async () => {
      const { rows } = await server.db.query<{ status: string; details: { purged: number } }>(
        `select status, details from job_histories where name = 'SessionPurge'`,
      );
      expect(rows).toHaveLength(1);
      return rows[0]!;
    });
    expect(job).toEqual({ status: 'SUCCESS', details: { purged: expect.any(Number) } });
  });

  it.each(['api/db/checks?limit=200', 'api/canary/api/summary', 'metrics'])(
    'compresses text answers when asked: %s',
    async (path) => {
      const response = await server.fetch(path, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(response.status).toBe(200);
      // fetch decompresses transparently; the header tells what travelled.
      expect(response.headers.get('content-encoding')).toBe('gzip');
    },
  );
});

describe('the UI under a base path', () => {
  let server: TestServer;
  let parent: string;
  beforeAll(async () => {
    // A build's shape, not a build: what is served is the server's to get right; the build
    // itself is tested in web-build.test.ts.
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'));
    const webDir = path.join(parent, 'web');
    writeBuildShape(webDir);
    server = await startTestServer({ template: 'empty', env: { BASE_PATH: '/console/' }, webDir });
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('serves index.html with the base href for client routes, never cached', async () => {
    const response = await fetch(server.at('catalog/some-id/changes'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<base href="/console/" />');
    const script = /src="(assets\/main-[^"]+\.js)"/.exec(html)![1]!;
    const asset = await fetch(server.at(script));
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves index.html for a client route whose last segment holds a dot', async () => {
    const response = await fetch(server.at('settings/properties/topology.disable'));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<base href="/console/" />');
  });

  it('keeps the API and probes under the base path, and probes at the root too', async () => {
    expect((await server.fetch('api/db/checks?limit=1')).status).toBe(200);
    expect((await fetch(new URL('/healthz', server.url))).status).toBe(200);
    expect((await fetch(new URL('/api/db/checks', server.url))).status).toBe(404);
  });

  it('answers 404 for a missing asset rather than the page', async () => {
    expect((await fetch(server.at('assets/missing-123.js'))).status).toBe(404);
  });
});
