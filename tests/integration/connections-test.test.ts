/**
 * Test Connection (POST /api/connection/test/{id}) against real servers started here: for each
 * type a success, wrong credentials and a closed port, each answer naming the cause and never a
 * secret; and the write-only password and certificate, which no answer carries while
 * `password_set` and `certificate_set` say they are stored.
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Connection } from 'mysql2/promise';
import { createClient } from 'redis';
import { SMTPServer } from 'smtp-server';
import { startGitServer, type GitServer } from '../support/check-servers/git-http.js';
import { startMariaDb, type MariaDb } from '../support/check-servers/mariadb.js';
import { startPrometheus, type MonitoringServer } from '../support/check-servers/prometheus.js';
import { startSlapd, type LdapServer } from '../support/check-servers/slapd.js';
import { startSmbServer, type SmbServer } from '../support/check-servers/smbd.js';
import { startSftpServer, type SftpServer } from '../support/check-servers/sshd.js';
import { freePort } from '../support/free-port.js';
import { grantsKnown } from '../support/grants.js';
import { startKubeApiServer, type KubeApiServer } from '../support/kube-api/index.js';
import { startRedis, type RedisServer } from '../support/redis.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { jsonRequest } from '../support/session.js';
import { ThrowawayPostgres } from '../support/throwaway-postgres.js';
import { connectionResolver } from '../../server/src/platform/connections/index.js';

let server: TestServer;
let closedPort: number;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer({ template: 'empty' });
  closedPort = await freePort();
});

afterAll(async () => {
  await server?.stop();
});

type Fields = Record<string, unknown>;

/** Stores a connection through the API as the settings form does; its id. */
async function createConnection(fields: Fields): Promise<string> {
  counter += 1;
  const response = await server.fetch('api/db/connections', {
    ...jsonRequest('POST', { name: `conn-${counter}`, namespace: 'default', source: 'UI', ...fields }),
    headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
  });
  const body = (await response.json()) as { id: string }[];
  expect(response.status).toBe(201);
  return body[0]!.id;
}

interface Tested {
  status: number;
  body: { message?: string; error?: string };
  text: string;
}

async function testOf(id: string): Promise<Tested> {
  const response = await server.fetch(`api/connection/test/${id}`, { method: 'POST' });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Tested['body'], text };
}

/** Creates the connection, tests it and checks that no secret is in the answer. */
async function expectTest(fields: Fields, secrets: string[]): Promise<Tested> {
  const tested = await testOf(await createConnection(fields));
  for (const secret of secrets) expect(tested.text).not.toContain(secret);
  return tested;
}

const OK = { status: 200, body: { message: 'ok' } };

function expectFailure(tested: Tested, cause: RegExp) {
  expect(tested.status).toBe(400);
  expect(Object.keys(tested.body)).toEqual(['error']);
  expect(tested.body.error).toMatch(cause);
}

describe('postgres', () => {
  let postgres: ThrowawayPostgres;
  beforeAll(async () => {
    postgres = await ThrowawayPostgres.start({ user: 'app', password: 'app-secret' });
  });
  afterAll(() => postgres?.remove());

  const plainUrl = () => {
    const url = new URL(postgres.url);
    url.username = '';
    url.password = '';
    return url.toString();
  };

  it('connects with the stored username and password', async () => {
    expect(
      await expectTest({ type: 'postgres', url: plainUrl(), username: 'app', password: 'app-secret' }, [
        'app-secret',
      ]),
    ).toMatchObject(OK);
  });

  it('names refused credentials, without the password', async () => {
    expectFailure(
      await expectTest({ type: 'postgres', url: plainUrl(), username: 'app', password: 'wrong-pg-secret' }, [
        'wrong-pg-secret',
      ]),
      /password authentication failed for user "app"/,
    );
  });

  it('names a refused connection, also with the password in the URL', async () => {
    const url = `postgres://app:url-pg-secret@127.0.0.1:${closedPort}/postgres`;
    expectFailure(
      await expectTest({ type: 'postgres', url }, ['url-pg-secret']),
      new RegExp(`^connection refused: 127\\.0\\.0\\.1:${closedPort}$`),
    );
  });
});

