/**
 * The runner does what canary-checker does with the same canary: timeouts in its units, the
 * variables its templates see, display/test/transform, env and $(VAR), DNS answers as Go gives
 * them, markFailOnEmpty. Each case runs against real local servers and asserts the stored
 * check_statuses row: the status and message a user sees on the health page.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import type { CheckRunner } from '../../server/src/platform/health/runner.js';
import type { CheckResult } from '../../server/src/platform/health/types.js';
import { startHttpTarget, type Target } from '../support/check-targets.js';
import { availableBackends, freshDatabase } from '../support/databases.js';
import { startDnsRecordsServer, startSilentDnsServer } from '../support/dns-records.js';
import { skipOrFail } from '../support/required.js';
import { canaryMaker, runNowRunner } from '../support/health-runner.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
let runner: CheckRunner;
let checkOf: ReturnType<typeof canaryMaker>;
let web: Target;
let echo: Target;
let dnsServer: Target;
let silentDns: Target;

/** Answers every request with what it received, as JSON. */
async function startEchoServer(): Promise<Target> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  database = await freshDatabase('pglite', 'empty');
  db = await openDatabase({ dataDir: database.dataDir });
  runner = runNowRunner(db);
  checkOf = canaryMaker(db, { namespace: 'fidelity' });
  [web, echo, dnsServer, silentDns] = await Promise.all([
    startHttpTarget(),
    startEchoServer(),
    startDnsRecordsServer([
      { name: 'svc.test', type: 'A', data: '10.0.0.7' },
      { name: 'alias.test', type: 'CNAME', data: 'svc.test' },
      { name: 'svc.test', type: 'MX', data: { preference: 10, exchange: 'mail.svc.test' } },
      { name: 'svc.test', type: 'NS', data: 'ns1.svc.test' },
      { name: '7.0.0.10.in-addr.arpa', type: 'PTR', data: 'svc.test' },
    ]),
    startSilentDnsServer(),
  ]);
});

afterAll(async () => {
  await runner.stop();
  await Promise.all([web.close(), echo.close(), dnsServer.close(), silentDns.close()]);
  await db.close();
  await database.drop();
});

/** Runs the check now; the result must be what was stored and what the check now shows. */
async function expectRun(kind: string, entry: Record<string, unknown>, expected: Partial<CheckResult>) {
  const id = await checkOf(kind, entry);
  const ran = await runner.runNow(id);
  const stored = await db.query<{ status: boolean; message: string | null; error: string | null }>(
    'select status, message, error from check_statuses where check_id = $1 order by time desc limit 1',
    [id],
  );
  const check = await db.query<{ status: string }>('select status from checks where id = $1', [id]);
  expect(ran!.result).toMatchObject(expected);
  expect(stored.rows[0]).toMatchObject(expected);
  expect(check.rows[0]!.status).toBe(expected.status ? 'healthy' : 'unhealthy');
  return ran!.result;
}

const url = (path: string) => `http://127.0.0.1:${web.port}${path}`;
const echoUrl = (path = '/echo') => `http://127.0.0.1:${echo.port}${path}`;

describe('timeout, in the unit canary-checker reads it for each kind', () => {
  it('exec: seconds, so timeout: 1 lets a 300ms script finish and stops a 5s one after 1000ms', async () => {
    await expectRun(
      'exec',
      { script: 'sleep 0.3; echo done', timeout: 1 },
      { status: true, message: 'done' },
    );
    await expectRun(
      'exec',
      { script: 'sleep 5; echo late', timeout: 1 },
      { status: false, error: 'timed out after 1000ms' },
    );
  });

  it('dns: seconds, default 10; a server that never answers times out after timeout seconds', async () => {
    await expectRun(
      'dns',
      { server: '127.0.0.1', port: dnsServer.port, query: 'svc.test', timeout: 1 },
      { status: true },
    );
    await expectRun(
      'dns',
      { server: '127.0.0.1', port: silentDns.port, query: 'svc.test', timeout: 1 },
      { status: false, error: 'timed out after 1000ms' },
    );
  });

  it('http: a duration text is read as one; the request stops there', async () => {
    await expectRun('http', { url: url('/slow?ms=50'), timeout: '2s' }, { status: true });
    await expectRun(
      'http',
      { url: url('/hang'), timeout: '300ms' },
      { status: false, error: 'timed out after 300ms' },
    );
  });
});

