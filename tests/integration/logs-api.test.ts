/**
 * `POST /api/logs` against the real server on both back ends: a component's log selector routed
 * to the backend that serves it, and the lines it answers newest first, filtered by the query,
 * the time range and the limit, paged by nextPage. The file and Kubernetes backends are tested
 * for real (files on disk, a file that grows between searches; pod logs from the Kubernetes API
 * test server through the console's own cluster connection). Loki and OpenSearch are NOT the real
 * products: they are local stand-ins of their documented query APIs (tests/support/log-stand-ins),
 * which check what the console sends as those APIs define it. Also: who may search, the logs
 * feature flag, bodies refused with 400, and spec validation of logging_backends writes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LogSearchResult } from '../../common/logs.js';
import { COMPONENT_NOT_FOUND, noLogsNamed } from '../../server/src/platform/logs/search.js';
import { availableBackends } from '../support/databases.js';
import { setFeatureBehindConsole } from '../support/flags.js';
import { sqlOf, type Sql } from '../support/health-data.js';
import { startKubeApiServer, type KubeApiServer, type KubeObject } from '../support/kube-api/index.js';
import { startConsoleWithCluster } from '../support/kube-console.js';
import { startLokiStandIn, type LokiStandIn } from '../support/log-stand-ins/loki.js';
import { startSearchStandIn, type SearchStandIn } from '../support/log-stand-ins/opensearch.js';
import { jsonRequest } from '../support/session.js';
import type { Caller, TestServer } from '../support/server.js';

const NOW = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
/** A minute-spaced line time, `minutes` before the test started. */
const ago = (minutes: number) => iso(NOW - minutes * 60_000);
const SEARCH_PASSWORD = 's3cr3t-search-password';

