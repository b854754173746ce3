/**
 * More check kinds against real targets started here (local folders, MariaDB, Prometheus,
 * Alertmanager, slapd, restic, git, ping) and the console's own catalog and webhook endpoint:
 * each run's stored check_statuses row and the check's latest status are what a user sees on
 * the health page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CheckRunner } from '../../server/src/platform/health/runner.js';
import type { CheckResult } from '../../server/src/platform/health/types.js';
import { startAlertmanager, type AlertmanagerServer } from '../support/check-servers/alertmanager.js';
import { startGitServer, type GitServer } from '../support/check-servers/git-http.js';
import { startMariaDb, type MariaDb } from '../support/check-servers/mariadb.js';
import { startPrometheus, type MonitoringServer } from '../support/check-servers/prometheus.js';
import { findPing } from '../support/check-servers/ping.js';
import { makeResticRepository, type ResticRepository } from '../support/check-servers/restic.js';
import { startSlapd, type LdapServer } from '../support/check-servers/slapd.js';
import { freePort } from '../support/free-port.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { canaryMaker, runNowRunner } from '../support/health-runner.js';

let server: TestServer;
let runner: CheckRunner;
let checkOf: ReturnType<typeof canaryMaker>;
let scratch: string;
let closedPort: number;

beforeAll(async () => {
  server = await startTestServer({ template: 'empty' });
  runner = runNowRunner(server.db);
  checkOf = canaryMaker(server.db, { namespace: 'tests' });
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-console-kinds-'));
  closedPort = await freePort();
});

afterAll(async () => {
  await runner?.stop();
  await server?.stop();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

interface Stored {
  status: boolean;
  message: string | null;
  error: string | null;
}

async function latestOf(checkId: string) {
  const stored = await server.db.query<Stored>(
    'select status, message, error from check_statuses where check_id = $1 order by time desc limit 1',
    [checkId],
  );
  const check = await server.db.query<{ status: string | null }>('select status from checks where id = $1', [
    checkId,
  ]);
  return { stored: stored.rows[0], status: check.rows[0]!.status };
}

/** Runs a new check of `kind` now; expects `expected` of the result, the stored row and the check's status. */
async function expectRun(kind: string, entry: Record<string, unknown>, expected: Partial<CheckResult>) {
  const id = await checkOf(kind, entry);
  const ran = await runner.runNow(id);
  const result = ran!.result;
  expect(result).toMatchObject(expected);
  const { stored, status } = await latestOf(id);
  expect(stored).toEqual({ status: result.status, message: result.message, error: result.error });
  expect(status).toBe(result.status ? 'healthy' : 'unhealthy');
  return result;
}

const HOUR = 3_600_000;

describe('folder', () => {
  let folder: string;
  beforeAll(() => {
    folder = path.join(scratch, 'backups');
    fs.mkdirSync(path.join(folder, 'nested'), { recursive: true });
    const file = (name: string, bytes: number, ageMs: number) => {
      const at = path.join(folder, name);
      fs.writeFileSync(at, 'x'.repeat(bytes));
      const when = new Date(Date.now() - ageMs);
      fs.utimesSync(at, when, when);
    };
    file('db-1.tar', 2048, 30 * HOUR);
    file('db-2.tar', 4096, 2 * HOUR);
    file('notes.txt', 10, 1000);
    file('nested/db-0.tar', 1024, 50 * HOUR);
  });

  it('counts, ages and sizes the files the filter keeps', async () => {
    const ok = await expectRun(
      'folder',
      { path: folder, filter: { regex: '\\.tar$' }, minCount: 2, maxAge: '2d', minSize: '1kb' },
      { status: true, error: null },
    );
    expect(ok.message).toMatch(
      new RegExp(
        `^2 files \\(6 KB\\) in ${folder}; newest db-2\\.tar \\(2h old\\), oldest db-1\\.tar \\(1d6h old\\)$`,
      ),
    );
    await expectRun(
      'folder',
      { path: folder, recursive: true, filter: { regex: '\\.tar$' }, maxAge: '1d' },
      { status: false, error: 'nested/db-0.tar is too old: 2d2h > 1d' },
    );
    await expectRun(
      'folder',
      { path: folder, minAge: '1h' },
      {
        status: false,
        error: expect.stringMatching(/^notes\.txt is too new: \d+s < 1h$/) as unknown as string,
      },
    );
    await expectRun(
      'folder',
      { path: folder, filter: { maxAge: '1d' }, maxCount: 1 },
      { status: false, error: 'too many files: 2 > 1' },
    );
    await expectRun(
      'folder',
      { path: folder, filter: { minSize: '4kb' }, maxSize: '3kb' },
      { status: false, error: 'db-2.tar is too large: 4 KB > 3kb' },
    );
    await expectRun(
      'folder',
      { path: folder, filter: { since: 'now-3h' }, test: { expr: 'results.count == 2' } },
      { status: true },
    );
  });

  it('has no files in a missing folder, and says which folders it does not read', async () => {
    await expectRun(
      'folder',
      { path: path.join(scratch, 'missing'), minCount: 1 },
      {
        status: false,
        error: 'too few files: 0 < 1',
        message: `no files in ${path.join(scratch, 'missing')}`,
      },
    );
    await expectRun(
      'folder',
      { path: 's3://backups/daily' },
      {
        status: false,
        error: "this console's check runner checks local folders only; 's3' folders are not run",
      },
    );
  });
});

