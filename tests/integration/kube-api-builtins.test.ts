import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import {
  ApiException,
  AppsV1Api,
  CoreV1Api,
  KubeConfig,
  Log,
  PatchStrategy,
  Watch,
  setHeaderOptions,
  type V1ConfigMap,
  type V1Deployment,
} from '@kubernetes/client-node';
import { dump, load } from 'js-yaml';
import { eventually } from '../support/eventually.js';
import { startKubeApiServer, type KubeApiServer, type KubeObject } from '../support/kube-api/index.js';
import type { Status } from '../support/kube-api/status.js';
import { kubeTools, whenKubeTools } from '../support/kube-tools.js';

/**
 * The built-in kinds of the Kubernetes API test server (Pods, Secrets, ConfigMaps, Namespaces,
 * Deployments...), deletion with finalizers and namespace deletion, driven by client-node and
 * kubectl as the console's secrets, Kubernetes checks, scraper and pod logs will use them.
 */

const run = promisify(execFile);
const describeWithKubectl = whenKubeTools(describe, 'the kubectl tests of the built-in kinds');

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kube-api-builtins-'));
let server: KubeApiServer;
let config: KubeConfig;
let core: CoreV1Api;
let apps: AppsV1Api;

beforeAll(async () => {
  server = await startKubeApiServer({
    // Carol may not read secrets; everyone else may do anything.
    authorize: ({ user, group, resource }) => user !== 'carol' || group !== '' || resource !== 'secrets',
  });
  config = new KubeConfig();
  config.loadFromFile(server.writeKubeconfig(workDir));
  core = config.makeApiClient(CoreV1Api);
  apps = config.makeApiClient(AppsV1Api);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

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

async function request(urlPath: string, init: RequestInit = {}) {
  const response = await fetch(`${server.url}${urlPath}`, {
    ...init,
    headers: { Authorization: `Bearer ${server.token}`, ...init.headers },
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text || 'null') };
}

function pod(name: string, namespace: string, labels: Record<string, string> = {}, containers = ['app']) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, labels },
    spec: { containers: containers.map((container) => ({ name: container, image: 'nginx:1.27' })) },
  };
}

function deployment(name: string, image: string): V1Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels: { app: name } },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: {
          containers: [
            { name: 'web', image, ports: [{ containerPort: 8080, name: 'http' }] },
            { name: 'sidecar', image: 'busybox:1.36', args: ['sleep', 'infinity'] },
          ],
        },
      },
    },
  };
}

const namesOf = (items: { metadata?: { name?: string } }[]) => items.map((item) => item.metadata?.name);

/** Every event of a watch, as `TYPE name`, until stopped. */
async function watchEvents(urlPath: string) {
  const events: { type: string; object: KubeObject }[] = [];
  const controller = await new Watch(config).watch(
    urlPath,
    {},
    (type, object) => events.push({ type, object }),
    () => {},
  );
  return {
    events,
    seen: () => events.map(({ type, object }) => `${type} ${object.metadata.name}`),
    stop: () => controller.abort(),
  };
}