describe('mysql', () => {
  let mariadb: MariaDb | undefined;
  let root: Connection | undefined;
  const user = `conn_test_${process.pid}`;
  beforeAll(async () => {
    mariadb = await startMariaDb('Test Connection of mysql connections');
    if (!mariadb) return;
    const mysql = (await import('mysql2/promise')).default;
    root = await mysql.createConnection({ uri: mariadb.url });
    await root.query(`DROP USER IF EXISTS '${user}'@'%'`);
    await root.query(`CREATE USER '${user}'@'%' IDENTIFIED BY 'mysql-secret'`);
  });
  afterAll(async () => {
    await root?.query(`DROP USER IF EXISTS '${user}'@'%'`);
    await root?.end();
    await mariadb?.close();
  });

  const address = () => new URL(mariadb!.url).host;

  it('connects, refuses a wrong password and names a closed port', async () => {
    if (!mariadb) return;
    expect(
      await expectTest(
        { type: 'mysql', url: `mysql://${address()}/`, username: user, password: 'mysql-secret' },
        ['mysql-secret'],
      ),
    ).toMatchObject(OK);
    expectFailure(
      await expectTest(
        { type: 'mysql', url: `mysql://${address()}/`, username: user, password: 'wrong-mysql-secret' },
        ['wrong-mysql-secret'],
      ),
      new RegExp(`Access denied for user '${user}'`),
    );
    expectFailure(
      await expectTest(
        { type: 'mysql', url: `mysql://127.0.0.1:${closedPort}/`, username: user, password: 'mysql-secret' },
        ['mysql-secret'],
      ),
      /connection refused/,
    );
  });
});

describe('redis', () => {
  let redis: RedisServer | undefined;
  let admin: ReturnType<typeof createClient> | undefined;
  const user = `conn-test-${process.pid}`;
  beforeAll(async () => {
    redis = await startRedis('Test Connection of redis connections');
    if (!redis) return;
    admin = createClient({ url: `redis://${redis.addr}` });
    await admin.connect();
    await admin.sendCommand(['ACL', 'SETUSER', user, 'on', '>redis-secret', '~*', '+@all']);
  });
  afterAll(async () => {
    await admin?.sendCommand(['ACL', 'DELUSER', user]);
    await admin?.quit();
    await redis?.close();
  });

  it('connects to the database of its properties, refuses a wrong password, names a closed port', async () => {
    if (!redis) return;
    expect(
      await expectTest(
        { type: 'redis', url: redis.addr, username: user, password: 'redis-secret', properties: { db: '2' } },
        ['redis-secret'],
      ),
    ).toMatchObject(OK);
    expectFailure(
      await expectTest({ type: 'redis', url: redis.addr, username: user, password: 'wrong-redis-secret' }, [
        'wrong-redis-secret',
      ]),
      /WRONGPASS/,
    );
    expectFailure(
      await expectTest(
        { type: 'redis', url: `127.0.0.1:${closedPort}`, username: user, password: 'redis-secret' },
        ['redis-secret'],
      ),
      /connection refused/,
    );
  });
});

describe('http', () => {
  let site: http.Server;
  let base: string;
  const expected = `Basic ${Buffer.from('web:http-secret').toString('base64')}`;
  beforeAll(async () => {
    site = http.createServer((req, res) => {
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="site"' });
        return void res.end();
      }
      if (req.url === '/moved') res.writeHead(302, { Location: '/' }).end();
      else res.writeHead(200).end('hello');
    });
    site.listen(0, '127.0.0.1');
    await new Promise((resolve) => site.once('listening', resolve));
    base = `http://127.0.0.1:${(site.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
  });

  it('GETs the URL with basic auth: 2xx and 3xx pass', async () => {
    for (const url of [`${base}/`, `${base}/moved`])
      expect(
        await expectTest({ type: 'http', url, username: 'web', password: 'http-secret' }, ['http-secret']),
      ).toMatchObject(OK);
  });

  it('names refused credentials and a closed port, never the password', async () => {
    expectFailure(
      await expectTest({ type: 'http', url: `${base}/`, username: 'web', password: 'wrong-http-secret' }, [
        'wrong-http-secret',
      ]),
      /^HTTP 401 from 127\.0\.0\.1:\d+: the credentials were refused$/,
    );
    expectFailure(
      await expectTest({ type: 'http', url: `http://web:url-http-secret@127.0.0.1:${closedPort}/` }, [
        'url-http-secret',
      ]),
      /^connection refused: 127\.0\.0\.1:\d+$/,
    );
  });
});

