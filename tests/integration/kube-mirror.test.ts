/**
 * The cluster connection, the mirror and the Canary status write-back (issue 6, items 2 and 3),
 * against the Kubernetes API test server: resources put in the cluster become rows, changes and
 * deletions follow (also across a compacted history and an outage), and what the check runner
 * observes goes back to the resource's status.
 */
import { pino } from 'pino';
import { NOT_CONFIGURED_MESSAGE } from '../../server/src/kube/connection.js';
import { startHttpTarget, type Target } from '../support/check-targets.js';
import { availableBackends } from '../support/databases.js';
import { eventually } from '../support/health-data.js';
import {
  loadCrds,
  startKubeApiServer,
  type KubeApiServer,
  type KubeObject,
} from '../support/kube-api/index.js';
import { startConsoleWithCluster } from '../support/kube-console.js';
import { startTestServer, type TestServer } from '../support/server.js';

const CANARY_API = 'canaries.flanksource.com/v1';

const canary = (namespace: string, name: string, spec: Record<string, unknown>): KubeObject => ({
  apiVersion: CANARY_API,
  kind: 'Canary',
  metadata: { name, namespace, labels: { team: namespace } },
  spec,
});

interface CanaryRow {
  id: string;
  name: string;
  namespace: string;
  source: string;
  labels: Record<string, string>;
  schedule: string | null;
  spec: Record<string, unknown>;
  deleted_at: Date | null;
  updated_at: Date;
}

