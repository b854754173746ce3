/**
 * The file, http and sql scraper kinds against real sources: files in a directory and in a git
 * repository made by the test, a node:http server started by the test, PostgreSQL and MariaDB.
 * Stored connections are read through the console's resolver from a database of the test's own.
 * Each test checks the items a person would see in the catalog, and that a source that cannot be
 * reached fails without showing a credential.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { simpleGit } from 'simple-git';
import { LOCAL_AGENT } from '../../server/src/platform/agents/local-agent.js';
import { runScrape, type ScraperRow } from '../../server/src/platform/catalog/index.js';
import { connectionResolver } from '../../server/src/platform/connections/index.js';
import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import { SCRAPER_KINDS } from '../../server/src/platform/catalog/scrapers/kinds/index.js';
import type {
  ScrapeContext,
  ScrapeOutput,
  ScrapedItem,
} from '../../server/src/platform/catalog/scrapers/types.js';
import { startGitServer } from '../support/check-servers/git-http.js';
import { startMariaDb, type MariaDb } from '../support/check-servers/mariadb.js';
import { availableBackends, freshDatabase } from '../support/databases.js';
import { freePort } from '../support/free-port.js';
import { skipOrFail } from '../support/required.js';

const kind = (name: string) => {
  const found = SCRAPER_KINDS.find((k) => k.kind === name);
  if (!found) throw new Error(`no ${name} kind`);
  return found;
};
const fileKind = kind('file');
const httpKind = kind('http');
const sqlKind = kind('sql');

let db: Db;
let dropDb: () => Promise<void>;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'scraper-kinds-'));

beforeAll(async () => {
  const database = await freshDatabase('pglite', 'empty');
  dropDb = database.drop;
  db = await openDatabase({ dataDir: database.dataDir });
});
afterAll(async () => {
  await db?.close();
  await dropDb?.();
  fs.rmSync(scratch, { recursive: true, force: true });
});

let workDirs = 0;
/** A scrape's context: the test's database for connections, a scratch directory of its own. */
function context(): ScrapeContext {
  const secrets = new Set<string>();
  workDirs += 1;
  const workDir = path.join(scratch, `work-${workDirs}`);
  fs.mkdirSync(workDir, { recursive: true });
  return contextIn(workDir, secrets);
}

function contextIn(workDir: string, secrets = new Set<string>()): ScrapeContext {
  return {
    scraper: {
      id: 'b0f1c2d3-0000-4000-8000-000000000001',
      name: 'kinds',
      namespace: 'default',
      agentId: LOCAL_AGENT,
    },
    db,
    connection: connectionResolver(db, { namespace: 'default', secrets }),
    secrets,
    workDir,
    fileRoots: [scratch],
    signal: new AbortController().signal,
    logger: pino({ level: 'silent' }),
  };
}

async function storeConnection(fields: {
  name: string;
  type: string;
  url: string;
  username?: string;
  password?: string;
  properties?: Record<string, string>;
}): Promise<void> {
  await db.query(
    `insert into connections (name, namespace, type, url, username, password, properties)
     values ($1, 'default', $2, $3, $4, $5, $6)`,
    [
      fields.name,
      fields.type,
      fields.url,
      fields.username ?? null,
      fields.password ?? null,
      fields.properties ?? {},
    ],
  );
}

/** What a catalog row shows of an item. */
const seen = (items: ScrapedItem[]) =>
  items
    .map((item) => ({ id: item.id, name: item.name, type: item.type, config: item.config }))
    .sort((a, b) => a.id.localeCompare(b.id));

async function failureOf(promise: Promise<ScrapeOutput>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the scrape did not fail');
}

function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
}

