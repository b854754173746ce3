/**
 * The playbook action kinds that need real servers: sql on PostgreSQL and on MariaDB, and pod
 * against the Kubernetes API test server (which has no kubelet: the test plays it, writing the
 * pod's phase with `kube.put` and its log with `setPodLog`), with a `valueFrom` secret read
 * from that cluster.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import {
  createKubeConnection,
  loadKubeClient,
  type ManagedKubeConnection,
} from '../../server/src/kube/index.js';
import { ACTION_EXECUTORS } from '../../server/src/platform/playbooks/actions/index.js';
import { podName } from '../../server/src/platform/playbooks/actions/pod.js';
import { startMariaDb, type MariaDb } from '../support/check-servers/mariadb.js';
import { availableBackends, freshDatabase } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { startKubeApiServer, type KubeApiServer, type KubeObject } from '../support/kube-api/index.js';
import { skipOrFail } from '../support/required.js';
import {
  actionContext as context,
  actionFailure as failure,
} from '../../server/src/platform/playbooks/actions/test-support.js';

const sql = ACTION_EXECUTORS.sql!;
const pod = ACTION_EXECUTORS.pod!;
const httpAction = ACTION_EXECUTORS.http!;

describe('sql action on PostgreSQL', () => {
  const backends = availableBackends();
  const maybe = backends.includes('postgres') ? it : it.skip;
  if (!backends.includes('postgres'))
    skipOrFail('REQUIRE_POSTGRES', 'the sql action on PostgreSQL', 'no PostgreSQL server for the tests');

  maybe('runs a query by URL and through a connection, every value as text', async () => {
    const target = await freshDatabase('postgres', 'blank');
    try {
      const url = target.databaseUrl!;
      await sql(
        {
          driver: 'postgres',
          url,
          query: `create table orders (id int, total numeric, note text); insert into orders values (1, 9.5, 'first'), (2, 12, null)`,
        },
        context(),
      );
      const result = await sql(
        { driver: 'postgres', url, query: 'select id, total, note from orders order by id' },
        context(),
      );
      expect(result).toMatchObject({
        count: 2,
        rows: [
          { id: '1', total: '9.5', note: 'first' },
          { id: '2', total: '12', note: null },
        ],
      });
      const ctx = context({
        connection: (ref) =>
          Promise.resolve(
            ref === 'connection://default/orders'
              ? { name: 'orders', type: 'postgres', url, properties: {} }
              : undefined,
          ),
      });
      const viaConnection = await sql(
        {
          driver: 'postgres',
          connection: 'connection://default/orders',
          query: 'select count(*) as n from orders',
        },
        ctx,
      );
      expect(viaConnection.rows).toEqual([{ n: '2' }]);
      const error = await failure(
        sql({ driver: 'postgres', url, query: 'select * from nowhere' }, context()),
      );
      expect(error.message).toBe('the query failed: relation "nowhere" does not exist');
    } finally {
      await target.drop();
    }
  });

  maybe('an abort cancels a long query', async () => {
    const target = await freshDatabase('postgres', 'blank');
    try {
      const controller = new AbortController();
      // Longer than any wait here: the query ends only if it is stopped.
      const pending = sql(
        { driver: 'postgres', url: target.databaseUrl!, query: 'select pg_sleep(300)' },
        context({ signal: controller.signal }),
      );
      // Stopped once the server runs the query.
      const admin = new pg.Client({ connectionString: target.databaseUrl! });
      await admin.connect();
      const sleeping = async () =>
        (
          await admin.query(
            `select 1 from pg_stat_activity where datname = current_database() and query = 'select pg_sleep(300)' and state = 'active'`,
          )
        ).rows.length;
      try {
        await eventually(async () => expect(await sleeping()).toBe(1));
        controller.abort(new Error('the run was cancelled'));
        const error = await failure(pending);
        expect(error.message).toBe('the query was stopped: the run was cancelled');
        // The server stopped it too.
        await eventually(async () => expect(await sleeping()).toBe(0));
      } finally {
        await admin.end();
      }
    } finally {
      await target.drop();
    }
  });
});

describe('sql action on MariaDB', () => {
  let server: MariaDb | undefined;
  const database = `playbook_actions_${process.pid}`;
  beforeAll(async () => {
    server = await startMariaDb('the sql action on MariaDB');
    if (!server) skipOrFail('REQUIRE_CHECK_SERVERS', 'the sql action on MariaDB', 'no MariaDB server');
  }, 120_000);
  afterAll(async () => {
    if (server)
      await sql(
        { driver: 'mysql', url: server.url, query: `drop database if exists ${database}` },
        context(),
      );
    await server?.close();
  });

  it('runs queries in a throwaway database, by URL and by the Go DSN form', async () => {
    if (!server) return;
    await sql({ driver: 'mysql', url: server.url, query: `create database ${database}` }, context());
    const url = `${server.url.replace(/\/$/, '')}/${database}`;
    await sql(
      { driver: 'mysql', url, query: 'create table hosts (name varchar(20), up boolean)' },
      context(),
    );
    const inserted = await sql(
      { driver: 'mysql', url, query: `insert into hosts values ('web-1', true), ('web-2', false)` },
      context(),
    );
    expect(inserted).toMatchObject({ count: 0, logs: '2 rows affected' });
    const result = await sql(
      { driver: 'mysql', url, query: 'select name, up from hosts order by name' },
      context(),
    );
    expect(result).toMatchObject({
      count: 2,
      rows: [
        { name: 'web-1', up: '1' },
        { name: 'web-2', up: '0' },
      ],
    });
    const { port } = new URL(server.url);
    const dsn = await sql(
      {
        driver: 'mysql',
        url: `root@tcp(127.0.0.1:${port || 3306})/${database}`,
        query: 'select count(*) as n from hosts',
      },
      context(),
    );
    expect(dsn.rows).toEqual([{ n: '2' }]);
  });

  it('an abort kills the running query on the server', async () => {
    if (!server) return;
    const controller = new AbortController();
    const pending = sql(
      { driver: 'mysql', url: server.url, query: 'select sleep(30) as slept' },
      context({ signal: controller.signal }),
    );
    const sleeping = async () => {
      const { rows } = await sql(
        {
          driver: 'mysql',
          url: server!.url,
          query: `select id from information_schema.processlist where info = 'select sleep(30) as slept'`,
        },
        context(),
      );
      return rows as unknown[];
    };
    await eventually(async () => expect(await sleeping()).toHaveLength(1));
    controller.abort(new Error('the action timed out after 1s'));
    const error = await failure(pending);
    expect(error.message).toBe('the query was stopped: the action timed out after 1s');
    await eventually(async () => expect(await sleeping()).toHaveLength(0));
  });

  it('refuses drivers it has no client for', async () => {
    const error = await failure(
      sql({ driver: 'sqlserver', url: 'sqlserver://x', query: 'select 1' }, context()),
    );
    expect(error.message).toBe('sql driver sqlserver is not supported by this console (postgres, mysql)');
  });
});

describe('pod action and valueFrom on the Kubernetes API test server', () => {
  let kube: KubeApiServer;
  let connection: ManagedKubeConnection;
  let dir: string;
  const NAMESPACE = 'playbooks';

  beforeAll(async () => {
    await loadKubeClient();
    kube = await startKubeApiServer();
    dir = mkdtempSync(path.join(os.tmpdir(), 'playbook-pods-'));
    connection = createKubeConnection(
      {
        credentials: { from: 'kubeconfig', path: kube.writeKubeconfig(dir, { namespace: NAMESPACE }) },
        namespaces: [],
        writeAs: 'serviceaccount',
        statusIntervalMs: 30_000,
      },
      pino({ level: 'silent' }),
    );
  });

  afterAll(async () => {
    connection.stop();
    await kube.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const spec = { containers: [{ name: 'main', image: 'busybox', command: ['sh', '-c', 'echo hi'] }] };

  /** Plays the kubelet for one pod: it runs, prints its log, then ends in `phase`. */
  async function finish(name: string, phase: 'Succeeded' | 'Failed', log: string) {
    const created = await eventually(async () => {
      const found = kube.get('pods', NAMESPACE, name);
      expect(found).toBeDefined();
      return found!;
    });
    kube.setPodLog(NAMESPACE, name, log);
    kube.put({
      ...created,
      status: {
        phase,
        containerStatuses: [
          {
            name: 'main',
            state: {
              terminated: {
                exitCode: phase === 'Succeeded' ? 0 : 2,
                reason: phase === 'Succeeded' ? 'Completed' : 'Error',
              },
            },
          },
        ],
      },
    } as KubeObject);
  }

  it('creates the pod in the playbook’s namespace, waits for it, keeps its log and deletes it', async () => {
    const ctx = context({ kube: connection, namespace: NAMESPACE });
    const name = podName('diagnose', ctx.actionId);
    const pending = pod({ name: 'diagnose', spec, maxLength: 13 }, ctx);
    await finish(name, 'Succeeded', 'line one\nline two\nall good\n');
    const result = await pending;
    expect(result).toMatchObject({
      logs: 'two\nall good\n',
      phase: 'Succeeded',
      exitCode: 0,
      namespace: NAMESPACE,
      pod: name,
    });
    const created = kube.requests.find((r) => r.method === 'POST' && r.path.includes('/pods'));
    expect(created?.path).toContain(`/namespaces/${NAMESPACE}/pods`);
    expect(kube.get('pods', NAMESPACE, name)).toBeUndefined();
  });

  it('a failed pod fails the action with its log kept', async () => {
    const ctx = context({ kube: connection, namespace: NAMESPACE, actionId: 'action-failing' });
    const name = podName('migrate', ctx.actionId);
    const pending = pod({ name: 'migrate', spec }, ctx);
    await finish(name, 'Failed', 'migration 12 failed\n');
    const error = await failure(pending);
    expect(error.message).toBe(`pod ${name} failed`);
    expect(error.result).toMatchObject({ logs: 'migration 12 failed\n', exitCode: 2 });
    expect(kube.get('pods', NAMESPACE, name)).toBeUndefined();
  });

  it('an abort deletes the pod that is still running', async () => {
    const controller = new AbortController();
    const ctx = context({
      kube: connection,
      namespace: NAMESPACE,
      actionId: 'action-aborted',
      signal: controller.signal,
    });
    const name = podName('forever', ctx.actionId);
    const pending = pod({ name: 'forever', spec }, ctx);
    await eventually(async () => expect(kube.get('pods', NAMESPACE, name)).toBeDefined());
    controller.abort(new Error('the action timed out after 2s'));
    const error = await failure(pending);
    expect(error.message).toBe('the pod was stopped and deleted: the action timed out after 2s');
    expect(kube.get('pods', NAMESPACE, name)).toBeUndefined();
  });

  it('without a cluster, says so', async () => {
    const error = await failure(pod({ name: 'x', spec }, context()));
    expect(error.message).toBe('the pod action needs a Kubernetes cluster, and none is configured');
  });

  it('reads a valueFrom secret from the playbook’s namespace and marks it secret', async () => {
    kube.put({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'api', namespace: NAMESPACE },
      data: { password: Buffer.from('from-the-secret').toString('base64') },
    } as unknown as KubeObject);
    const ctx = context({ kube: connection, namespace: NAMESPACE });
    // No server listens on port 1: the request fails, after the secret was read.
    const error = await failure(
      httpAction(
        {
          url: 'http://127.0.0.1:1/',
          username: { value: 'u' },
          password: { valueFrom: { secretKeyRef: { name: 'api', key: 'password' } } },
        },
        ctx,
      ),
    );
    expect(error.message).toMatch(/^GET http:\/\/127\.0\.0\.1:1\/ failed/);
    expect(ctx.secrets.has('from-the-secret')).toBe(true);
  });
});
