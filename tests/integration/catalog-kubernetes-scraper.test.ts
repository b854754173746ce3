/**
 * The kubernetes scraper kind against the Kubernetes API test server: what a scrape describes
 * (items, health, parents, links, Event changes, insights), the entry's filters, how many
 * requests it runs at once, where the cluster comes from, and the watch between scrapes.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
import { kubernetesKind } from '../../server/src/platform/catalog/scrapers/kinds/kubernetes/index.js';
import type {
  ConfigRef,
  ScrapeContext,
  ScrapedItem,
  ScrapeOutput,
} from '../../server/src/platform/catalog/scrapers/types.js';
import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import { freshDatabase } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { startKubeApiServer, type KubeApiServer, type KubeObject } from '../support/kube-api/index.js';

const NS = 'shop';
let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
let kube: KubeApiServer;
let connection: ManagedKubeConnection;
let dir: string;
let kubeconfigFile: string;
const logger = pino({ level: 'silent' });

const put = (object: Record<string, unknown>) => kube.put(object as unknown as KubeObject);
const uidOf = (object: KubeObject) => object.metadata.uid as string;

function contextFor(overrides: Partial<ScrapeContext> = {}): ScrapeContext {
  return {
    scraper: {
      id: randomUUID(),
      name: 'cluster',
      namespace: 'default',
      agentId: '00000000-0000-0000-0000-000000000000',
    },
    db,
    kube: connection,
    connection: async () => undefined,
    secrets: new Set(),
    workDir: dir,
    fileRoots: [],
    signal: new AbortController().signal,
    logger,
    ...overrides,
  };
}

const scrape = (entry: Record<string, unknown>, ctx = contextFor()) =>
  kubernetesKind.scrape({ clusterName: 'test', ...entry }, ctx);

const byName = (output: ScrapeOutput, type: string, name: string): ScrapedItem => {
  const found = output.items.find((item) => item.type === `Kubernetes::${type}` && item.name === name);
  if (!found)
    throw new Error(`no ${type} ${name} among ${output.items.map((i) => `${i.type} ${i.name}`).join(', ')}`);
  return found;
};
const analyzersOf = (item: ScrapedItem) => (item.analysis ?? []).map((a) => a.analyzer).sort();
const externalIdOf = (ref: ConfigRef | undefined) =>
  ref && 'externalId' in ref ? ref.externalId : undefined;

const containers = (limits: boolean) => [
  {
    name: 'app',
    image: 'shop/web:1',
    ...(limits ? { resources: { limits: { cpu: '500m', memory: '256Mi' } } } : {}),
  },
];

let namespace: KubeObject;
let node: KubeObject;
let web: KubeObject;
let replicaSet: KubeObject;
let readyPod: KubeObject;
let loopingPod: KubeObject;
let api: KubeObject;
let event: KubeObject;

const now = () => new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();

function crashLoopingPod(looping: boolean): Record<string, unknown> {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'web-7d9f-b',
      namespace: NS,
      labels: { app: 'web', 'pod-template-hash': '7d9f' },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: 'web-7d9f',
          uid: uidOf(replicaSet),
          controller: true,
        },
      ],
    },
    spec: { nodeName: 'node-1', containers: containers(true) },
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: looping ? 'False' : 'True', lastTransitionTime: now() }],
      containerStatuses: [
        {
          name: 'app',
          restartCount: 7,
          ready: !looping,
          state: looping
            ? {
                waiting: { reason: 'CrashLoopBackOff', message: 'back-off 5m0s restarting failed container' },
              }
            : { running: { startedAt: now() } },
        },
      ],
    },
  };
}

function apiDeployment(fixed: boolean): Record<string, unknown> {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'api', namespace: NS, labels: { app: 'api', tier: 'backend' } },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: 'api' } },
      template: { metadata: { labels: { app: 'api' } }, spec: { containers: containers(fixed) } },
    },
    status: fixed
      ? { replicas: 1, readyReplicas: 1, availableReplicas: 1 }
      : { replicas: 1, unavailableReplicas: 1 },
  };
}

beforeAll(async () => {
  await loadKubeClient();
  database = await freshDatabase('pglite', 'empty');
  db = await openDatabase({ dataDir: database.dataDir });
  kube = await startKubeApiServer();
  dir = mkdtempSync(path.join(os.tmpdir(), 'kube-scraper-'));
  kubeconfigFile = kube.writeKubeconfig(dir);
  connection = createKubeConnection(
    {
      credentials: { from: 'kubeconfig', path: kubeconfigFile },
      namespaces: [],
      writeAs: 'serviceaccount',
      statusIntervalMs: 30_000,
    },
    logger,
  );

  namespace = put({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS, labels: { team: 'shop' } } });
  node = put({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'node-1' },
    status: { conditions: [{ type: 'Ready', status: 'True', lastHeartbeatTime: now() }] },
  });
  web = put({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: 'web',
      namespace: NS,
      labels: { app: 'web' },
      annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{"big":"blob"}' },
      managedFields: [{ manager: 'kubectl' }],
    },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: containers(true) } },
    },
    status: { replicas: 2, readyReplicas: 1, availableReplicas: 2 },
  });
  replicaSet = put({
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: 'web-7d9f',
      namespace: NS,
      labels: { app: 'web', 'pod-template-hash': '7d9f' },
      ownerReferences: [
        { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: uidOf(web), controller: true },
      ],
    },
    spec: { replicas: 2, template: { spec: { containers: containers(true) } } },
    status: { replicas: 2, readyReplicas: 2 },
  });
  readyPod = put({
    ...crashLoopingPod(false),
    metadata: { ...(crashLoopingPod(false).metadata as object), name: 'web-7d9f-a' },
    spec: {
      nodeName: 'node-1',
      containers: containers(true),
      volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }],
    },
  });
  loopingPod = put(crashLoopingPod(true));
  api = put(apiDeployment(false));
  put({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web', namespace: NS },
    spec: { type: 'ClusterIP', selector: { app: 'web' }, ports: [{ port: 80 }] },
  });
  put({
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: { name: 'web', namespace: NS },
    spec: {
      rules: [
        {
          host: 'shop.example',
          http: {
            paths: [
              { path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } },
            ],
          },
        },
      ],
    },
    status: { loadBalancer: { ingress: [{ ip: '10.0.0.9' }] } },
  });
  put({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'settings', namespace: NS },
    data: { mode: 'live' },
  });
  put({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'db-password', namespace: NS },
    data: { password: Buffer.from('hunter2-very-secret').toString('base64') },
  });
  put({
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name: 'pv-1' },
    spec: { capacity: { storage: '1Gi' } },
    status: { phase: 'Bound' },
  });
  put({
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: 'data', namespace: NS },
    spec: { volumeName: 'pv-1' },
    status: { phase: 'Bound' },
  });
  put({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'coredns', namespace: 'kube-system' },
    data: {},
  });
  event = put({
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: 'web-7d9f-b.1', namespace: NS },
    involvedObject: {
      kind: 'Pod',
      name: 'web-7d9f-b',
      namespace: NS,
      uid: uidOf(loopingPod),
      apiVersion: 'v1',
    },
    reason: 'BackOff',
    message: 'Back-off restarting failed container app',
    type: 'Warning',
    count: 1,
    firstTimestamp: now(),
    lastTimestamp: now(),
    source: { component: 'kubelet', host: 'node-1' },
  });
});

afterAll(async () => {
  connection.stop();
  await kube.close();
  await db.close();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a scrape', () => {
  let output: ScrapeOutput;
  beforeAll(async () => {
    output = await scrape({});
  });

  it('describes each object as an item of type Kubernetes::<Kind>, with its health and status', () => {
    expect(output.errors).toEqual([]);
    const pod = byName(output, 'Pod', 'web-7d9f-a');
    expect(pod).toMatchObject({
      id: uidOf(readyPod),
      configClass: 'Pod',
      namespace: NS,
      health: 'healthy',
      status: 'Running',
      ready: true,
      labels: { app: 'web' },
      tags: { cluster: 'test', namespace: NS },
      aliases: [`Kubernetes/Pod/${NS}/web-7d9f-a`],
    });
    expect(pod.createdAt).toBeInstanceOf(Date);
    expect(byName(output, 'Pod', 'web-7d9f-b')).toMatchObject({
      health: 'unhealthy',
      status: 'CrashLoopBackOff',
    });
    expect(byName(output, 'Deployment', 'web')).toMatchObject({ health: 'healthy', status: 'Running' });
    expect(byName(output, 'Deployment', 'api')).toMatchObject({
      health: 'unhealthy',
      status: 'Unavailable',
      ready: false,
    });
    expect(byName(output, 'Node', 'node-1')).toMatchObject({ health: 'healthy', status: 'Ready' });
    expect(byName(output, 'Namespace', NS)).toMatchObject({ health: 'healthy', status: 'Active' });
    expect(byName(output, 'PersistentVolumeClaim', 'data')).toMatchObject({
      health: 'healthy',
      status: 'Bound',
    });
    expect(byName(output, 'PersistentVolume', 'pv-1')).toMatchObject({ health: 'healthy', status: 'Bound' });
    expect(byName(output, 'ConfigMap', 'settings').health).toBeUndefined();
    expect(byName(output, 'Cluster', 'test')).toMatchObject({ health: 'healthy' });
    expect(output.completeTypes).toEqual(
      expect.arrayContaining([
        'Kubernetes::Pod',
        'Kubernetes::Deployment',
        'Kubernetes::Namespace',
        'Kubernetes::Cluster',
      ]),
    );
  });

  it('keeps the body without the noise and never a Secret', () => {
    const body = byName(output, 'Deployment', 'web').config as { metadata: Record<string, unknown> };
    expect(body).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment', spec: { replicas: 2 } });
    expect(body.metadata.managedFields).toBeUndefined();
    expect(body.metadata.resourceVersion).toBeUndefined();
    expect(body.metadata.annotations).toBeUndefined();
    const node = byName(output, 'Node', 'node-1').config as {
      status: { conditions: Record<string, unknown>[] };
    };
    expect(node.status.conditions[0]).toEqual({ type: 'Ready', status: 'True' });
    expect(output.items.some((item) => item.type === 'Kubernetes::Secret')).toBe(false);
    expect(JSON.stringify(output)).not.toContain(Buffer.from('hunter2-very-secret').toString('base64'));
  });

  it('hangs Pod → ReplicaSet → Deployment → Namespace → cluster by uid', () => {
    const parentOf = (type: string, name: string) => externalIdOf(byName(output, type, name).parents?.[0]);
    expect(parentOf('Pod', 'web-7d9f-a')).toBe(uidOf(replicaSet));
    expect(parentOf('ReplicaSet', 'web-7d9f')).toBe(uidOf(web));
    expect(parentOf('Deployment', 'web')).toBe(uidOf(namespace));
    expect(parentOf('ConfigMap', 'settings')).toBe(uidOf(namespace));
    expect(parentOf('Namespace', NS)).toBe('Kubernetes/Cluster/test');
    expect(parentOf('Node', 'node-1')).toBe('Kubernetes/Cluster/test');
  });

  it('links Service → Pods by selector, Node → Pod, Pod → PVC → PV and Ingress → Service', () => {
    const service = byName(output, 'Service', 'web');
    expect(service.relationships?.map((r) => externalIdOf(r.related)).sort()).toEqual(
      [uidOf(readyPod), uidOf(loopingPod)].sort(),
    );
    const pod = byName(output, 'Pod', 'web-7d9f-a');
    expect(pod.relationships).toEqual(
      expect.arrayContaining([
        { related: { type: 'Kubernetes::Node', externalId: uidOf(node) }, incoming: true },
        {
          related: {
            type: 'Kubernetes::PersistentVolumeClaim',
            externalId: uidOf(kube.get('persistentvolumeclaims', NS, 'data')!),
          },
        },
      ]),
    );
    expect(byName(output, 'PersistentVolumeClaim', 'data').relationships).toEqual([
      {
        related: {
          type: 'Kubernetes::PersistentVolume',
          externalId: uidOf(kube.get('persistentvolumes', '', 'pv-1')!),
        },
      },
    ]);
    expect(byName(output, 'Ingress', 'web').relationships?.map((r) => r.related)).toEqual([
      { type: 'Kubernetes::Service', externalId: uidOf(kube.get('services', NS, 'web')!) },
    ]);
  });

  it('turns the Event into a change of the object it is about', () => {
    expect(output.changes).toEqual([
      expect.objectContaining({
        externalChangeId: uidOf(event),
        config: { type: 'Kubernetes::Pod', externalId: uidOf(loopingPod) },
        changeType: 'BackOff',
        severity: 'warning',
        source: 'Kubernetes/Event',
        summary: 'Back-off restarting failed container app',
      }),
    ]);
  });

  it('raises insights it can judge', () => {
    expect(analyzersOf(byName(output, 'Pod', 'web-7d9f-b'))).toEqual(['pod-crash-loop']);
    expect(byName(output, 'Pod', 'web-7d9f-b').analysis?.[0]).toMatchObject({
      analysisType: 'availability',
      severity: 'high',
    });
    expect(analyzersOf(byName(output, 'Deployment', 'api'))).toEqual([
      'deployment-unavailable',
      'missing-resource-limits',
    ]);
    expect(analyzersOf(byName(output, 'Deployment', 'web'))).toEqual([]);
    expect(analyzersOf(byName(output, 'Pod', 'web-7d9f-a'))).toEqual([]);
  });
});

describe('Events across scrapes', () => {
  it('reports an event once, and again (same external id) when it recurs', async () => {
    const ctx = contextFor();
    const first = await scrape({}, ctx);
    expect(first.changes?.map((c) => c.externalChangeId)).toEqual([uidOf(event)]);
    const second = await scrape({}, ctx);
    expect(second.changes).toEqual([]);
    const later = new Date(Date.parse(now()) + 2000).toISOString();
    event = put({ ...event, count: 2, lastTimestamp: later });
    const third = await scrape({}, ctx);
    expect(third.changes).toEqual([
      expect.objectContaining({
        externalChangeId: uidOf(event),
        changeType: 'BackOff',
        createdAt: new Date(later),
      }),
    ]);
  });

  it("a scraper's first scrape in this process starts after its newest stored Event change", async () => {
    const scraperId = randomUUID();
    await db.query(`insert into config_scrapers (id, name) values ($1, 'cluster')`, [scraperId]);
    const { rows } = await db.query<{ id: string }>(
      `insert into configs (scraper_id, type, name) values ($1, 'Kubernetes::Pod', 'web-7d9f-b') returning id`,
      [scraperId],
    );
    await db.query(
      `insert into config_changes (config_id, change_type, source, external_change_id, created_at)
       values ($1, 'BackOff', 'Kubernetes/Event', $2, now() + interval '1 hour')`,
      [rows[0]!.id, uidOf(event)],
    );
    const ctx = contextFor();
    ctx.scraper.id = scraperId;
    expect((await scrape({}, ctx)).changes).toEqual([]);
  });

  it('leaves out excluded reasons and raises severity by keywords', async () => {
    const excluded = await scrape({ event: { exclusions: { reason: ['Back*'] } } });
    expect(excluded.changes).toEqual([]);
    const keywords = await scrape({ event: { severityKeywords: { error: ['backoff'] } } });
    expect(keywords.changes?.[0]?.severity).toBe('high');
  });
});

describe('insights clear with their condition', () => {
  afterAll(() => {
    put(crashLoopingPod(true));
    put(apiDeployment(false));
  });

  it('no longer carries the analyses once the pod runs and the deployment has replicas and limits', async () => {
    put(crashLoopingPod(false));
    put(apiDeployment(true));
    const output = await scrape({});
    expect(analyzersOf(byName(output, 'Pod', 'web-7d9f-b'))).toEqual([]);
    expect(analyzersOf(byName(output, 'Deployment', 'api'))).toEqual([]);
    expect(byName(output, 'Deployment', 'api')).toMatchObject({ health: 'healthy' });
  });
});

describe('filters', () => {
  const names = (output: ScrapeOutput) => output.items.map((item) => `${item.configClass}/${item.name}`);

  it('namespace: only that namespace, its Namespace object, and no cluster-wide kinds', async () => {
    const output = await scrape({ namespace: NS });
    expect(names(output)).toContain('Pod/web-7d9f-a');
    expect(names(output)).toContain(`Namespace/${NS}`);
    expect(names(output)).not.toContain('Namespace/default');
    expect(names(output)).not.toContain('ConfigMap/coredns');
    expect(names(output)).not.toContain('Node/node-1');
  });

  it('exclusions by name glob, kind, namespace and label', async () => {
    const output = await scrape({
      exclusions: { name: ['web-*'], kind: ['ReplicaSet'], namespace: ['kube-*'], labels: { tier: 'back*' } },
    });
    expect(names(output)).not.toContain('Pod/web-7d9f-a');
    expect(names(output)).not.toContain('ConfigMap/coredns');
    expect(names(output)).not.toContain('Deployment/api');
    expect(names(output).some((name) => name.startsWith('ReplicaSet/'))).toBe(false);
    expect(names(output)).toContain('Deployment/web');
    expect(output.completeTypes).toContain('Kubernetes::ReplicaSet');
    expect(
      kube.requests.some(
        (r) => r.path.startsWith('/apis/apps/v1/replicasets') && r.path.includes('limit=500'),
      ),
    ).toBe(true);
  });

  it('selector and fieldSelector go to the API server', async () => {
    const output = await scrape({ selector: 'app=web', namespace: NS });
    expect(
      names(output)
        .filter((name) => !name.startsWith('Cluster/'))
        .sort(),
    ).toEqual(['Deployment/web', 'Pod/web-7d9f-a', 'Pod/web-7d9f-b', 'ReplicaSet/web-7d9f'].sort());
    const byField = await scrape({ fieldSelector: 'metadata.name=web', namespace: NS });
    expect(names(byField)).toEqual(expect.arrayContaining(['Deployment/web', 'Service/web', 'Ingress/web']));
    expect(names(byField)).not.toContain('Deployment/api');
  });
});

describe('maxInflight', () => {
  let proxy: http.Server;
  let inFlight = 0;
  let most = 0;
  let lists = 0;
  let proxyConfig: string;

  beforeAll(async () => {
    // A plain-HTTP proxy in front of the test server that counts the requests open at once.
    proxy = http.createServer((req, res) => {
      inFlight++;
      lists++;
      most = Math.max(most, inFlight);
      const upstream = http.request(
        `${kube.url}${req.url}`,
        { method: req.method, headers: { ...req.headers, host: new URL(kube.url).host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 500, answer.headers);
          answer.pipe(res);
          answer.on('end', () => inFlight--);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const port = (proxy.address() as AddressInfo).port;
    proxyConfig = [
      'apiVersion: v1',
      'kind: Config',
      // client-node refuses plain HTTP unless told the TLS check is off.
      `clusters: [{name: proxy, cluster: {server: "http://127.0.0.1:${port}", insecure-skip-tls-verify: true}}]`,
      `users: [{name: proxy, user: {token: ${kube.token}}}]`,
      'contexts: [{name: proxy, context: {cluster: proxy, user: proxy}}]',
      'current-context: proxy',
    ].join('\n');
  });
  afterAll(() => new Promise((resolve) => proxy.close(resolve)));

  it('never has more list requests open than it allows', async () => {
    const ctx = contextFor();
    const output = await scrape({ maxInflight: 2, kubeconfig: proxyConfig }, ctx);
    expect(ctx.secrets.has(proxyConfig)).toBe(true);
    expect(output.errors).toEqual([]);
    expect(byName(output, 'Pod', 'web-7d9f-a')).toBeDefined();
    expect(lists).toBeGreaterThanOrEqual(16);
    expect(most).toBeLessThanOrEqual(2);
  });
});

describe('the cluster', () => {
  it('without one: a clear error', async () => {
    await expect(scrape({}, contextFor({ kube: undefined }))).rejects.toThrow(/^no Kubernetes cluster: /);
  });

  it('from a stored kubernetes connection whose certificate is the kubeconfig', async () => {
    const text = readFileSync(kubeconfigFile, 'utf8');
    const ctx = contextFor({
      kube: undefined,
      connection: async (ref) =>
        ref === 'connection://clusters/prod'
          ? { name: 'prod', type: 'kubernetes', properties: { certificate: text } }
          : undefined,
    });
    const output = await scrape({ connection: 'connection://clusters/prod' }, ctx);
    expect(byName(output, 'Pod', 'web-7d9f-a')).toBeDefined();
    expect(ctx.secrets.has(text)).toBe(true);
    await expect(scrape({ connection: 'connection://clusters/none' }, ctx)).rejects.toThrow(
      'no Kubernetes cluster: connection connection://clusters/none was not found',
    );
  });

  it("from a kubeconfig kept in a Secret of the scraper's namespace", async () => {
    const text = readFileSync(kubeconfigFile, 'utf8');
    put({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'other-cluster', namespace: 'default' },
      data: { kubeconfig: Buffer.from(text).toString('base64') },
    });
    const ctx = contextFor();
    const output = await scrape(
      { kubeconfig: { valueFrom: { secretKeyRef: { name: 'other-cluster', key: 'kubeconfig' } } } },
      ctx,
    );
    expect(byName(output, 'Pod', 'web-7d9f-a')).toBeDefined();
    expect(ctx.secrets.has(text)).toBe(true);
  });

  it('a kind the cluster refuses is an error of its own; the others are complete', async () => {
    const strict = await startKubeApiServer({ authorize: ({ resource }) => resource !== 'configmaps' });
    try {
      strict.put({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'hidden', namespace: NS },
      } as never);
      strict.put({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'visible', namespace: NS },
        spec: {},
      } as never);
      const output = await scrape({
        kubeconfig: strict.writeKubeconfig(mkdtempSync(path.join(dir, 'strict-'))),
      });
      expect(output.errors).toEqual([
        expect.stringMatching(/^listing ConfigMap objects failed: configmaps is forbidden/),
      ]);
      expect(output.completeTypes).toContain('Kubernetes::Pod');
      expect(output.completeTypes).not.toContain('Kubernetes::ConfigMap');
      expect(byName(output, 'Pod', 'visible')).toBeDefined();
    } finally {
      await strict.close();
    }
  });

  it('an unreachable API server fails the whole entry (so nothing is deleted)', async () => {
    const config = readFileSync(kubeconfigFile, 'utf8').replace(/127\.0\.0\.1:\d+/, '127.0.0.1:1');
    await expect(scrape({ kubeconfig: config })).rejects.toThrow(/could not be read: .*connection refused/);
  });
});

describe('watch', () => {
  const updates: ScrapeOutput[] = [];
  const controller = new AbortController();
  let watching: Promise<void>;

  const itemUpdate = (type: string, name: string, test: (item: ScrapedItem) => boolean = () => true) =>
    eventually(() => {
      const found = updates
        .flatMap((update) => update.items)
        .find((item) => item.type === `Kubernetes::${type}` && item.name === name && test(item));
      if (!found) throw new Error(`no update of ${type} ${name} yet`);
      return found;
    });

  beforeAll(async () => {
    const ctx = contextFor({ signal: controller.signal });
    // The scrape before the watch: the watch links what it sees to what the scrape found.
    await scrape({ namespace: NS }, ctx);
    const requestsBefore = kube.requests.length;
    watching = kubernetesKind.watch!({ clusterName: 'test', namespace: NS }, ctx, async (update) => {
      expect(update.completeTypes).toEqual([]);
      updates.push(update);
    });
    // Every watch is open (one per scraped kind, and Events).
    await eventually(() => {
      const open = kube.requests.slice(requestsBefore).filter((r) => r.path.includes('watch=true'));
      if (open.length < 15) throw new Error(`${open.length} watches open`);
    });
  });

  afterAll(async () => {
    controller.abort();
    await watching;
  });

  it('emits an update when an object changes', async () => {
    put({ ...kube.get('configmaps', NS, 'settings')!, data: { mode: 'maintenance' } });
    const item = await itemUpdate(
      'ConfigMap',
      'settings',
      (i) => (i.config as { data: { mode: string } }).data.mode === 'maintenance',
    );
    expect(item.id).toBe(uidOf(kube.get('configmaps', NS, 'settings')!));
    expect(item.deletedAt).toBeUndefined();
  });

  it('links a new pod to the Service that selects it, and the Service to it', async () => {
    const pod = put({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'web-7d9f-c', namespace: NS, labels: { app: 'web' } },
      spec: { containers: containers(true) },
    });
    const item = await itemUpdate('Pod', 'web-7d9f-c');
    const service = kube.get('services', NS, 'web')!;
    expect(item.relationships).toContainEqual({
      related: { type: 'Kubernetes::Service', externalId: uidOf(service) },
      incoming: true,
    });
    put({ ...service, metadata: { ...service.metadata, labels: { touched: 'yes' } } });
    const serviceItem = await itemUpdate('Service', 'web', (i) => i.labels?.touched === 'yes');
    expect(serviceItem.relationships?.map((r) => externalIdOf(r.related)).sort()).toEqual(
      [uidOf(readyPod), uidOf(loopingPod), uidOf(pod)].sort(),
    );
    kube.remove('pods', NS, 'web-7d9f-c');
    await itemUpdate('Pod', 'web-7d9f-c', (i) => i.deletedAt !== undefined);
  });

  it('emits the item with deletedAt when an object is deleted', async () => {
    put({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'short-lived', namespace: NS }, data: {} });
    await itemUpdate('ConfigMap', 'short-lived');
    kube.remove('configmaps', NS, 'short-lived');
    const gone = await itemUpdate('ConfigMap', 'short-lived', (i) => i.deletedAt !== undefined);
    expect(gone.deletedAt).toBeInstanceOf(Date);
  });

  it('emits a change for a new Event', async () => {
    put({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'api.scaled', namespace: NS },
      involvedObject: { kind: 'Deployment', name: 'api', namespace: NS, uid: uidOf(api) },
      reason: 'ScalingReplicaSet',
      message: 'Scaled up replica set api-1 to 1',
      type: 'Normal',
      count: 1,
      lastTimestamp: new Date(Date.now() + 5000).toISOString(),
    });
    await eventually(() => {
      const change = updates
        .flatMap((u) => u.changes ?? [])
        .find((c) => c.changeType === 'ScalingReplicaSet');
      if (!change) throw new Error('no change yet');
      expect(change).toMatchObject({
        config: { type: 'Kubernetes::Deployment', externalId: uidOf(api) },
        severity: 'info',
        summary: 'Scaled up replica set api-1 to 1',
      });
    });
  });

  it('resumes after the API server goes down and comes back, and after its history is compacted', async () => {
    await kube.goDown();
    await kube.comeBack();
    put({ ...kube.get('configmaps', NS, 'settings')!, data: { mode: 'after-outage' } });
    await itemUpdate(
      'ConfigMap',
      'settings',
      (i) => (i.config as { data: { mode: string } }).data.mode === 'after-outage',
    );

    await kube.goDown();
    put({ ...kube.get('configmaps', NS, 'settings')!, data: { mode: 'while-down' } });
    kube.compact();
    await kube.comeBack();
    await itemUpdate(
      'ConfigMap',
      'settings',
      (i) => (i.config as { data: { mode: string } }).data.mode === 'while-down',
    );
    put({ ...kube.get('configmaps', NS, 'settings')!, data: { mode: 'after-compaction' } });
    await itemUpdate(
      'ConfigMap',
      'settings',
      (i) => (i.config as { data: { mode: string } }).data.mode === 'after-compaction',
    );
  });
});
