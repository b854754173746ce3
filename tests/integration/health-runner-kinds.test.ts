/**
 * The check kinds against real targets started here: each run's stored check_statuses row and
 * the check's latest status are what a user sees on the health page.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import type { CheckRunner } from '../../server/src/platform/health/runner.js';
import type { CheckResult } from '../../server/src/platform/health/types.js';
import {
  selfSignedCertificate,
  startDnsServer,
  startHttpsTarget,
  startHttpTarget,
  startTcpListener,
  type Target,
} from '../support/check-targets.js';
import { availableBackends, freshDatabase } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { freePort } from '../support/free-port.js';
import { startRedis, type RedisServer } from '../support/redis.js';
import { skipOrFail } from '../support/required.js';
import { canaryMaker, runNowRunner } from '../support/health-runner.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
let runner: CheckRunner;
let checkOf: ReturnType<typeof canaryMaker>;
let web: Target;
let tcp: Target;
let dnsServer: Target;
let closedPort: number;

beforeAll(async () => {
  database = await freshDatabase('pglite', 'empty');
  db = await openDatabase({ dataDir: database.dataDir });
  runner = runNowRunner(db);
  [web, tcp, dnsServer, closedPort] = await Promise.all([
    startHttpTarget(),
    startTcpListener(),
    startDnsServer({ 'svc.test': ['10.0.0.7', '10.0.0.8'] }),
    freePort(),
  ]);
  runner.setConsoleAddress({ consoleUrl: `http://127.0.0.1:${web.port}/`, consolePort: web.port });
  checkOf = canaryMaker(db, { namespace: 'tests', vars: { CONSOLE_URL: `http://127.0.0.1:${web.port}` } });
});

afterAll(async () => {
  await runner.stop();
  await Promise.all([web.close(), tcp.close(), dnsServer.close()]);
  await db.close();
  await database.drop();
});

interface Stored {
  status: boolean;
  message: string | null;
  error: string | null;
  duration: number;
}

/** Runs the check now; what it returned, the status row stored, and the check row. */
async function run(checkId: string) {
  const ran = await runner.runNow(checkId);
  const stored = await db.query<Stored>(
    'select status, message, error, duration from check_statuses where check_id = $1 order by time desc limit 1',
    [checkId],
  );
  const check = await db.query<{ status: string; last_runtime: Date; last_transition_time: Date }>(
    'select status, last_runtime, last_transition_time from checks where id = $1',
    [checkId],
  );
  return { result: ran!.result, stored: stored.rows[0]!, check: check.rows[0]! };
}

async function expectRun(kind: string, entry: Record<string, unknown>, expected: Partial<CheckResult>) {
  const { result, stored, check } = await run(await checkOf(kind, entry));
  expect(result).toMatchObject(expected);
  expect(stored).toMatchObject(expected);
  expect(check.status).toBe(expected.status ? 'healthy' : 'unhealthy');
  expect(check.last_runtime.toISOString()).toBe(result.time);
  return result;
}

