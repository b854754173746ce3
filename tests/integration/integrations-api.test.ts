import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { dump } from 'js-yaml';
import type {
  ApplyAnswer,
  ChartAnswer,
  ValuesCheckAnswer,
} from '../../server/src/platform/integrations/types.js';
import { availableBackends } from '../support/databases.js';
import { freePort } from '../support/free-port.js';
import { loadCrds, startKubeApiServer, type KubeApiServer } from '../support/kube-api/index.js';
import { startConsoleWithCluster } from '../support/kube-console.js';
import { startTestServer, type Caller, type TestServer } from '../support/server.js';
import { jsonRequest, signIn } from '../support/session.js';
import { ADMIN_PASSWORD } from '../support/server.js';

/**
 * /api/integrations against a chart repository served by the test (an index.yaml and chart
 * archives packed with tar) and the Kubernetes API test server serving Flux's two kinds, which
 * refuses writes into a namespace that does not exist as a real cluster does.
 */

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'integrations-api-'));

const PROMETHEUS_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  required: ['prometheus'],
  properties: {
    prometheus: {
      type: 'object',
      required: ['url'],
      properties: { url: { type: 'string', pattern: '^https?://' } },
    },
    replicas: { type: 'integer', minimum: 1 },
  },
};
const PROMETHEUS_VALUES = { prometheus: { url: 'http://prometheus.monitoring:9090' }, replicas: 1 };
const FLUX_VALUES = { flux: { namespace: 'flux-system' } };

/** A chart archive as `helm package` lays it out: one folder named after the chart. */
function packChart(chart: string, version: string, files: Record<string, string>): Buffer {
  const root = fs.mkdtempSync(path.join(workDir, 'chart-'));
  const folder = path.join(root, chart);
  fs.mkdirSync(path.join(folder, 'charts', 'sub'), { recursive: true });
  fs.writeFileSync(path.join(folder, 'Chart.yaml'), dump({ apiVersion: 'v2', name: chart, version }));
  // A subchart's files must not be taken for the chart's own.
  fs.writeFileSync(path.join(folder, 'charts', 'sub', 'values.yaml'), 'sub: true\n');
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), text);
  const archive = path.join(root, 'chart.tgz');
  execFileSync('tar', ['-czf', archive, '-C', root, chart]);
  return fs.readFileSync(archive);
}

interface ChartServer {
  url: string;
  /** The paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

async function startChartServer(): Promise<ChartServer> {
  const files = new Map<string, Buffer>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const file = files.get(req.url ?? '');
    if (!file) res.writeHead(404).end('not found');
    else res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const prometheus = packChart('mission-control-prometheus', '1.2.0', {
    'values.yaml': dump(PROMETHEUS_VALUES),
    'values.schema.json': JSON.stringify(PROMETHEUS_SCHEMA),
  });
  files.set('/charts/mission-control-prometheus-1.2.0.tgz', prometheus);
  files.set('/archive/mission-control-prometheus-1.0.0.tgz', prometheus);
  files.set(
    '/charts/mission-control-flux-0.4.0.tgz',
    packChart('mission-control-flux', '0.4.0', { 'values.yaml': dump(FLUX_VALUES) }),
  );
  const index = {
    apiVersion: 'v1',
    entries: {
      'mission-control-prometheus': [
        // A prerelease is newer, but `helm install` without --version takes the latest stable one.
        { version: '1.3.0-rc.1', urls: ['mission-control-prometheus-1.3.0-rc.1.tgz'] },
        { version: '1.2.0', urls: ['mission-control-prometheus-1.2.0.tgz'] },
        { version: '1.0.0', urls: [`${origin}/archive/mission-control-prometheus-1.0.0.tgz`] },
      ],
      'mission-control-flux': [{ version: '0.4.0', urls: ['mission-control-flux-0.4.0.tgz'] }],
    },
  };
  files.set('/charts/index.yaml', Buffer.from(dump(index)));
  return {
    url: `${origin}/charts`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const GO_DURATION = '^([0-9]+(\\.[0-9]+)?(ms|s|m|h))+$';

/** A CustomResourceDefinition of one of Flux's kinds, with the fields the console writes. */
function fluxCrd(group: string, version: string, kind: string, plural: string, spec: object): object {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      scope: 'Namespaced',
      names: { kind, listKind: `${kind}List`, plural, singular: kind.toLowerCase() },
      versions: [
        {
          name: version,
          served: true,
          storage: true,
          subresources: { status: {} },
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                apiVersion: { type: 'string' },
                kind: { type: 'string' },
                metadata: { type: 'object' },
                spec,
                status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
              },
            },
          },
        },
      ],
    },
  };
}