describe('prometheus', () => {
  let prometheus: MonitoringServer | undefined;
  beforeAll(async () => {
    prometheus = await startPrometheus('Test Connection of prometheus connections');
  });
  afterAll(async () => prometheus?.close());

  it('reads its build info, and names a closed port', async () => {
    if (!prometheus) return;
    expect(await expectTest({ type: 'prometheus', url: prometheus.url }, [])).toMatchObject(OK);
    expectFailure(
      await expectTest(
        { type: 'prometheus', url: `http://127.0.0.1:${closedPort}`, username: 'p', password: 'prom-secret' },
        ['prom-secret'],
      ),
      /connection refused/,
    );
  });
});

describe('ldap', () => {
  let ldap: LdapServer | undefined;
  beforeAll(async () => {
    ldap = await startSlapd('Test Connection of ldap connections');
  });
  afterAll(async () => ldap?.close());

  it('binds, refuses a wrong password and names a closed port', async () => {
    if (!ldap) return;
    const fields = { type: 'ldap', url: ldap.url, username: ldap.adminDn };
    expect(await expectTest({ ...fields, password: ldap.adminPassword }, [ldap.adminPassword])).toMatchObject(
      OK,
    );
    expectFailure(
      await expectTest({ ...fields, password: 'wrong-ldap-secret' }, ['wrong-ldap-secret']),
      /bind as 'cn=admin,dc=example,dc=org' failed: invalid credentials \(LDAP result 49\)/,
    );
    expectFailure(
      await expectTest({ ...fields, url: `ldap://127.0.0.1:${closedPort}`, password: ldap.adminPassword }, [
        ldap.adminPassword,
      ]),
      /connection refused/,
    );
  });
});

describe('sftp', () => {
  let sftp: SftpServer | undefined;
  beforeAll(async () => {
    sftp = await startSftpServer('Test Connection of sftp connections');
  });
  afterAll(async () => sftp?.close());

  it('logs in and opens SFTP, refuses a wrong password and names a closed port', async () => {
    if (!sftp) return;
    const fields = {
      type: 'sftp',
      url: sftp.host,
      properties: { port: String(sftp.port) },
      username: sftp.username,
    };
    expect(await expectTest({ ...fields, password: sftp.password }, [sftp.password])).toMatchObject(OK);
    expectFailure(
      await expectTest({ ...fields, password: 'wrong-sftp-secret' }, ['wrong-sftp-secret']),
      new RegExp(`^127\\.0\\.0\\.1:${sftp.port}: the credentials were refused$`),
    );
    expectFailure(
      await expectTest({ ...fields, url: `sftp://127.0.0.1:${closedPort}`, password: sftp.password }, [
        sftp.password,
      ]),
      new RegExp(`connection refused: 127\\.0\\.0\\.1:${closedPort}`),
    );
  });
});

