import express from 'express';
import { pino } from 'pino';
import type { Feature } from '../../access/features.js';
import { permissionsFor } from '../../access/roles.js';
import { errorHandler } from '../../http/errors.js';
import { listen } from '../../http/test-app.js';
import type { Db } from '../db/db.js';
import { createCatalogRouter } from './router.js';

/**
 * Who the catalog calls answer, on a stand-in database: a person who may not read the catalog's
 * resource and anyone while the catalog is off are refused before any query runs.
 */

let queries = 0;
const db = {
  kind: 'pglite',
  query: async () => {
    queries++;
    return { rows: [], rowCount: 0 };
  },
} as unknown as Db;
let disabled: Feature[] = [];
let mayRead = true;
let server: { url: string; close: () => void };

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  app.use((req, _res, next) => {
    const permissions = permissionsFor(['viewer']);
    permissions.database = { read: mayRead, write: false };
    req.user = {
      id: 'p',
      name: 'P',
      email: null,
      avatar: null,
      roles: ['viewer'],
      permissions,
      via: 'token',
    };
    next();
  });
  app.use('/catalog', createCatalogRouter({ db, flags: async () => disabled }));
  app.use(errorHandler(pino({ level: 'silent' })));
  server = await listen(app);
});
afterAll(() => server?.close());
beforeEach(() => {
  queries = 0;
  disabled = [];
  mayRead = true;
});

const post = (path: string, body: unknown = {}) =>
  fetch(`${server.url}/catalog${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

it.each(['/summary', '/changes'])('answers %s to a reader of the catalog', async (path) => {
  expect((await post(path)).status).toBe(200);
  expect(queries).toBeGreaterThan(0);
});

it.each(['/summary', '/changes'])(
  'refuses %s with 403 to a person who may not read the catalog',
  async (path) => {
    mayRead = false;
    const response = await post(path);
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe('You may not read database');
    expect(queries).toBe(0);
  },
);

it('refuses with 403 while the catalog is off', async () => {
  disabled = ['config'];
  const response = await post('/changes');
  expect(response.status).toBe(403);
  expect(((await response.json()) as { message: string }).message).toBe('Catalog is disabled');
});

it('answers 422 with the reason before reading anything', async () => {
  const response = await post('/changes', { page_size: 1001 });
  expect(response.status).toBe(422);
  expect(((await response.json()) as { message: string }).message).toBe('page_size must be at most 1000');
  expect(queries).toBe(0);
});
