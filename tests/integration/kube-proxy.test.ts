import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { load } from 'js-yaml';
import type { Role } from '../../server/src/access/roles.js';
import type { KubeObject } from '../../server/src/kube/types.js';
import { startKubeApiServer, type KubeApiServer, type RecordedRequest } from '../support/kube-api/index.js';
import { TLS_CERTIFICATE, TLS_KEY } from '../support/kube-api/tls.js';
import { startConsoleWithCluster } from '../support/kube-console.js';
import { errorOutputOf, kubeTools, whenKubeTools } from '../support/kube-tools.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createLocalUser, LOCAL_USER_PASSWORD, signIn } from '../support/session.js';

/**
 * The Kubernetes proxy and the kubeconfig download: kubectl on a laptop,
 * through the console, as the signed-in person; against the Kubernetes API test server.
 *
 * kubectl sends no credentials to an http:// server, so, as in production, the console is
 * reached over https: a TLS-terminating front (an ingress) on 127.0.0.1 forwards to it with
 * X-Forwarded-Proto, using the test server's certificate for 127.0.0.1.
 */

const run = promisify(execFile);
const testWithKubectl = whenKubeTools(test, 'the kubectl tests');

const CANARIES_PATH = 'api/kubeproxy/apis/canaries.flanksource.com/v1/namespaces/default/canaries';
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kube-proxy-'));
const certificateFile = path.join(workDir, 'ca.crt');
fs.writeFileSync(certificateFile, TLS_CERTIFICATE);
let kubeApi: KubeApiServer;

beforeAll(async () => {
  kubeApi = await startKubeApiServer();
  kubeApi.put(canary('listed-one', 'default'));
  kubeApi.put(canary('listed-two', 'monitoring'));
});
afterAll(async () => {
  await kubeApi?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

function canary(name: string, namespace = 'default'): KubeObject {
  return {
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name, namespace },
    spec: { interval: 60, http: [{ name: 'home', url: 'https://example.com' }] },
  };
}

/** A console connected to the test server (once it has seen the kinds installed), behind TLS. */
async function consoleBehindTls(env: Record<string, string> = {}) {
  const server = await startConsoleWithCluster(kubeApi, { env });
  const front = https.createServer(
    { key: TLS_KEY, cert: TLS_CERTIFICATE },
    createProxyMiddleware({ target: server.url, xfwd: true }),
  );
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  return {
    server,
    /** The console's https address, e.g. 'https://127.0.0.1:40123/'. */
    url: `https://127.0.0.1:${(front.address() as AddressInfo).port}/`,
    async stop() {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await server.stop();
    },
  };
}
type Console = Awaited<ReturnType<typeof consoleBehindTls>>;

/** GET through the TLS front with a Bearer token. */
function getOverTls(url: string, token: string): Promise<{ status: number; headers: Headers; text: string }> {
  return new Promise((resolve, reject) => {
    const request = https.get(
      url,
      { ca: TLS_CERTIFICATE, headers: { Authorization: `Bearer ${token}` } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            if (typeof value === 'string') headers.set(name, value);
          resolve({ status: response.statusCode ?? 0, headers, text });
        });
      },
    );
    request.on('error', reject);
  });
}

interface Kubeconfig {
  clusters: { name: string; cluster: Record<string, unknown> }[];
  users: { name: string; user: { token: string } }[];
  contexts: { name: string; context: { cluster: string; user: string; namespace: string } }[];
  'current-context': string;
}

/** Downloads a kubeconfig over https as a person with this role and saves it; returns its path and content. */
async function kubeconfigOf({ server, url }: Console, role: Role) {
  const { status, text } = await getOverTls(`${url}api/kubeconfig`, await server.tokenFor(role));
  expect(status).toBe(200);
  const file = path.join(workDir, `kubeconfig-${server.port}-${role}.yaml`);
  fs.writeFileSync(file, text);
  return { file, config: load(text) as Kubeconfig };
}

/** kubectl as on a laptop: the kubeconfig, and the certificate of the console's https front. */
const kubectlArgs = (kubeconfig: string) => [
  '--kubeconfig',
  kubeconfig,
  '--certificate-authority',
  certificateFile,
  '--cache-dir',
  path.join(workDir, 'cache'),
];

const kubectl = (kubeconfig: string, ...args: string[]) =>
  run(kubeTools!.kubectl, [...kubectlArgs(kubeconfig), ...args], { timeout: 30_000 });