describe('variables the templates see', () => {
  it('http: code, headers (Go names), json, content, elapsed, check, canary', async () => {
    const expr =
      'code == 200 && headers["Content-Type"] == "application/json" && json.status == "ok" && ' +
      'content.contains("items") && elapsed < Duration("5s") && check.name.startsWith("http-") && ' +
      'canary.namespace == "fidelity" && canary.name.startsWith("fidelity-")';
    await expectRun('http', { url: url('/json'), test: { expr } }, { status: true });
    await expectRun(
      'http',
      { url: url('/json'), test: { expr: 'code == 201' } },
      { status: false, error: "test expression 'code == 201' is false" },
    );
  });

  it('exec: results.stdout, results.stderr, results.exitCode', async () => {
    const script = 'echo out; echo err >&2';
    await expectRun(
      'exec',
      {
        script,
        test: { expr: 'results.stdout == "out" && results.stderr == "err" && results.exitCode == 0' },
      },
      { status: true, message: 'out' },
    );
    await expectRun(
      'exec',
      { script, test: { expr: 'results.stdout == "err"' } },
      { status: false, error: `test expression 'results.stdout == "err"' is false` },
    );
  });

  describe('sql', () => {
    const backends = availableBackends();
    const maybe = backends.includes('postgres') ? it : it.skip;
    if (!backends.includes('postgres'))
      skipOrFail('REQUIRE_POSTGRES', 'the postgres fidelity checks', 'no PostgreSQL server for the tests');

    maybe('results.rows (ints as ints), results.count, markFailOnEmpty and timeout in seconds', async () => {
      const target = await freshDatabase('postgres', 'empty');
      try {
        const pg = { url: target.databaseUrl! };
        await expectRun(
          'postgres',
          {
            ...pg,
            query: 'select 2 as n',
            test: { expr: 'results.rows[0].n + 1 == 3 && results.count == 1' },
          },
          { status: true },
        );
        await expectRun(
          'postgres',
          { ...pg, query: 'select 2 as n', test: { expr: 'results.count == 2' } },
          { status: false, error: "test expression 'results.count == 2' is false" },
        );
        await expectRun('postgres', { ...pg, query: 'select 1 where false' }, { status: true });
        await expectRun(
          'postgres',
          { ...pg, query: 'select 1 where false', markFailOnEmpty: true },
          { status: false, error: 'query returned an empty result (markFailOnEmpty)' },
        );
        await expectRun('postgres', { ...pg, query: 'select pg_sleep(0.3)', timeout: 1 }, { status: true });
        await expectRun(
          'postgres',
          { ...pg, query: 'select pg_sleep(5)', timeout: 1 },
          { status: false, error: 'timed out after 1000ms' },
        );
      } finally {
        await target.drop();
      }
    });
  });
});

describe('display and transform', () => {
  it('display sets the message in each form; one that fails says why', async () => {
    await expectRun(
      'http',
      { url: url('/json'), display: { template: 'status {{ .json.status }}, {{ len .json.items }} items' } },
      { status: true, message: 'status ok, 3 items' },
    );
    await expectRun(
      'http',
      { url: url('/json'), display: { expr: "'items: ' + json.items.map(i, string(i)).join(',')" } },
      { status: true, message: 'items: 1,2,3' },
    );
    await expectRun(
      'exec',
      { script: 'echo 41', display: { javascript: '"answer is " + (parseInt(results.stdout) + 1)' } },
      { status: true, message: 'answer is 42' },
    );
    await expectRun(
      'http',
      { url: url('/json'), display: { template: '{{ .json.nope.deeper }}' } },
      {
        status: false,
        error: expect.stringMatching(/^display template failed: nil pointer/) as unknown as string,
      },
    );
  });

  it('an inline transform changes the result; one that makes new checks is said to be unsupported', async () => {
    await expectRun(
      'http',
      {
        url: url('/json'),
        transform: {
          expr: "{'pass': json.status == 'down', 'message': 'status is ' + json.status}.toJSON()",
        },
      },
      { status: false, message: 'status is ok' },
    );
    await expectRun(
      'http',
      { url: url('/json'), transform: { expr: "json.items.map(i, {'name': 'item-' + string(i)}).toJSON()" } },
      {
        status: true,
        message: expect.stringMatching(
          /transform produced 3 checks \(item-1, item-2, item-3\), which this console's check runner does not create$/,
        ) as unknown as string,
      },
    );
  });
});

