/**
 * What checks read from and do in a cluster, against the Kubernetes API test server: secret and
 * config map references, stored connections with secret:// fields, and the kubernetes, pod,
 * namespace and kubernetesResource kinds. The test server has no kubelet: a loop here plays it,
 * marking the pods it is allowed to start as scheduled and ready.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import {
  createKubeConnection,
  loadKubeClient,
  type ManagedKubeConnection,
} from '../../server/src/kube/index.js';
import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import type { CheckRunner } from '../../server/src/platform/health/runner.js';
import { freshDatabase } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { canaryMaker, runNowRunner } from '../support/health-runner.js';
import { startKubeApiServer, type KubeApiServer, type KubeObject } from '../support/kube-api/index.js';

const NAMESPACE = 'checks';
const SECRET = 'Zq9-very-secret-token';
const DB_PASSWORD = 'orders-db-pa55';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
let kube: KubeApiServer;
let connection: ManagedKubeConnection;
let runner: CheckRunner;
let checkOf: ReturnType<typeof canaryMaker>;
let target: http.Server;
let targetUrl: string;
let dir: string;
const logLines: string[] = [];
/** Pods the kubelet loop starts: a pod whose name starts with 'stuck' is never scheduled. */
let kubelet: NodeJS.Timeout;

const b64 = (text: string) => Buffer.from(text).toString('base64');
const meta = (name: string, namespace = NAMESPACE, labels: Record<string, string> = {}) => ({
  name,
  namespace,
  labels,
});

function playKubelet() {
  for (const pod of kube.list('pods')) {
    const status = (pod.status ?? {}) as { conditions?: unknown[] };
    if (status.conditions || pod.metadata.name.startsWith('stuck') || pod.metadata.deletionTimestamp)
      continue;
    kube.put({
      ...pod,
      status: {
        phase: 'Running',
        podIP: '127.0.0.1',
        conditions: [
          { type: 'PodScheduled', status: 'True' },
          { type: 'Ready', status: 'True' },
        ],
      },
    });
  }
}

beforeAll(async () => {
  await loadKubeClient();
  database = await freshDatabase('pglite', 'empty');
  db = await openDatabase({ dataDir: database.dataDir });
  kube = await startKubeApiServer();
  dir = mkdtempSync(path.join(os.tmpdir(), 'kube-checks-'));
  const file = kube.writeKubeconfig(dir, { namespace: NAMESPACE });
  const logger = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) });
  connection = createKubeConnection(
    {
      credentials: { from: 'kubeconfig', path: file },
      namespaces: [],
      writeAs: 'serviceaccount',
      statusIntervalMs: 30_000,
    },
    logger,
  );
  runner = runNowRunner(db, { logger, concurrency: 5, kube: connection });
  checkOf = canaryMaker(db, { namespace: NAMESPACE });
  // An HTTP service that wants the secret token, and echoes what it was sent when it is wrong.
  target = http.createServer((req, res) => {
    const ok =
      req.headers.authorization === `Bearer ${SECRET}` && req.headers['x-environment'] === 'production';
    res.writeHead(ok ? 200 : 401, { 'Content-Type': 'text/plain' });
    res.end(ok ? 'hello from the service' : `refused ${String(req.headers.authorization)}`);
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

  kube.put({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: NAMESPACE } } as KubeObject);
  kube.put({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: meta('api'),
    data: { token: b64(SECRET), authorization: b64(`Bearer ${SECRET}`) },
  } as unknown as KubeObject);
  kube.put({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: meta('settings'),
    data: { environment: 'production' },
  } as unknown as KubeObject);
  kube.put({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: meta('orders-credentials', 'vault'),
    data: { password: b64(DB_PASSWORD) },
  } as unknown as KubeObject);
  kubelet = setInterval(playKubelet, 50);
});

