/**
 * The runner reads what a playbook refers to in the cluster (the Kubernetes API test server):
 * `spec.env` and action fields with `valueFrom.secretKeyRef` / `configMapKeyRef`, and a stored
 * connection whose password is `secret://name/key`; the executor gets the values, and the stored
 * result and error never show the secret ones.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import {
  createKubeConnection,
  loadKubeClient,
  type ManagedKubeConnection,
} from '../../server/src/kube/index.js';
import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import { ActionFailure, type ActionExecutor } from '../../server/src/platform/playbooks/actions/types.js';
import {
  actionsOf,
  queueRun,
  runReaches,
  startReplica,
  type Replica,
} from '../../server/src/platform/playbooks/runner/test-support.js';
import { freshDatabase } from '../support/databases.js';
import { startKubeApiServer, type KubeApiServer, type KubeObject } from '../support/kube-api/index.js';

const SECRET = 'correct-horse-battery-staple';
const DB_PASSWORD = 'pg-password-from-a-secret';
const b64 = (text: string) => Buffer.from(text).toString('base64');

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
let kube: KubeApiServer;
let connection: ManagedKubeConnection;
let dir: string;
let replica: Replica | undefined;

beforeAll(async () => {
  await loadKubeClient();
  database = await freshDatabase('pglite', 'empty');
  db = await openDatabase({ dataDir: database.dataDir });
  kube = await startKubeApiServer();
  dir = mkdtempSync(path.join(os.tmpdir(), 'playbook-secrets-'));
  const file = kube.writeKubeconfig(dir, { namespace: 'ops' });
  connection = createKubeConnection(
    {
      credentials: { from: 'kubeconfig', path: file },
      namespaces: [],
      writeAs: 'serviceaccount',
      statusIntervalMs: 30_000,
    },
    pino({ level: 'silent' }),
  );
  kube.put({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ops' } } as KubeObject);
  kube.put({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'api', namespace: 'ops' },
    data: { token: b64(SECRET), db: b64(DB_PASSWORD) },
  } as unknown as KubeObject);
  kube.put({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'settings', namespace: 'ops' },
    data: { region: 'eu-west-1' },
  } as unknown as KubeObject);
  await db.query(
    `insert into connections (name, namespace, type, url, username, password)
     values ('orders-db', 'ops', 'postgres', 'postgres://127.0.0.1:5432/orders', 'app', 'secret://api/db')`,
  );
});

afterAll(async () => {
  await replica?.stop();
  connection.stop();
  await kube.close();
  await db.close();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

it('hands the executor the values read from secrets, config maps and connections, and keeps the secret ones out of the stored run', async () => {
  const seen: { body: Record<string, unknown>; env: Record<string, string>; password?: string }[] = [];
  const leaky: ActionExecutor = async (body, ctx) => {
    const conn = await ctx.connection('connection://ops/orders-db');
    seen.push({ body, env: ctx.env, password: conn?.password });
    throw new ActionFailure(
      `login as ${conn?.username}:${conn?.password} with ${String(ctx.env.TOKEN)} refused`,
      {
        stdout: `token=${ctx.env.TOKEN} header=${JSON.stringify(body.env)}`,
      },
    );
  };
  replica = startReplica(db, { exec: leaky }, { kube: connection });
  const { rows } = await db.query<{ id: string }>(
    `insert into playbooks (name, namespace, spec) values ('secrets', 'ops', $1) returning id`,
    [
      JSON.stringify({
        env: [
          { name: 'TOKEN', valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } },
          { name: 'REGION', valueFrom: { configMapKeyRef: { name: 'settings', key: 'region' } } },
        ],
        actions: [
          {
            name: 'login',
            exec: {
              script: 'echo {{.env.REGION}}',
              env: [
                { name: 'API_TOKEN', valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } },
                {
                  name: 'GIVEN',
                  value: 'plain',
                  valueFrom: { secretKeyRef: { name: 'api', key: 'missing' } },
                },
              ],
            },
          },
        ],
      }),
    ],
  );
  const id = await queueRun(db, rows[0]!.id);
  replica.work.wake();
  await runReaches(db, id, 'failed');
  expect(seen).toHaveLength(1);
  expect(seen[0]!.env).toEqual({ TOKEN: SECRET, REGION: 'eu-west-1' });
  expect(seen[0]!.body).toEqual({
    script: 'echo eu-west-1',
    env: [
      { name: 'API_TOKEN', value: SECRET },
      { name: 'GIVEN', value: 'plain' },
    ],
  });
  expect(seen[0]!.password).toBe(DB_PASSWORD);
  const [action] = await actionsOf(db, id);
  expect(action!.error).toBe('login as app:*** with *** refused');
  expect(JSON.stringify(action!.result)).not.toContain(SECRET);
  expect(action!.result).toEqual({
    stdout: 'token=*** header=[{"name":"API_TOKEN","value":"***"},{"name":"GIVEN","value":"plain"}]',
  });
});