const FLUX_CRDS = [
  fluxCrd('source.toolkit.fluxcd.io', 'v1', 'HelmRepository', 'helmrepositories', {
    type: 'object',
    required: ['url'],
    properties: {
      interval: { type: 'string', pattern: GO_DURATION },
      url: { type: 'string', pattern: '^(http|https|oci)://.*$' },
    },
  }),
  fluxCrd('helm.toolkit.fluxcd.io', 'v2', 'HelmRelease', 'helmreleases', {
    type: 'object',
    required: ['interval'],
    properties: {
      interval: { type: 'string', pattern: GO_DURATION },
      chart: {
        type: 'object',
        properties: {
          spec: {
            type: 'object',
            required: ['chart', 'sourceRef'],
            properties: {
              chart: { type: 'string', minLength: 1 },
              // Stricter than Flux, so that a test can have the cluster refuse a release.
              version: { type: 'string', pattern: '^[0-9*xX^~<>=., |-]+$' },
              sourceRef: {
                type: 'object',
                required: ['kind', 'name'],
                properties: {
                  kind: { type: 'string', enum: ['HelmRepository', 'GitRepository', 'Bucket'] },
                  name: { type: 'string' },
                  namespace: { type: 'string' },
                },
              },
            },
          },
        },
      },
      values: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
    },
  }),
];

interface Answer<T> {
  status: number;
  body: T;
}

async function call<T>(
  server: TestServer,
  method: string,
  route: string,
  body?: unknown,
  as: Caller = 'editor',
): Promise<Answer<T>> {
  const response = await server.fetch(`api/integrations/${route}`, jsonRequest(method, body), as);
  return { status: response.status, body: (await response.json()) as T };
}

const NOT_CHECKED = "The values are not checked against the chart's schema.";

let charts: ChartServer;