afterAll(async () => {
  clearInterval(kubelet);
  await runner.stop();
  connection.stop();
  await new Promise((resolve) => target.close(resolve));
  await kube.close();
  await db.close();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function run(kind: string, entry: Record<string, unknown>) {
  const id = await checkOf(kind, entry);
  const { result } = (await runner.runNow(id))!;
  const stored = await db.query<{
    status: boolean;
    message: string | null;
    error: string | null;
    detail: unknown;
  }>(
    'select status, message, error, detail from check_statuses where check_id = $1 order by time desc limit 1',
    [id],
  );
  expect(stored.rows[0]).toMatchObject({
    status: result.status,
    message: result.message,
    error: result.error,
  });
  return { ...result, stored: JSON.stringify(stored.rows[0]) };
}

describe('secret and config map references', () => {
  it("reads headers from the canary namespace's Secret and ConfigMap", async () => {
    const result = await run('http', {
      url: `${targetUrl}/`,
      headers: [
        { name: 'Authorization', valueFrom: { secretKeyRef: { name: 'api', key: 'authorization' } } },
        { name: 'X-Environment', valueFrom: { configMapKeyRef: { name: 'settings', key: 'environment' } } },
      ],
    });
    expect(result).toMatchObject({ status: true, error: null });
  });

  it('keeps the secret out of statuses, messages and logs even when the target echoes it', async () => {
    const echoed = await run('http', {
      url: `${targetUrl}/`,
      headers: [{ name: 'Authorization', valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } }],
      test: { expr: 'content == "hello"' },
    });
    expect(echoed.status).toBe(false);
    expect(echoed.stored).not.toContain(SECRET);
    expect(JSON.stringify(echoed)).not.toContain(SECRET);
    expect(logLines.join('\n')).not.toContain(SECRET);
  });

  it('fails naming a reference it cannot read, never running with an empty value', async () => {
    const missingKey = await run('http', {
      url: `${targetUrl}/`,
      headers: [{ name: 'Authorization', valueFrom: { secretKeyRef: { name: 'api', key: 'tokn' } } }],
    });
    expect(missingKey).toMatchObject({ status: false, error: "secret checks/api has no key 'tokn'" });
    const missingSecret = await run('http', {
      url: `${targetUrl}/`,
      password: { valueFrom: { secretKeyRef: { name: 'nope', key: 'x' } } },
    });
    expect(missingSecret).toMatchObject({ status: false, error: 'secret checks/nope does not exist' });
  });

  it("fills a check from a stored connection whose password is a secret:// in the connection's namespace", async () => {
    await db.query(
      `insert into connections (name, namespace, type, url, username, password)
       values ('orders', 'vault', 'http', $1, 'orders', 'secret://orders-credentials/password')`,
      [`${targetUrl}/echo`],
    );
    const result = await run('http', { connection: 'connection://vault/orders', responseCodes: [200] });
    // The service refuses basic auth and echoes it: the password is in what it answered, not in the result.
    expect(result.status).toBe(false);
    expect(result.stored).not.toContain(DB_PASSWORD);
    expect(result.stored).not.toContain(b64(`orders:${DB_PASSWORD}`));
    expect(result.stored).toContain('refused Basic ***');
  });
});

describe('the kubernetes kind', () => {
  beforeAll(() => {
    kube.put({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: meta('web-1', NAMESPACE, { app: 'web' }),
      spec: { containers: [] },
      status: {
        phase: 'Running',
        conditions: [
          { type: 'PodScheduled', status: 'True' },
          { type: 'Ready', status: 'True' },
        ],
      },
    } as unknown as KubeObject);
    kube.put({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: meta('web-2', NAMESPACE, { app: 'web' }),
      spec: { containers: [] },
      status: {
        phase: 'Running',
        conditions: [{ type: 'PodScheduled', status: 'True' }],
        containerStatuses: [
          { name: 'web', state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s' } } },
        ],
      },
    } as unknown as KubeObject);
  });

  it('finds the pods of a selector and fails naming the one that is not ready', async () => {
    const result = await run('kubernetes', {
      kind: 'Pod',
      namespaceSelector: { name: NAMESPACE },
      resource: { labelSelector: 'app=web' },
      ready: true,
    });
    expect(result).toMatchObject({
      status: false,
      message: '2 Pod found',
      error: 'Pod/checks/web-2 is unhealthy (CrashLoopBackOff): web: back-off 40s',
    });
  });

  it('passes when what it finds is healthy, and runs its test over the objects', async () => {
    expect(
      await run('kubernetes', {
        kind: 'pods',
        resource: { name: 'web-1' },
        namespaceSelector: { name: NAMESPACE },
        ready: true,
      }),
    ).toMatchObject({ status: true, message: '1 pods found' });
    expect(
      await run('kubernetes', {
        kind: 'Pod',
        namespaceSelector: { name: 'check*' },
        resource: { labelSelector: 'app=web' },
        test: { expr: 'results.size() == 2 && results.exists(r, r.metadata.name == "web-2")' },
      }),
    ).toMatchObject({ status: true });
  });

  it('fails when it finds nothing, or the kind is not served', async () => {
    expect(
      await run('kubernetes', { kind: 'Deployment', namespaceSelector: { name: NAMESPACE } }),
    ).toMatchObject({
      status: false,
      error: 'no Deployment found',
    });
    expect(await run('kubernetes', { kind: 'Widget' })).toMatchObject({
      status: false,
      error: "the cluster serves no kind 'Widget'",
    });
  });
});

describe('the pod and namespace kinds', () => {
  const podSpec = (name: string) =>
    `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\nspec:\n  containers:\n    - name: web\n      image: nginx\n`;

  it('starts a pod, waits for it to be scheduled and ready, and deletes it', async () => {
    const result = await run('pod', { spec: podSpec('probe'), namespace: NAMESPACE, readyTimeout: 5000 });
    expect(result.status).toBe(true);
    expect(result.message).toMatch(/^scheduled in \d+ms, ready in \d+ms, deleted in \d+ms$/);
    expect(kube.list('pods').filter((p) => p.metadata.name.startsWith('probe'))).toEqual([]);
  });

  it('fails naming the stage a pod did not reach, and still deletes it', async () => {
    const result = await run('pod', { spec: podSpec('stuck'), namespace: NAMESPACE, scheduleTimeout: 300 });
    expect(result.status).toBe(false);
    expect(result.error).toMatch(/^pod checks\/stuck-[0-9a-f]{6} was not scheduled within 300ms$/);
    await eventually(async () =>
      expect(kube.list('pods').filter((p) => p.metadata.name.startsWith('stuck'))).toEqual([]),
    );
  });

  it('makes a namespace of its own for a pod and deletes both', async () => {
    const result = await run('namespace', { namespaceNamePrefix: 'canary-', podSpec: podSpec('probe') });
    expect(result.status).toBe(true);
    expect(result.message).toMatch(/ready in \d+ms, .*namespace deleted in \d+ms$/);
    expect(kube.list('namespaces').filter((n) => n.metadata.name.startsWith('canary-'))).toEqual([]);
  });
});

describe('the kubernetesResource kind', () => {
  it('creates its resources, checks against them and deletes them, keeping the static ones', async () => {
    const result = await run('kubernetesResource', {
      staticResources: [
        { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'shared' }, data: { a: '1' } },
      ],
      resources: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'per-run' }, data: { b: '2' } }],
      waitFor: { interval: '100ms', timeout: '5s' },
      checks: [{ http: [{ name: 'service', url: `${targetUrl}/`, responseCodes: [401] }] }],
    });
    expect(result).toMatchObject({ status: true });
    expect(result.message).toMatch(/^2 resources, ready in \d+ms$/);
    expect(kube.get('configmaps', NAMESPACE, 'shared')).toBeDefined();
    await eventually(async () => expect(kube.get('configmaps', NAMESPACE, 'per-run')).toBeUndefined());
  });

  it('fails with the nested check that failed, or when waitFor.expr never holds', async () => {
    expect(
      await run('kubernetesResource', {
        resources: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'nested' } }],
        waitFor: { interval: '100ms' },
        checks: [{ http: [{ name: 'service', url: `${targetUrl}/` }] }],
      }),
    ).toMatchObject({ status: false, error: 'check http/service failed: response code 401, expected 2xx' });
    const waited = await run('kubernetesResource', {
      resources: [
        { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'waited' }, data: { ready: 'no' } },
      ],
      waitFor: { interval: '100ms', timeout: '400ms', expr: 'resources.all(r, r.data.ready == "yes")' },
    });
    expect(waited.status).toBe(false);
    expect(waited.error).toMatch(/^the resources were not ready within 400ms/);
  });
});