describe('with client-node', () => {
  test('discovery lists the core resources under /api/v1 and the built-in groups under /apis', async () => {
    const v1 = await request('/api/v1');
    const resources = v1.body.resources as { name: string; namespaced: boolean; verbs: string[] }[];
    expect(resources.map((resource) => resource.name)).toEqual(
      expect.arrayContaining([
        'pods',
        'pods/log',
        'pods/status',
        'services',
        'namespaces',
        'nodes',
        'secrets',
        'configmaps',
        'events',
        'serviceaccounts',
        'persistentvolumeclaims',
        'persistentvolumes',
        'endpoints',
      ]),
    );
    expect(resources.find((resource) => resource.name === 'pods/log')?.verbs).toEqual(['get']);
    expect(resources.find((resource) => resource.name === 'nodes')?.namespaced).toBe(false);
    const groups = (await request('/apis')).body.groups.map((group: { name: string }) => group.name);
    expect(groups).toEqual(expect.arrayContaining(['apps', 'batch', 'networking.k8s.io']));
    expect(
      (await request('/apis/apps/v1')).body.resources.map((resource: { name: string }) => resource.name),
    ).toEqual(
      expect.arrayContaining([
        'deployments',
        'deployments/status',
        'statefulsets',
        'daemonsets',
        'replicasets',
      ]),
    );
  });

  test('a Secret written with stringData reads back as base64 data', async () => {
    const created = await core.createNamespacedSecret({
      namespace: 'default',
      body: {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 'db' },
        data: { user: Buffer.from('admin').toString('base64') },
        stringData: { password: 'pä$$', user: 'root' },
      },
    });
    expect(created.type).toBe('Opaque');
    expect(created.stringData).toBeUndefined();
    const read = await core.readNamespacedSecret({ name: 'db', namespace: 'default' });
    expect(read.data).toEqual({
      user: Buffer.from('root').toString('base64'),
      password: Buffer.from('pä$$').toString('base64'),
    });
    expect((server.get('secrets', 'default', 'db') as unknown as { data: object }).data).toEqual(read.data);

    const notBase64 = await failureOf(
      core.createNamespacedSecret({
        namespace: 'default',
        body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'bad' }, data: { key: 'not base64!' } },
      }),
    );
    expect(notBase64.code).toBe(400);
    expect(server.get('secrets', 'default', 'bad')).toBeUndefined();
  });

  test('the authorize hook sees the core group as ""', async () => {
    server.put({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'hidden' } } as KubeObject);
    const asCarol = await request('/api/v1/namespaces/default/secrets/hidden', {
      headers: { 'Impersonate-User': 'carol' },
    });
    expect(asCarol.status).toBe(403);
    expect(asCarol.body.message).toBe(
      'secrets "hidden" is forbidden: User "carol" cannot get resource "secrets" in API group "" in the namespace "default"',
    );
    const configMaps = await request('/api/v1/namespaces/default/configmaps', {
      headers: { 'Impersonate-User': 'carol' },
    });
    expect(configMaps.status).toBe(200);
  });

  test('pods list by label selector, in a namespace and across all', async () => {
    server.put({
      ...pod('web-1', 'shop', { app: 'web', tier: 'front' }),
      status: { phase: 'Running' },
    } as KubeObject);
    server.put(pod('web-2', 'shop', { app: 'web', tier: 'back' }) as KubeObject);
    server.put(pod('db-1', 'shop', { app: 'db' }) as KubeObject);
    server.put(pod('web-3', 'blog', { app: 'web' }) as KubeObject);

    const inShop = await core.listNamespacedPod({ namespace: 'shop', labelSelector: 'app=web' });
    expect(inShop.kind).toBe('PodList');
    expect(namesOf(inShop.items)).toEqual(['web-1', 'web-2']);
    const everywhere = await core.listPodForAllNamespaces({ labelSelector: 'app in (web),tier!=back' });
    expect(namesOf(everywhere.items)).toEqual(['web-3', 'web-1']);
    const byField = await core.listPodForAllNamespaces({ fieldSelector: 'metadata.namespace=blog' });
    expect(namesOf(byField.items)).toEqual(['web-3']);
    const running = await core.listPodForAllNamespaces({ fieldSelector: 'status.phase=Running' });
    expect(namesOf(running.items)).toEqual(['web-1']);
    const unknownField = await failureOf(core.listPodForAllNamespaces({ fieldSelector: 'spec.image=x' }));
    expect(unknownField.status.message).toBe('field label not supported: spec.image');
  });

  test('a watch of configmaps sees one added, changed and deleted', async () => {
    const watch = await watchEvents('/api/v1/namespaces/watched/configmaps');
    try {
      await core.createNamespacedConfigMap({
        namespace: 'watched',
        body: {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: 'settings' },
          data: { level: 'info' },
        },
      });
      await core.patchNamespacedConfigMap(
        { name: 'settings', namespace: 'watched', body: { data: { level: 'debug' } } },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      );
      const deleted = await core.deleteNamespacedConfigMap({ name: 'settings', namespace: 'watched' });
      // Most built-in kinds answer a delete with a Status rather than the object.
      expect(deleted).toMatchObject({
        status: 'Success',
        details: { name: 'settings', kind: 'configmaps' },
      });
      await eventually(async () =>
        expect(watch.seen()).toEqual(['ADDED settings', 'MODIFIED settings', 'DELETED settings']),
      );
      expect((watch.events[1]!.object as V1ConfigMap).data).toEqual({ level: 'debug' });
    } finally {
      watch.stop();
    }
  });

  test('pod logs answer the text a test sets, per container, with tailLines and follow', async () => {
    server.put(pod('logger', 'logs') as KubeObject);
    server.setPodLog('logs', 'logger', 'starting\nlistening on :8080\nready\n');
    expect(await core.readNamespacedPodLog({ name: 'logger', namespace: 'logs' })).toBe(
      'starting\nlistening on :8080\nready\n',
    );
    expect(await core.readNamespacedPodLog({ name: 'logger', namespace: 'logs', tailLines: 2 })).toBe(
      'listening on :8080\nready\n',
    );

    server.put(pod('two', 'logs', {}, ['app', 'proxy']) as KubeObject);
    server.setPodLog('logs', 'two', 'proxy up\n', 'proxy');
    expect(await core.readNamespacedPodLog({ name: 'two', namespace: 'logs', container: 'proxy' })).toBe(
      'proxy up\n',
    );
    const unnamed = await failureOf(core.readNamespacedPodLog({ name: 'two', namespace: 'logs' }));
    expect(unnamed.code).toBe(400);
    expect(unnamed.status.message).toBe(
      'a container name must be specified for pod two, choose one of: [app proxy]',
    );
    const missing = await failureOf(core.readNamespacedPodLog({ name: 'nobody', namespace: 'logs' }));
    expect(missing.status.message).toBe('pods "nobody" not found');

    let followed = '';
    const stream = new PassThrough().on('data', (chunk: Buffer) => (followed += chunk.toString()));
    const controller = await new Log(config).log('logs', 'logger', 'app', stream, { follow: true });
    try {
      await eventually(async () => expect(followed).toBe('starting\nlistening on :8080\nready\n'));
      server.appendPodLog('logs', 'logger', 'GET / 200\n');
      await eventually(async () => expect(followed).toMatch(/ready\nGET \/ 200\n$/));
    } finally {
      controller.abort();
    }
  });

  test('pod log lines keep their times: sinceTime, sinceSeconds, tailLines and timestamps read them as the kubelet does', async () => {
    server.put(pod('timed', 'logs') as KubeObject);
    const now = Date.now();
    const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000).toISOString();
    // A runtime writes nanoseconds; the API server's timestamps always have 9 digits.
    const tenMinutesAgo = at(600).replace('Z', '000456Z');
    server.setPodLog('logs', 'timed', [
      { time: at(3600), text: 'an hour ago' },
      { time: tenMinutesAgo, text: 'ten minutes ago' },
      { time: at(5), text: 'just now' },
    ]);
    const read = async (query: string) => {
      const response = await fetch(`${server.url}/api/v1/namespaces/logs/pods/timed/log?${query}`, {
        headers: { Authorization: `Bearer ${server.token}` },
      });
      const text = await response.text();
      return response.ok ? text : { code: response.status, message: (JSON.parse(text) as Status).message };
    };
    const nine = (iso: string) => iso.replace('Z', '000000Z');

    expect(await read('')).toBe('an hour ago\nten minutes ago\njust now\n');
    expect(await read('timestamps=true')).toBe(
      `${nine(at(3600))} an hour ago\n${tenMinutesAgo} ten minutes ago\n${nine(at(5))} just now\n`,
    );
    // Lines written before sinceTime are not sent; one written at that very time is.
    const halfAnHourAgo = at(1800).replace(/\.\d+Z$/, 'Z');
    expect(await read(`sinceTime=${halfAnHourAgo}`)).toBe('ten minutes ago\njust now\n');
    expect(await read(`sinceTime=${encodeURIComponent(at(5))}`)).toBe('just now\n');
    expect(await read(`sinceTime=${encodeURIComponent(new Date(now + 60_000).toISOString())}`)).toBe('');
    expect(await read('sinceSeconds=60')).toBe('just now\n');
    expect(await read(`tailLines=2&sinceTime=${halfAnHourAgo}&timestamps=true`)).toBe(
      `${tenMinutesAgo} ten minutes ago\n${nine(at(5))} just now\n`,
    );
    expect(await read('tailLines=0')).toBe('');
    expect(await read('timestamps=true&limitBytes=40')).toBe(`${nine(at(3600))} an hour ago\n`.slice(0, 40));
    expect(
      await core.readNamespacedPodLog({
        name: 'timed',
        namespace: 'logs',
        sinceSeconds: 60,
        timestamps: true,
      }),
    ).toBe(`${nine(at(5))} just now\n`);

    expect(await read(`sinceSeconds=60&sinceTime=${halfAnHourAgo}`)).toEqual({
      code: 422,
      message:
        'PodLogOptions "timed" is invalid: Forbidden: at most one of `sinceTime` or `sinceSeconds` may be specified',
    });
    expect(await read('sinceSeconds=0')).toEqual({
      code: 422,
      message: 'PodLogOptions "timed" is invalid: sinceSeconds: Invalid value: 0: must be greater than 0',
    });
    expect(await read('tailLines=-1')).toMatchObject({ code: 422 });
    expect(await read('sinceTime=yesterday')).toMatchObject({
      code: 400,
      message: expect.stringMatching(/^parsing time "yesterday"/),
    });
  });

  test('a strategic merge patch merges containers by name; the status subresource keeps its own writes', async () => {
    await apps.createNamespacedDeployment({ namespace: 'default', body: deployment('api', 'api:1') });
    const patched = await apps.patchNamespacedDeployment(
      {
        name: 'api',
        namespace: 'default',
        body: {
          spec: {
            template: {
              spec: {
                '$setElementOrder/containers': [{ name: 'web' }, { name: 'sidecar' }],
                containers: [{ name: 'web', image: 'api:2' }],
              },
            },
          },
        },
      },
      setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch),
    );
    expect(patched.metadata?.generation).toBe(2);
    expect(patched.spec?.template.spec?.containers).toEqual([
      { name: 'web', image: 'api:2', ports: [{ containerPort: 8080, name: 'http' }] },
      { name: 'sidecar', image: 'busybox:1.36', args: ['sleep', 'infinity'] },
    ]);

    const withStatus = await apps.patchNamespacedDeploymentStatus(
      { name: 'api', namespace: 'default', body: { status: { readyReplicas: 2, replicas: 2 } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    expect(withStatus.status).toEqual({ readyReplicas: 2, replicas: 2 });
    expect(withStatus.metadata?.generation).toBe(2);
    const replaced = await apps.replaceNamespacedDeployment({
      name: 'api',
      namespace: 'default',
      body: { ...withStatus, status: { replicas: 0 } },
    });
    expect(replaced.status).toEqual({ readyReplicas: 2, replicas: 2 });

    const customResource = await failureOf(
      fetch(`${server.url}/apis/canaries.flanksource.com/v1/namespaces/default/canaries/x`, {
        method: 'PATCH',
        headers: {
          Authorization: `Bearer ${server.token}`,
          'Content-Type': PatchStrategy.StrategicMergePatch,
        },
        body: '{}',
      }).then(async (response) => {
        throw new ApiException(response.status, '', await response.text(), {});
      }),
    );
    expect(customResource.code).toBe(415);
  });
});