describe('smb', () => {
  let smb: SmbServer | undefined;
  beforeAll(async () => {
    smb = await startSmbServer('Test Connection of smb connections');
  });
  afterAll(async () => smb?.close());

  it('lists the share, refuses a wrong password, names a missing share and a closed port', async () => {
    if (!smb) return;
    const properties = { server: smb.host, port: String(smb.port), share: smb.share };
    const fields = { type: 'smb', properties, username: smb.username };
    expect(await expectTest({ ...fields, password: smb.password }, [smb.password])).toMatchObject(OK);
    expectFailure(
      await expectTest({ ...fields, password: 'wrong-smb-secret' }, ['wrong-smb-secret']),
      new RegExp(`^127\\.0\\.0\\.1:${smb.port}: the credentials were refused$`),
    );
    expectFailure(
      await expectTest({ ...fields, properties: { ...properties, share: 'nope' }, password: smb.password }, [
        smb.password,
      ]),
      /the server has no such share$/,
    );
    expectFailure(
      await expectTest(
        { ...fields, properties: { ...properties, port: String(closedPort) }, password: smb.password },
        [smb.password],
      ),
      new RegExp(`^127\\.0\\.0\\.1:${closedPort}: connection refused$`),
    );
  });
});

describe('git', () => {
  let git: GitServer | undefined;
  beforeAll(async () => {
    git = await startGitServer('Test Connection of git connections');
  });
  afterAll(async () => git?.close());

  it('lists the ref with basic credentials, refuses a wrong password and names a missing ref', async () => {
    if (!git) return;
    const fields = { type: 'git', url: git.url, username: git.username };
    expect(await expectTest({ ...fields, password: git.password }, [git.password])).toMatchObject(OK);
    expectFailure(
      await expectTest({ ...fields, password: 'wrong-git-secret' }, ['wrong-git-secret']),
      /Authentication failed/,
    );
    expectFailure(
      await expectTest({ ...fields, password: git.password, properties: { ref: 'release' } }, [git.password]),
      /^The repository has no ref 'release'$/,
    );
  });
});

describe('email', () => {
  let smtp: SMTPServer;
  let port: number;
  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 'smtp-secret') callback(null, { user: 'mailer' });
        else callback(new Error('Invalid username or password'));
      },
    });
    port = await freePort();
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('greets, logs in, and names refused credentials and a closed port', async () => {
    const fields = {
      type: 'email',
      url: `smtp://127.0.0.1:${port}`,
      username: 'mailer',
      properties: { encryptionMethod: 'None', authMethod: 'Plain' },
    };
    expect(await expectTest({ ...fields, password: 'smtp-secret' }, ['smtp-secret'])).toMatchObject(OK);
    expectFailure(
      await expectTest({ ...fields, password: 'wrong-smtp-secret' }, ['wrong-smtp-secret']),
      /refused the credentials/,
    );
    expectFailure(
      await expectTest({ ...fields, url: `smtp://127.0.0.1:${closedPort}`, password: 'smtp-secret' }, [
        'smtp-secret',
      ]),
      /connection refused/,
    );
  });
});

