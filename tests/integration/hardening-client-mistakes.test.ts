import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { availableBackends } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { startTestServer, type Caller, type TestServer } from '../support/server.js';

/**
 * A client's mistakes against the real server, on each back end: bodies nested thousands deep,
 * the NUL character in bodies and query strings, paths that are not valid percent-encoding and
 * files missing under /assets. Each is a 4xx that says what is wrong (JSON under /api, plain
 * text elsewhere), nothing above info reaches the log for it, and the console answers /healthz
 * right after.
 */

interface LogLine {
  level: number;
  msg: string;
  req?: { id?: string };
}

const nestedObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const nestedArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const INFO = 30;

describe.each(availableBackends())('client mistakes on %s', (backend) => {
  const log: LogLine[] = [];
  let server: TestServer;
  let webDir: string;
  let viewerId: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-mistakes-web-'));
    fs.mkdirSync(path.join(webDir, 'assets/chunks'), { recursive: true });
    fs.writeFileSync(path.join(webDir, 'index.html'), '<html><head><base href="/" /></head></html>');
    fs.writeFileSync(path.join(webDir, 'assets/main-abc.js'), 'console.log(1)');
    server = await startTestServer({
      backend,
      template: 'empty',
      webDir,
      logger: pino({ level: 'info' }, { write: (line: string) => void log.push(JSON.parse(line)) }),
    });
    viewerId = await server.personFor('viewer');
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  /** Sends a request as `as`, tagged so that its log lines can be told apart. */
  async function send(
    as: Caller,
    relativePath: string,
    method = 'GET',
    body?: string,
  ): Promise<{ response: Response; text: string; requestId: string }> {
    const requestId = `mistake-${randomUUID()}`;
    const headers: Record<string, string> = { 'X-Request-Id': requestId };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await server.fetch(relativePath, { method, headers, body }, as);
    return { response, text: await response.text(), requestId };
  }

  /** The request's answer line is logged at info, and nothing of it above. */
  async function expectLoggedAtInfo(requestId: string): Promise<void> {
    const lines = await eventually(async () => {
      const mine = log.filter((line) => line.req?.id === requestId);
      expect(mine.some((line) => line.msg === 'request completed')).toBe(true);
      return mine;
    });
    expect(lines.filter((line) => line.level > INFO).map((line) => line.msg)).toEqual([]);
  }

  async function expectHealthy(): Promise<void> {
    const health = await fetch(server.at('healthz'));
    expect(health.status).toBe(200);
  }

  /** A refusal as a client sees it: status, a JSON message under /api, no internals. */
  async function expectApiRefusal(
    sent: Awaited<ReturnType<typeof send>>,
    status: number,
    message: RegExp,
  ): Promise<void> {
    expect(sent.response.status).toBe(status);
    expect(sent.response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = JSON.parse(sent.text) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(body.message).toMatch(message);
    expect(sent.text).not.toMatch(/\bat .*\.[jt]s:\d+|Error:|select |insert |update /i);
    await expectLoggedAtInfo(sent.requestId);
    await expectHealthy();
  }

  const deepBodies: [string, Caller, string, string, string][] = [
    ['a sign-in nested 5,000 deep', 'anonymous', 'POST', 'api/auth/login', nestedObject(5000)],
    [
      'an invitation lookup of arrays 5,000 deep',
      'anonymous',
      'POST',
      'api/auth/invite/lookup',
      nestedArray(5000),
    ],
    [
      'a team whose spec nests 5,000 deep',
      'admin',
      'POST',
      'api/db/teams',
      `{"name":"t","spec":${nestedObject(5000)}}`,
    ],
    [
      'a team one level past the limit',
      'admin',
      'POST',
      'api/db/teams',
      `{"name":"t","spec":${nestedObject(64)}}`,
    ],
    [
      'a connection update',
      'admin',
      'PATCH',
      'api/db/connections?name=eq.x',
      `{"properties":${nestedArray(5000)}}`,
    ],
    ['a function call', 'admin', 'POST', 'api/db/rpc/anything', nestedArray(5000)],
    ['a user update', 'admin', 'PATCH', 'api/people/users/{viewer}', `{"firstName":${nestedObject(5000)}}`],
    ['a spec validation', 'viewer', 'POST', 'api/specs/canaries/validate', `{"yaml":${nestedArray(5000)}}`],
    ['a new API token', 'viewer', 'POST', 'api/auth/create_token', `{"name":${nestedObject(300)}}`],
  ];
  it.each(deepBodies)(
    'refuses %s with a 400 that names the limit',
    async (_name, as, method, route, body) => {
      const sent = await send(as, route.replace('{viewer}', viewerId), method, body);
      await expectApiRefusal(sent, 400, /nests deeper than the limit of 64 levels/);
    },
  );

  it('takes a body nested exactly to the limit', async () => {
    // people.properties is free-form JSON (a team's spec now has a schema).
    const sent = await send(
      'admin',
      'api/db/people',
      'POST',
      `{"name":"deep","properties":${nestedObject(63)}}`,
    );
    expect(sent.response.status).toBe(201);
  });

  const nulValues: [string, Caller, string, string, string | undefined][] = [
    [
      'a sign-in name',
      'anonymous',
      'POST',
      'api/auth/login',
      JSON.stringify({ username: 'ad\0min', password: 'x' }),
    ],
    [
      'a sign-in password',
      'anonymous',
      'POST',
      'api/auth/login',
      JSON.stringify({ username: 'admin', password: '\0' }),
    ],
    [
      'an invitation token',
      'anonymous',
      'POST',
      'api/auth/invite/accept',
      JSON.stringify({ token: 'a\0', password: 'p' }),
    ],
    [
      'a user name',
      'admin',
      'PATCH',
      'api/people/users/{viewer}',
      JSON.stringify({
        firstName: 'Vi\0',
        lastName: 'Ewer',
        email: 'viewer.tester@example.com',
        role: 'viewer',
      }),
    ],
    ['a team name', 'admin', 'POST', 'api/db/teams', JSON.stringify({ name: 'a\0b' })],
    [
      'a key of a JSON column',
      'admin',
      'POST',
      'api/db/teams',
      JSON.stringify({ name: 'k', spec: { 'x\0': 1 } }),
    ],
    ['a token name', 'viewer', 'POST', 'api/auth/create_token', JSON.stringify({ name: 'mine\0' })],
    ['a query value of the users list', 'admin', 'GET', 'api/people/users?q=a%00b', undefined],
    ['a query key of /api/db', 'admin', 'GET', 'api/db/teams?na%00me=eq.x', undefined],
    ['an anonymous query string', 'anonymous', 'GET', 'api/auth/config?x=%00', undefined],
  ];
  it.each(nulValues)('refuses the NUL character in %s with a 400', async (_name, as, method, route, body) => {
    const sent = await send(as, route.replace('{viewer}', viewerId), method, body);
    await expectApiRefusal(sent, 400, /may not contain the NUL character/);
  });

  const apiPaths = ['api/db/te%FFams', 'api/people/users/%C0%AF', 'api/%', 'api/auth/login%E0%A4%A'];
  it.each(apiPaths)('answers the API path %s, not valid percent-encoding, with a JSON 400', async (route) => {
    for (const as of ['anonymous', 'admin'] as const) {
      await expectApiRefusal(await send(as, route), 400, /invalid percent-encoding/);
    }
  });

  const uiPaths = ['%FF', 'settings/%E0%A4%A', 'assets/%FF.js', 'health%', 'catalog/%C3%28'];
  it.each(uiPaths)('answers the path %s, not valid percent-encoding, with a plain 400', async (route) => {
    const sent = await send('anonymous', route);
    expect(sent.response.status).toBe(400);
    expect(sent.response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(sent.text).toMatch(/invalid percent-encoding/);
    await expectLoggedAtInfo(sent.requestId);
    await expectHealthy();
  });

  const missingAssets: [string, string][] = [
    ['GET', 'assets/main-old.js'],
    ['GET', 'assets/chunks/Page-gone123.js'],
    ['HEAD', 'assets/chunks/Page-gone123.js'],
    ['GET', 'assets/files/font-1.woff2'],
    ['GET', 'assets/chunks'],
    ['GET', 'assets/'],
  ];
  it.each(missingAssets)(
    'answers %s %s, a file the build does not hold, with a plain 404',
    async (method, route) => {
      const sent = await send('anonymous', route, method);
      expect(sent.response.status).toBe(404);
      if (method === 'GET') {
        expect(sent.response.headers.get('content-type')).toMatch(/^text\/plain/);
        expect(sent.text).toBe('No such file.\n');
      }
      await expectLoggedAtInfo(sent.requestId);
      await expectHealthy();
    },
  );

  it.each(['POST', 'DELETE', 'PUT'])(
    'answers %s of an asset with a 405 that names the methods',
    async (method) => {
      const sent = await send('anonymous', 'assets/main-abc.js', method);
      expect(sent.response.status).toBe(405);
      expect(sent.response.headers.get('allow')).toBe('GET, HEAD');
      await expectLoggedAtInfo(sent.requestId);
      expect((await send('anonymous', 'assets/main-abc.js')).text).toBe('console.log(1)');
    },
  );
});
