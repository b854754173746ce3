import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  ApiException,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  Watch,
  makeInformer,
  setHeaderOptions,
  type KubernetesObject,
} from '@kubernetes/client-node';
import { load } from 'js-yaml';
import { eventually } from '../support/health-data.js';
import { startKubeApiServer, type KubeApiServer, type KubeObject } from '../support/kube-api/index.js';
import type { Status } from '../support/kube-api/status.js';
import { kubeTools, whenKubeTools } from '../support/kube-tools.js';

/**
 * The Kubernetes API test server (tests/support/kube-api) driven by the two real clients the
 * console and its users have: @kubernetes/client-node and kubectl. Both must agree with it.
 */

const run = promisify(execFile);
const describeWithKubectl = whenKubeTools(describe, 'the kubectl tests');

const GROUP = 'canaries.flanksource.com';
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kube-api-server-'));
let server: KubeApiServer;
let config: KubeConfig;
let api: CustomObjectsApi;

beforeAll(async () => {
  server = await startKubeApiServer({
    // Bob may only read; everyone else may do anything.
    authorize: ({ user, verb }) => user !== 'bob' || ['get', 'list', 'watch'].includes(verb),
  });
  config = new KubeConfig();
  config.loadFromFile(server.writeKubeconfig(workDir));
  api = config.makeApiClient(CustomObjectsApi);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

function canary(name: string, spec: Record<string, unknown> = {}, namespace = 'default'): KubeObject {
  return {
    apiVersion: `${GROUP}/v1`,
    kind: 'Canary',
    metadata: { name, namespace },
    spec: { interval: 60, http: [{ name: 'home', url: 'https://example.com' }], ...spec },
  };
}

const inDefault = { group: GROUP, version: 'v1', plural: 'canaries', namespace: 'default' };

/** The Status of a failed client-node call. */
async function failureOf(call: Promise<unknown>): Promise<{ code: number; status: Status }> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof ApiException)) throw error;
    return { code: error.code, status: JSON.parse(error.body as string) };
  }
  throw new Error('the call succeeded');
}