describe('deletion with finalizers', () => {
  const finalized = (name: string, namespace = 'default'): KubeObject =>
    ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name, namespace, finalizers: ['example.com/cleanup', 'example.com/audit'] },
      data: { a: 'b' },
    }) as KubeObject;

  test('a DELETE marks the object terminating; removing the last finalizer deletes it', async () => {
    server.put(finalized('held'));
    const watch = await watchEvents(
      '/api/v1/namespaces/default/configmaps?fieldSelector=metadata.name%3Dheld',
    );
    try {
      await eventually(async () => expect(watch.seen()).toEqual(['ADDED held']));
      // client-node reads every delete answer as a Status: the raw answer shows the object.
      const deleted = await request('/api/v1/namespaces/default/configmaps/held', { method: 'DELETE' });
      expect(deleted.status).toBe(200);
      expect(deleted.body.metadata).toMatchObject({
        deletionGracePeriodSeconds: 0,
        deletionTimestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      });
      const terminating = await core.readNamespacedConfigMap({ name: 'held', namespace: 'default' });
      expect(terminating.metadata?.deletionTimestamp).toBeDefined();
      await eventually(async () => expect(watch.seen()).toEqual(['ADDED held', 'MODIFIED held']));

      const addFinalizer = await failureOf(
        core.patchNamespacedConfigMap(
          {
            name: 'held',
            namespace: 'default',
            body: [{ op: 'add', path: '/metadata/finalizers/-', value: 'example.com/late' }],
          },
          setHeaderOptions('Content-Type', PatchStrategy.JsonPatch),
        ),
      );
      expect(addFinalizer.code).toBe(422);
      expect(addFinalizer.status.message).toContain(
        'no new finalizers can be added if the object is being deleted',
      );

      await core.patchNamespacedConfigMap(
        { name: 'held', namespace: 'default', body: { metadata: { finalizers: ['example.com/audit'] } } },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      );
      expect(server.get('configmaps', 'default', 'held')?.metadata.finalizers).toEqual(['example.com/audit']);
      await core.patchNamespacedConfigMap(
        { name: 'held', namespace: 'default', body: { metadata: { finalizers: null } } },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      );
      expect(server.get('configmaps', 'default', 'held')).toBeUndefined();
      await eventually(async () =>
        expect(watch.seen()).toEqual(['ADDED held', 'MODIFIED held', 'MODIFIED held', 'DELETED held']),
      );
    } finally {
      watch.stop();
    }
  });

  test('custom resources wait for their finalizers too', async () => {
    const canary = {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'kept', namespace: 'default', finalizers: ['canary-checker.flanksource.com'] },
      spec: { interval: 60, http: [{ name: 'home', url: 'https://example.com' }] },
    };
    server.put(canary);
    const path = '/apis/canaries.flanksource.com/v1/namespaces/default/canaries/kept';
    expect((await request(path, { method: 'DELETE' })).status).toBe(200);
    expect(server.get('canaries', 'default', 'kept')?.metadata.deletionTimestamp).toBeDefined();
    server.put({ ...canary, metadata: { ...canary.metadata, finalizers: [] } });
    expect(server.get('canaries', 'default', 'kept')).toBeUndefined();
  });

  test('deleting a namespace deletes what is in it, then the namespace once the last finalizer goes', async () => {
    await core.createNamespace({ body: { metadata: { name: 'team-x' } } });
    const created = await core.readNamespace({ name: 'team-x' });
    expect(created.status?.phase).toBe('Active');
    expect(created.metadata?.labels).toEqual({ 'kubernetes.io/metadata.name': 'team-x' });
    server.put(pod('worker', 'team-x') as KubeObject);
    server.put(finalized('lingering', 'team-x'));

    const deleted = await request('/api/v1/namespaces/team-x', { method: 'DELETE' });
    expect(deleted.body.status).toEqual({ phase: 'Terminating' });
    expect(server.get('pods', 'team-x', 'worker')).toBeUndefined();
    expect(server.get('configmaps', 'team-x', 'lingering')?.metadata.deletionTimestamp).toBeDefined();
    expect((await core.readNamespace({ name: 'team-x' })).status?.phase).toBe('Terminating');

    const refused = await failureOf(
      core.createNamespacedConfigMap({
        namespace: 'team-x',
        body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'late' } },
      }),
    );
    expect(refused.code).toBe(403);
    expect(refused.status.message).toBe(
      'configmaps "late" is forbidden: unable to create new content in namespace team-x because it is being terminated',
    );

    await core.patchNamespacedConfigMap(
      { name: 'lingering', namespace: 'team-x', body: { metadata: { finalizers: null } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    expect(server.get('namespaces', '', 'team-x')).toBeUndefined();
    expect((await failureOf(core.readNamespace({ name: 'team-x' }))).code).toBe(404);

    const keep = await failureOf(core.deleteNamespace({ name: 'default' }));
    expect(keep.status.message).toBe('namespaces "default" is forbidden: this namespace may not be deleted');
  });
});