describe('http', () => {
  const url = (path: string) => `http://127.0.0.1:${web.port}${path}`;

  it('passes a 200 and fails a 500, a slow answer, missing content and a false test expression', async () => {
    const ok = await expectRun('http', { url: url('/ok') }, { status: true, error: null });
    expect(ok.message).toMatch(/^HTTP 200 in \d+ms$/);
    await expectRun(
      'http',
      { url: url('/fail') },
      { status: false, error: 'response code 500, expected 2xx' },
    );
    await expectRun('http', { url: url('/fail'), responseCodes: [500] }, { status: true, error: null });
    // As canary-checker's HTTP client, the request is cut off at thresholdMillis.
    await expectRun(
      'http',
      { url: url('/slow?ms=400'), thresholdMillis: 100 },
      { status: false, error: 'timed out after 100ms (thresholdMillis)' },
    );
    await expectRun(
      'http',
      { url: url('/ok'), responseContent: 'healthy' },
      { status: false, error: "response does not contain 'healthy'" },
    );
    await expectRun(
      'http',
      { url: url('/json'), test: { expr: 'json.status == "ok" && size(json.items) == 3 && code == 200' } },
      { status: true },
    );
    await expectRun(
      'http',
      { url: url('/json'), test: { expr: 'json.status == "down"' } },
      { status: false, error: `test expression 'json.status == "down"' is false` },
    );
  });

  it('sends basic authentication and names a secret reference it cannot read', async () => {
    await expectRun(
      'http',
      { url: url('/auth') },
      { status: false, error: 'response code 401, expected 2xx' },
    );
    await expectRun(
      'http',
      { url: url('/auth'), authentication: { username: 'ops', password: { value: 's3cret' } } },
      { status: true },
    );
    const secret = await expectRun(
      'http',
      {
        url: url('/ok'),
        headers: [{ name: 'Authorization', valueFrom: { secretKeyRef: { name: 'x', key: 'y' } } }],
      },
      { status: false },
    );
    // No cluster here: the reference is named, the check is not run with an empty header.
    expect(secret.error).toMatch(
      /^secret [\w-]+\/x key 'y' cannot be read: no Kubernetes cluster is configured/,
    );
  });

  it('fills $(CONSOLE_URL) with the console address and reports a refused connection', async () => {
    await expectRun('http', { url: '$(CONSOLE_URL)/ok' }, { status: true });
    await expectRun(
      'http',
      { url: `http://127.0.0.1:${closedPort}/` },
      { status: false, error: `connection refused: 127.0.0.1:${closedPort}` },
    );
  });

  it('moves last_transition_time only when the status changes', async () => {
    const id = await checkOf('http', { url: url('/flip') });
    const first = await run(id); // up
    expect(first.check.last_transition_time.toISOString()).toBe(first.result.time);
    const second = await run(id); // down
    expect(second.result.error).toBe('response code 503, expected 2xx');
    expect(second.check.last_transition_time.toISOString()).toBe(second.result.time);
    await run(id); // up
    const fourth = await run(id); // down
    const fifth = await run(id); // up
    expect(fifth.check.last_transition_time.toISOString()).toBe(fifth.result.time);
    expect(fourth.result.status).toBe(false);
  });

  describe('https with a self-signed certificate that expires in 3 days', () => {
    const made = selfSignedCertificate(3);
    const skip = 'skip' in made ? made.skip : undefined;
    if (skip) skipOrFail('REQUIRE_OPENSSL', 'the https checks', skip);
    let secure: Target | undefined;
    beforeAll(async () => {
      if (!skip) secure = await startHttpsTarget(made as { cert: string; key: string });
    });
    afterAll(() => secure?.close());
    const maybe = skip ? it.skip : it;

    maybe('refuses the certificate unless insecureSkipVerify is set, then checks its expiry', async () => {
      const at = `https://localhost:${secure!.port}/ok`;
      await expectRun('http', { url: at }, { status: false, error: 'self-signed certificate' });
      await expectRun('http', { url: at, insecureSkipVerify: true, maxSSLExpiry: 1 }, { status: true });
      const soon = await expectRun(
        'http',
        { url: at, tlsConfig: { insecureSkipVerify: true }, maxSSLExpiry: 7 },
        { status: false },
      );
      expect(soon.error).toMatch(
        /^SSL certificate expires in 2 days \(\d{4}-\d\d-\d\dT[\d:.]+Z\), sooner than maxSSLExpiry 7 days$/,
      );
    });
  });
});

describe('tcp', () => {
  it('passes an open port and fails a closed one', async () => {
    const open = await expectRun('tcp', { endpoint: `127.0.0.1:${tcp.port}` }, { status: true });
    expect(open.message).toMatch(new RegExp(`^connected to 127.0.0.1:${tcp.port} in \\d+ms$`));
    await expectRun(
      'tcp',
      { endpoint: `127.0.0.1:${closedPort}` },
      { status: false, error: `connection refused: 127.0.0.1:${closedPort}` },
    );
    await expectRun(
      'tcp',
      { endpoint: 'no-port-here' },
      { status: false, error: "endpoint 'no-port-here' is not host:port" },
    );
  });
});

describe('dns', () => {
  const server = () => ({ server: '127.0.0.1', port: dnsServer.port });

  it('asks a given server, counts and compares the records', async () => {
    const found = await expectRun('dns', { ...server(), query: 'svc.test', minrecords: 2 }, { status: true });
    expect(found.message).toMatch(/^svc\.test A: 10\.0\.0\.7, 10\.0\.0\.8 in \d+ms$/);
    await expectRun(
      'dns',
      { ...server(), query: 'svc.test', exactreply: ['10.0.0.8', '10.0.0.7'] },
      { status: true },
    );
    await expectRun(
      'dns',
      { ...server(), query: 'svc.test', minrecords: 3 },
      { status: false, error: 'got 2 records, expected at least 3' },
    );
    await expectRun(
      'dns',
      { ...server(), query: 'svc.test', exactreply: ['10.0.0.7'] },
      { status: false, error: 'got 10.0.0.7, 10.0.0.8, expected exactly 10.0.0.7' },
    );
  });

  it('resolves localhost with the system resolver', async () => {
    const local = await expectRun('dns', { query: 'localhost', minrecords: 1 }, { status: true });
    expect(local.message).toContain('127.0.0.1');
  });
});

