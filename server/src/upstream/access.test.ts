import http from 'node:http';
import express from 'express';
import type { Grant } from '../access/grants.js';
import type { Feature } from '../access/features.js';
import { permissionsFor, type Role } from '../access/roles.js';
import { errorHandler } from '../http/errors.js';
import { createLogger } from '../http/logging.js';
import { listen } from '../http/test-app.js';
import type { Db } from '../platform/db/db.js';
import { openTestDatabase } from '../platform/db/test-database.js';
import { loadSchema, type DbSchema } from '../platform/rest/schema.js';
import { createPlatformAccess, UNSAFE_PATH } from './access.js';

/**
 * The console's decision before a request leaves for the platform: the embedded routers' guards,
 * route by route, and the embedded /api/db's authorizer over the console's own schema.
 */

let db: Db;
let schema: DbSchema;
let server: { url: string; close: () => void };
let disabled: Feature[] = [];
const forwarded: string[] = [];

/** The caller: `x-role` header (default viewer), grants as JSON in `x-grants`. */
function app() {
  const routes = express();
  routes.use((req, _res, next) => {
    const roles = [(req.get('x-role') ?? 'viewer') as Role];
    const grants = JSON.parse(req.get('x-grants') ?? '[]') as Grant[];
    req.user = {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Pat',
      email: 'pat@example.com',
      avatar: null,
      roles,
      permissions: permissionsFor(roles),
      grants,
      via: 'token',
    };
    next();
  });
  routes.use(
    '/api',
    createPlatformAccess({
      schema,
      flags: async () => disabled,
      forward: (req, res) => {
        forwarded.push(`${req.method} ${req.originalUrl}`);
        res.json({ forwarded: true });
      },
    }),
  );
  routes.use(errorHandler(createLogger('silent')));
  return routes;
}

beforeAll(async () => {
  db = await openTestDatabase('empty');
  schema = await loadSchema(db);
  server = await listen(app());
});
afterAll(async () => {
  server?.close();
  await db?.close();
});
beforeEach(() => {
  forwarded.length = 0;
  disabled = [];
});

