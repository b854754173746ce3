import express from 'express';
import { pino } from 'pino';
import type { Role } from '../../access/roles.js';
import { errorHandler } from '../../http/errors.js';
import { listen, signedInAs } from '../../http/test-app.js';
import type { Db } from '../db/db.js';
import { createHealthRouter, type CheckRunner } from './router.js';

/**
 * The /api/canary routes' refusals, with a stand-in database and runner: who may run checks, and
 * what is answered when there is no check or no runner. (The figures are tested against a real
 * database in tests/integration/health-api.test.ts.)
 */

const CHECK = '0c0c0c0c-0000-4000-8000-000000000001';
let disabled: string[] = [];
const ran: string[] = [];

/** Knows one live check; answers any other query with no rows. */
const db = {
  kind: 'pglite',
  query: async (_text: string, params?: readonly unknown[]) => {
    const rows = params?.[0] === CHECK ? [{ '?column?': 1 }] : [];
    return { rows, rowCount: rows.length };
  },
} as unknown as Db;

const runner: CheckRunner = {
  runNow: async (id) => {
    ran.push(id);
    return undefined;
  },
};

async function serve(withRunner: boolean): Promise<{ url: string; close: () => void }> {
  const app = express();
  app.use(express.json());
  app.use(signedInAs((req) => String(req.headers['x-roles'] ?? '').split(',') as Role[]));
  const flags = async () => disabled as never[];
  app.use('/canary', createHealthRouter({ db, flags, ...(withRunner ? { runner } : {}) }));
  app.use(errorHandler(pino({ level: 'silent' })));
  return listen(app);
}

let withRunner: Awaited<ReturnType<typeof serve>>;
let withoutRunner: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  withRunner = await serve(true);
  withoutRunner = await serve(false);
});
afterAll(() => {
  withRunner.close();
  withoutRunner.close();
});
afterEach(() => {
  disabled = [];
  ran.length = 0;
});

async function call(base: string, path: string, roles: string, init: RequestInit = {}) {
  const response = await fetch(`${base}/canary/${path}`, {
    ...init,
    headers: { 'x-roles': roles, 'Content-Type': 'application/json' },
  });
  return { status: response.status, message: ((await response.json()) as { message?: string }).message };
}

describe('POST run/check/{id}', () => {
  it.each(['viewer', ''])('refuses the roles %j without running anything', async (roles) => {
    expect(await call(withRunner.url, `run/check/${CHECK}`, roles, { method: 'POST' })).toEqual({
      status: 403,
      message: 'You may not run checks',
    });
    expect(ran).toEqual([]);
  });

  it('answers 503 when no check runner runs in this process', async () => {
    expect(await call(withoutRunner.url, `run/check/${CHECK}`, 'editor', { method: 'POST' })).toEqual({
      status: 503,
      message: 'The check runner is not running',
    });
  });

  it('answers 404 for a check that is unknown, or that the runner no longer finds', async () => {
    const unknown = '0c0c0c0c-0000-4000-8000-000000000999';
    expect(await call(withRunner.url, `run/check/${unknown}`, 'admin', { method: 'POST' })).toMatchObject({
      status: 404,
      message: 'Check not found',
    });
    expect(ran).toEqual([]);
    expect(await call(withRunner.url, `run/check/${CHECK}`, 'responder', { method: 'POST' })).toMatchObject({
      status: 404,
    });
    expect(ran).toEqual([CHECK]);
  });

  it('is refused with the feature off, before anything else', async () => {
    disabled = ['health'];
    expect(await call(withRunner.url, `run/check/${CHECK}`, 'admin', { method: 'POST' })).toEqual({
      status: 403,
      message: 'Health is disabled',
    });
  });
});

describe('the Canary spec', () => {
  it('has no validator or schema here: /api/specs/canaries serves them', async () => {
    const validate = await fetch(`${withRunner.url}/canary/validate`, {
      method: 'POST',
      headers: { 'x-roles': 'viewer', 'Content-Type': 'application/json' },
      body: JSON.stringify({ yaml: '' }),
    });
    expect(validate.status).toBe(404);
    const schema = await fetch(`${withRunner.url}/canary/schema`, { headers: { 'x-roles': 'viewer' } });
    expect(schema.status).toBe(404);
  });
});
