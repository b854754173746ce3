import type { ClusterWriteError, KubeObject } from '../../server/src/kube/types.js';
import { eventually } from '../support/health-data.js';
import {
  startKubeApiServer,
  type AuthorizationRequest,
  type KubeApiServer,
} from '../support/kube-api/index.js';
import { startConsoleWithCluster } from '../support/kube-console.js';
import { startTestServer, type Caller, type TestServer } from '../support/server.js';
import { jsonRequest } from '../support/session.js';

/**
 * Save to cluster: /api/kube dry run, create, update with the resourceVersion
 * the editor read, conflict and overwrite, delete; the console's permissions first, then the
 * cluster's (KUBE_WRITE_AS=impersonate), against the Kubernetes API test server.
 */

const CANARIES = 'canaries.flanksource.com/v1';

let kubeApi: KubeApiServer;
/** The test server's RBAC stand-in: refuses what this returns true for. */
let refuse: (request: AuthorizationRequest) => boolean = () => false;

beforeAll(async () => {
  kubeApi = await startKubeApiServer({ authorize: (request) => !refuse(request) });
});
afterAll(() => kubeApi?.close());
afterEach(() => {
  refuse = () => false;
});

interface Answer<T = unknown> {
  status: number;
  body: T;
}

async function send<T = unknown>(
  server: TestServer,
  method: string,
  route: string,
  body?: unknown,
  as: Caller = 'editor',
): Promise<Answer<T>> {
  const init = jsonRequest(method, method === 'GET' ? undefined : body);
  const response = await server.fetch(`api/kube/${route}`, init, as);
  return { status: response.status, body: (await response.json()) as T };
}

/** The requests the test server received since `from` whose path has this segment. */
const requestsNaming = (segment: string, from: number) =>
  kubeApi.requests
    .slice(from)
    .filter((request) => new URL(request.path, kubeApi.url).pathname.split('/').includes(segment));

const canary = (name: string, spec: Record<string, unknown>): KubeObject => ({
  apiVersion: CANARIES,
  kind: 'Canary',
  metadata: { name, namespace: 'default' },
  spec,
});