describe('env and $(VAR)', () => {
  it('http: env fills $(VAR) and {{ .VAR }} in the url; an unknown one fails saying so', async () => {
    const env = [
      { name: 'PORT', value: String(web.port) },
      { name: 'PAGE', value: 'ok' },
    ];
    await expectRun('http', { url: 'http://127.0.0.1:$(PORT)/{{ .PAGE }}', env }, { status: true });
    await expectRun(
      'http',
      { url: 'http://127.0.0.1:$(NOPE)/ok', env },
      { status: false, error: 'failed to template url: function "NOPE" not defined' },
    );
    await expectRun(
      'http',
      { url: url('/ok'), env: [{ name: 'TOKEN', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }] },
      {
        status: false,
        // No cluster here: the reference is named rather than the check run with an empty value.
        error: expect.stringMatching(
          /^secret [\w-]+\/s key 'k' cannot be read: no Kubernetes cluster is configured/,
        ),
      },
    );
  });

  it('http: templateBody renders the body with env and check; without it the body goes as written', async () => {
    const body = '{"who": "{{ .WHO }}", "check": "{{ .check.name }}"}';
    const entry = { url: echoUrl(), method: 'POST', body, env: [{ name: 'WHO', value: 'ops' }] };
    await expectRun(
      'http',
      {
        ...entry,
        templateBody: true,
        display: { expr: 'json.body.JSON().who + "/" + json.body.JSON().check' },
      },
      { status: true, message: expect.stringMatching(/^ops\/http-\d+$/) as unknown as string },
    );
    await expectRun('http', { ...entry, display: { expr: 'json.body' } }, { status: true, message: body });
  });

  it('exec: env reaches the script', async () => {
    const env = [
      { name: 'FL_HELLO', value: 'hello' },
      { name: 'FL_WORLD', value: 'world' },
    ];
    await expectRun(
      'exec',
      { script: 'echo -n $FL_HELLO $FL_WORLD', env, test: { expr: 'results.stdout == "hello world"' } },
      { status: true },
    );
    await expectRun(
      'exec',
      { script: 'echo -n $FL_HELLO', env, test: { expr: 'results.stdout == "hello world"' } },
      { status: false },
    );
  });
});

describe('dns answers as canary-checker compares them', () => {
  const at = () => ({ server: '127.0.0.1', port: dnsServer.port });

  it('names end in a dot: CNAME, MX, NS; exactreply without the dot does not match', async () => {
    await expectRun(
      'dns',
      { ...at(), query: 'alias.test', querytype: 'CNAME', exactreply: ['svc.test.'] },
      { status: true },
    );
    await expectRun(
      'dns',
      { ...at(), query: 'alias.test', querytype: 'CNAME', exactreply: ['svc.test'] },
      { status: false, error: 'got svc.test., expected exactly svc.test' },
    );
    await expectRun(
      'dns',
      { ...at(), query: 'svc.test', querytype: 'MX', exactreply: ['mail.svc.test. 10'] },
      { status: true },
    );
    await expectRun(
      'dns',
      { ...at(), query: 'svc.test', querytype: 'NS', exactreply: ['ns1.svc.test.'] },
      { status: true },
    );
  });

  it('a CNAME query of a name with addresses and no CNAME answers the name itself', async () => {
    await expectRun(
      'dns',
      { ...at(), query: 'svc.test', querytype: 'CNAME', exactreply: ['svc.test.'] },
      { status: true },
    );
  });

  it('PTR takes an address and looks up its reversed name', async () => {
    const ptr = await expectRun(
      'dns',
      { ...at(), query: '10.0.0.7', querytype: 'PTR', exactreply: ['svc.test.'] },
      { status: true },
    );
    expect(ptr.message).toMatch(/^10\.0\.0\.7 PTR: svc\.test\. in \d+ms$/);
    await expectRun(
      'dns',
      { ...at(), query: '10.0.0.8', querytype: 'PTR' },
      { status: false, error: 'no PTR records for 10.0.0.8' },
    );
  });
});