describe('a server started to refuse writes into missing namespaces', () => {
  let strict: KubeApiServer;
  beforeAll(async () => {
    strict = await startKubeApiServer({ createMissingNamespaces: false });
  });
  afterAll(() => strict?.close());

  const send = async (urlPath: string, init: RequestInit) => {
    const response = await fetch(`${strict.url}${urlPath}`, {
      ...init,
      headers: { Authorization: `Bearer ${strict.token}`, ...init.headers },
    });
    return { status: response.status, body: (await response.json()) as Status };
  };
  const applyConfigMap = (namespace: string, dryRun: boolean) =>
    send(
      `/api/v1/namespaces/${namespace}/configmaps/settings?fieldManager=test${dryRun ? '&dryRun=All' : ''}`,
      {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/apply-patch+yaml' },
        body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' } }),
      },
    );

  test('answers 404 for the namespace, dry run or not, and creates nothing', async () => {
    for (const dryRun of [true, false]) {
      const { status, body } = await applyConfigMap('absent', dryRun);
      expect(status).toBe(404);
      expect(body.message).toBe('namespaces "absent" not found');
      expect(body.details).toMatchObject({ name: 'absent', kind: 'namespaces' });
    }
    expect(strict.get('namespaces', '', 'absent')).toBeUndefined();
    expect(strict.list('configmaps').filter((object) => object.metadata.namespace === 'absent')).toEqual([]);
  });

  test('takes the object once the namespace is created', async () => {
    const created = await send('/api/v1/namespaces', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'present' } }),
    });
    expect(created.status).toBe(201);
    expect((await applyConfigMap('present', false)).status).toBe(201);
    expect(strict.get('configmaps', 'present', 'settings')).toBeDefined();
  });
});

