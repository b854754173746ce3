import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, type KubeSettings } from '../config.js';
import { createLogger } from '../http/logging.js';
import { loadKubeClient } from './client-library.js';
import { createKubeConnection, NOT_CONFIGURED_MESSAGE, type ManagedKubeConnection } from './connection.js';

const logger = createLogger('silent');

/** An API server that serves discovery for the given resources of each group, and counts requests. */
async function discoveryServer(served: Record<string, string[]>) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.headers.authorization ?? ''} ${req.url ?? ''}`);
    const match = /^\/apis\/([^/]+)\/v1$/.exec(req.url ?? '');
    const resources = match ? served[match[1]!] : undefined;
    res.setHeader('Content-Type', 'application/json');
    if (!resources) {
      res.statusCode = 404;
      return void res.end(
        JSON.stringify({ kind: 'Status', status: 'Failure', reason: 'NotFound', code: 404 }),
      );
    }
    res.end(
      JSON.stringify({
        kind: 'APIResourceList',
        groupVersion: `${match![1]}/v1`,
        resources: resources.map((name) => ({
          name,
          singularName: '',
          namespaced: true,
          kind: 'X',
          verbs: [],
        })),
      }),
    );
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function writeKubeconfig(server: string, contexts = ['test']): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kubeconfig-')), 'config');
  fs.writeFileSync(
    file,
    [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      `- name: test\n  cluster:\n    server: ${server}\n    insecure-skip-tls-verify: true`,
      'users:',
      '- name: console\n  user:\n    token: s3cret-token',
      'contexts:',
      ...contexts.map((name) => `- name: ${name}\n  context:\n    cluster: test\n    user: console`),
      `current-context: ${contexts[0]}`,
    ].join('\n'),
  );
  return file;
}

const settings = (file: string, extra: Partial<KubeSettings> = {}): KubeSettings => ({
  credentials: { from: 'kubeconfig', path: file },
  namespaces: ['team-a'],
  writeAs: 'impersonate',
  statusIntervalMs: 30_000,
  ...extra,
});

describe('createKubeConnection', () => {
  beforeAll(() => loadKubeClient());

  let connection: ManagedKubeConnection | undefined;
  afterEach(() => connection?.stop());

  it('without a cluster says so, and nothing is installed', () => {
    connection = createKubeConnection(undefined, logger);
    expect(connection.kubeConfig).toBeUndefined();
    expect(connection.status()).toEqual({
      configured: false,
      connected: false,
      message: NOT_CONFIGURED_MESSAGE,
      writeAs: 'serviceaccount',
      namespaces: [],
      kinds: [
        { kind: 'Canary', table: 'canaries', installed: false },
        { kind: 'Topology', table: 'topologies', installed: false },
        { kind: 'ScrapeConfig', table: 'config_scrapers', installed: false },
        { kind: 'Playbook', table: 'playbooks', installed: false },
      ],
    });
    expect(connection.isInstalled('canaries')).toBe(false);
  });

  it('reads which kinds the cluster serves through discovery, with the kubeconfig credentials', async () => {
    const api = await discoveryServer({
      'canaries.flanksource.com': ['canaries', 'canaries/status'],
      'mission-control.flanksource.com': ['playbooks'],
    });
    try {
      connection = createKubeConnection(settings(writeKubeconfig(api.url)), logger);
      expect(connection.status()).toMatchObject({
        configured: true,
        connected: false,
        namespaces: ['team-a'],
      });
      const changes: string[] = [];
      connection.onChange(() => changes.push('changed'));
      await connection.refreshKinds();
      const status = connection.status();
      expect(status).toMatchObject({ configured: true, connected: true, writeAs: 'impersonate' });
      expect(status.message).toBeUndefined();
      expect(status.kinds.filter((kind) => kind.installed).map((kind) => kind.table)).toEqual([
        'canaries',
        'playbooks',
      ]);
      expect(connection.isInstalled('topologies')).toBe(false);
      expect(changes).toEqual(['changed']);
      expect(api.seen).toContain('Bearer s3cret-token /apis/canaries.flanksource.com/v1');
    } finally {
      await api.close();
    }
  });

  it('turns disconnected with the reason and the time when the API server is gone, and back', async () => {
    const api = await discoveryServer({ 'canaries.flanksource.com': ['canaries'] });
    connection = createKubeConnection(settings(writeKubeconfig(api.url)), logger);
    await connection.refreshKinds();
    await api.close();
    const before = Date.now();
    await connection.refreshKinds();
    const down = connection.status();
    expect(down.connected).toBe(false);
    expect(down.message).toBe(
      `The Kubernetes API server at ${api.url} cannot be reached (connection refused); mirrored resources may be out of date.`,
    );
    expect(Date.parse(down.since!)).toBeGreaterThanOrEqual(before - 1000);
    // What was known about the kinds stays known while the cluster is away.
    expect(connection.isInstalled('canaries')).toBe(true);

    connection.noteSuccess();
    expect(connection.status()).toMatchObject({ connected: true });
    expect(connection.status().message).toBeUndefined();
  });

  it('counts refusals about a request (403, 404, 409) as contact, and 401 or 503 as trouble', () => {
    connection = createKubeConnection(settings(writeKubeconfig('http://127.0.0.1:1')), logger);
    connection.noteFailure(Object.assign(new Error('Forbidden'), { code: 403 }));
    expect(connection.status().connected).toBe(true);
    connection.noteFailure(Object.assign(new Error('Unauthorized'), { code: 401 }));
    expect(connection.status().message).toContain('(the credentials were refused (401 Unauthorized))');
    connection.noteFailure(Object.assign(new Error('Service Unavailable'), { statusCode: 503 }));
    expect(connection.status()).toMatchObject({ connected: false });
    expect(connection.status().message).toContain('(HTTP 503)');
  });

  it('uses KUBE_CONTEXT, and refuses a kubeconfig it cannot use in words', () => {
    const file = writeKubeconfig('http://127.0.0.1:1', ['dev', 'staging']);
    connection = createKubeConnection(
      settings(file, { credentials: { from: 'kubeconfig', path: file, context: 'staging' } }),
      logger,
    );
    expect(connection.kubeConfig!.getCurrentContext()).toBe('staging');

    const missing = settings(file, { credentials: { from: 'kubeconfig', path: file, context: 'prod' } });
    expect(() => createKubeConnection(missing, logger)).toThrow(
      new ConfigError(`KUBE_CONTEXT="prod": ${file} has no such context (it has dev, staging)`),
    );
    const broken = path.join(path.dirname(file), 'broken');
    fs.writeFileSync(broken, 'clusters: [unclosed');
    expect(() => createKubeConnection(settings(broken), logger)).toThrow(
      /^KUBECONFIG=".*broken": not a readable kubeconfig/,
    );
  });
});