beforeAll(async () => {
  charts = await startChartServer();
});
afterAll(async () => {
  await charts?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe.each(availableBackends())('the integrations API on %s', (backend) => {
  let kubeApi: KubeApiServer;
  let console_: TestServer;

  beforeAll(async () => {
    kubeApi = await startKubeApiServer({
      crds: [...loadCrds(), ...FLUX_CRDS],
      createMissingNamespaces: false,
    });
    console_ = await startConsoleWithCluster(kubeApi, {
      backend,
      template: 'empty',
      env: { INTEGRATIONS_CHART_REPOSITORY: charts.url },
    });
  });
  afterAll(async () => {
    await console_?.stop();
    await kubeApi?.close();
  });

  /** The Flux objects the test server holds in a namespace, by kind. */
  const stored = (namespace: string) => ({
    repositories: kubeApi.list('helmrepositories').filter((o) => o.metadata.namespace === namespace),
    releases: kubeApi.list('helmreleases').filter((o) => o.metadata.namespace === namespace),
  });

  /** The requests to Flux's kinds since `from` (the console talks to the cluster for other reasons too). */
  const fluxWrites = (from: number) =>
    kubeApi.requests.slice(from).filter((request) => request.path.includes('.toolkit.fluxcd.io/'));

  describe('the chart of a tile', () => {
    test("answers the latest stable version's schema and default values, read from its archive", async () => {
      const { status, body } = await call<ChartAnswer>(
        console_,
        'GET',
        'charts/prometheus',
        undefined,
        'viewer',
      );
      expect(status).toBe(200);
      expect(body).toEqual({
        key: 'prometheus',
        chart: 'mission-control-prometheus',
        version: '1.2.0',
        repositoryUrl: charts.url,
        schema: PROMETHEUS_SCHEMA,
        values: PROMETHEUS_VALUES,
        canApply: true,
      });
      // The archive's relative address was resolved against the repository's.
      expect(charts.requests).toContain('/charts/mission-control-prometheus-1.2.0.tgz');
    });

    test('is kept a while: asking again reads nothing from the repository', async () => {
      await call<ChartAnswer>(console_, 'GET', 'charts/prometheus');
      const before = charts.requests.length;
      const { status, body } = await call<ChartAnswer>(console_, 'GET', 'charts/prometheus');
      expect(status).toBe(200);
      expect(body.schema).toEqual(PROMETHEUS_SCHEMA);
      expect(charts.requests.length).toBe(before);
    });

    test('a chart without a values schema: its defaults, no schema, and why', async () => {
      const { status, body } = await call<ChartAnswer>(console_, 'GET', 'charts/flux');
      expect(status).toBe(200);
      expect(body).toMatchObject({
        chart: 'mission-control-flux',
        version: '0.4.0',
        schema: null,
        values: FLUX_VALUES,
      });
      expect(body.error).toBe(`The chart mission-control-flux 0.4.0 has no values schema. ${NOT_CHECKED}`);
    });

    test('a chart the repository does not have: no schema, and why', async () => {
      const { status, body } = await call<ChartAnswer>(console_, 'GET', 'charts/aws');
      expect(status).toBe(200);
      expect(body).toMatchObject({ chart: 'mission-control-aws', schema: null, values: {} });
      expect(body.error).toBe(
        `The chart repository ${charts.url} has no chart named mission-control-aws. ${NOT_CHECKED}`,
      );
    });

    test('an unknown tile is a 404', async () => {
      const { status, body } = await call<{ message: string }>(console_, 'GET', 'charts/nagios');
      expect(status).toBe(404);
      expect(body.message).toBe('Unknown integration nagios');
    });
  });

  describe('the check of typed values', () => {
    const check = (key: string, body: unknown, as: Caller = 'viewer') =>
      call<ValuesCheckAnswer & { message?: string }>(console_, 'POST', `charts/${key}/check`, body, as);

    test("names each problem by its value's JSON pointer, over the chart's defaults", async () => {
      const { status, body } = await check('prometheus', {
        values: { replicas: 0, prometheus: { url: 'prometheus:9090' } },
      });
      expect(status).toBe(200);
      expect(body).toEqual({
        problems: [
          { path: '/prometheus/url', message: 'must match pattern "^https?://"' },
          { path: '/replicas', message: 'must be >= 1' },
        ],
      });
    });

    test("values that pass have no problems; a required value the chart's defaults set need not be typed", async () => {
      const { status, body } = await check('prometheus', { values: { replicas: 2 } });
      expect(status).toBe(200);
      expect(body).toEqual({ problems: [] });
    });

    test('a null removes a default, as Helm reads it, and the schema then misses it', async () => {
      const { body } = await check('prometheus', { values: { prometheus: null } });
      expect(body.problems).toEqual([{ path: '', message: "must have required property 'prometheus'" }]);
    });

    test('a chart without a values schema: no problems, and why they were not checked', async () => {
      const { status, body } = await check('flux', { values: { anything: [1, 2] } });
      expect(status).toBe(200);
      expect(body).toEqual({
        problems: [],
        unchecked: `The chart mission-control-flux 0.4.0 has no values schema. ${NOT_CHECKED}`,
      });
    });

    test('values that are not an object are a 400; an unknown tile a 404', async () => {
      for (const body of [{ values: [1] }, { values: 'replicas: 2' }, {}]) {
        const answer = await check('prometheus', body);
        expect(answer.status).toBe(400);
        expect(answer.body.message).toBe('The values must be an object (a map of the chart’s values).');
      }
      const unknown = await check('nagios', { values: {} });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Unknown integration nagios');
    });

    test('needs a signed-in reader of integrations', async () => {
      const { status } = await check('prometheus', { values: {} }, 'anonymous');
      expect(status).toBe(401);
    });
  });

  describe('apply', () => {
    const release = {
      key: 'prometheus',
      namespace: 'monitoring',
      interval: '30m',
      values: { replicas: 2 },
    };

    test('creates the HelmRepository and the HelmRelease, after a dry run of both', async () => {
      const from = kubeApi.requests.length;
      const { status, body } = await call<ApplyAnswer>(console_, 'POST', 'apply', release);
      expect(status).toBe(200);
      expect(body.objects).toEqual([
        { kind: 'Namespace', name: 'monitoring', action: 'created' },
        { kind: 'HelmRepository', name: 'flanksource', namespace: 'monitoring', action: 'created' },
        {
          kind: 'HelmRelease',
          name: 'mission-control-prometheus',
          namespace: 'monitoring',
          action: 'created',
        },
      ]);
      const { repositories, releases } = stored('monitoring');
      expect(repositories.map((object) => object.spec)).toEqual([{ interval: '30m', url: charts.url }]);
      expect(releases.map((object) => object.spec)).toEqual([
        {
          interval: '30m',
          chart: {
            spec: {
              chart: 'mission-control-prometheus',
              sourceRef: { kind: 'HelmRepository', name: 'flanksource', namespace: 'monitoring' },
            },
          },
          values: { replicas: 2 },
        },
      ]);
      const writes = fluxWrites(from).map((request) => new URL(request.path, kubeApi.url));
      expect(
        writes.map((url) => `${url.pathname.split('/').at(-2)} ${url.searchParams.get('dryRun') ?? 'write'}`),
      ).toEqual([
        // The namespace is missing: the cluster refuses even the dry run, so it is created first.
        'helmrepositories All',
        'helmrepositories All',
        'helmreleases All',
        'helmrepositories write',
        'helmreleases write',
      ]);
      const namespaceWrites = kubeApi.requests
        .slice(from)
        .filter((request) => request.method === 'PATCH' && request.path.startsWith('/api/v1/namespaces/'))
        .map((request) => new URL(request.path, kubeApi.url));
      expect(
        namespaceWrites.map((url) => `${url.pathname} ${url.searchParams.get('dryRun') ?? 'write'}`),
      ).toEqual(['/api/v1/namespaces/monitoring All', '/api/v1/namespaces/monitoring write']);
      expect(kubeApi.get('namespaces', '', 'monitoring')?.status).toEqual({ phase: 'Active' });
      expect(
        [...writes, ...namespaceWrites].every(
          (url) => url.searchParams.get('fieldManager') === 'ops-console',
        ),
      ).toBe(true);
    });

    test('into a namespace that exists: only the two Flux objects', async () => {
      kubeApi.put({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'existing' } });
      const { status, body } = await call<ApplyAnswer>(console_, 'POST', 'apply', {
        ...release,
        namespace: 'existing',
      });
      expect(status).toBe(200);
      expect(body.objects.map((object) => `${object.kind} ${object.action}`)).toEqual([
        'HelmRepository created',
        'HelmRelease created',
      ]);
    });

    test('again, with other values: both are updated', async () => {
      await call<ApplyAnswer>(console_, 'POST', 'apply', { ...release, namespace: 'again' });
      const { status, body } = await call<ApplyAnswer>(console_, 'POST', 'apply', {
        ...release,
        namespace: 'again',
        interval: '1h',
        values: { replicas: 3 },
      });
      expect(status).toBe(200);
      expect(body.objects.map((object) => `${object.kind} ${object.action}`)).toEqual([
        'HelmRepository updated',
        'HelmRelease updated',
      ]);
      const { repositories, releases } = stored('again');
      expect(repositories.map((object) => object.spec?.interval)).toEqual(['1h']);
      expect(releases.map((object) => object.spec?.values)).toEqual([{ replicas: 3 }]);
    });

    test("values the chart's schema refuses are a 400 that names them, and nothing is written", async () => {
      const from = kubeApi.requests.length;
      const { status, body } = await call<{ message: string }>(console_, 'POST', 'apply', {
        ...release,
        namespace: 'refused',
        values: { replicas: 'two', prometheus: { url: 'prometheus:9090' } },
      });
      expect(status).toBe(400);
      expect(body.message).toBe(
        'The values do not match the schema of the chart mission-control-prometheus 1.2.0: prometheus.url must match pattern "^https?://"; replicas must be integer.',
      );
      expect(fluxWrites(from)).toEqual([]);
      expect(stored('refused')).toEqual({ repositories: [], releases: [] });
    });

    test("the chart's defaults count: a required value the chart sets need not be sent", async () => {
      const { status } = await call<ApplyAnswer>(console_, 'POST', 'apply', {
        ...release,
        namespace: 'defaults',
        values: {},
      });
      expect(status).toBe(200);
      expect(stored('defaults').releases[0]?.spec).not.toHaveProperty('values');
    });

    test("a release the cluster refuses in the dry run is a 422 with the cluster's message, and no Flux object is written", async () => {
      const { status, body } = await call<{ message: string }>(console_, 'POST', 'apply', {
        ...release,
        namespace: 'dry-refused',
        version: 'newest!',
      });
      expect(status).toBe(422);
      expect(body.message).toMatch(
        /^The cluster refused HelmRelease dry-refused\/mission-control-prometheus: .*spec\.chart\.spec\.version/,
      );
      expect(stored('dry-refused')).toEqual({ repositories: [], releases: [] });
      // As with `helm install --create-namespace`, the namespace made for the release stays.
      expect(kubeApi.get('namespaces', '', 'dry-refused')).toBeDefined();
    });

    test('a namespace, name or interval Kubernetes would not take is a 422', async () => {
      const namespace = await call<{ message: string }>(console_, 'POST', 'apply', {
        ...release,
        namespace: 'Monitoring',
      });
      expect(namespace.status).toBe(422);
      expect(namespace.body.message).toMatch(/^The namespace 'Monitoring' is not valid/);
      const name = await call<{ message: string }>(console_, 'POST', 'apply', {
        ...release,
        name: 'my_release',
      });
      expect(name.status).toBe(422);
      expect(name.body.message).toMatch(/^The name 'my_release' is not valid/);
      const interval = await call<{ message: string }>(console_, 'POST', 'apply', {
        ...release,
        interval: '30 minutes',
      });
      expect(interval.status).toBe(422);
      expect(interval.body.message).toBe(
        "The interval '30 minutes' is not valid: use a duration such as 30m, 1h or 1h30m.",
      );
    });

    test('an unknown tile is a 404', async () => {
      const { status, body } = await call<{ message: string }>(console_, 'POST', 'apply', {
        ...release,
        key: 'nagios',
      });
      expect(status).toBe(404);
      expect(body.message).toBe('Unknown integration nagios');
    });

    test('a viewer may read the chart but not apply it', async () => {
      const { status, body } = await call<{ message: string }>(
        console_,
        'POST',
        'apply',
        { ...release, namespace: 'viewer' },
        'viewer',
      );
      expect(status).toBe(403);
      expect(body.message).toBe('You may not change integrations');
      expect(stored('viewer')).toEqual({ repositories: [], releases: [] });
    });

    test('a signed-in session must send its CSRF token', async () => {
      const session = await signIn(console_, 'admin', ADMIN_PASSWORD);
      const refused = await session.send(
        'POST',
        'api/integrations/apply',
        { ...release, namespace: 'csrf' },
        { csrf: null },
      );
      expect(refused.status).toBe(403);
      expect(stored('csrf')).toEqual({ repositories: [], releases: [] });
      const applied = await session.send('POST', 'api/integrations/apply', { ...release, namespace: 'csrf' });
      expect(applied.status).toBe(200);
    });
  });

  describe('a cluster without Flux', () => {
    let bare: KubeApiServer;
    let server: TestServer;
    beforeAll(async () => {
      bare = await startKubeApiServer({ crds: loadCrds(), createMissingNamespaces: false });
      server = await startConsoleWithCluster(bare, {
        backend,
        template: 'empty',
        env: { INTEGRATIONS_CHART_REPOSITORY: charts.url },
      });
    });
    afterAll(async () => {
      await server?.stop();
      await bare?.close();
    });

    const FLUX_MISSING = 'Flux is not installed in the cluster: it does not serve HelmRelease resources.';

    test('the chart says Apply cannot work, and why, before anyone tries', async () => {
      const { status, body } = await call<ChartAnswer>(server, 'GET', 'charts/prometheus');
      expect(status).toBe(200);
      expect(body).toMatchObject({ canApply: false, applyUnavailable: FLUX_MISSING });
      // Asked of discovery, and kept: a second opening asks nothing more.
      const discovery = () => bare.requests.filter((request) => request.path.includes('toolkit.fluxcd.io'));
      const asked = discovery().length;
      expect(asked).toBeGreaterThan(0);
      await call<ChartAnswer>(server, 'GET', 'charts/prometheus');
      expect(discovery().length).toBe(asked);
    });

    test('Apply is a 503 that says so, and creates no namespace', async () => {
      const { status, body } = await call<{ message: string }>(server, 'POST', 'apply', {
        key: 'prometheus',
        namespace: 'no-flux',
        interval: '30m',
        values: {},
      });
      expect(status).toBe(503);
      expect(body.message).toBe(FLUX_MISSING);
      expect(bare.get('namespaces', '', 'no-flux')).toBeUndefined();
    });
  });

  describe('without a cluster, and with the chart repository out of reach', () => {
    let server: TestServer;
    let repositoryUrl: string;
    beforeAll(async () => {
      repositoryUrl = `http://127.0.0.1:${await freePort()}/charts`;
      server = await startTestServer({
        backend,
        template: 'empty',
        env: { INTEGRATIONS_CHART_REPOSITORY: repositoryUrl },
      });
    });
    afterAll(() => server?.stop());

    test('the chart answers no schema, no values, and why; Apply is not offered', async () => {
      const { status, body } = await call<ChartAnswer>(server, 'GET', 'charts/kubernetes');
      expect(status).toBe(200);
      expect(body).toEqual({
        key: 'kubernetes',
        chart: 'mission-control-kubernetes',
        version: '',
        repositoryUrl,
        schema: null,
        values: {},
        canApply: false,
        applyUnavailable: 'No cluster connection: the console is not connected to a Kubernetes cluster.',
        error: `Could not reach the chart repository ${repositoryUrl}: connection refused. ${NOT_CHECKED}`,
      });
    });

    test('the values are not checked, and the answer says why', async () => {
      const { status, body } = await call<ValuesCheckAnswer>(server, 'POST', 'charts/kubernetes/check', {
        values: { replicas: 'two' },
      });
      expect(status).toBe(200);
      expect(body).toEqual({
        problems: [],
        unchecked: `Could not reach the chart repository ${repositoryUrl}: connection refused. ${NOT_CHECKED}`,
      });
    });

    test('Apply is a 503', async () => {
      const { status, body } = await call<{ message: string }>(server, 'POST', 'apply', {
        key: 'kubernetes',
        namespace: 'mission-control',
        interval: '30m',
        values: {},
      });
      expect(status).toBe(503);
      expect(body.message).toBe(
        'No cluster connection: the console is not connected to a Kubernetes cluster.',
      );
    });
  });
});
