import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { ConfigError, type KubeSettings } from '../config.js';
import { createLogger } from '../http/logging.js';
import { kubernetesState } from '../http/probes.js';
import { loadKubeClient } from './client-library.js';
import { createKubeConnection, NOT_CONFIGURED_MESSAGE, type ManagedKubeConnection } from './connection.js';

const logger = createLogger('silent');

/** A logger whose lines a test reads: [level, message]. */
function recordingLogger() {
  const lines: [string, string][] = [];
  const log = pino(
    { level: 'debug' },
    {
      write: (line: string) => {
        const { level, msg } = JSON.parse(line) as { level: number; msg: string };
        lines.push([pino.levels.labels[level]!, msg]);
      },
    },
  );
  return { log, lines };
}

/**
 * An API server that serves /version and discovery for the given resources of each group, and
 * counts requests; it can stop and listen again on the same port.
 */
async function discoveryServer(served: Record<string, string[]>, version = { major: '1', minor: '33' }) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.headers.authorization ?? ''} ${req.url ?? ''}`);
    res.setHeader('Content-Type', 'application/json');
    if (req.url === '/version')
      return void res.end(JSON.stringify({ ...version, gitVersion: `v${version.major}.${version.minor}.3` }));
    const match = /^\/apis\/([^/]+)\/v1$/.exec(req.url ?? '');
    const resources = match ? served[match[1]!] : undefined;
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
    reopen: async () => {
      server.listen(port, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
    },
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
      state: 'not configured',
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
      // Before the first contact: neither connected nor disconnected.
      expect(connection.status()).toMatchObject({
        configured: true,
        connected: false,
        state: 'connecting',
        message: `Connecting to the Kubernetes API server at ${api.url}.`,
        namespaces: ['team-a'],
      });
      expect(kubernetesState(connection)).toBe('connecting');
      const changes: string[] = [];
      connection.onChange(() => changes.push('changed'));
      await connection.refreshKinds();
      const status = connection.status();
      expect(status).toMatchObject({
        configured: true,
        connected: true,
        state: 'connected',
        writeAs: 'impersonate',
      });
      expect(kubernetesState(connection)).toBe('connected');
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
    expect(kubernetesState(connection)).toBe('disconnected');

    // Only the connection's own probe turns it connected again.
    expect(connection.status()).toMatchObject({ connected: false, state: 'disconnected' });
    await api.reopen();
    await connection.refreshKinds();
    expect(connection.status()).toMatchObject({ connected: true, state: 'connected' });
    expect(connection.status().message).toBeUndefined();
    await api.close();
  });

  it('counts refusals about a request (403, 404, 409) as contact, and 401 or 503 as trouble', () => {
    connection = createKubeConnection(settings(writeKubeconfig('http://127.0.0.1:1')), logger);
    connection.noteFailure(Object.assign(new Error('Forbidden'), { code: 403 }));
    expect(connection.status().state).toBe('connecting');
    connection.noteFailure(Object.assign(new Error('Unauthorized'), { code: 401 }));
    expect(connection.status().message).toContain('(the credentials were refused (401 Unauthorized))');
    connection.noteFailure(Object.assign(new Error('Service Unavailable'), { statusCode: 503 }));
    expect(connection.status()).toMatchObject({ connected: false });
    expect(connection.status().message).toContain('(HTTP 503)');
  });

  it('says a loss once and the recovery once, however often calls fail and answer in between', async () => {
    const api = await discoveryServer({ 'canaries.flanksource.com': ['canaries'] });
    const { log, lines } = recordingLogger();
    connection = createKubeConnection(settings(writeKubeconfig(api.url)), log, { retryMs: 60_000 });
    try {
      await connection.refreshKinds();
      const changes: string[] = [];
      connection.onChange(() => changes.push('changed'));
      // An API server shutting down gracefully: each watch event answers, each new call fails.
      for (let event = 0; event < 60; event++) {
        connection.noteFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
        connection.noteFailure(Object.assign(new Error('Service Unavailable'), { statusCode: 503 }));
      }
      expect(connection.status()).toMatchObject({ state: 'disconnected' });
      expect(changes).toEqual([]);
      await connection.refreshKinds();
      expect(connection.status()).toMatchObject({ state: 'connected' });
      expect(changes).toEqual(['changed']);
      expect(lines.filter(([level]) => level !== 'debug')).toEqual([
        ['info', 'connected to the Kubernetes API server'],
        [
          'info',
          'custom resources not served by the cluster, so not mirrored: Topology, ScrapeConfig, Playbook',
        ],
        ['warn', 'the Kubernetes API server cannot be reached'],
        ['info', 'the Kubernetes API server answers again'],
      ]);
    } finally {
      await api.close();
    }
  });

  it('refuses an API server older than 1.25, and mirrors nothing from it', async () => {
    const api = await discoveryServer(
      { 'canaries.flanksource.com': ['canaries'] },
      { major: '1', minor: '24+' },
    );
    const { log, lines } = recordingLogger();
    connection = createKubeConnection(settings(writeKubeconfig(api.url)), log);
    try {
      await connection.refreshKinds();
      const message =
        'Kubernetes v1.24 is older than the oldest this console supports (1.25: it needs strict field validation).';
      expect(connection.status()).toMatchObject({
        configured: true,
        connected: false,
        state: 'unsupported',
        message,
      });
      expect(kubernetesState(connection)).toBe('unsupported');
      expect(connection.isInstalled('canaries')).toBe(false);
      expect(api.seen.filter((request) => request.includes('/apis/'))).toEqual([]);
      await connection.refreshKinds();
      expect(lines.filter(([level]) => level === 'warn')).toEqual([
        ['warn', `${message} Custom resources are not mirrored.`],
      ]);
    } finally {
      await api.close();
    }
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