describe.each(availableBackends())('the custom resource mirror (%s)', (backend) => {
  let kube: KubeApiServer;
  let target: Target;
  let server: TestServer;

  const rowOf = async (uid: string) =>
    (await server.db.query<CanaryRow>('select * from canaries where id = $1', [uid])).rows[0];
  /** Waits for the row of a resource to say what `expected` says. */
  const rowBecomes = (uid: string, expected: (row: CanaryRow | undefined) => void) =>
    eventually(async () => {
      const row = await rowOf(uid);
      expected(row);
      return row!;
    });
  const readyz = async () => (await fetch(server.at('readyz'))).json() as Promise<Record<string, unknown>>;

  beforeAll(async () => {
    kube = await startKubeApiServer();
    target = await startHttpTarget();
    server = await startConsoleWithCluster(kube, {
      backend,
      template: 'empty',
      env: { KUBE_STATUS_INTERVAL: '1s', CHECK_RUNNER_ENABLED: 'true' },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await kube?.close();
    await target?.close();
  });

  it('mirrors a Canary applied in the cluster, read-only through /api/db', async () => {
    const created = kube.put(
      canary('team-a', 'web', {
        schedule: '@every 1s',
        http: [{ name: 'home', url: `http://127.0.0.1:${target.port}/ok` }],
      }),
    );
    const uid = created.metadata.uid!;
    const row = await rowBecomes(uid, (found) => expect(found?.deleted_at).toBeNull());
    expect(row).toMatchObject({
      name: 'web',
      namespace: 'team-a',
      source: 'KubernetesCRD',
      labels: { team: 'team-a' },
      schedule: '@every 1s',
      spec: created.spec,
    });

    const patch = await server.fetch(`api/db/canaries?id=eq.${uid}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ schedule: '@every 5m' }),
    });
    expect(patch.status).toBe(409);
    expect((await rowOf(uid))!.schedule).toBe('@every 1s');
    expect(server.kube.status()).toMatchObject({ configured: true, connected: true });
    expect(await readyz()).toMatchObject({ status: 'ok', kubernetes: 'connected' });
  });

  it('runs its check and writes what it observed to the status subresource', async () => {
    // The hour's figures come from a query of their own, which can lag the check's status by a
    // pass: wait for the whole status asserted, not only its first fields.
    const status = await eventually(async () => {
      const found = kube.get('canaries', 'team-a', 'web')!.status as Record<string, unknown> | undefined;
      expect(found).toMatchObject({ status: 'Passed', observedGeneration: 1 });
      expect(found).toMatchObject({ message: '1 of 1 check passing', uptime1h: '100%' });
      expect(found!.latency1h).toMatch(/^\d+ms$/);
      return found!;
    });
    // A time of this canary's own runs: none can come before the console had the canary.
    const [mirrored] = (
      await server.db.query<{ created_at: Date }>(`select created_at from canaries where id = $1`, [
        kube.get('canaries', 'team-a', 'web')!.metadata.uid,
      ])
    ).rows;
    expect(Date.parse(status.lastCheck as string)).toBeGreaterThanOrEqual(mirrored!.created_at.getTime());
    const [check] = (
      await server.db.query<{ id: string }>(
        `select id from checks where canary_id = $1 and name = 'home' and deleted_at is null`,
        [kube.get('canaries', 'team-a', 'web')!.metadata.uid],
      )
    ).rows;
    expect(status.checks).toEqual({ home: check!.id });
  });

  it('drops a check removed from the spec from status.checks, writing as the console', async () => {
    const url = `http://127.0.0.1:${target.port}/ok`;
    const spec = (...names: string[]) => ({
      schedule: '@every 1s',
      http: names.map((name) => ({ name, url })),
    });
    kube.put(canary('team-a', 'pair', spec('home', 'api')));
    await eventually(async () =>
      expect(Object.keys(kube.get('canaries', 'team-a', 'pair')!.status?.checks ?? {}).sort()).toEqual([
        'api',
        'home',
      ]),
    );
    const changed = kube.get('canaries', 'team-a', 'pair')!;
    kube.put({ ...changed, spec: spec('home') });
    await eventually(async () => {
      const status = kube.get('canaries', 'team-a', 'pair')!.status!;
      expect(status).toMatchObject({ observedGeneration: 2, message: '1 of 1 check passing' });
      expect(Object.keys(status.checks as object)).toEqual(['home']);
    });
    const statusWrites = kube.requests.filter(
      (r) => r.method === 'PATCH' && r.path.includes('/namespaces/team-a/canaries/pair/status'),
    );
    expect(statusWrites.length).toBeGreaterThan(0);
    for (const write of statusWrites)
      expect(new URL(write.path, kube.url).searchParams.get('fieldManager')).toBe('ops-console');
    kube.remove('canaries', 'team-a', 'pair');
  });

  it('does not rewrite the row for a status change, and follows a spec change', async () => {
    const { uid } = kube.get('canaries', 'team-a', 'web')!.metadata;
    const before = (await rowOf(uid!))!.updated_at.getTime();
    // Each status write is a MODIFIED event of the resource; the row stays as it was.
    const statusWrites = () =>
      kube.requests.filter(
        (r) =>
          r.method === 'PATCH' &&
          new URL(r.path, kube.url).pathname.endsWith('/namespaces/team-a/canaries/web/status'),
      ).length;
    const written = statusWrites();
    await eventually(async () => expect(statusWrites()).toBeGreaterThanOrEqual(written + 2));
    expect((await rowOf(uid!))!.updated_at.getTime()).toBe(before);

    const changed = kube.get('canaries', 'team-a', 'web')!;
    changed.spec = { ...changed.spec, schedule: '@every 2s' };
    kube.put(changed);
    const row = await rowBecomes(uid!, (found) => expect(found?.schedule).toBe('@every 2s'));
    expect(row.updated_at.getTime()).toBeGreaterThan(before);
    await eventually(async () =>
      expect(kube.get('canaries', 'team-a', 'web')!.status).toMatchObject({ observedGeneration: 2 }),
    );
  });

  it('supersedes a console-made row of the same name, and soft-deletes a deleted resource', async () => {
    const { rows } = await server.db.query<{ id: string }>(
      `insert into canaries (name, namespace, spec) values ('api', 'team-a', '{}') returning id`,
    );
    const uiRow = rows[0]!.id;
    const uid = kube.put(canary('team-a', 'api', { schedule: '@hourly' })).metadata.uid!;
    await rowBecomes(uid, (found) => expect(found?.deleted_at).toBeNull());
    expect((await rowOf(uiRow))!.deleted_at).not.toBeNull();

    kube.remove('canaries', 'team-a', 'api');
    await rowBecomes(uid, (found) => expect(found?.deleted_at).not.toBeNull());
  });

  it('soft-deletes a resource held by a finalizer as soon as it is being deleted, and stops its checks', async () => {
    const held = canary('team-a', 'held', {
      schedule: '@every 1s',
      http: [{ name: 'ok', url: `http://127.0.0.1:${target.port}/ok` }],
    });
    held.metadata.finalizers = ['example.com/backup'];
    const uid = kube.put(held).metadata.uid!;
    await rowBecomes(uid, (found) => expect(found?.deleted_at).toBeNull());
    await eventually(async () => {
      const { rows } = await server.db.query(
        'select 1 from checks where canary_id = $1 and deleted_at is null',
        [uid],
      );
      expect(rows).toHaveLength(1);
    });

    kube.remove('canaries', 'team-a', 'held');
    // The cluster keeps it (Terminating) until the finalizer is done; the console lets it go now.
    expect(kube.get('canaries', 'team-a', 'held')?.metadata.deletionTimestamp).toBeDefined();
    await rowBecomes(uid, (found) => expect(found?.deleted_at).not.toBeNull());
    await eventually(async () => {
      const { rows } = await server.db.query(
        'select 1 from checks where canary_id = $1 and deleted_at is null',
        [uid],
      );
      expect(rows).toHaveLength(0);
    });
  });

  it('after an outage: disconnected meanwhile, then resumes and catches up on what changed', async () => {
    const uid = kube.put(canary('team-b', 'queue', { schedule: '@hourly' })).metadata.uid!;
    await rowBecomes(uid, (found) => expect(found?.deleted_at).toBeNull());

    await kube.goDown();
    try {
      const apiServer = server.kube.kubeConfig!.getCurrentCluster()!.server;
      expect(apiServer).toContain(`127.0.0.1:${new URL(kube.url).port}`);
      // A call in flight as the server closed may first say "connection reset"; the retries that
      // follow find nothing listening.
      await eventually(async () =>
        expect(server.kube.status()).toMatchObject({
          connected: false,
          message: `The Kubernetes API server at ${apiServer} cannot be reached (connection refused); mirrored resources may be out of date.`,
        }),
      );
      const down = server.kube.status();
      expect(Date.parse(down.since!)).toBeLessThanOrEqual(Date.now());
      const probe = await fetch(server.at('readyz'));
      expect(probe.status).toBe(200);
      expect(await probe.json()).toMatchObject({ status: 'ok', kubernetes: 'disconnected' });
      // The console keeps serving from the database.
      expect((await server.fetch(`api/db/canaries?id=eq.${uid}`)).status).toBe(200);
    } finally {
      // A change made while the console could not see it.
      const changed = kube.get('canaries', 'team-b', 'queue')!;
      changed.spec = { schedule: '@daily' };
      kube.put(changed);
      await kube.comeBack();
    }

    await rowBecomes(uid, (found) => expect(found?.schedule).toBe('@daily'));
    // The informers retry on their own; the connection says so once its probe answers.
    await eventually(async () => expect(server.kube.status()).toMatchObject({ connected: true }));
    expect(server.kube.status().message).toBeUndefined();
  });

  it('lists again after the history was compacted, soft-deleting what was deleted meanwhile', async () => {
    const kept = kube.put(canary('team-c', 'kept', { schedule: '@hourly' })).metadata.uid!;
    const gone = kube.put(canary('team-c', 'gone', { schedule: '@hourly' })).metadata.uid!;
    await rowBecomes(gone, (found) => expect(found?.deleted_at).toBeNull());
    const listsBefore = kube.requests.filter((r) => isList(r.path)).length;

    await kube.goDown();
    const changed = kube.get('canaries', 'team-c', 'kept')!;
    changed.spec = { schedule: '@daily' };
    kube.put(changed);
    kube.remove('canaries', 'team-c', 'gone');
    kube.compact();
    await kube.comeBack();

    await rowBecomes(kept, (found) => expect(found?.schedule).toBe('@daily'));
    await rowBecomes(gone, (found) => expect(found?.deleted_at).not.toBeNull());
    // The watch from the old resourceVersion got 410 Gone: the informer listed again.
    expect(kube.requests.filter((r) => isList(r.path)).length).toBeGreaterThan(listsBefore);
  });
});

/** A list (not a watch) of canaries. */
const isList = (requestPath: string) =>
  /\/canaries(\?|$)/.test(requestPath) && !/[?&]watch=(true|1)/.test(requestPath);

describe('the mirror with three CRDs and one watched namespace', () => {
  let kube: KubeApiServer;
  let server: TestServer;

  beforeAll(async () => {
    kube = await startKubeApiServer({
      crds: loadCrds().filter(
        (crd) => (crd as { spec: { names: { kind: string } } }).spec.names.kind !== 'Topology',
      ),
    });
    server = await startConsoleWithCluster(kube, {
      template: 'empty',
      env: { KUBE_NAMESPACES: 'team-a' },
      kinds: ['canaries', 'config_scrapers', 'playbooks'],
    });
  });
  afterAll(async () => {
    await server?.stop();
    await kube?.close();
  });

  it('skips the kind whose CRD is absent without errors, and mirrors only the watched namespace', async () => {
    const watched = kube.put(canary('team-a', 'web', { schedule: '@hourly' })).metadata.uid!;
    const other = kube.put(canary('team-b', 'web', { schedule: '@hourly' })).metadata.uid!;
    const playbook = kube.put({
      apiVersion: 'mission-control.flanksource.com/v1',
      kind: 'Playbook',
      metadata: { name: 'restart', namespace: 'team-a' },
      spec: { title: 'Restart', category: 'Kubernetes', actions: [{ name: 'go', exec: { script: 'true' } }] },
    }).metadata.uid!;
    await eventually(async () => {
      const { rows } = await server.db.query(`select id from canaries where id = $1`, [watched]);
      expect(rows).toHaveLength(1);
    });
    await eventually(async () => {
      const { rows } = await server.db.query<{ title: string; source: string }>(
        `select title, category, source from playbooks where id = $1`,
        [playbook],
      );
      expect(rows[0]).toEqual({ title: 'Restart', category: 'Kubernetes', source: 'KubernetesCRD' });
    });
    expect((await server.db.query(`select id from canaries where id = $1`, [other])).rows).toHaveLength(0);

    const status = server.kube.status();
    expect(status).toMatchObject({ connected: true, namespaces: ['team-a'] });
    expect(status.kinds.find((kind) => kind.kind === 'Topology')).toEqual({
      kind: 'Topology',
      table: 'topologies',
      installed: false,
    });
    expect(kube.requests.filter((r) => r.path.includes('/topologies'))).toEqual([]);
    expect(
      kube.requests.some((r) =>
        r.path.startsWith('/apis/canaries.flanksource.com/v1/namespaces/team-a/canaries'),
      ),
    ).toBe(true);
  });
});

describe('an API server going down and up again and again', () => {
  let kube: KubeApiServer;
  let server: TestServer;
  const lines: string[] = [];
  const CONNECTION_LINES = [
    'the Kubernetes API server cannot be reached',
    'the Kubernetes API server answers again',
  ];

  beforeAll(async () => {
    kube = await startKubeApiServer();
    server = await startConsoleWithCluster(kube, {
      template: 'empty',
      env: { KUBE_STATUS_INTERVAL: '1s' },
      logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line).msg) }),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await kube?.close();
  });

  it('logs one line per change of the connection, not one per failed or answered call', async () => {
    const connected = () => server.kube.status().connected;
    const outages = 3;
    for (let outage = 0; outage < outages; outage++) {
      kube.put(canary('team-a', `while-up-${outage}`, { schedule: '@hourly' }));
      await kube.goDown();
      await eventually(async () => expect(connected()).toBe(false));
      await kube.comeBack();
      // Watches resume and events flow before the connection's own probe says it is back.
      kube.put(canary('team-a', `after-${outage}`, { schedule: '@hourly' }));
      await eventually(async () => expect(connected()).toBe(true), 60_000);
    }
    const changes = lines.filter((line) => CONNECTION_LINES.includes(line));
    expect(changes).toEqual(Array.from({ length: outages }, () => CONNECTION_LINES).flat());
  });
});

describe('demo data with a cluster connected', () => {
  let kube: KubeApiServer;
  let server: TestServer;
  let started: Date;

  beforeAll(async () => {
    kube = await startKubeApiServer();
    started = new Date();
    server = await startConsoleWithCluster(kube, { template: 'demo' });
  });
  afterAll(async () => {
    await server?.stop();
    await kube?.close();
  });

  it('leaves the demo rows alone: they do not come from this cluster', async () => {
    // Once a resource put after the start is mirrored, every kind's first list is done.
    const uid = kube.put(canary('team-a', 'real', { schedule: '@hourly' })).metadata.uid!;
    await eventually(async () => {
      const { rows } = await server.db.query(`select id from canaries where id = $1 and deleted_at is null`, [
        uid,
      ]);
      expect(rows).toHaveLength(1);
    });
    const removed = [];
    for (const table of ['canaries', 'topologies', 'config_scrapers', 'playbooks']) {
      const { rows } = await server.db.query<{ name: string }>(
        `select name from ${table} where deleted_at >= $1`,
        [started],
      );
      removed.push(...rows.map((row) => `${table} ${row.name}`));
    }
    expect(removed).toEqual([]);
    const { rows: managed } = await server.db.query<{ source: string }>(
      `select source from canaries where name = 'prometheus-slos' and deleted_at is null`,
    );
    expect(managed).toEqual([{ source: 'ConfigFile' }]);
  });
});

describe('without a cluster', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ template: 'empty' });
  });
  afterAll(() => server?.stop());

  it('says no cluster is configured and mirrors nothing', async () => {
    expect(server.kube.status()).toMatchObject({
      configured: false,
      connected: false,
      message: NOT_CONFIGURED_MESSAGE,
    });
    const probe = await fetch(server.at('readyz'));
    expect(probe.status).toBe(200);
    expect(await probe.json()).toMatchObject({ kubernetes: 'not configured' });
    const { rows } = await server.db.query(`select id from canaries where source = 'KubernetesCRD'`);
    expect(rows).toEqual([]);
  });
});