describe.each(availableBackends())('logs API on %s', (backend) => {
  let server: TestServer;
  let sql: Sql;
  let kubeApi: KubeApiServer;
  let loki: LokiStandIn;
  let search: SearchStandIn;
  let logDir: string;
  const components: Record<string, string> = {};

  const post = async (body: unknown, as: Caller = 'admin') => {
    const response = await server.fetch('api/logs', jsonRequest('POST', body), as);
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : undefined) as LogSearchResult & { error?: string; message?: string },
    };
  };
  const messages = (answer: { body: LogSearchResult }) => answer.body.results.map((line) => line.message);

  const addComponent = async (name: string, externalId: string, selectors: unknown[]) => {
    const [row] = await sql<{ id: string }>(
      `insert into components (name, external_id, type, log_selectors) values ($1, $2, 'Service', $3) returning id`,
      [name, externalId, JSON.stringify(selectors)],
    );
    components[name] = row!.id;
  };
  const addBackend = async (name: string, spec: unknown, namespace = 'default') => {
    const response = await server.fetch(
      'api/db/logging_backends',
      jsonRequest('POST', { name, namespace, spec, source: 'UI' }),
    );
    expect(response.status).toBe(201);
  };

  beforeAll(async () => {
    logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-logs-'));
    kubeApi = await startKubeApiServer();
    loki = await startLokiStandIn();
    search = await startSearchStandIn({ username: 'elastic', password: SEARCH_PASSWORD });
    server = await startConsoleWithCluster(kubeApi, {
      backend,
      template: 'empty',
      kinds: [],
      env: { LOG_FILE_ROOTS: logDir },
    });
    sql = sqlOf(server);
    const lines = Array.from(
      { length: 50 },
      (_, i) => `${ago(50 - i)} ${i % 10 === 0 ? 'ERROR' : 'INFO'} request ${i}`,
    );
    fs.writeFileSync(path.join(logDir, 'checkout.log'), `${lines.join('\n')}\n`);
    await sql(
      `insert into connections (name, namespace, type, url, username, password) values ('acme-search', 'logs', 'elasticsearch', $1, 'elastic', $2)`,
      [search.url, SEARCH_PASSWORD],
    );
    await addBackend('files', {
      backends: [
        {
          files: [
            {
              path: [path.join(logDir, 'checkout*.log')],
              labels: { source: 'disk' },
              routes: [{ type: 'file', labels: { app: 'checkout' } }],
            },
          ],
        },
      ],
    });
    await addBackend('cluster', { kubernetes: { namespace: 'shop' }, routes: [{ type: 'kubernetes' }] });
    await addBackend('loki', { loki: { url: loki.url }, routes: [{ type: 'loki' }] });
    await addBackend(
      'search',
      {
        opensearch: {
          connection: 'connection://acme-search',
          index: 'logs-*',
          fields: { message: 'log', timestamp: 'time' },
        },
        routes: [{ type: 'opensearch', idPrefix: 'prod/' }],
      },
      'logs',
    );
    await addComponent('checkout', 'prod/shop/checkout', [
      { name: 'Application logs', type: 'file', labels: { app: 'checkout' } },
      { name: 'Pod logs', type: 'kubernetes', labels: { app: 'checkout', namespace: 'shop' } },
      { name: 'Loki', type: 'loki', labels: { app: 'checkout' } },
      { name: 'Search', type: 'opensearch', labels: { app: 'checkout' } },
      { name: 'Nowhere', type: 'syslog' },
    ]);
    await addComponent('staging-checkout', 'staging/shop/checkout', [
      { name: 'Search', type: 'opensearch', labels: { app: 'checkout' } },
    ]);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await kubeApi?.close();
    await loki?.close();
    await search?.close();
    fs.rmSync(logDir, { recursive: true, force: true });
  });

  describe('the file backend', () => {
    it("answers a component's first logs newest first, with time, message and labels", async () => {
      const answer = await post({ id: components.checkout, limit: 3 });
      expect(answer.status).toBe(200);
      expect(answer.body.results).toEqual([
        {
          timestamp: ago(1),
          message: 'INFO request 49',
          labels: { app: 'checkout', source: 'disk', path: path.join(logDir, 'checkout.log') },
        },
        expect.objectContaining({ timestamp: ago(2), message: 'INFO request 48' }),
        expect.objectContaining({ timestamp: ago(3), message: 'INFO request 47' }),
      ]);
      expect(answer.body.nextPage).toEqual(expect.any(String));
      const next = await post({ id: components.checkout, limit: 3, page: answer.body.nextPage });
      expect(messages(next)).toEqual(['INFO request 46', 'INFO request 45', 'INFO request 44']);
    });

    it('filters by the query (case-insensitive) and by the time range', async () => {
      expect(
        messages(await post({ id: components.checkout, name: 'Application logs', query: 'error' })),
      ).toEqual([
        'ERROR request 40',
        'ERROR request 30',
        'ERROR request 20',
        'ERROR request 10',
        'ERROR request 0',
      ]);
      const window = await post({
        id: components.checkout,
        start: iso(NOW - 12.5 * 60_000),
        end: iso(NOW - 9.5 * 60_000),
      });
      expect(messages(window)).toEqual(['ERROR request 40', 'INFO request 39', 'INFO request 38']);
      expect(messages(await post({ id: components.checkout, start: '15m', query: 'ERROR' }))).toEqual([
        'ERROR request 40',
      ]);
    });

    it('sees the lines appended to a growing file on the next search', async () => {
      const before = await post({ id: components.checkout, limit: 1 });
      expect(messages(before)).toEqual(['INFO request 49']);
      fs.appendFileSync(path.join(logDir, 'checkout.log'), `${iso(Date.now())} WARN request 50 slow\n`);
      const after = await post({ id: components.checkout, limit: 2 });
      expect(messages(after)).toEqual(['WARN request 50 slow', 'INFO request 49']);
      // A new file the glob names joins the next search.
      fs.writeFileSync(path.join(logDir, 'checkout-2.log'), `${iso(Date.now() + 1000)} INFO second file\n`);
      expect(
        messages(await post({ id: components.checkout, limit: 2, end: iso(Date.now() + 60_000) })),
      ).toEqual(['INFO second file', 'WARN request 50 slow']);
    });
  });

  it('reads pod logs by label selector through the cluster connection, every container', async () => {
    const pod = (name: string, app: string, containers: string[]) =>
      kubeApi.put({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name, namespace: 'shop', labels: { app }, creationTimestamp: iso(NOW) },
        spec: { containers: containers.map((c) => ({ name: c, image: 'acme/app' })) },
      } as unknown as KubeObject);
    pod('checkout-1', 'checkout', ['app', 'proxy']);
    pod('orders-1', 'orders', ['app']);
    const written = (...lines: [number, string][]) =>
      lines.map(([minutes, text]) => ({ time: ago(minutes), text }));
    kubeApi.setPodLog('shop', 'checkout-1', written([5, 'started'], [3, 'GET /cart 200']), 'app');
    kubeApi.setPodLog('shop', 'checkout-1', written([90, 'too old'], [4, 'proxy ready']), 'proxy');
    kubeApi.setPodLog('shop', 'orders-1', written([2, 'not this app']), 'app');
    /** The API server's timestamps: RFC 3339 with 9 fraction digits. */
    const stamp = (minutes: number) => ago(minutes).replace('Z', '000000Z');
    const answer = await post({ id: components.checkout, name: 'Pod logs' });
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([
      {
        timestamp: stamp(3),
        message: 'GET /cart 200',
        labels: { namespace: 'shop', pod: 'checkout-1', container: 'app' },
      },
      {
        timestamp: stamp(4),
        message: 'proxy ready',
        labels: { namespace: 'shop', pod: 'checkout-1', container: 'proxy' },
      },
      {
        timestamp: stamp(5),
        message: 'started',
        labels: { namespace: 'shop', pod: 'checkout-1', container: 'app' },
      },
    ]);
    const logReads = () => kubeApi.requests.filter((r) => r.path.includes('/pods/checkout-1/log'));
    expect(logReads().map((r) => new URL(r.path, 'http://k').searchParams.get('timestamps'))).toEqual([
      'true',
      'true',
    ]);
    /** What the API server sent the console for its last search (its requests asked again). */
    const fetchedByLastSearch = async () => {
      const reads = logReads().slice(-2);
      const bodies = await Promise.all(
        reads.map(async (read) => {
          const response = await fetch(`${kubeApi.url}${read.path}`, {
            headers: { Authorization: `Bearer ${kubeApi.token}` },
          });
          return response.text();
        }),
      );
      return bodies.join('');
    };
    // The lines before the range's start (the default last hour) are not even fetched.
    expect(await fetchedByLastSearch()).not.toContain('too old');
    expect(await fetchedByLastSearch()).toContain('proxy ready');

    const recent = await post({ id: components.checkout, name: 'Pod logs', start: ago(4.5) });
    expect(messages(recent)).toEqual(['GET /cart 200', 'proxy ready']);
    const fetched = await fetchedByLastSearch();
    expect(fetched).not.toContain('started');
    expect(fetched).toContain('GET /cart 200');
    expect(messages(await post({ id: components.checkout, name: 'Pod logs', query: 'PROXY' }))).toEqual([
      'proxy ready',
    ]);
  });

  it('asks the Loki stand-in with LogQL of the labels and the query, and pages by time', async () => {
    const ns = (ms: number) => `${BigInt(ms) * 1_000_000n}`;
    loki.streams.push(
      {
        stream: { app: 'checkout', pod: 'checkout-1' },
        values: [
          [ns(NOW - 60_000), 'level=info paid'],
          [ns(NOW - 180_000), 'level=error declined'],
        ],
      },
      { stream: { app: 'checkout', pod: 'checkout-2' }, values: [[ns(NOW - 120_000), 'level=info paid']] },
      { stream: { app: 'orders' }, values: [[ns(NOW - 30_000), 'level=info other app']] },
    );
    const answer = await post({ id: components.checkout, name: 'Loki', limit: 2 });
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([
      {
        timestamp: ago(1).replace('Z', '000000Z'),
        message: 'level=info paid',
        labels: { app: 'checkout', pod: 'checkout-1' },
      },
      expect.objectContaining({ message: 'level=info paid', labels: { app: 'checkout', pod: 'checkout-2' } }),
    ]);
    expect(
      messages(await post({ id: components.checkout, name: 'Loki', limit: 2, page: answer.body.nextPage })),
    ).toEqual(['level=error declined']);
    expect(messages(await post({ id: components.checkout, name: 'Loki', query: 'DECLINED' }))).toEqual([
      'level=error declined',
    ]);
    expect(loki.queries.at(-1)).toBe('{app="checkout"} |~ "(?i)DECLINED"');
  });

  it('asks Loki for the query text in any case, its regexp characters and quotes taken as they are', async () => {
    const ns = (ms: number) => `${BigInt(ms) * 1_000_000n}`;
    loki.streams.push({
      stream: { app: 'checkout', pod: 'checkout-3' },
      values: [
        [ns(NOW - 50_000), String.raw`GET /cart?id=1 (Retry) took 3.5s: "Timeout" \ again`],
        [ns(NOW - 51_000), 'GET /cartXid=1 retry took 305s'],
        [ns(NOW - 52_000), String.raw`get /CART?ID=1 (retry) TOOK 3.5S: "TIMEOUT" \ AGAIN`],
      ],
    });
    const lokiSearch = (query: string) => post({ id: components.checkout, name: 'Loki', query });
    expect(messages(await lokiSearch(String.raw`cart?id=1 (retry) took 3.5s: "timeout" \ again`))).toEqual([
      String.raw`GET /cart?id=1 (Retry) took 3.5s: "Timeout" \ again`,
      String.raw`get /CART?ID=1 (retry) TOOK 3.5S: "TIMEOUT" \ AGAIN`,
    ]);
    expect(loki.queries.at(-1)).toBe(
      String.raw`{app="checkout"} |~ "(?i)cart\\?id=1 \\(retry\\) took 3\\.5s: \"timeout\" \\\\ again"`,
    );
    // A metacharacter is the character itself: `.` is no wildcard (305s), `[` opens no class.
    expect(messages(await lokiSearch('3.5s'))).toHaveLength(2);
    expect(await lokiSearch('[x')).toMatchObject({ status: 200, body: { results: [] } });
  });

  it("asks the OpenSearch stand-in through the backend's connection, and pages by search_after", async () => {
    search.indices.set(
      'logs-2026',
      Array.from({ length: 5 }, (_, i) => ({
        time: ago(i + 1),
        log: `charge ${i} ok`,
        app: 'checkout',
        kubernetes: { pod: 'checkout-1' },
      })).concat([
        { time: ago(2.5), log: 'charge failed', app: 'checkout', kubernetes: { pod: 'checkout-2' } },
        { time: ago(1.5), log: 'unrelated', app: 'orders', kubernetes: { pod: 'orders-1' } },
        { time: ago(120), log: 'too old', app: 'checkout', kubernetes: { pod: 'checkout-1' } },
      ]),
    );
    const answer = await post({ id: components.checkout, name: 'Search', limit: 4 });
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(6);
    expect(answer.body.results[0]).toEqual({
      id: 'logs-2026-0',
      timestamp: ago(1),
      message: 'charge 0 ok',
      labels: { app: 'checkout', 'kubernetes.pod': 'checkout-1' },
    });
    expect(messages(answer)).toEqual(['charge 0 ok', 'charge 1 ok', 'charge failed', 'charge 2 ok']);
    expect(
      messages(await post({ id: components.checkout, name: 'Search', limit: 4, page: answer.body.nextPage })),
    ).toEqual(['charge 3 ok', 'charge 4 ok']);
    expect(messages(await post({ id: components.checkout, name: 'Search', query: 'FAILED' }))).toEqual([
      'charge failed',
    ]);
    expect(search.bodies.at(-1)).toMatchObject({ size: 1000, sort: [{ time: { order: 'desc' } }] });
  });

  it('answers 502 naming the cause when a backend fails, never its secret', async () => {
    await sql(`update connections set password = 'wrong-password', url = $1 where name = 'acme-search'`, [
      search.url.replace('http://', `http://elastic:${SEARCH_PASSWORD}@`),
    ]);
    try {
      const answer = await post({ id: components.checkout, name: 'Search' });
      expect(answer.status).toBe(502);
      expect(answer.body.error).toMatch(/answered HTTP 401: unable to authenticate user/);
      expect(JSON.stringify(answer.body)).not.toContain('wrong-password');
      expect(JSON.stringify(answer.body)).not.toContain(SEARCH_PASSWORD);
    } finally {
      await sql(`update connections set password = $1, url = $2 where name = 'acme-search'`, [
        SEARCH_PASSWORD,
        search.url,
      ]);
    }
    const down = await startLokiStandIn();
    await down.close();
    await sql(`update logging_backends set spec = $1 where name = 'loki'`, [
      JSON.stringify({ loki: { url: down.url }, routes: [{ type: 'loki' }] }),
    ]);
    const unreachable = await post({ id: components.checkout, name: 'Loki' });
    expect(unreachable.status).toBe(502);
    expect(unreachable.body.error).toMatch(/^log backend loki could not be reached: ECONNREFUSED/);
  });

  it('routes by the id prefix and type, and says when no backend or logs of that name exist', async () => {
    expect(await post({ id: components['staging-checkout'] })).toMatchObject({
      status: 404,
      body: {
        message: "No log backend serves the logs 'Search' (type opensearch): add one whose routes match them",
      },
    });
    expect(await post({ id: components.checkout, name: 'Nowhere' })).toMatchObject({ status: 404 });
    expect(await post({ id: components.checkout, name: 'Missing' })).toMatchObject({
      status: 404,
      body: { message: noLogsNamed('Missing') },
    });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])
      expect(await post({ id })).toMatchObject({ status: 404, body: { message: COMPONENT_NOT_FOUND } });
  });

  it.each([
    [{}, 'id is required: the component whose logs to search'],
    [{ id: 'x', start: 'last tuesday' }, /^start must be an RFC 3339 time/],
    [{ id: 'x', start: '1h', end: '2h' }, 'start must not be after end'],
    [{ id: 'x', limit: 20_000 }, 'limit must be a whole number from 1 to 10000'],
  ])('refuses the body %j with 400', async (body, message) => {
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual(
      typeof message === 'string' ? message : expect.stringMatching(message),
    );
  });

  it('refuses a person denied read on logs, and everyone while the logs feature is off', async () => {
    expect((await post({ id: components.checkout }, 'viewer')).status).toBe(200);
    await sql(`insert into permissions (action, object, person_id, deny) values ('read', 'logs', $1, true)`, [
      await server.personFor('viewer'),
    ]);
    expect(await post({ id: components.checkout }, 'viewer')).toMatchObject({ status: 403 });
    expect((await post({ id: components.checkout }, 'anonymous')).status).toBe(401);
    await setFeatureBehindConsole(server, 'logs', true);
    try {
      expect(await post({ id: components.checkout })).toMatchObject({
        status: 403,
        body: { message: 'Logs is disabled' },
      });
    } finally {
      await setFeatureBehindConsole(server, 'logs', false);
    }
  });

  it('refuses a logging backend whose spec the schema refuses, naming the place, and serves the schema', async () => {
    const response = await server.fetch(
      'api/db/logging_backends',
      jsonRequest('POST', { name: 'typo', spec: { backends: [{ kubernetes: { namespce: 'x' } }] } }),
    );
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toContain(
      "backends[0].kubernetes: must NOT have additional property 'namespce'",
    );
    const schema = await server.fetch('api/specs/logging_backends/schema');
    expect(schema.status).toBe(200);
    expect(await schema.json()).toMatchObject({ title: 'LoggingBackend' });
  });
});