describe('exec', () => {
  it('passes exit 0 with its output as message, fails other exit codes with stderr', async () => {
    await expectRun('exec', { script: 'echo hello; echo there' }, { status: true, message: 'hello\nthere' });
    await expectRun(
      'exec',
      { script: 'echo partial; echo oops >&2; exit 3' },
      { status: false, message: 'partial', error: 'exit code 3: oops' },
    );
    await expectRun(
      'exec',
      { script: 'echo 41', test: { expr: 'results.stdout == "42"' } },
      { status: false, error: `test expression 'results.stdout == "42"' is false` },
    );
  });

  it('gives a script none of the console secrets in its environment', async () => {
    process.env.OPS_TEST_SECRET = 'leak';
    try {
      await expectRun('exec', { script: 'echo "[$OPS_TEST_SECRET]"' }, { status: true, message: '[]' });
    } finally {
      delete process.env.OPS_TEST_SECRET;
    }
  });

  it('kills a script and what it started when its timeout passes', async () => {
    const marks = mkdtempSync(path.join(os.tmpdir(), 'ops-console-exec-'));
    const [pidFile, ended] = [path.join(marks, 'pid'), path.join(marks, 'ended')];
    await expectRun(
      'exec',
      { script: `(sleep 30; touch ${ended}) & echo $! > ${pidFile}; wait`, timeout: '500ms' },
      { status: false, error: 'timed out after 500ms' },
    );
    // The run ended by its timeout, not by waiting for what the script started.
    expect(existsSync(ended)).toBe(false);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    rmSync(marks, { recursive: true, force: true });
    // The background work is gone too (or a zombie waiting for a container's init to reap it).
    const state = () =>
      existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2] : 'gone';
    await eventually(async () => expect(['gone', 'Z']).toContain(state()));
  });
});

describe('postgres', () => {
  const backends = availableBackends();
  const maybe = backends.includes('postgres') ? it : it.skip;
  if (!backends.includes('postgres'))
    skipOrFail('REQUIRE_POSTGRES', 'the postgres checks', 'no PostgreSQL server for the tests');

  maybe('queries a real PostgreSQL by url and through a named connection', async () => {
    const target = await freshDatabase('postgres', 'empty');
    try {
      const url = target.databaseUrl!;
      await expectRun(
        'postgres',
        { url, query: 'select 1 as one', results: 1, test: { expr: 'results.rows[0].one == 1' } },
        { status: true, message: expect.stringMatching(/^1 row in \d+ms$/) as unknown as string },
      );
      await expectRun(
        'postgres',
        { url, query: 'select 1', results: 2 },
        { status: false, error: 'query returned 1 rows, expected at least 2' },
      );
      await db.query(`insert into connections (name, type, url) values ('check-target', 'postgres', $1)`, [
        url,
      ]);
      await expectRun('postgres', { connection: 'connection://postgres/check-target' }, { status: true });
      await expectRun(
        'sql',
        { connection: 'connection://check-target', query: 'select 1' },
        { status: true },
      );
      await expectRun(
        'postgres',
        { connection: 'connection://postgres/missing' },
        { status: false, error: "connection 'postgres/missing' does not exist" },
      );
      await expectRun(
        'postgres',
        { url, query: 'select * from no_such_table' },
        {
          status: false,
          error: 'relation "no_such_table" does not exist',
        },
      );
    } finally {
      await target.drop();
    }
  });

  it('says plainly that other SQL databases are not run', async () => {
    await expectRun(
      'sql',
      { url: 'mysql://root@127.0.0.1:3306/app' },
      {
        status: false,
        error:
          "this console's check runner runs SQL checks on PostgreSQL only; 'mysql' databases are not supported",
      },
    );
  });
});

describe('redis', () => {
  let redis: RedisServer | undefined;
  beforeAll(async () => {
    redis = await startRedis('the redis check against a server');
  });
  afterAll(() => redis?.close());

  it('PINGs a Redis server and fails a closed port', async () => {
    await expectRun(
      'redis',
      { addr: `127.0.0.1:${closedPort}` },
      { status: false, error: `connection refused: 127.0.0.1:${closedPort}` },
    );
    if (!redis) return;
    const pong = await expectRun('redis', { addr: redis.addr, db: 1 }, { status: true });
    expect(pong.message).toMatch(
      new RegExp(`^PONG from ${redis.addr.replace(/\./g, '\\.')} \\(db 1\\) in \\d+ms$`),
    );
  });
});

describe('other kinds', () => {
  it("are not run: Run Now answers that this console's runner does not execute them", async () => {
    const id = await checkOf('mongodb', { url: 'mongodb://127.0.0.1:1' });
    const ran = await runner.runNow(id);
    expect(ran!.result).toMatchObject({
      status: false,
      error: "This console's check runner does not execute 'mongodb' checks",
    });
  });

  it('runNow knows no deleted, missing or malformed check', async () => {
    const id = await checkOf('exec', { script: 'true' });
    await db.query('update checks set deleted_at = now() where id = $1', [id]);
    expect(await runner.runNow(id)).toBeUndefined();
    expect(await runner.runNow('00000000-0000-0000-0000-00000000abcd')).toBeUndefined();
    expect(await runner.runNow('not-a-uuid')).toBeUndefined();
  });
});