describe('mysql', () => {
  let maria: MariaDb | undefined;
  beforeAll(async () => {
    maria = await startMariaDb('the mysql checks');
  });
  afterAll(() => maria?.close());

  it('queries a real MariaDB by URL and by Go DSN, and fails on rows, errors and a closed port', async () => {
    if (!maria) return;
    const url = maria.url;
    const port = new URL(url).port;
    await expectRun(
      'mysql',
      {
        url,
        query: 'select 1 as one union select 2',
        results: 2,
        test: { expr: 'results.rows[1].one == 2' },
      },
      { status: true, error: null, message: expect.stringMatching(/^2 rows in \d+ms$/) as unknown as string },
    );
    await expectRun(
      'mysql',
      { connection: `root@tcp(127.0.0.1:${port})/mysql`, query: 'select 1' },
      { status: true },
    );
    await expectRun(
      'mysql',
      { url, query: 'select 1', results: 2 },
      { status: false, error: 'query returned 1 rows, expected at least 2' },
    );
    await expectRun(
      'mysql',
      { url, query: 'select * from mysql.no_such_table' },
      { status: false, error: "Table 'mysql.no_such_table' doesn't exist" },
    );
    await expectRun(
      'mysql',
      { url: `mysql://root@127.0.0.1:${closedPort}/` },
      { status: false, error: `connection refused: 127.0.0.1:${closedPort}` },
    );
  });
});

describe('catalog', () => {
  beforeAll(async () => {
    await server.db.query(
      `insert into configs (type, name, namespace, labels, tags, health) values
        ('Kubernetes::Deployment', 'api', 'shop', '{"app":"api","tier":"backend"}', '{"cluster":"prod"}', 'healthy'),
        ('Kubernetes::Deployment', 'web', 'shop', '{"app":"web","tier":"frontend"}', '{"cluster":"prod"}', 'healthy'),
        ('Kubernetes::Deployment', 'old-api', 'shop', '{"app":"api"}', '{"cluster":"prod"}', 'unhealthy')`,
    );
    await server.db.query(`update configs set deleted_at = now() where name = 'old-api'`);
  });

  it('passes when the selector finds items of the catalog, by type, name, labels and tags', async () => {
    const found = await expectRun(
      'catalog',
      {
        selector: [
          {
            types: ['Kubernetes::Deployment'],
            labelSelector: 'tier in (backend,frontend)',
            tagSelector: 'cluster=prod',
          },
        ],
      },
      { status: true, error: null },
    );
    expect(found.message).toBe('2 catalog items: Kubernetes::Deployment/api, Kubernetes::Deployment/web');
    await expectRun(
      'catalog',
      {
        selector: [{ name: 'a*', namespace: 'shop' }],
        test: { expr: 'count == 1 && results[0].labels.tier == "backend"' },
      },
      { status: true, message: '1 catalog item: Kubernetes::Deployment/api' },
    );
  });

  it('fails when nothing matches, deleted items included only when asked', async () => {
    await expectRun(
      'catalog',
      { selector: [{ name: 'old-api' }] },
      { status: false, error: 'no catalog items match the selector' },
    );
    await expectRun('catalog', { selector: [{ name: 'old-api', includeDeleted: true }] }, { status: true });
    await expectRun(
      'catalog',
      { selector: [{ types: ['Kubernetes::Deployment'], labelSelector: 'app=api,!tier' }] },
      { status: false, error: 'no catalog items match the selector' },
    );
  });
});