/** The error output of a kubectl command expected to fail. */
const kubectlError = (kubeconfig: string, ...args: string[]) =>
  errorOutputOf(kubectl(kubeconfig, ...args), `kubectl ${args.join(' ')}`);

function manifest(name: string): string {
  const file = path.join(workDir, `${name}.yaml`);
  fs.writeFileSync(file, JSON.stringify(canary(name)));
  return file;
}

/** What the test server received from the proxy since `from` (kubectl's own requests included). */
const receivedSince = (from: number) => kubeApi.requests.slice(from);
const headerNames = (request: RecordedRequest) => Object.keys(request.headers);

describe('GET /api/kubeconfig and the proxy with the service account', () => {
  let front: Console;
  let server: TestServer;
  beforeAll(async () => {
    front = await consoleBehindTls();
    server = front.server;
  });
  afterAll(() => front?.stop());

  test('the kubeconfig points kubectl at the console with a new personal token', async () => {
    const response = await getOverTls(`${front.url}api/kubeconfig`, await server.tokenFor('editor'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="kubeconfig.yaml"');
    const config = load(response.text) as Kubeconfig;
    // The address the request came to: https, through the front.
    expect(config.clusters).toEqual([
      { name: 'ops-console', cluster: { server: `${front.url}api/kubeproxy` } },
    ]);
    expect(config.contexts).toEqual([
      { name: 'ops-console', context: { cluster: 'ops-console', user: 'ops-console', namespace: 'default' } },
    ]);
    expect(config['current-context']).toBe('ops-console');
    const { token } = config.users[0]!.user;
    expect(token).not.toBe(await server.tokenFor('editor'));
    // The token is the person's own, listed (and revocable) with their tokens.
    const whoami = await fetch(server.at('api/auth/whoami'), {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(whoami.status).toBe(200);
    const { rows } = await server.db.query<{ name: string }>(
      `select name from _api_tokens where person_id = $1 and name like 'kubeconfig %'`,
      [await server.personFor('editor')],
    );
    expect(rows.length).toBeGreaterThan(0);
  });

  test('a signed-in browser session may download it too; anonymous callers may not', async () => {
    await createLocalUser(server, 'kubeconfig-downloader', 'viewer');
    const session = await signIn(server, 'kubeconfig-downloader', LOCAL_USER_PASSWORD);
    const response = await session.fetch('api/kubeconfig');
    expect(response.status).toBe(200);
    expect((load(await response.text()) as Kubeconfig).users[0]!.user.token).toMatch(/\S{20,}/);
    expect((await server.fetch('api/kubeconfig', {}, 'anonymous')).status).toBe(401);
    expect((await server.fetch('api/kubeproxy/api', {}, 'anonymous')).status).toBe(401);
  });

  testWithKubectl('kubectl get canaries -A lists the resources in the cluster', async () => {
    const { file } = await kubeconfigOf(front, 'viewer');
    const { stdout } = await kubectl(file, 'get', 'canaries', '-A');
    expect(stdout).toMatch(/default\s+listed-one/);
    expect(stdout).toMatch(/monitoring\s+listed-two/);
  });

  testWithKubectl('kubectl apply works for an editor and is refused for a viewer', async () => {
    const editor = await kubeconfigOf(front, 'editor');
    const from = kubeApi.requests.length;
    const { stdout } = await kubectl(editor.file, 'apply', '-f', manifest('applied-by-editor'));
    expect(stdout).toMatch(/applied-by-editor created/);
    expect(kubeApi.get('canaries', 'default', 'applied-by-editor')).toBeDefined();
    // The cluster saw the console's service account only: never the person's console token.
    for (const request of receivedSince(from)) {
      expect(request.headers.authorization).toBe(`Bearer ${kubeApi.token}`);
      expect(headerNames(request).filter((name) => name.startsWith('impersonate-'))).toEqual([]);
    }

    const viewer = await kubeconfigOf(front, 'viewer');
    const error = await kubectlError(viewer.file, 'apply', '-f', manifest('applied-by-viewer'));
    expect(error).toMatch(/You may not change canaries/);
    expect(kubeApi.get('canaries', 'default', 'applied-by-viewer')).toBeUndefined();
  });

  testWithKubectl('kubectl get --watch receives a change made after it started', async () => {
    const { file } = await kubeconfigOf(front, 'viewer');
    const watch = spawn(kubeTools!.kubectl, [
      ...kubectlArgs(file),
      'get',
      'canaries',
      '-A',
      '--watch',
      '-o',
      'name',
    ]);
    try {
      let output = '';
      const seen = (text: string) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`kubectl printed only: ${output}`)), 15_000);
          const check = () => {
            if (!output.includes(text)) return;
            clearTimeout(timer);
            resolve();
          };
          watch.stdout.on('data', (chunk: Buffer) => {
            output += chunk.toString();
            check();
          });
          check();
        });
      await seen('canary.canaries.flanksource.com/listed-one');
      kubeApi.put(canary('appeared-while-watching'));
      await seen('canary.canaries.flanksource.com/appeared-while-watching');
    } finally {
      watch.kill();
    }
  });

  test('a session through the proxy: Cookie and X-CSRF-Token are not forwarded', async () => {
    await createLocalUser(server, 'proxy-editor', 'editor');
    const session = await signIn(server, 'proxy-editor', LOCAL_USER_PASSWORD);
    const from = kubeApi.requests.length;
    const response = await session.send('POST', CANARIES_PATH, canary('posted-by-session'));
    expect(response.status).toBe(201);
    const [post] = receivedSince(from).filter((request) => request.method === 'POST');
    expect(post).toBeDefined();
    expect(headerNames(post!)).not.toContain('cookie');
    expect(headerNames(post!)).not.toContain('x-csrf-token');
    expect(post!.headers.authorization).toBe(`Bearer ${kubeApi.token}`);
    // Without the CSRF header the session's write never leaves the console.
    const forged = await session.send('POST', CANARIES_PATH, canary('forged'), { csrf: null });
    expect(forged.status).toBe(403);
    expect(kubeApi.get('canaries', 'default', 'forged')).toBeUndefined();
  });

  test('anything but discovery and the four kinds is out of reach', async () => {
    const from = kubeApi.requests.length;
    const response = await server.fetch('api/kubeproxy/api/v1/namespaces', {}, 'admin');
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      kind: 'Status',
      reason: 'Forbidden',
      message:
        "The console's Kubernetes proxy reaches only the Canary, Topology, ScrapeConfig and Playbook resources with KUBE_WRITE_AS=serviceaccount.",
    });
    expect(receivedSince(from).filter((request) => request.path.startsWith('/api/v1/namespaces'))).toEqual(
      [],
    );
  });

  test('an API server out of reach answers 503 with a Status', async () => {
    await kubeApi.goDown();
    try {
      const response = await server.fetch(CANARIES_PATH, {}, 'viewer');
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        kind: 'Status',
        reason: 'ServiceUnavailable',
        message: 'The Kubernetes API server cannot be reached (connection refused). Try again later.',
      });
    } finally {
      await kubeApi.comeBack();
    }
  });
});

