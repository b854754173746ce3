import express from 'express';
import { pino } from 'pino';
import { permissionsFor, type Role } from '../../access/roles.js';
import type { Feature } from '../../access/features.js';
import { errorHandler } from '../../http/errors.js';
import { listen } from '../../http/test-app.js';
import type { Db } from '../db/db.js';
import { openTestDatabase } from '../db/test-database.js';
import { createPlaybooksRouter, createPlaybookWebhookRouter } from './index.js';

/**
 * The routers on PGlite, as app.ts mounts them: the runner is woken once per queued run (a run,
 * an approval that schedules one, a webhook), and nothing answers while playbooks are off.
 */

let db: Db;
let server: { url: string; close: () => void };
let woken = 0;
let disabled: Feature[] = [];
let personId: string;
let plain: string;
let gated: string;

beforeAll(async () => {
  db = await openTestDatabase('empty');
  personId = (
    await db.query<{ id: string }>(
      `insert into people (name, email, roles) values ('Ed', 'ed@example.com', '{editor}') returning id`,
    )
  ).rows[0]!.id;
  const insert = async (name: string, spec: unknown) =>
    (
      await db.query<{ id: string }>(
        `insert into playbooks (name, spec) values ($1, $2::jsonb) returning id`,
        [name, JSON.stringify(spec)],
      )
    ).rows[0]!.id;
  plain = await insert('plain', {
    on: { webhook: { path: 'plain' } },
    actions: [{ name: 'a', exec: { script: 'true' } }],
  });
  gated = await insert('gated', { approval: { approvers: { people: ['ed@example.com'] } }, actions: [] });
  const app = express();
  const flags = async () => disabled;
  const onRunQueued = () => void woken++;
  app.use('/playbook/webhook', createPlaybookWebhookRouter({ db, flags, onRunQueued }));
  app.use(express.json());
  app.use((req, _res, next) => {
    const roles: Role[] = ['editor'];
    req.user = {
      id: personId,
      name: 'Ed',
      email: 'ed@example.com',
      avatar: null,
      roles,
      permissions: permissionsFor(roles),
      via: 'token',
    };
    next();
  });
  app.use('/playbook', createPlaybooksRouter({ db, flags, onRunQueued }));
  app.use(errorHandler(pino({ level: 'silent' })));
  server = await listen(app);
});
afterAll(async () => {
  server?.close();
  await db?.close();
});
beforeEach(() => {
  woken = 0;
  disabled = [];
});

const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the playbook routers', () => {
  it('wake the runner once a run is queued', async () => {
    const response = await post('/playbook/run', { id: plain });
    expect(response.status).toBe(201);
    expect(woken).toBe(1);
  });

  it('wake it when an approval schedules a run, not when the run only waits', async () => {
    const run = (await (await post('/playbook/run', { id: gated })).json()) as { run_id: string };
    expect(woken).toBe(1);
    const approved = await post(`/playbook/run/approve/${run.run_id}`, {});
    expect(await approved.json()).toEqual({ message: 'playbook run approved', status: 'scheduled' });
    expect(woken).toBe(2);
  });

  it('wake it after a webhook run', async () => {
    expect((await post('/playbook/webhook/plain', {})).status).toBe(201);
    expect(woken).toBe(1);
  });

  it('answer nothing while playbooks are off', async () => {
    disabled = ['playbooks'];
    for (const path of ['/playbook/run', '/playbook/webhook/plain']) {
      const response = await post(path, { id: plain });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toBe('Playbooks is disabled');
    }
    expect(woken).toBe(0);
  });
});