describe('webhook', () => {
  const post = (name: string, body: string, headers: Record<string, string> = {}, query = '') =>
    server.fetch(`api/canary/webhook/${name}${query}`, { method: 'POST', body, headers }, 'anonymous');
  const nameOf = async (id: string) =>
    (await server.db.query<{ name: string }>('select name from checks where id = $1', [id])).rows[0]!.name;

  it("records a POST with the check's token as its result, passing or failing its test", async () => {
    const id = await checkOf('webhook', {
      token: { value: 'hook-secret' },
      test: { expr: 'json.status == "ok"' },
    });
    const name = await nameOf(id);
    const json = { 'Content-Type': 'application/json' };

    const refused = await post(name, '{"status":"ok"}', json, '?token=wrong');
    expect(refused.status).toBe(401);
    expect(await latestOf(id)).toEqual({ stored: undefined, status: null });

    const ok = await post(name, '{"status":"ok"}', json, '?token=hook-secret');
    expect(ok.status).toBe(200);
    expect(await latestOf(id)).toEqual({
      stored: { status: true, message: 'received a POST with a JSON body', error: null },
      status: 'healthy',
    });

    const down = await post(name, '{"status":"down"}', { ...json, 'Webhook-Token': 'hook-secret' });
    expect(down.status).toBe(200);
    expect(await latestOf(id)).toEqual({
      stored: {
        status: false,
        message: 'received a POST with a JSON body',
        error: `test expression 'json.status == "ok"' is false`,
      },
      status: 'unhealthy',
    });
    // Run Now has nothing to run: it answers the latest result without storing another.
    const ran = await runner.runNow(id);
    expect(ran!.result).toMatchObject({
      status: false,
      error: `test expression 'json.status == "ok"' is false`,
    });
    const { rows } = await server.db.query('select 1 from check_statuses where check_id = $1', [id]);
    expect(rows).toHaveLength(2);
  });

  it('takes any POST for a check without a token; an unknown check is not found', async () => {
    const id = await checkOf('webhook', {});
    const ran = await runner.runNow(id);
    expect(ran!.result.error).toBe(
      `no POST received yet: webhook checks pass or fail by what is POSTed to api/canary/webhook/${await nameOf(id)}`,
    );
    expect((await latestOf(id)).status).toBeNull();
    const ok = await post(await nameOf(id), 'backup finished', { 'Content-Type': 'text/plain' });
    expect(ok.status).toBe(200);
    expect((await latestOf(id)).stored).toEqual({
      status: true,
      message: 'received a POST with 15 characters',
      error: null,
    });
    expect((await post('no-such-check', 'x')).status).toBe(404);
  });
});

describe('prometheus', () => {
  let prometheus: MonitoringServer | undefined;
  beforeAll(async () => {
    prometheus = await startPrometheus('the prometheus checks');
  });
  afterAll(() => prometheus?.close());

  it('runs a PromQL query and tests its results', async () => {
    if (!prometheus) return;
    const url = prometheus.url;
    const found = await expectRun(
      'prometheus',
      {
        url,
        query: 'label_replace(vector(3), "job", "api", "", "")',
        test: { expr: 'value == 3.0 && results[0].job == "api"' },
      },
      { status: true, error: null },
    );
    expect(found.message).toMatch(/^1 result, first 3, in \d+ms$/);
    await expectRun(
      'prometheus',
      { url, query: 'vector(3)', test: { expr: 'value < 1.0' } },
      { status: false, error: "test expression 'value < 1.0' is false" },
    );
    const bad = await expectRun('prometheus', { url, query: 'sum(' }, { status: false });
    expect(bad.error).toMatch(/^HTTP 400 from 127\.0\.0\.1:\d+: .*parse error/);
    await expectRun(
      'prometheus',
      { url: `http://127.0.0.1:${closedPort}`, query: 'up' },
      { status: false, error: `connection refused: 127.0.0.1:${closedPort}` },
    );
  });
});

describe('alertmanager', () => {
  let alertmanager: AlertmanagerServer | undefined;
  beforeAll(async () => {
    alertmanager = await startAlertmanager('the alertmanager checks');
    await alertmanager?.fire([
      {
        labels: { alertname: 'DiskFull', namespace: 'shop', pod: 'db-0', severity: 'critical' },
        annotations: { summary: 'disk 95% full' },
      },
      { labels: { alertname: 'Watchdog', severity: 'none' } },
    ]);
  });
  afterAll(() => alertmanager?.close());

  it('fails while matching alerts are active, passes when the filters leave none', async () => {
    if (!alertmanager) return;
    const url = alertmanager.url;
    await expectRun(
      'alertmanager',
      { url, filters: { severity: 'critical' } },
      { status: false, error: '1 active alert: DiskFull/shop/db-0 (disk 95% full)' },
    );
    await expectRun(
      'alertmanager',
      { url, alerts: ['Disk.*'], ignore: ['DiskFull'] },
      { status: true, message: 'no active alerts match' },
    );
    await expectRun(
      'alertmanager',
      { url, alerts: ['Watchdog'], test: { expr: 'count == 1' } },
      { status: true, message: '1 active alert: Watchdog' },
    );
  });
});