describe('save to cluster with the service account', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startConsoleWithCluster(kubeApi);
  });
  afterAll(() => server?.stop());

  test('a dry run of a valid Topology shows the object as it would be stored, and stores nothing', async () => {
    const from = kubeApi.requests.length;
    const { status, body } = await send<{ live: KubeObject | null; result: KubeObject }>(
      server,
      'POST',
      'topologies/default/dry-run-topology/dry-run',
      {
        metadata: { labels: {} },
        spec: { schedule: '@every 5m', components: [{ name: 'api', type: 'service' }] },
      },
    );
    expect(status).toBe(200);
    expect(body.live).toBeNull();
    // An editor's empty labels are no labels: nothing in the diff that nobody typed.
    expect(body.result.metadata).not.toHaveProperty('labels');
    expect(body.result).toMatchObject({
      apiVersion: CANARIES,
      kind: 'Topology',
      metadata: { name: 'dry-run-topology', namespace: 'default' },
      spec: { schedule: '@every 5m', components: [{ name: 'api', type: 'service' }] },
    });
    expect(kubeApi.get('topologies', 'default', 'dry-run-topology')).toBeUndefined();
    const write = kubeApi.requests.slice(from).find((request) => request.method === 'POST');
    expect(write?.path).toContain('dryRun=All');
  });

  test('a dry run of an invalid Canary names each field the cluster refuses at its line of the spec', async () => {
    const specYaml = ['interval: -5', 'http:', '  - url: https://example.com', ''].join('\n');
    const { status, body } = await send<ClusterWriteError>(
      server,
      'POST',
      'canaries/default/broken/dry-run',
      {
        spec: { interval: -5, http: [{ url: 'https://example.com' }] },
        specYaml,
      },
    );
    expect(status).toBe(422);
    expect(body.reason).toBe('Invalid');
    expect(body.fieldErrors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'spec.interval', line: 1 }),
        // The name is missing: the error sits at the item that lacks it.
        expect.objectContaining({ field: 'spec.http[0].name', line: 3 }),
      ]),
    );
    expect(kubeApi.get('canaries', 'default', 'broken')).toBeUndefined();
  });

  test('a misspelt field is refused at its line rather than silently dropped', async () => {
    const specYaml = [
      'interval: 60',
      'http:',
      '  - name: web',
      '    url: https://example.com',
      '    urll: typo',
      '',
    ];
    const { status, body } = await send<ClusterWriteError>(server, 'POST', 'canaries/default/typo/dry-run', {
      spec: { interval: 60, http: [{ name: 'web', url: 'https://example.com', urll: 'typo' }] },
      specYaml: specYaml.join('\n'),
    });
    expect(status).toBe(422);
    expect(body.reason).toBe('Invalid');
    expect(body.fieldErrors).toEqual([
      expect.objectContaining({ field: 'spec.http[0].urll', line: 5, column: 5 }),
    ]);
  });

  test('create, update with the resourceVersion read, conflict, overwrite and delete', async () => {
    const route = 'canaries/default/save-me';
    const created = await send<{ object: KubeObject }>(server, 'PUT', route, {
      spec: { interval: 60, http: [{ name: 'home', url: 'https://example.com' }] },
      metadata: { labels: { team: 'web' } },
    });
    expect(created.status).toBe(201);
    expect(kubeApi.get('canaries', 'default', 'save-me')).toMatchObject({
      metadata: { labels: { team: 'web' } },
      spec: { interval: 60 },
    });

    const opened = await send<{ object: KubeObject }>(server, 'GET', route);
    expect(opened.status).toBe(200);
    const readVersion = opened.body.object.metadata.resourceVersion!;
    const updated = await send<{ object: KubeObject }>(server, 'PUT', route, {
      spec: { interval: 120, http: [{ name: 'home', url: 'https://example.com' }] },
      resourceVersion: readVersion,
    });
    expect(updated.status).toBe(200);
    const stored = kubeApi.get('canaries', 'default', 'save-me')!;
    expect(stored.spec).toMatchObject({ interval: 120 });
    // Labels the editor did not send stay as the cluster has them.
    expect(stored.metadata.labels).toEqual({ team: 'web' });

    // Someone else changes it while the editor still has the version it read.
    const editorVersion = updated.body.object.metadata.resourceVersion!;
    kubeApi.put(canary('save-me', { interval: 300, http: [{ name: 'home', url: 'https://example.com' }] }));
    const stale = await send<ClusterWriteError>(server, 'PUT', route, {
      spec: { interval: 180, http: [{ name: 'home', url: 'https://example.com' }] },
      resourceVersion: editorVersion,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      reason: 'Conflict',
      message:
        'Canary default/save-me changed in the cluster since you opened it. Reload to see the new version, or overwrite it with yours.',
    });
    expect(kubeApi.get('canaries', 'default', 'save-me')!.spec).toMatchObject({ interval: 300 });

    const overwritten = await send(server, 'PUT', route, {
      spec: { interval: 180, http: [{ name: 'home', url: 'https://example.com' }] },
      resourceVersion: editorVersion,
      force: true,
    });
    expect(overwritten.status).toBe(200);
    expect(kubeApi.get('canaries', 'default', 'save-me')!.spec).toMatchObject({ interval: 180 });

    const again = await send<ClusterWriteError>(server, 'PUT', route, {
      spec: { interval: 60, http: [{ name: 'home', url: 'https://example.com' }] },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      reason: 'AlreadyExists',
      message: 'Canary default/save-me already exists in the cluster.',
    });

    const deleted = await send(server, 'DELETE', route);
    expect(deleted).toEqual({ status: 200, body: { deleted: true } });
    expect(kubeApi.get('canaries', 'default', 'save-me')).toBeUndefined();
    const gone = await send<ClusterWriteError>(server, 'GET', route);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({
      reason: 'NotFound',
      message: 'Canary default/save-me is not in the cluster.',
    });
  });

  test('the mirrored row of a resource saved to the cluster appears read-only', async () => {
    await send(server, 'PUT', 'canaries/default/mirrored', {
      spec: { interval: 60, http: [{ name: 'home', url: 'https://example.com' }] },
    });
    await eventually(async () => {
      const { rows } = await server.db.query<{ source: string }>(
        `select source from canaries where name = 'mirrored' and namespace = 'default' and deleted_at is null`,
      );
      expect(rows).toEqual([{ source: 'KubernetesCRD' }]);
    }, 10_000);
  });

  test('a viewer may read but not write, and nothing of the write reaches the cluster', async () => {
    kubeApi.put(canary('viewer-target', { interval: 60 }));
    expect((await send(server, 'GET', 'canaries/default/viewer-target', undefined, 'viewer')).status).toBe(
      200,
    );
    const from = kubeApi.requests.length;
    for (const [method, route] of [
      ['POST', 'canaries/default/viewer-target/dry-run'],
      ['PUT', 'canaries/default/viewer-target'],
      ['DELETE', 'canaries/default/viewer-target'],
    ] as const) {
      const { status, body } = await send<ClusterWriteError>(server, method, route, { spec: {} }, 'viewer');
      expect({ status, reason: body.reason, message: body.message }).toEqual({
        status: 403,
        reason: 'Forbidden',
        message: 'You may not change canaries',
      });
    }
    expect(requestsNaming('viewer-target', from)).toEqual([]);
    expect(kubeApi.get('canaries', 'default', 'viewer-target')!.spec).toEqual({ interval: 60 });
  });

  test('names Kubernetes would refuse are refused before the cluster is asked', async () => {
    const from = kubeApi.requests.length;
    const badName = await send<ClusterWriteError>(server, 'PUT', 'canaries/default/Not_A_Name', { spec: {} });
    expect(badName.status).toBe(422);
    expect(badName.body.message).toBe(
      "The name 'Not_A_Name' is not valid: use at most 253 lowercase letters, digits, '-' and '.', starting and ending with a letter or digit.",
    );
    const badNamespace = await send<ClusterWriteError>(server, 'GET', 'canaries/Team.A/web');
    expect(badNamespace.status).toBe(422);
    expect(badNamespace.body.fieldErrors).toEqual([expect.objectContaining({ field: 'metadata.namespace' })]);
    expect([...requestsNaming('Not_A_Name', from), ...requestsNaming('Team.A', from)]).toEqual([]);
  });

  test('the cluster sees the console service account, not the person', async () => {
    const from = kubeApi.requests.length;
    await send(server, 'GET', 'canaries/default/whoever');
    const [request] = requestsNaming('whoever', from);
    expect(request?.headers.authorization).toBe(`Bearer ${kubeApi.token}`);
    expect(Object.keys(request?.headers ?? {}).filter((name) => name.startsWith('impersonate-'))).toEqual([]);
  });

  test('an API server out of reach answers 503 and the connection says so', async () => {
    await kubeApi.goDown();
    try {
      const { status, body } = await send<ClusterWriteError>(server, 'PUT', 'canaries/default/unreachable', {
        spec: { interval: 60 },
      });
      expect(status).toBe(503);
      expect(body).toMatchObject({
        reason: 'Unavailable',
        message: 'The Kubernetes API server cannot be reached (connection refused). Try again later.',
      });
      expect(server.kube.status().connected).toBe(false);
    } finally {
      await kubeApi.comeBack();
    }
  });
});