describe('kubernetes', () => {
  let kube: KubeApiServer;
  let kubeconfig: string;
  beforeAll(async () => {
    kube = await startKubeApiServer({ token: 'kube-token-secret' });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-console-connection-kube-'));
    kubeconfig = fs.readFileSync(kube.writeKubeconfig(dir), 'utf8');
    fs.rmSync(dir, { recursive: true, force: true });
  });
  afterAll(async () => kube?.close());

  it("asks the kubeconfig's API server for its version, and names refused credentials and a closed port", async () => {
    expect(
      await expectTest({ type: 'kubernetes', certificate: kubeconfig }, ['kube-token-secret']),
    ).toMatchObject(OK);
    const wrong = kubeconfig.replace('kube-token-secret', 'wrong-kube-secret');
    expectFailure(
      await expectTest({ type: 'kubernetes', certificate: wrong }, ['wrong-kube-secret']),
      /the credentials were refused \(401 Unauthorized\)/,
    );
    const closed = kubeconfig.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${closedPort}`);
    expectFailure(
      await expectTest({ type: 'kubernetes', certificate: closed }, ['kube-token-secret']),
      /connection refused/,
    );
  });
});

describe('the route', () => {
  it('answers 501 for a type it cannot test, 404 for no such connection', async () => {
    const unsupported = await testOf(await createConnection({ type: 'slack', url: 'slack://token@channel' }));
    expect(unsupported).toMatchObject({
      status: 501,
      body: { error: 'Testing a slack connection is not supported' },
    });
    expect((await testOf('00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await testOf('not-an-id')).status).toBe(404);
  });

  it('needs read on connections: an editor may test, a responder may not', async () => {
    const id = await createConnection({ type: 'http', url: `http://127.0.0.1:${closedPort}/` });
    const asResponder = await server.fetch(`api/connection/test/${id}`, { method: 'POST' }, 'responder');
    expect(asResponder.status).toBe(403);
    const asEditor = await server.fetch(`api/connection/test/${id}`, { method: 'POST' }, 'editor');
    expect(asEditor.status).toBe(400);
  });

  it('follows the grants on the connection: a read grant lets a responder test it, a deny stops an editor', async () => {
    const id = await createConnection({ type: 'http', url: `http://127.0.0.1:${closedPort}/` });
    const test = (as: 'responder' | 'editor') =>
      server.fetch(`api/connection/test/${id}`, { method: 'POST' }, as);
    const permit = async (role: 'responder' | 'editor', deny: boolean) => {
      const person = await server.personFor(role);
      await server.db.query(
        `insert into permissions (action, connection_id, person_id, deny) values ('read', $1, $2, $3)`,
        [id, person, deny],
      );
      await grantsKnown(server, [role]);
    };
    try {
      await permit('responder', false);
      expect((await test('responder')).status).toBe(400);
      await permit('editor', true);
      const denied = await test('editor');
      expect(denied.status).toBe(403);
      expect(await denied.json()).toMatchObject({ message: 'You may not use this connection' });
    } finally {
      await server.db.query(`delete from permissions where connection_id = $1`, [id]);
    }
  });
});

describe('write-only values', () => {
  const read = async (id: string) => {
    const response = await server.fetch(`api/db/connections?id=eq.${id}`);
    const text = await response.text();
    return { text, row: (JSON.parse(text) as Record<string, unknown>[])[0]! };
  };

  it('are never answered; password_set and certificate_set say they are stored', async () => {
    const id = await createConnection({
      type: 'kubernetes',
      url: 'https://127.0.0.1:6443',
      password: 'kube-pass-secret',
      certificate: 'kube-cert-secret',
    });
    const created = await read(id);
    expect(created.row).toMatchObject({ password_set: true, certificate_set: true });
    expect(created.text).not.toMatch(/kube-pass-secret|kube-cert-secret/);

    const listed = await server.fetch(`api/db/connections_with_status?id=eq.${id}&select=*`);
    const listedText = await listed.text();
    expect(JSON.parse(listedText)).toEqual([
      expect.objectContaining({ password_set: true, certificate_set: true }),
    ]);
    expect(listedText).not.toMatch(/kube-pass-secret|kube-cert-secret/);
  });

  it('stay when an update leaves them out or empty, and go when set to null', async () => {
    const id = await createConnection({ type: 'http', url: 'http://a.example', password: 'kept-secret' });
    const patch = async (body: Fields) => {
      const response = await server.fetch(`api/db/connections?id=eq.${id}`, {
        ...jsonRequest('PATCH', body),
        headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      });
      const text = await response.text();
      expect(response.status).toBe(200);
      expect(text).not.toContain('kept-secret');
      return text;
    };
    await patch({ url: 'http://b.example' });
    await patch({ url: 'http://c.example', password: '' });
    const { rows } = await server.db.query<{ password: string }>(
      'select password from connections where id = $1',
      [id],
    );
    expect(rows[0]!.password).toBe('kept-secret');
    expect((await read(id)).row).toMatchObject({ url: 'http://c.example', password_set: true });
    await patch({ password: null });
    expect((await read(id)).row).toMatchObject({ password_set: false, certificate_set: false });
  });

  it('keep secret properties apart: never answered, changed key by key, read by the resolver', async () => {
    const id = await createConnection({
      type: 'restic',
      url: 's3:s3.example/backups',
      password: 'restic-repo-secret',
      properties: { accessKey: 'AKIA-PLAIN' },
      secret_properties: { secretKey: 'restic-s3-secret' },
    });
    const created = await read(id);
    expect(created.row).toMatchObject({
      properties: { accessKey: 'AKIA-PLAIN' },
      secret_properties_set: ['secretKey'],
    });
    expect(created.text).not.toContain('restic-s3-secret');
    const listed = await (await server.fetch(`api/db/connections_with_status?id=eq.${id}&select=*`)).text();
    expect(JSON.parse(listed)).toEqual([expect.objectContaining({ secret_properties_set: ['secretKey'] })]);
    expect(listed).not.toContain('restic-s3-secret');
    expect((await server.fetch(`api/db/connections?select=secret_properties&id=eq.${id}`)).status).toBe(400);

    const patch = (body: Fields) =>
      server.fetch(`api/db/connections?id=eq.${id}`, jsonRequest('PATCH', body));
    expect((await patch({ url: 's3:s3.example/other' })).status).toBe(204);
    expect((await patch({ secret_properties: { sessionToken: 'restic-token-secret' } })).status).toBe(204);
    const stored = async () =>
      (
        await server.db.query<{ secret_properties: Record<string, string> }>(
          'select secret_properties from connections where id = $1',
          [id],
        )
      ).rows[0]!.secret_properties;
    expect(await stored()).toEqual({ secretKey: 'restic-s3-secret', sessionToken: 'restic-token-secret' });
    expect((await patch({ secret_properties: { sessionToken: null } })).status).toBe(204);
    expect(await stored()).toEqual({ secretKey: 'restic-s3-secret' });
    expect((await patch({ secret_properties: ['secretKey'] })).status).toBe(422);
    expect((await patch({ secret_properties_set: [] })).status).toBe(422);

    const secrets = new Set<string>();
    const resolved = await connectionResolver(server.db, { namespace: 'default', secrets })(
      (await read(id)).row.name as string,
    );
    expect(resolved?.properties).toEqual({ accessKey: 'AKIA-PLAIN', secretKey: 'restic-s3-secret' });
    expect(secrets).toContain('restic-s3-secret');
  });

  it('stay out of a failed test', async () => {
    const tested = await expectTest(
      { type: 'http', url: `http://127.0.0.1:${closedPort}/`, username: 'u', password: 'failed-test-secret' },
      ['failed-test-secret'],
    );
    expect(tested.status).toBe(400);
  });
});

