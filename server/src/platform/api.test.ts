import express, { Router } from 'express';
import { pino } from 'pino';
import { errorHandler } from '../http/errors.js';
import { listen, signedInAs } from '../http/test-app.js';
import { createPlatformApi, platformBodyErrors, platformWriteRules } from './api.js';
import type { Db } from './db/db.js';
import type { DbSchema } from './rest/schema.js';
import { sharedReads } from './rest/shared-reads.js';

/**
 * The platform group on its own, as app.ts mounts it below /api: it answers the platform's paths
 * and passes every other path on, so the console's own routes are not in it. A stand-in database
 * answers no rows; the schema has no relations.
 */

const db = {
  kind: 'pglite',
  query: async () => ({ rows: [], rowCount: 0 }),
} as unknown as Db;
const schema: DbSchema = { relations: new Map(), foreignKeys: [], functions: new Map() };
const people = Router().get('/users', (_req, res) => void res.json({ from: 'people' }));

let server: { url: string; close: () => void };
beforeAll(async () => {
  const app = express();
  app.use(express.json());
  app.use(signedInAs(() => ['viewer']));
  app.use(
    createPlatformApi({
      db,
      schema,
      maxRows: 10,
      flags: async () => [],
      people,
      logger: pino({ level: 'silent' }),
      eventsHeartbeatMs: 15_000,
      isShuttingDown: () => false,
      sharedReads: sharedReads(),
    }),
    platformBodyErrors,
  );
  app.use((req, res) => void res.status(418).json({ passedOn: req.path }));
  app.use(errorHandler(pino({ level: 'silent' })));
  server = await listen(app);
});
afterAll(() => server.close());

const call = async (method: string, path: string, body?: string) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('the platform API group', () => {
  it('answers the platform paths: /db, /canary and /people', async () => {
    expect(await call('GET', '/db/no_such_table')).toMatchObject({ status: 404, body: { code: 'PGRST205' } });
    expect(await call('POST', '/canary/run/check/0c0c0c0c-0000-4000-8000-000000000001')).toMatchObject({
      status: 403,
      body: { message: 'You may not run checks' },
    });
    expect(await call('GET', '/people/users')).toEqual({ status: 200, body: { from: 'people' } });
  });

  it.each([
    '/specs/canaries/schema',
    '/kube/status',
    '/kubeconfig',
    '/kubeproxy/api/v1/namespaces',
    '/auth/whoami',
    '/about',
  ])('passes %s on: the console answers it, not the group', async (path) => {
    expect(await call('GET', path)).toEqual({ status: 418, body: { passedOn: path } });
  });

  it("answers a malformed body on /db as PostgREST does, and leaves other paths' to the app", async () => {
    expect(await call('POST', '/db/teams', '{bad')).toMatchObject({
      status: 400,
      body: { code: 'PGRST102' },
    });
    expect((await call('POST', '/specs/canaries/validate', '{bad')).body).not.toHaveProperty(
      'code',
      'PGRST102',
    );
  });

  it('runs the spec rules and the GitOps rules on the kinds', () => {
    for (const relation of ['canaries', 'topologies', 'config_scrapers', 'playbooks']) {
      expect(platformWriteRules[relation]?.validate).toBeDefined();
      expect(platformWriteRules[relation]?.guard).toBeDefined();
    }
    expect(platformWriteRules.canary_names?.validate).toBeUndefined();
    expect(platformWriteRules.canary_names?.guard).toBeDefined();
  });
});