describe('file kind', () => {
  it('reads JSON, multi-document YAML and text files of a local directory, ignoring what it is told to', async () => {
    const dir = path.join(scratch, 'local');
    write(dir, {
      'apps/payments.json': JSON.stringify({
        metadata: { id: 'app-1', name: 'payments' },
        kind: 'App',
        replicas: 3,
      }),
      'apps/more.yaml': [
        'metadata: {id: app-2, name: billing}\nkind: App\nreplicas: 1',
        'metadata: {id: app-3, name: search}\nkind: App\nreplicas: 2',
      ].join('\n---\n'),
      'apps/draft.json': JSON.stringify({ metadata: { id: 'app-9', name: 'draft' }, kind: 'App' }),
      'apps/README.md': '# not an app',
    });
    const output = await fileKind.scrape(
      {
        id: '$.metadata.id',
        name: '$.metadata.name',
        type: '$.kind',
        paths: [`${dir}/apps/*.json`, `${dir}/apps/*.yaml`],
        ignore: ['**/draft.json'],
      },
      context(),
    );
    expect(output.errors ?? []).toEqual([]);
    expect(seen(output.items)).toEqual([
      { id: 'app-1', name: 'payments', type: 'App', config: expect.objectContaining({ replicas: 3 }) },
      { id: 'app-2', name: 'billing', type: 'App', config: expect.objectContaining({ replicas: 1 }) },
      { id: 'app-3', name: 'search', type: 'App', config: expect.objectContaining({ replicas: 2 }) },
    ]);
    expect(output.items.find((item) => item.id === 'app-1')?.source).toBe(
      path.join(dir, 'apps/payments.json'),
    );

    const text = await fileKind.scrape(
      { id: 'readme', type: 'Docs::Readme', paths: [`${dir}/apps/README.md`] },
      context(),
    );
    expect(text.items).toEqual([
      expect.objectContaining({ id: 'readme', type: 'Docs::Readme', config: '# not an app', format: 'md' }),
    ]);
  });

  it('reports a file that does not parse and the item without an id, keeping the others', async () => {
    const dir = path.join(scratch, 'broken');
    write(dir, {
      'good.json': JSON.stringify({ id: 'g', kind: 'K' }),
      'bad.json': '{ "id": ',
      'noid.yaml': 'kind: K\n',
    });
    const output = await fileKind.scrape({ id: '$.id', type: 'K', paths: [`${dir}/*`] }, context());
    expect(output.items.map((item) => item.id)).toEqual(['g']);
    expect(output.errors).toEqual([
      expect.stringMatching(new RegExp(`^file ${dir}/bad.json could not be parsed: `)),
      `file ${dir}/noid.yaml: no id ($.id found nothing)`,
    ]);
    // A partial read is nobody's whole truth: nothing may be deleted for it.
    expect(output.completeTypes).toBeUndefined();
  });

  it('reads a git repository, and the next scrape sees the commit that changed a file', async () => {
    const repo = path.join(scratch, 'repo');
    fs.mkdirSync(repo, { recursive: true });
    const git = simpleGit(repo);
    await git.init(['--initial-branch=main']);
    await git.addConfig('user.name', 'Test').addConfig('user.email', 'test@example.com');
    write(repo, {
      'services/api.yaml': 'name: api\nport: 8080\n',
      'services/web.json': JSON.stringify({ name: 'web', port: 80 }),
      'notes/ignored.yaml': 'name: notes\n',
    });
    await git.add('.').commit('first services');

    const entry = {
      url: `file://${repo}`,
      paths: ['services/**/*.yaml', 'services/**/*.json'],
      id: '$.name',
      type: 'Service',
    };
    const workDir = path.join(scratch, 'git-work');
    const first = await fileKind.scrape(entry, contextIn(workDir));
    expect(first.errors ?? []).toEqual([]);
    expect(seen(first.items)).toEqual([
      { id: 'api', name: 'api', type: 'Service', config: { name: 'api', port: 8080 } },
      { id: 'web', name: 'web', type: 'Service', config: { name: 'web', port: 80 } },
    ]);
    expect(first.items.find((item) => item.id === 'api')?.source).toBe(`file://${repo}/services/api.yaml`);

    write(repo, { 'services/api.yaml': 'name: api\nport: 9090\n' });
    fs.rmSync(path.join(repo, 'services/web.json'));
    await git.add('.').commit('api moves to 9090, web is gone');

    const second = await fileKind.scrape(entry, contextIn(workDir));
    expect(seen(second.items)).toEqual([
      { id: 'api', name: 'api', type: 'Service', config: { name: 'api', port: 9090 } },
    ]);
    // A clean read: the engine takes it as the whole truth, and soft-deletes web.
    expect(second.errors).toBeUndefined();
  });

  it('clones a repository over HTTP with the credentials of a stored git connection', async () => {
    const server = await startGitServer('the file kind over an HTTP git server');
    if (!server) {
      skipOrFail('REQUIRE_CHECK_SERVERS', 'the file kind over an HTTP git server', 'no git');
      return;
    }
    try {
      await storeConnection({
        name: 'shop-repo',
        type: 'git',
        url: server.url,
        username: server.username,
        password: server.password,
      });
      const ctx = context();
      const output = await fileKind.scrape(
        {
          connection: 'connection://shop-repo',
          paths: ['README.md'],
          id: 'shop-readme',
          type: 'Docs::Readme',
        },
        ctx,
      );
      expect(output.errors ?? []).toEqual([]);
      expect(output.items).toEqual([
        expect.objectContaining({ id: 'shop-readme', type: 'Docs::Readme', config: 'shop\n', format: 'md' }),
      ]);
      // The password stays out of the clone's configuration.
      const cloned = fs.readdirSync(path.join(ctx.workDir, 'git'));
      const gitConfig = fs.readFileSync(path.join(ctx.workDir, 'git', cloned[0]!, '.git', 'config'), 'utf8');
      expect(gitConfig).not.toContain(server.password);

      const refused = await failureOf(fileKind.scrape({ url: server.url, id: 'x', type: 'X' }, context()));
      expect(refused).toContain(`the repository ${server.url} could not be read`);
    } finally {
      await server.close();
    }
  });

  it("never reads a file outside the repository through a link, nor the console's process files", async () => {
    const outside = path.join(scratch, 'console-secret.json');
    fs.writeFileSync(outside, JSON.stringify({ name: 'leak', password: 'outside-pass-1207' }));
    const repo = path.join(scratch, 'linking-repo');
    fs.mkdirSync(path.join(repo, 'services'), { recursive: true });
    const git = simpleGit(repo);
    await git.init(['--initial-branch=main']);
    await git.addConfig('user.name', 'Test').addConfig('user.email', 'test@example.com');
    write(repo, { 'services/api.json': JSON.stringify({ name: 'api' }) });
    fs.symlinkSync(outside, path.join(repo, 'services/leak.json'));
    await git.add('.').commit('a link to a file of the machine');

    const output = await fileKind.scrape(
      { url: `file://${repo}`, paths: ['services/*.json'], id: '$.name', type: 'Service' },
      context(),
    );
    expect(output.items.map((item) => item.id)).toEqual(['api']);
    expect(output.errors).toEqual(['file services/leak.json is not read: it is outside the repository']);
    expect(JSON.stringify(output)).not.toContain('outside-pass-1207');

    const environ = await fileKind.scrape(
      { paths: ['/proc/self/environ'], id: 'environment', type: 'Text' },
      context(),
    );
    expect(environ.items).toEqual([]);
    expect(environ.errors).toEqual(['file /proc/self/environ is not read: it is a system file']);
  });

  it("reads the console's own files only under SCRAPER_FILE_ROOTS", async () => {
    const dir = fs.mkdtempSync(path.join(scratch, 'roots-'));
    fs.writeFileSync(path.join(dir, 'app.json'), JSON.stringify({ name: 'app' }));
    const entry = { paths: [`${dir}/*.json`], id: '$.name', type: 'App' };
    fs.mkdirSync(path.join(scratch, 'other'), { recursive: true });
    const none = contextIn(path.join(scratch, 'roots-work'));
    await expect(fileKind.scrape(entry, { ...none, fileRoots: [] })).rejects.toThrow(
      'this console reads no files of its own machine',
    );
    const elsewhere = await fileKind.scrape(entry, { ...none, fileRoots: [path.join(scratch, 'other')] });
    expect(elsewhere.items).toEqual([]);
    expect(elsewhere.errors).toEqual([`file ${dir}/app.json is not read: it is outside SCRAPER_FILE_ROOTS`]);
    await expect(
      fileKind.scrape(
        { ...entry, url: `file://${dir}` },
        { ...none, fileRoots: [path.join(scratch, 'other')] },
      ),
    ).rejects.toThrow('is outside SCRAPER_FILE_ROOTS');
    expect((await fileKind.scrape(entry, { ...none, fileRoots: [dir] })).items.map((i) => i.id)).toEqual([
      'app',
    ]);
  });

  it('fails a repository it cannot reach without showing its credentials', async () => {
    const port = await freePort();
    await storeConnection({
      name: 'unreachable-git',
      type: 'git',
      url: `http://127.0.0.1:${port}/config.git`,
      username: 'deployer',
      password: 'git-pass-4471',
    });
    const message = await failureOf(
      fileKind.scrape({ connection: 'connection://unreachable-git', id: '$.name', type: 'X' }, context()),
    );
    expect(message).toContain(`the repository http://127.0.0.1:${port}/config.git could not be read`);
    expect(message).not.toContain('git-pass-4471');
    expect(message).not.toContain(Buffer.from('deployer:git-pass-4471').toString('base64'));

    await storeConnection({
      name: 'ssh-git',
      type: 'git',
      url: 'git@git.example.com:acme/config.git',
      properties: { authentication: 'ssh', ref: 'main' },
    });
    expect(
      await failureOf(
        fileKind.scrape({ connection: 'connection://ssh-git', id: '$.name', type: 'X' }, context()),
      ),
    ).toBe(
      'connection connection://ssh-git authenticates with an SSH key, which this console does not support for scrapers: use HTTPS with a username and password or token',
    );
  });
});