describe('the proxy as the signed-in person (KUBE_WRITE_AS=impersonate)', () => {
  let front: Console;
  let server: TestServer;
  beforeAll(async () => {
    front = await consoleBehindTls({ KUBE_WRITE_AS: 'impersonate' });
    server = front.server;
  });
  afterAll(() => front?.stop());

  testWithKubectl('the cluster sees the person, never who the caller claims to be', async () => {
    const { file } = await kubeconfigOf(front, 'viewer');
    const from = kubeApi.requests.length;
    await kubectl(file, 'get', 'canaries', '-A', '--as', 'cluster-admin', '--as-group', 'system:masters');
    // The console's own requests (the mirror's watches) go on meanwhile: only kubectl's count.
    const requests = receivedSince(from).filter((request) =>
      String(request.headers['user-agent']).startsWith('kubectl'),
    );
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(request.headers['impersonate-user']).toBe('viewer.tester@example.com');
      expect(request.headers['impersonate-group']).toBe('ops-console:viewer, system:authenticated');
      expect(request.headers.authorization).toBe(`Bearer ${kubeApi.token}`);
    }
  });

  test('everything is forwarded: the cluster decides', async () => {
    const response = await server.fetch('api/kubeproxy/api/v1/namespaces', {}, 'viewer');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { kind: string }).kind).toBe('NamespaceList');
  });
});

describe('the proxy without a cluster', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  test('answers 503 with a Status kubectl prints, and there is no kubeconfig to download', async () => {
    const response = await server.fetch('api/kubeproxy/api', {}, 'editor');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ kind: 'Status', code: 503, reason: 'ServiceUnavailable' });
    expect((await server.fetch('api/kubeconfig', {}, 'editor')).status).toBe(404);
  });
});