describe('save to cluster as the signed-in person (KUBE_WRITE_AS=impersonate)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startConsoleWithCluster(kubeApi, { env: { KUBE_WRITE_AS: 'impersonate' } });
  });
  afterAll(() => server?.stop());

  test('writes carry the person as Impersonate-User and their roles as Impersonate-Group', async () => {
    const decided: AuthorizationRequest[] = [];
    refuse = (request) => {
      decided.push(request);
      return false;
    };
    const { status } = await send(server, 'PUT', 'canaries/default/as-person', { spec: { interval: 60 } });
    expect(status).toBe(201);
    // One header line per group: the API server never splits a line on commas.
    expect(decided.find((request) => request.verb === 'create')).toMatchObject({
      user: 'editor.tester@example.com',
      groups: ['ops-console:editor', 'system:authenticated'],
      resource: 'canaries',
      namespace: 'default',
    });
    expect(kubeApi.get('canaries', 'default', 'as-person')).toBeDefined();
  });

  test("the cluster's RBAC refusal reaches the editor with the cluster's message", async () => {
    refuse = (request) => request.user === 'editor.tester@example.com' && request.verb === 'create';
    const { status, body } = await send<ClusterWriteError>(server, 'PUT', 'canaries/default/refused', {
      spec: { interval: 60 },
    });
    expect(status).toBe(403);
    expect(body.reason).toBe('Forbidden');
    expect(body.message).toMatch(/User "editor\.tester@example\.com" cannot create resource "canaries"/);
    expect(kubeApi.get('canaries', 'default', 'refused')).toBeUndefined();
  });

  test("the console's own permission still comes first", async () => {
    const from = kubeApi.requests.length;
    const { status } = await send(server, 'DELETE', 'canaries/default/as-person', undefined, 'viewer');
    expect(status).toBe(403);
    expect(requestsNaming('as-person', from)).toEqual([]);
  });
});

describe('without a cluster', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  test('every route answers 503 Unavailable', async () => {
    for (const [method, route] of [
      ['GET', 'canaries/default/web'],
      ['POST', 'canaries/default/web/dry-run'],
      ['PUT', 'canaries/default/web'],
      ['DELETE', 'canaries/default/web'],
    ] as const) {
      const { status, body } = await send<ClusterWriteError>(server, method, route, { spec: {} });
      expect({ status, reason: body.reason }).toEqual({ status: 503, reason: 'Unavailable' });
    }
  });
});