/** A request with its path as written: node:http, as fetch() resolves dot segments itself. */
function call(method: string, path: string, role: Role = 'viewer', grants: Grant[] = []) {
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const { hostname, port } = new URL(server.url);
    const request = http.request(
      {
        hostname,
        port,
        path: `/api${path}`,
        method,
        headers: { 'x-role': role, 'x-grants': JSON.stringify(grants) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode!, body: JSON.parse(text) as Record<string, unknown> }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('the /api/db guard in upstream mode', () => {
  it('lets reads through on read and writes on write of the relation’s resource', async () => {
    expect((await call('GET', '/db/checks?select=id,name&limit=5')).status).toBe(200);
    expect(forwarded).toEqual(['GET /api/db/checks?select=id,name&limit=5']);
    expect((await call('PATCH', '/db/checks?id=eq.x', 'editor')).status).toBe(200);
  });

  it('refuses a viewer’s write, PostgREST-shaped, before anything is forwarded', async () => {
    const { status, body } = await call('POST', '/db/incidents');
    expect(status).toBe(403);
    expect(body).toEqual({
      code: '42501',
      message: 'You may not change incident',
      details: null,
      hint: null,
    });
    expect(forwarded).toEqual([]);
  });

  it('checks what a read embeds, and what views read, as the embedded /api/db does', async () => {
    // people: identities, which responders may not read; the public columns of an embed they may.
    expect((await call('GET', '/db/people', 'responder')).status).toBe(403);
    expect(
      (await call('GET', '/db/incidents?select=id,commander:commander_id(id,name)', 'responder')).status,
    ).toBe(200);
    const { status, body } = await call(
      'GET',
      '/db/incidents?select=id,commander:commander_id(email)',
      'responder',
    );
    expect(status).toBe(403);
    expect(body.message).toBe('You may not read identities');
  });

  it('answers a malformed query as the platform would, without forwarding it', async () => {
    const { status, body } = await call('GET', '/db/checks?select=id,(');
    expect(status).toBe(400);
    expect(body.code).toBe('PGRST100');
    expect((await call('GET', '/db/checks/extra')).status).toBe(404);
    expect(forwarded).toEqual([]);
  });

  it('lets only who may do everything reach a relation or function it does not know', async () => {
    expect((await call('GET', '/db/platform_only_table')).status).toBe(403);
    expect((await call('GET', '/db/platform_only_table', 'admin')).status).toBe(200);
    expect((await call('POST', '/db/rpc/platform_only_function', 'editor')).status).toBe(403);
    expect((await call('POST', '/db/rpc/platform_only_function', 'admin')).status).toBe(200);
  });

  it('refuses a relation of a feature that is off', async () => {
    disabled = ['incidents'];
    const { status, body } = await call('GET', '/db/incidents', 'admin');
    expect(status).toBe(403);
    expect(body.message).toBe('Incidents is disabled');
  });
});

describe('the other areas in upstream mode', () => {
  it('guards each route as its embedded router does', async () => {
    expect((await call('GET', '/canary/api/summary?duration=1h')).status).toBe(200);
    expect((await call('POST', '/canary/run/check/c1')).status).toBe(403);
    expect((await call('POST', '/canary/run/check/c1', 'responder')).status).toBe(200);
    expect((await call('POST', '/incidents', 'viewer')).status).toBe(403);
    expect((await call('POST', '/incidents', 'responder')).status).toBe(200);
    expect((await call('POST', '/notification/silence', 'viewer')).status).toBe(403);
    expect((await call('POST', '/integrations/apply', 'viewer')).status).toBe(403);
    expect((await call('POST', '/integrations/apply', 'admin')).status).toBe(200);
    expect((await call('GET', '/events')).status).toBe(200);
    expect((await call('POST', '/resources/search')).status).toBe(200);
  });

  it('refuses a feature that is off before the platform is asked', async () => {
    disabled = ['health'];
    const { status, body } = await call('GET', '/canary/api/summary', 'admin');
    expect(status).toBe(403);
    expect(body.message).toBe('Health is disabled');
  });

  it('lets a playbook run through on a grant of one playbook, leaving which to the platform', async () => {
    const grant: Grant = { action: 'playbook:run', kind: 'playbook', id: 'pb-1', deny: false };
    expect((await call('POST', '/playbook/run', 'viewer')).status).toBe(403);
    expect((await call('POST', '/playbook/run', 'viewer', [grant])).status).toBe(200);
    const denyAll: Grant = { action: 'playbook:run', kind: 'object', id: 'playbooks', deny: true };
    expect((await call('POST', '/playbook/run', 'viewer', [grant, denyAll])).status).toBe(403);
  });

  it('refuses, with 403, any path it has no rule for, whatever the role', async () => {
    const { status, body } = await call('DELETE', '/canary/api/summary', 'admin');
    expect(status).toBe(403);
    expect(body.message).toBe('The console does not forward DELETE /api/canary/api/summary to the platform');
    expect((await call('GET', '/playbook/secret-admin-thing', 'admin')).status).toBe(403);
    expect(forwarded).toEqual([]);
  });

  it('refuses a path a platform could route elsewhere: dot segments, encoded slashes, another case', async () => {
    for (const path of [
      '/incidents/..%2F..%2Fplaybook%2Frun/evidence',
      '/connection/test/%2e%2e',
      '/canary/run/../../incidents',
      '/db/checks%5Cx',
      '/canary/run/check/a%2Fb',
    ]) {
      const { status, body } = await call('POST', path, 'admin');
      expect({ path, status, message: body.message }).toEqual({ path, status: 400, message: UNSAFE_PATH });
    }
    expect((await call('GET', '/canary/API/summary', 'admin')).status).toBe(403);
    expect(forwarded).toEqual([]);
  });

  it('reads /api/agent and /api/rbac on read of their resource, and writes on write', async () => {
    expect((await call('GET', '/agent/list', 'viewer')).status).toBe(200);
    expect((await call('POST', '/agent/generate', 'viewer')).status).toBe(403);
    expect((await call('POST', '/agent/generate', 'admin')).status).toBe(200);
    expect((await call('GET', '/rbac/roles', 'responder')).status).toBe(403);
    expect((await call('POST', '/rbac/roles', 'admin')).status).toBe(200);
  });
});