describeWithKubectl('with kubectl', () => {
  let kubeconfig: string;
  beforeAll(() => {
    kubeconfig = server.writeKubeconfig(workDir, { namespace: 'kubectl' });
  });

  async function kubectl(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
    try {
      const { stdout, stderr } = await run(kubeTools!.kubectl, [
        '--kubeconfig',
        kubeconfig,
        '--cache-dir',
        path.join(workDir, 'kubectl-cache'),
        ...args,
      ]);
      return { stdout, stderr, code: 0 };
    } catch (error) {
      const { stdout, stderr, code } = error as { stdout: string; stderr: string; code: number };
      return { stdout, stderr, code };
    }
  }

  const rowsOf = (stdout: string) =>
    stdout
      .trim()
      .split('\n')
      .map((line) => line.split(/\s{2,}/));

  test('get pods -A prints the pod columns of every namespace', async () => {
    server.put({
      ...pod('ready-pod', 'kubectl-a'),
      status: { phase: 'Running', containerStatuses: [{ name: 'app', ready: true, restartCount: 3 }] },
    } as KubeObject);
    server.put(pod('pending-pod', 'kubectl-b') as KubeObject);
    const { stdout, stderr } = await kubectl('get', 'pods', '-A');
    expect(stderr).toBe('');
    const [header, ...rows] = rowsOf(stdout);
    expect(header).toEqual(['NAMESPACE', 'NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE']);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['kubectl-a', 'ready-pod', '1/1', 'Running', '3', expect.stringMatching(/^\d+s$/)],
        ['kubectl-b', 'pending-pod', '0/1', 'Pending', '0', expect.stringMatching(/^\d+s$/)],
      ]),
    );
  });

  test('apply creates a Deployment, then changes it with a strategic merge patch', async () => {
    const manifest = path.join(workDir, 'deployment.yaml');
    fs.writeFileSync(manifest, dump(deployment('shop', 'shop:1')));
    expect(await kubectl('apply', '-f', manifest)).toMatchObject({
      stdout: 'deployment.apps/shop created\n',
      stderr: '',
    });
    expect(server.get('deployments', 'kubectl', 'shop')?.metadata.generation).toBe(1);

    const changed = deployment('shop', 'shop:2');
    changed.spec!.template.spec!.containers.splice(1, 1);
    fs.writeFileSync(manifest, dump(changed));
    const from = server.requests.length;
    expect(await kubectl('apply', '-f', manifest)).toMatchObject({
      stdout: 'deployment.apps/shop configured\n',
      stderr: '',
    });
    const patch = server.requests.slice(from).find((request) => request.method === 'PATCH');
    expect(patch?.headers['content-type']).toBe(PatchStrategy.StrategicMergePatch);
    // From the OpenAPI documents kubectl knows the server checks fields: it skips its own check.
    expect(patch?.path).toContain('fieldValidation=Strict');
    const stored = server.get('deployments', 'kubectl', 'shop') as unknown as V1Deployment;
    expect(stored.metadata?.generation).toBe(2);
    expect(stored.spec?.template.spec?.containers).toEqual([
      { name: 'web', image: 'shop:2', ports: [{ containerPort: 8080, name: 'http' }] },
    ]);

    const { stdout } = await kubectl('get', 'deployments');
    expect(rowsOf(stdout)[0]).toEqual(['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE']);
  });

  test('delete of a pod with a finalizer leaves it Terminating until the finalizer goes', async () => {
    server.put({
      ...pod('guarded', 'kubectl'),
      metadata: { name: 'guarded', namespace: 'kubectl', finalizers: ['example.com/guard'] },
    } as KubeObject);
    expect(await kubectl('delete', 'pod', 'guarded', '--wait=false')).toMatchObject({
      stdout: 'pod "guarded" deleted\n',
      stderr: '',
    });
    const [, row] = rowsOf((await kubectl('get', 'pod', 'guarded')).stdout);
    expect(row?.[2]).toBe('Terminating');

    // kubectl patch sends a strategic merge patch by default.
    const removeFinalizer = '{"metadata":{"$deleteFromPrimitiveList/finalizers":["example.com/guard"]}}';
    expect(await kubectl('patch', 'pod', 'guarded', '-p', removeFinalizer)).toMatchObject({
      stdout: 'pod/guarded patched\n',
      stderr: '',
    });
    expect(server.get('pods', 'kubectl', 'guarded')).toBeUndefined();
  });

  test('create -f of a Secret with stringData, and logs, work as on a cluster', async () => {
    const manifest = path.join(workDir, 'secret.yaml');
    const secret = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'token' },
      stringData: { key: 's3cret' },
    };
    fs.writeFileSync(manifest, dump(secret));
    expect(await kubectl('create', '-f', manifest)).toMatchObject({
      stdout: 'secret/token created\n',
      stderr: '',
    });
    const stored = load((await kubectl('get', 'secret', 'token', '-o', 'yaml')).stdout) as { data: object };
    expect(stored.data).toEqual({ key: Buffer.from('s3cret').toString('base64') });

    server.put(pod('talker', 'kubectl') as KubeObject);
    server.setPodLog('kubectl', 'talker', 'hello\nworld\n');
    expect(await kubectl('logs', 'talker', '--tail=1')).toMatchObject({ stdout: 'world\n', stderr: '' });
  });
});