describe('http kind', () => {
  let server: http.Server;
  let base: string;
  const requests: { method?: string; url?: string; authorization?: string; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        requests.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body });
        const basic = `Basic ${Buffer.from('reader:http-pass-9921').toString('base64')}`;
        if (req.url?.startsWith('/private') && req.headers.authorization !== basic) {
          res.writeHead(401, { 'content-type': 'text/plain' }).end('who are you?');
          return;
        }
        if (req.url?.startsWith('/token') && req.headers.authorization !== 'Bearer tok-5521') {
          res.writeHead(403).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            region: 'eu',
            clusters: [
              { uid: 'c-1', name: 'alpha', state: 'Running', health: 'healthy' },
              { uid: 'c-2', name: 'beta', state: 'Degraded', health: 'unhealthy' },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const clusters = {
    items: '$.clusters',
    id: '$.uid',
    name: '$.name',
    type: 'Cloud::Cluster',
    status: '$.state',
    health: '$.health',
  };

  it('turns a JSON answer into items, the URL templated from env', async () => {
    const output = await httpKind.scrape(
      { ...clusters, url: `${base}/public/{{.region}}/clusters`, env: [{ name: 'region', value: 'eu' }] },
      context(),
    );
    expect(requests.at(-1)).toMatchObject({ method: 'GET', url: '/public/eu/clusters' });
    expect(output.errors ?? []).toEqual([]);
    expect(output.items.map((item) => [item.id, item.name, item.type, item.status, item.health])).toEqual([
      ['c-1', 'alpha', 'Cloud::Cluster', 'Running', 'healthy'],
      ['c-2', 'beta', 'Cloud::Cluster', 'Degraded', 'unhealthy'],
    ]);
    expect(output.items[0]!.config).toEqual({
      uid: 'c-1',
      name: 'alpha',
      state: 'Running',
      health: 'healthy',
    });
    expect(output.items[0]!.source).toBe(`${base}/public/eu/clusters`);
  });

  it('authenticates with a stored connection: its URL, username and password, or its token', async () => {
    await storeConnection({
      name: 'inventory',
      type: 'http',
      url: `${base}/private/clusters`,
      username: 'reader',
      password: 'http-pass-9921',
    });
    const output = await httpKind.scrape(
      { ...clusters, connection: 'connection://inventory', method: 'POST', body: '{"all":true}' },
      context(),
    );
    expect(requests.at(-1)).toMatchObject({ method: 'POST', url: '/private/clusters', body: '{"all":true}' });
    expect(output.items.map((item) => item.name)).toEqual(['alpha', 'beta']);

    await storeConnection({
      name: 'inventory-token',
      type: 'http',
      url: `${base}/token/clusters`,
      properties: { token: 'tok-5521' },
    });
    const byToken = await httpKind.scrape(
      { ...clusters, connection: 'connection://inventory-token' },
      context(),
    );
    expect(byToken.items.map((item) => item.name)).toEqual(['alpha', 'beta']);
  });

  it('names the status of a refused request, and a server that is not there, without the password', async () => {
    const refused = await failureOf(
      httpKind.scrape(
        { ...clusters, url: `${base}/private/clusters`, username: 'reader', password: 'wrong-pass-3310' },
        context(),
      ),
    );
    expect(refused).toBe(`HTTP 401 Unauthorized from GET ${base}/private/clusters: who are you?`);

    const port = await freePort();
    await storeConnection({
      name: 'gone',
      type: 'http',
      url: `http://reader:http-pass-9921@127.0.0.1:${port}/clusters`,
    });
    const gone = await failureOf(
      httpKind.scrape({ ...clusters, connection: 'connection://gone' }, context()),
    );
    expect(gone).toMatch(new RegExp(`^GET http://127\\.0\\.0\\.1:${port}/clusters failed: .*ECONNREFUSED`));
    expect(gone).not.toContain('http-pass-9921');
  });
});

describe('sql kind on PostgreSQL', () => {
  const onPostgres = availableBackends().includes('postgres');
  if (!onPostgres)
    skipOrFail('REQUIRE_POSTGRES', 'the sql kind on PostgreSQL', 'no PostgreSQL server for the tests');
  const maybe = onPostgres ? it : it.skip;

  maybe('makes each row an item, by URL and through a stored connection', async () => {
    const target = await freshDatabase('postgres', 'blank');
    try {
      const client = new pg.Client({ connectionString: target.databaseUrl });
      await client.connect();
      await client.query(`create table servers (id int primary key, hostname text, role text, spec jsonb);
        insert into servers values (1, 'db-1', 'primary', '{"cpu": 8}'), (2, 'db-2', 'replica', null)`);
      await client.end();

      const entry = {
        connection: target.databaseUrl!,
        query: 'select id, hostname, role, spec from servers order by id',
        id: '$.id',
        name: '$.hostname',
        type: 'Database::Server',
        status: '$.role',
      };
      const output = await sqlKind.scrape(entry, context());
      expect(output.errors ?? []).toEqual([]);
      expect(seen(output.items)).toEqual([
        {
          id: '1',
          name: 'db-1',
          type: 'Database::Server',
          config: { id: '1', hostname: 'db-1', role: 'primary', spec: '{"cpu":8}' },
        },
        {
          id: '2',
          name: 'db-2',
          type: 'Database::Server',
          config: { id: '2', hostname: 'db-2', role: 'replica', spec: null },
        },
      ]);
      expect(output.items.map((item) => item.status)).toEqual(['primary', 'replica']);

      const url = new URL(target.databaseUrl!);
      await storeConnection({ name: 'inventory-db', type: 'postgres', url: url.toString() });
      // One column holding JSON: the value itself is the document.
      const viaConnection = await sqlKind.scrape(
        {
          connection: 'connection://inventory-db',
          query: `select json_build_object('host', hostname, 'cpu', spec->'cpu') from servers order by id`,
          id: '$.host',
          type: 'Database::Host',
        },
        context(),
      );
      expect(seen(viaConnection.items)).toEqual([
        { id: 'db-1', name: 'db-1', type: 'Database::Host', config: { host: 'db-1', cpu: 8 } },
        { id: 'db-2', name: 'db-2', type: 'Database::Host', config: { host: 'db-2', cpu: null } },
      ]);
    } finally {
      await target.drop();
    }
  });

  it('fails a database it cannot reach without showing the password', async () => {
    const port = await freePort();
    await storeConnection({
      name: 'pg-gone',
      type: 'postgres',
      url: `postgres://127.0.0.1:${port}/inventory`,
      username: 'scraper',
      password: 'pg-pass-8812',
    });
    const message = await failureOf(
      sqlKind.scrape(
        { connection: 'connection://pg-gone', query: 'select 1', id: '$.x', type: 'X' },
        context(),
      ),
    );
    expect(message).toMatch(
      new RegExp(`^the query on postgres://127\\.0\\.0\\.1:${port}/inventory failed: `),
    );
    expect(message).not.toContain('pg-pass-8812');
  });

  it('refuses SQL Server clearly', async () => {
    const message = await failureOf(
      sqlKind.scrape(
        {
          connection: 'sqlserver://sa:pw@127.0.0.1:1433?database=x',
          query: 'select 1',
          id: '$.x',
          type: 'X',
        },
        context(),
      ),
    );
    expect(message).toBe(
      'SQL Server is not supported by this console: the sql scraper reads PostgreSQL and MySQL',
    );
  });
});

describe('sql kind on MariaDB', () => {
  let server: MariaDb | undefined;
  const database = `scraper_kinds_${process.pid}`;
  const admin = async (query: string) => {
    const mysql = (await import('mysql2/promise')).default;
    const connection = await mysql.createConnection({ uri: server!.url, multipleStatements: true });
    try {
      await connection.query(query);
    } finally {
      await connection.end();
    }
  };
  beforeAll(async () => {
    server = await startMariaDb('the sql kind on MariaDB');
    if (!server) skipOrFail('REQUIRE_CHECK_SERVERS', 'the sql kind on MariaDB', 'no MariaDB server');
  }, 120_000);
  afterAll(async () => {
    if (server) await admin(`drop database if exists ${database}`);
    await server?.close();
  });

  it('makes each row an item, by URL and by a stored mysql connection in the Go DSN form', async () => {
    if (!server) return;
    await admin(`create database ${database};
      create table ${database}.queues (name varchar(20), depth int, paused boolean);
      insert into ${database}.queues values ('orders', 12, false), ('emails', 0, true)`);
    const url = `${server.url.replace(/\/$/, '')}/${database}`;
    const entry = {
      query: 'select name, depth, paused from queues order by name',
      id: '$.name',
      type: 'Queue',
      health: 'healthy',
    };
    const output = await sqlKind.scrape({ ...entry, connection: url }, context());
    expect(output.errors ?? []).toEqual([]);
    expect(seen(output.items)).toEqual([
      { id: 'emails', name: 'emails', type: 'Queue', config: { name: 'emails', depth: '0', paused: '1' } },
      { id: 'orders', name: 'orders', type: 'Queue', config: { name: 'orders', depth: '12', paused: '0' } },
    ]);

    const { hostname, port } = new URL(server.url);
    await storeConnection({
      name: 'queues-db',
      type: 'mysql',
      url: `tcp(${hostname}:${port || 3306})/${database}`,
      username: 'root',
    });
    const viaConnection = await sqlKind.scrape({ ...entry, connection: 'connection://queues-db' }, context());
    expect(viaConnection.items.map((item) => item.id)).toEqual(['emails', 'orders']);
  });

  it('fails a server it cannot reach without showing the password', async () => {
    const port = await freePort();
    const message = await failureOf(
      sqlKind.scrape(
        {
          connection: `mysql://127.0.0.1:${port}/inventory`,
          auth: { username: { value: 'scraper' }, password: { value: 'my-pass-6619' } },
          query: 'select 1',
          id: '$.x',
          type: 'X',
        },
        context(),
      ),
    );
    expect(message).toMatch(new RegExp(`^the query on mysql://127\\.0\\.0\\.1:${port}/inventory failed: `));
    expect(message).not.toContain('my-pass-6619');
  });
});

describe('the kinds through the scrape engine', () => {
  it('a git-backed file scraper adds, leaves alone, updates with a diff and soft-deletes', async () => {
    const repo = path.join(scratch, 'engine-repo');
    fs.mkdirSync(repo, { recursive: true });
    const git = simpleGit(repo);
    await git.init(['--initial-branch=main']);
    await git.addConfig('user.name', 'Test').addConfig('user.email', 'test@example.com');
    write(repo, {
      'apps/api.yaml': 'name: api\nreplicas: 2\n',
      'apps/web.yaml': 'name: web\nreplicas: 1\n',
    });
    await git.add('.').commit('two apps');
    const [row] = (
      await db.query<ScraperRow>(
        `insert into config_scrapers (name, spec, agent_id) values ('engine-files', $1, $2)
         returning id, name, namespace, agent_id, schedule, spec`,
        [
          JSON.stringify({
            file: [{ url: `file://${repo}`, paths: ['apps/*.yaml'], id: '$.name', type: 'App::Deployment' }],
          }),
          LOCAL_AGENT,
        ],
      )
    ).rows;
    const dataDir = path.join(scratch, 'engine-data');
    const scrape = () =>
      runScrape(row!, SCRAPER_KINDS, {
        db,
        logger: pino({ level: 'silent' }),
        dataDir,
        fileRoots: [scratch],
      });
    const stored = async () =>
      (
        await db.query<{ name: string; type: string; config: unknown; deleted: boolean }>(
          `select name, type, config, deleted_at is not null as deleted from configs
            where scraper_id = $1 order by name`,
          [row!.id],
        )
      ).rows;

    expect(await scrape()).toMatchObject({ added: 2, updated: 0, unchanged: 0, deleted: 0, errors: [] });
    expect(await stored()).toEqual([
      { name: 'api', type: 'App::Deployment', config: { name: 'api', replicas: 2 }, deleted: false },
      { name: 'web', type: 'App::Deployment', config: { name: 'web', replicas: 1 }, deleted: false },
    ]);

    expect(await scrape()).toMatchObject({ added: 0, updated: 0, unchanged: 2, deleted: 0, changes: 0 });

    write(repo, { 'apps/api.yaml': 'name: api\nreplicas: 5\n' });
    fs.rmSync(path.join(repo, 'apps/web.yaml'));
    await git.add('.').commit('api scales out, web retires');
    expect(await scrape()).toMatchObject({ added: 0, updated: 1, deleted: 1, errors: [] });
    expect(await stored()).toEqual([
      { name: 'api', type: 'App::Deployment', config: { name: 'api', replicas: 5 }, deleted: false },
      { name: 'web', type: 'App::Deployment', config: { name: 'web', replicas: 1 }, deleted: true },
    ]);
    const changes = (
      await db.query<{ name: string; change_type: string }>(
        `select c.name, x.change_type from config_changes x join configs c on c.id = x.config_id
          where c.scraper_id = $1 order by c.name, x.change_type`,
        [row!.id],
      )
    ).rows;
    expect(changes).toEqual(
      expect.arrayContaining([
        { name: 'api', change_type: 'diff' },
        { name: 'web', change_type: 'deleted' },
      ]),
    );
  });
});