describe('write rules', () => {
  const post = async (body: Fields) => {
    const response = await server.fetch('api/db/connections', jsonRequest('POST', body));
    return { status: response.status, message: ((await response.json()) as { message?: string }).message };
  };

  it('refuse a missing name or namespace, an unknown type, an s3 without bucket, the flags', async () => {
    expect(await post({ namespace: 'default', type: 'http' })).toEqual({
      status: 422,
      message: 'Name is required',
    });
    expect(await post({ name: 'x', namespace: '', type: 'http' })).toEqual({
      status: 422,
      message: 'Namespace is required',
    });
    expect(await post({ name: 'x', type: 'telnet' })).toMatchObject({
      status: 422,
      message: expect.stringMatching(/^Type 'telnet' is not one of postgres, mysql, /) as unknown,
    });
    expect(await post({ name: 'x', type: 's3', properties: { region: 'eu-west-1' } })).toEqual({
      status: 422,
      message: 'Bucket is required for an s3 connection',
    });
    expect(await post({ name: 'x', type: 'http', password_set: true })).toEqual({
      status: 422,
      message: 'password_set is read-only: it tells whether a value is stored; send password to set one',
    });
  });

  it('keep GitOps connections read-only (409)', async () => {
    const { rows } = await server.db.query<{ id: string }>(
      `insert into connections (name, namespace, type, url, source) values ('from-git', 'default', 'http', 'http://x', 'KubernetesCRD') returning id`,
    );
    const response = await server.fetch(
      `api/db/connections?id=eq.${rows[0]!.id}`,
      jsonRequest('PATCH', { url: 'http://y' }),
    );
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toBe(
      'Cannot change connections: connection from-git comes from KubernetesCRD and is read-only here',
    );
  });
});