describe('restic', () => {
  let repo: ResticRepository | undefined;
  beforeAll(() => {
    repo = makeResticRepository('the restic checks', 2 * 24 * HOUR);
  });
  afterAll(() => repo?.close());

  it("checks the latest snapshot's age and the repository, and fails a wrong password", async () => {
    if (!repo) return;
    const { repository, password } = repo;
    const fresh = await expectRun(
      'restic',
      { repository, password: { value: password }, maxAge: '3d', checkIntegrity: true },
      { status: true, error: null },
    );
    expect(fresh.message).toMatch(/^latest snapshot [0-9a-f]{8} of .+ is 2d old$/);
    await expectRun(
      'restic',
      { repository, password, maxAge: '1d' },
      { status: false, error: 'latest backup is 2d old, older than maxAge 1d' },
    );
    await expectRun(
      'restic',
      { repository, password: 'wrong', maxAge: '3d' },
      { status: false, error: 'restic: Fatal: wrong password or no key found' },
    );
  });
});

describe('icmp', () => {
  let ping: string | undefined;
  beforeAll(() => {
    ping = findPing('the icmp checks');
  });

  it('pings the loopback address within its thresholds, and fails a slow answer and an unknown host', async () => {
    if (!ping) return;
    const ok = await expectRun(
      'icmp',
      { endpoint: '127.0.0.1', packetCount: 2, thresholdMillis: 500, packetLossThreshold: 0 },
      { status: true, error: null },
    );
    expect(ok.message).toMatch(/^2\/2 replies from 127\.0\.0\.1, 0% packet loss, average [\d.]+ms$/);
    const slow = await expectRun(
      'icmp',
      { endpoint: '127.0.0.1', packetCount: 2, thresholdMillis: 0.0001 },
      { status: false },
    );
    expect(slow.error).toMatch(/^average round trip [\d.]+ms > thresholdMillis 0\.0001ms$/);
    await expectRun(
      'icmp',
      { endpoint: 'no-such-host.invalid', packetCount: 1 },
      { status: false, error: expect.stringMatching(/^ping: no-such-host\.invalid: /) as unknown as string },
    );
  });
});

describe('ldap', () => {
  let ldap: LdapServer | undefined;
  beforeAll(async () => {
    ldap = await startSlapd('the ldap checks');
  });
  afterAll(() => ldap?.close());

  it('binds and finds people, and fails a wrong password or an empty search', async () => {
    if (!ldap) return;
    const { url, adminDn } = ldap;
    const entry = {
      url,
      username: adminDn,
      password: { value: ldap.adminPassword },
      bindDN: 'ou=people,dc=example,dc=org',
      userSearch: '(&(objectClass=inetOrgPerson)(uid=ada))',
    };
    const found = await expectRun('ldap', entry, { status: true, error: null });
    expect(found.message).toMatch(
      /^1 entry matches \(&\(objectClass=inetOrgPerson\)\(uid=ada\)\) under ou=people,dc=example,dc=org \(\d+ms\)$/,
    );
    await expectRun(
      'ldap',
      { ...entry, password: 'wrong' },
      {
        status: false,
        error: "bind as 'cn=admin,dc=example,dc=org' failed: invalid credentials (LDAP result 49)",
      },
    );
    await expectRun(
      'ldap',
      { ...entry, userSearch: '(uid=nobody)' },
      { status: false, error: 'no entries match (uid=nobody) under ou=people,dc=example,dc=org' },
    );
  });
});

describe('gitProtocol', () => {
  let git: GitServer | undefined;
  beforeAll(async () => {
    git = await startGitServer('the gitProtocol checks');
  });
  afterAll(() => git?.close());

  it('clones and pushes to a git HTTP server with credentials, and fails wrong ones', async () => {
    if (!git) return;
    const pushed = await expectRun(
      'gitProtocol',
      {
        repository: git.url,
        username: git.username,
        password: { value: git.password },
        filename: 'canary/last.txt',
      },
      { status: true, error: null },
    );
    expect(pushed.message).toMatch(
      new RegExp(`^cloned ${git.url.replace(/\./g, '\\.')}, pushed a commit to canary/last\\.txt in \\d+ms$`),
    );
    expect(git.lastCommit()).toMatch(/^Updated canary\/last\.txt with time \d{4}-/);
    await expectRun(
      'gitProtocol',
      { repository: git.url, username: git.username, password: 'wrong' },
      { status: false, error: `clone failed: fatal: Authentication failed for '${git.url}/'` },
    );
  });
});