async function request(urlPath: string, init: RequestInit = {}, token = server.token) {
  const response = await fetch(`${server.url}${urlPath}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...init.headers },
  });
  return { status: response.status, body: await response.json() };
}

describe('with client-node', () => {
  test('create, get and list answer the object with the bookkeeping of the real server', async () => {
    const created = (await api.createNamespacedCustomObject({
      ...inDefault,
      body: canary('web'),
    })) as KubeObject;
    expect(created.metadata).toMatchObject({ name: 'web', namespace: 'default', generation: 1 });
    expect(created.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.metadata.creationTimestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const read = (await api.getNamespacedCustomObject({ ...inDefault, name: 'web' })) as KubeObject;
    expect(read).toEqual(created);
    const list = (await api.listClusterCustomObject({ group: GROUP, version: 'v1', plural: 'canaries' })) as {
      kind: string;
      metadata: { resourceVersion: string };
      items: KubeObject[];
    };
    expect(list.kind).toBe('CanaryList');
    expect(list.items.map((item) => item.metadata.name)).toContain('web');
    expect(Number(list.metadata.resourceVersion)).toBeGreaterThanOrEqual(
      Number(created.metadata.resourceVersion),
    );
    expect(server.get('canaries', 'default', 'web')).toEqual(created);

    const again = await failureOf(api.createNamespacedCustomObject({ ...inDefault, body: canary('web') }));
    expect(again.code).toBe(409);
    expect(again.status).toMatchObject({
      reason: 'AlreadyExists',
      message: 'canaries.canaries.flanksource.com "web" already exists',
    });
  });

  test('a replace with a stale resourceVersion is a 409 Conflict; a current one bumps the generation', async () => {
    const stale = server.put(canary('replace-me'));
    server.put(canary('replace-me', { interval: 120 }));
    const conflict = await failureOf(
      api.replaceNamespacedCustomObject({
        ...inDefault,
        name: 'replace-me',
        body: { ...stale, spec: { interval: 5 } },
      }),
    );
    expect(conflict.code).toBe(409);
    expect(conflict.status).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'Conflict',
      message:
        'Operation cannot be fulfilled on canaries.canaries.flanksource.com "replace-me": the object has been modified; please apply your changes to the latest version and try again',
      details: { name: 'replace-me', group: GROUP, kind: 'canaries' },
    });

    const current = server.get('canaries', 'default', 'replace-me')!;
    const replaced = (await api.replaceNamespacedCustomObject({
      ...inDefault,
      name: 'replace-me',
      body: { ...current, spec: { ...current.spec, interval: 5 }, status: { status: 'ignored' } },
    })) as KubeObject;
    expect(replaced.spec?.interval).toBe(5);
    expect(replaced.metadata.generation).toBe(current.metadata.generation! + 1);
    expect(Number(replaced.metadata.resourceVersion)).toBeGreaterThan(
      Number(current.metadata.resourceVersion),
    );
    // The main resource does not write the status subresource.
    expect(replaced.status).toBeUndefined();

    const relabelled = (await api.replaceNamespacedCustomObject({
      ...inDefault,
      name: 'replace-me',
      body: { ...replaced, metadata: { ...replaced.metadata, labels: { team: 'web' } } },
    })) as KubeObject;
    expect(relabelled.metadata.generation).toBe(replaced.metadata.generation);
  });

  test('the status subresource changes only the status, through a merge patch', async () => {
    const before = server.put(canary('with-status'));
    const patched = (await api.patchNamespacedCustomObjectStatus(
      { ...inDefault, name: 'with-status', body: { status: { status: 'Passed' }, spec: { interval: 1 } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    )) as KubeObject;
    expect(patched.status).toEqual({ status: 'Passed' });
    expect(patched.spec).toEqual(before.spec);
    expect(patched.metadata.generation).toBe(before.metadata.generation);
    expect(server.get('canaries', 'default', 'with-status')?.status).toEqual({ status: 'Passed' });

    const strategic = await failureOf(
      api.patchNamespacedCustomObject(
        { ...inDefault, name: 'with-status', body: { spec: { interval: 1 } } },
        setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch),
      ),
    );
    expect(strategic.code).toBe(415);
    expect(strategic.status.reason).toBe('UnsupportedMediaType');
  });

  test('delete answers the deleted object; then it is not found', async () => {
    server.put(canary('doomed'));
    const deleted = (await api.deleteNamespacedCustomObject({ ...inDefault, name: 'doomed' })) as KubeObject;
    expect(deleted.metadata.name).toBe('doomed');
    expect(server.get('canaries', 'default', 'doomed')).toBeUndefined();
    const missing = await failureOf(api.getNamespacedCustomObject({ ...inDefault, name: 'doomed' }));
    expect(missing.code).toBe(404);
    expect(missing.status).toMatchObject({
      reason: 'NotFound',
      message: 'canaries.canaries.flanksource.com "doomed" not found',
    });
  });

  test('a dry run validates and answers but stores nothing and tells no watch', async () => {
    const events: string[] = [];
    const watch = await new Watch(config).watch(
      '/apis/canaries.flanksource.com/v1/canaries',
      { resourceVersion: server.put(canary('dry-run-marker')).metadata.resourceVersion },
      (type, object: KubeObject) => events.push(`${type} ${object.metadata.name}`),
      () => undefined,
    );
    const answered = (await api.createNamespacedCustomObject({
      ...inDefault,
      body: canary('dry'),
      dryRun: 'All',
    })) as KubeObject;
    expect(answered.metadata).toMatchObject({ name: 'dry', generation: 1 });
    const invalid = await failureOf(
      api.createNamespacedCustomObject({
        ...inDefault,
        body: canary('dry', { interval: -1 }),
        dryRun: 'All',
      }),
    );
    expect(invalid.code).toBe(422);
    server.put(canary('dry-run-marker', { interval: 30 }));
    await eventually(async () => expect(events).toEqual(['MODIFIED dry-run-marker']));
    watch.abort();
    expect(server.get('canaries', 'default', 'dry')).toBeUndefined();
  });

  test('a server-side apply with dryRun=All answers what it would create or update and stores nothing', async () => {
    const path = `/apis/${GROUP}/v1/namespaces/applied/canaries/applied-canary?fieldManager=tests&force=true`;
    const apply = (spec: Record<string, unknown>, dryRun: boolean) =>
      request(dryRun ? `${path}&dryRun=All` : path, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/apply-patch+yaml' },
        body: JSON.stringify(canary('applied-canary', spec, 'applied')),
      });

    const dryCreate = await apply({ interval: 30 }, true);
    expect(dryCreate.status).toBe(201);
    expect(server.get('canaries', 'applied', 'applied-canary')).toBeUndefined();
    expect(server.get('namespaces', '', 'applied')).toBeUndefined();

    expect((await apply({ interval: 30 }, false)).status).toBe(201);
    const dryUpdate = await apply({ interval: 90 }, true);
    expect(dryUpdate.status).toBe(200);
    expect((dryUpdate.body as KubeObject).spec?.interval).toBe(90);
    expect(server.get('canaries', 'applied', 'applied-canary')?.spec?.interval).toBe(30);

    const dryInvalid = await apply({ interval: 'often' }, true);
    expect(dryInvalid.status).toBe(422);
    expect(server.get('canaries', 'applied', 'applied-canary')?.spec?.interval).toBe(30);
  });

  test('an invalid Canary is a 422 Invalid with a cause per field, named as Kubernetes names them', async () => {
    const body = canary('broken', { interval: 'often', http: [{ url: 'https://example.com' }] });
    const { code, status } = await failureOf(api.createNamespacedCustomObject({ ...inDefault, body }));
    expect(code).toBe(422);
    expect(status.reason).toBe('Invalid');
    expect(status.message).toBe(
      'Canary.canaries.flanksource.com "broken" is invalid: [spec.interval: Invalid value: "string": spec.interval in body must be of type integer: "string", spec.http[0].name: Required value]',
    );
    expect(status.details).toMatchObject({ name: 'broken', group: GROUP, kind: 'Canary' });
    expect(status.details?.causes).toEqual([
      {
        reason: 'FieldValueTypeInvalid',
        message: 'Invalid value: "string": spec.interval in body must be of type integer: "string"',
        field: 'spec.interval',
      },
      { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.http[0].name' },
    ]);

    const badName = await failureOf(
      api.createNamespacedCustomObject({ ...inDefault, body: canary('Not_A_Name') }),
    );
    expect(badName.status.details?.causes).toEqual([
      expect.objectContaining({ reason: 'FieldValueInvalid', field: 'metadata.name' }),
    ]);
    expect(server.list('canaries').map((object) => object.metadata.name)).not.toContain('broken');
  });

  test('an informer sees objects added, modified and deleted, and re-lists after a 410', async () => {
    const seen: string[] = [];
    const informer = makeInformer(
      config,
      '/apis/canaries.flanksource.com/v1/namespaces/informed/canaries',
      () => api.listNamespacedCustomObject({ ...inDefault, namespace: 'informed' }) as never,
    );
    for (const verb of ['add', 'update', 'delete'] as const)
      informer.on(verb, (object: KubernetesObject) => seen.push(`${verb} ${object.metadata?.name}`));
    server.put(canary('before', {}, 'informed'));
    await informer.start();
    await eventually(async () => expect(seen).toEqual(['add before']));

    await api.createNamespacedCustomObject({
      ...inDefault,
      namespace: 'informed',
      body: canary('after', {}, 'informed'),
    });
    server.put(canary('after', { interval: 5 }, 'informed'));
    server.remove('canaries', 'informed', 'before');
    await eventually(async () =>
      expect(seen).toEqual(['add before', 'add after', 'update after', 'delete before']),
    );

    // Stopped, it misses a deletion and a creation; the history is gone, so resuming gets 410
    // and the informer lists again to catch up.
    await informer.stop();
    server.remove('canaries', 'informed', 'after');
    server.put(canary('third', {}, 'informed'));
    server.compact();
    seen.length = 0;
    const from = server.requests.length;
    await informer.start();
    await eventually(async () => expect(seen.sort()).toEqual(['add third', 'delete after']));
    const calls = server.requests
      .slice(from)
      .filter((request) => request.path.includes('/informed/canaries'))
      .map((request) => (request.path.includes('watch=true') ? 'watch' : 'list'));
    expect(calls.slice(0, 3)).toEqual(['watch', 'list', 'watch']);
    await informer.stop();
  });

  test('a watch from a forgotten resourceVersion gets the 410 Expired ERROR event and ends', async () => {
    const old = server.put(canary('compacted')).metadata.resourceVersion;
    server.put(canary('compacted', { interval: 10 }));
    server.compact();
    const events: { type: string; object: Status }[] = [];
    const ended = new Promise((resolve) => {
      void new Watch(config).watch(
        '/apis/canaries.flanksource.com/v1/namespaces/default/canaries',
        { resourceVersion: old },
        (type, object) => events.push({ type, object }),
        resolve,
      );
    });
    await ended;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'ERROR',
      object: { kind: 'Status', code: 410, reason: 'Expired' },
    });
    expect(events[0]!.object.message).toMatch(/^too old resource version: \d+ \(\d+\)$/);
  });

  test('watches end when the server goes down; it comes back on the same address', async () => {
    const ended = new Promise((resolve) => {
      void new Watch(config).watch(
        '/apis/canaries.flanksource.com/v1/canaries',
        {},
        () => undefined,
        resolve,
      );
    });
    await eventually(async () => expect(server.requests.at(-1)?.path).toMatch(/watch=true/));
    await server.goDown();
    await ended;
    await expect(api.listNamespacedCustomObject(inDefault)).rejects.toThrow();
    await server.comeBack();
    expect(await api.getNamespacedCustomObject({ ...inDefault, name: 'web' })).toMatchObject({
      metadata: { name: 'web' },
    });
  });
});

describe('over plain HTTP', () => {
  test('a request without the token is 401, a refused one 403 naming the impersonated user', async () => {
    const anonymous = await request('/apis/canaries.flanksource.com/v1/canaries', {}, 'wrong');
    expect(anonymous).toEqual({
      status: 401,
      body: expect.objectContaining({ kind: 'Status', reason: 'Unauthorized', code: 401 }),
    });
    const asBob = await request('/apis/canaries.flanksource.com/v1/namespaces/default/canaries', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Impersonate-User': 'bob',
        'Impersonate-Group': 'viewers',
      },
      body: JSON.stringify(canary('by-bob')),
    });
    expect(asBob.status).toBe(403);
    expect(asBob.body.message).toBe(
      'canaries.canaries.flanksource.com is forbidden: User "bob" cannot create resource "canaries" in API group "canaries.flanksource.com" in the namespace "default"',
    );
    expect(server.requests.at(-1)?.headers).toMatchObject({
      'impersonate-user': 'bob',
      'impersonate-group': 'viewers',
    });
  });

  test('discovery lists each CRD group and its resources; the CRDs can be read', async () => {
    const groups = await request('/apis');
    expect(groups.body.groups.map((group: { name: string }) => group.name)).toEqual(
      expect.arrayContaining([GROUP, 'configs.flanksource.com', 'mission-control.flanksource.com']),
    );
    const resources = await request(`/apis/${GROUP}/v1`);
    expect(resources.body.resources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'canaries',
          singularName: 'canary',
          namespaced: true,
          kind: 'Canary',
        }),
        expect.objectContaining({ name: 'canaries/status', verbs: ['get', 'patch', 'update'] }),
        expect.objectContaining({ name: 'topologies', kind: 'Topology' }),
      ]),
    );
    const crds = await request('/apis/apiextensions.k8s.io/v1/customresourcedefinitions');
    expect(crds.body.items.map((crd: { metadata: { name: string } }) => crd.metadata.name).sort()).toEqual([
      'canaries.canaries.flanksource.com',
      'playbooks.mission-control.flanksource.com',
      'scrapeconfigs.configs.flanksource.com',
      'topologies.canaries.flanksource.com',
    ]);
    expect((await request('/apis/nowhere.example.com/v1/things')).status).toBe(404);
  });

  test('lists filter by label selector and field selector', async () => {
    server.put({
      ...canary('labelled-a'),
      metadata: { name: 'labelled-a', namespace: 'labels', labels: { tier: 'web' } },
    });
    server.put({
      ...canary('labelled-b'),
      metadata: { name: 'labelled-b', namespace: 'labels', labels: { tier: 'db' } },
    });
    const names = async (query: string) =>
      (await request(`/apis/${GROUP}/v1/namespaces/labels/canaries?${query}`)).body.items.map(
        (item: KubeObject) => item.metadata.name,
      );
    expect(await names('labelSelector=tier%3Dweb')).toEqual(['labelled-a']);
    expect(await names('labelSelector=tier!%3Dweb')).toEqual(['labelled-b']);
    expect(await names('labelSelector=!tier')).toEqual([]);
    expect(await names('fieldSelector=metadata.name%3Dlabelled-b')).toEqual(['labelled-b']);
  });
});

describeWithKubectl('with kubectl', () => {
  let kubeconfig: string;
  const manifest = path.join(workDir, 'canary.yaml');
  beforeAll(() => {
    kubeconfig = server.writeKubeconfig(workDir, { namespace: 'apply' });
  });

  async function kubectl(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
    const cacheDir = path.join(workDir, 'kubectl-cache');
    try {
      const { stdout, stderr } = await run(kubeTools!.kubectl, [
        '--kubeconfig',
        kubeconfig,
        '--cache-dir',
        cacheDir,
        ...args,
      ]);
      return { stdout, stderr, code: 0 };
    } catch (error) {
      const { stdout, stderr, code } = error as { stdout: string; stderr: string; code: number };
      return { stdout, stderr, code };
    }
  }

  function writeManifest(spec: Record<string, unknown>, name = 'from-kubectl') {
    const { metadata: _metadata, ...object } = canary(name, spec);
    fs.writeFileSync(manifest, JSON.stringify({ ...object, metadata: { name } }));
  }

  test('apply creates, applies a change, and a server dry run stores nothing', async () => {
    writeManifest({ interval: 30 });
    expect((await kubectl('apply', '-f', manifest)).stdout).toBe(
      'canary.canaries.flanksource.com/from-kubectl created\n',
    );
    expect(server.get('canaries', 'apply', 'from-kubectl')?.spec?.interval).toBe(30);

    writeManifest({ interval: 45 });
    expect((await kubectl('apply', '-f', manifest, '--dry-run=server')).stdout).toBe(
      'canary.canaries.flanksource.com/from-kubectl configured (server dry run)\n',
    );
    expect(server.get('canaries', 'apply', 'from-kubectl')?.spec?.interval).toBe(30);

    expect((await kubectl('apply', '-f', manifest)).stdout).toBe(
      'canary.canaries.flanksource.com/from-kubectl configured\n',
    );
    expect(server.get('canaries', 'apply', 'from-kubectl')).toMatchObject({
      metadata: { generation: 2 },
      spec: { interval: 45 },
    });

    writeManifest({ interval: 50 });
    expect((await kubectl('apply', '--server-side', '-f', manifest)).stdout).toBe(
      'canary.canaries.flanksource.com/from-kubectl serverside-applied\n',
    );
    expect(server.get('canaries', 'apply', 'from-kubectl')?.spec?.interval).toBe(50);
  });

  test('get lists with the CRD printer columns; -o yaml shows the stored object', async () => {
    server.put({ ...canary('printed', {}, 'printing'), status: { status: 'Passed', uptime1h: '99.5%' } });
    const { stdout } = await kubectl('get', 'canaries', '-A');
    const [header, ...rows] = stdout.trim().split('\n');
    expect(header!.split(/\s{2,}/)).toEqual(
      expect.arrayContaining(['NAMESPACE', 'NAME', 'INTERVAL', 'STATUS', 'UPTIME 1H', 'AGE']),
    );
    expect(rows.find((row) => row.startsWith('printing'))?.split(/\s+/)).toEqual(
      expect.arrayContaining(['printing', 'printed', '60', 'Passed', '99.5%']),
    );

    const yaml = await kubectl('get', 'canary', 'printed', '-n', 'printing', '-o', 'yaml');
    expect(load(yaml.stdout)).toEqual(server.get('canaries', 'printing', 'printed'));
  });

  test('delete removes the resource', async () => {
    server.put(canary('delete-me', {}, 'apply'));
    expect((await kubectl('delete', 'canary', 'delete-me')).stdout).toBe(
      'canary.canaries.flanksource.com "delete-me" deleted\n',
    );
    expect(server.get('canaries', 'apply', 'delete-me')).toBeUndefined();
  });

  test('an invalid resource is refused with the server’s message', async () => {
    writeManifest({ http: [{ url: 'https://example.com' }] }, 'invalid-from-kubectl');
    const { code, stderr } = await kubectl('apply', '-f', manifest);
    expect(code).not.toBe(0);
    expect(stderr).toContain('The Canary "invalid-from-kubectl" is invalid');
    expect(stderr).toContain('spec.http[0].name: Required value');
    expect(server.get('canaries', 'apply', 'invalid-from-kubectl')).toBeUndefined();
  });
});
