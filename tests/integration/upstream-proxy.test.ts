import fs from 'node:fs';
import { createApiTokenStore } from '../../server/src/auth/api-token-store.js';
import { createLocalUsers } from '../../server/src/auth/local-users.js';
import type { WhoamiAnswer } from '../../server/src/auth/whoami.js';
import { CSRF_MESSAGE } from '../../server/src/http/csrf.js';
import { startServer, type RunningServer } from '../../server/src/server.js';
import { EventStreamReader } from '../support/event-stream.js';
import { Tap } from '../support/recording-tap.js';
import { eventually } from '../support/eventually.js';
import { createCanary, createCheck, uniqueName } from '../support/health-data.js';
import { startTestServer, type TestServer } from '../support/server.js';
import {
  createLocalUser,
  LOCAL_USER_PASSWORD,
  messageOf,
  signIn,
  withToken,
  type SessionClient,
} from '../support/session.js';

/**
 * Upstream mode with two real consoles: a platform (embedded mode) that trusts the front's
 * token to name the person (TRUST_FORWARDED_USER_FROM), and a front whose PLATFORM_URL points
 * at it. Between them a recording tap, transparent, shows what leaves the front: it counts the
 * platform's requests and keeps their headers. People sign in at the front; the same people
 * (by email) exist on the platform, which decides there with their roles.
 */

const FRONT_EMAIL = 'front-console@example.com';

let platform: TestServer;
/** Set once the platform is stopped; then the platform after its restart, same port and database. */
let stopped = false;
let restarted: RunningServer | undefined;
let front: TestServer;
let tap: Tap;
let frontToken: string;
let ana: SessionClient;
let vic: SessionClient;
const readers: EventStreamReader[] = [];

const platformDb = () => (restarted ?? platform).db;

beforeAll(async () => {
  platform = await startTestServer({
    template: 'demo',
    env: { TRUST_FORWARDED_USER_FROM: FRONT_EMAIL, EVENTS_HEARTBEAT: '1s' },
  });
  const frontPerson = await createLocalUser(platform, 'front-console', 'admin');
  frontToken = (await createApiTokenStore(platform.db).create(frontPerson, 'the front console')).token;
  tap = new Tap(() => platform.port);
  await tap.listen();
  front = await startTestServer({
    template: 'empty',
    env: {
      PLATFORM_URL: `http://127.0.0.1:${tap.port}/api`,
      PLATFORM_TOKEN: frontToken,
      PLATFORM_TIMEOUT: '3s',
    },
  });
  // The same people on both sides: the front signs them in, the platform knows them by email.
  for (const server of [front, platform]) {
    await createLocalUser(server, 'ana', 'editor');
    await createLocalUser(server, 'vic', 'viewer');
  }
  await createLocalUser(front, 'ghost', 'editor');
  ana = await signIn(front, 'ana', LOCAL_USER_PASSWORD);
  vic = await signIn(front, 'vic', LOCAL_USER_PASSWORD);
});

afterAll(async () => {
  for (const reader of readers) reader.close();
  await front?.stop();
  await tap?.close().catch(() => {});
  if (stopped) {
    await restarted?.close();
    fs.rmSync(platform.config.dataDir, { recursive: true, force: true });
  } else await platform?.stop();
});

const personOnPlatform = async (email: string) =>
  (await platformDb().query<{ id: string }>(`select id from people where email = $1`, [email])).rows[0]!.id;

describe('the console in front of a platform', () => {
  it('reads /api/db through the proxy exactly as the platform answers the person directly', async () => {
    const path = 'api/db/checks?select=id,name,status,canaries(name)&order=name.asc&limit=20';
    const init = { headers: { Prefer: 'count=exact' } };
    const direct = await (await signIn(platform, 'ana', LOCAL_USER_PASSWORD)).fetch(path, init);
    const proxied = await ana.fetch(path, init);
    // 206: a part of the rows, with their count (PostgREST's answer to count=exact).
    expect(proxied.status).toBe(206);
    expect(proxied.status).toBe(direct.status);
    expect(proxied.headers.get('content-range')).toBe(direct.headers.get('content-range'));
    const rows = (await proxied.json()) as unknown[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(await direct.json());
  });

  it('forwards the person, never the browser’s cookies or CSRF token', async () => {
    const before = tap.seen.length;
    expect((await ana.fetch('api/db/canaries?select=id&limit=1')).status).toBe(200);
    const [request] = tap.seen.slice(before);
    expect(request!.headers).toMatchObject({
      authorization: `Bearer ${frontToken}`,
      'x-forwarded-user': 'ana@example.com',
      'x-forwarded-name': 'ana Local',
    });
    expect(request!.headers.cookie).toBeUndefined();
    expect(request!.headers['x-csrf-token']).toBeUndefined();
  });

  it('makes writes on the platform as the person: they are the actor there', async () => {
    const title = uniqueName('Checkout down');
    const created = await ana.send('POST', 'api/incidents', {
      title,
      type: 'availability',
      severity: 'high',
      status: 'open',
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const anaOnPlatform = await personOnPlatform('ana@example.com');
    const { rows } = await platformDb().query<{ created_by: string }>(
      `select created_by from incidents where id = $1`,
      [id],
    );
    expect(rows).toEqual([{ created_by: anaOnPlatform }]);
    // Through /api/db too: the changelog names who changed the status.
    const patched = await ana.send('PATCH', `api/db/incidents?id=eq.${id}`, { status: 'investigating' });
    expect(patched.status).toBe(204);
    const history = await platformDb().query<{ created_by: string }>(
      `select created_by from incident_histories where incident_id = $1 and type = 'incident.status_updated'`,
      [id],
    );
    expect(history.rows).toEqual([{ created_by: anaOnPlatform }]);
    const csrfSent = tap.to('/db/incidents').at(-1)!;
    expect(csrfSent.headers['x-csrf-token']).toBeUndefined();
  });

  it("answers whoami with the person's id on the platform, and the console's own id beside it", async () => {
    const anaOnFront = (
      await front.db.query<{ id: string }>(`select id from people where email = $1`, ['ana@example.com'])
    ).rows[0]!.id;
    const me = (await (await ana.fetch('api/auth/whoami')).json()) as WhoamiAnswer;
    expect(me.user.id).toBe(await personOnPlatform('ana@example.com'));
    expect(me.payload.user.id).toBe(me.user.id);
    // The console's own people (its users page) keep their own ids.
    expect(me.consoleUserId).toBe(anaOnFront);
    expect(me.consoleUserId).not.toBe(me.user.id);
  });

  it('names a local user without an email by their username, as both consoles know the first administrator', async () => {
    const ids: string[] = [];
    for (const server of [front, platform]) {
      const { personId } = await createLocalUsers(server.db).create({
        username: 'kim',
        password: LOCAL_USER_PASSWORD,
        name: 'Kim Noemail',
        roles: ['admin'],
      });
      ids.push(personId);
    }
    const [kimOnFront, kimOnPlatform] = ids;
    const kim = await signIn(front, 'kim', LOCAL_USER_PASSWORD);
    const me = (await (await kim.fetch('api/auth/whoami')).json()) as WhoamiAnswer;
    expect(me).toMatchObject({ user: { id: kimOnPlatform, email: null }, consoleUserId: kimOnFront });
    // What the UI does when it makes a row: created_by is whoami's id.
    const before = tap.seen.length;
    const name = uniqueName('kim-team');
    const created = await kim.send('POST', 'api/db/teams', { name, created_by: me.user.id });
    expect(created.status).toBe(201);
    expect(tap.seen.slice(before).at(-1)!.headers['x-forwarded-user']).toBe('kim');
    const { rows } = await platformDb().query<{ created_by: string }>(
      `select created_by from teams where name = $1`,
      [name],
    );
    expect(rows).toEqual([{ created_by: kimOnPlatform }]);
  });

  it('refuses a viewer’s write at the front: the platform never hears of it', async () => {
    const before = tap.seen.length;
    const refused = await vic.send('PATCH', 'api/db/checks?name=eq.nothing', { status: 'unhealthy' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: '42501', message: 'You may not change canaries' });
    const run = await vic.send('POST', 'api/incidents', {
      title: 'x',
      type: 'availability',
      severity: 'low',
    });
    expect(run.status).toBe(403);
    expect(tap.seen.length).toBe(before);
  });

  it('refuses a write without the CSRF token at the front', async () => {
    const before = tap.seen.length;
    const response = await ana.send(
      'PATCH',
      'api/db/checks?name=eq.nothing',
      { status: 'healthy' },
      { csrf: null },
    );
    expect(response.status).toBe(403);
    expect(await messageOf(response)).toBe(CSRF_MESSAGE);
    expect(tap.seen.length).toBe(before);
  });

  it('passes on the platform’s refusal of a person it does not know', async () => {
    const ghost = await signIn(front, 'ghost', LOCAL_USER_PASSWORD);
    const response = await ghost.fetch('api/db/checks?select=id&limit=1');
    expect(response.status).toBe(403);
    expect(await messageOf(response)).toBe(
      'The person "ghost@example.com" named in X-Forwarded-User is not a person of this console who may sign in.',
    );
  });

  it('lets only the trusted token name a person on the platform', async () => {
    const whoami = async (token: string) =>
      (await (
        await withToken(platform, token, 'api/auth/whoami', {
          headers: { 'X-Forwarded-User': 'ana@example.com' },
        })
      ).json()) as { user: { email: string } };
    expect((await whoami(frontToken)).user.email).toBe('ana@example.com');
    // Anyone else's token acts as its own person, whatever the header says.
    expect((await whoami(await platform.tokenFor('viewer'))).user.email).toBe('viewer.tester@example.com');
  });

  it('passes the live-update stream through as events happen', async () => {
    const canary = await createCanary(
      async (text, params) => (await platformDb().query(text, params)).rows as never,
    );
    const check = await createCheck(
      async (text, params) => (await platformDb().query(text, params)).rows as never,
      canary,
      {
        status: 'healthy',
      },
    );
    const reader = await EventStreamReader.open({ fetch: (path, init) => ana.fetch(path, init) });
    readers.push(reader);
    expect(reader.response.status).toBe(200);
    expect(reader.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect((await ana.send('PATCH', `api/db/checks?id=eq.${check}`, { status: 'unhealthy' })).status).toBe(
      204,
    );
    const event = await reader.eventAbout('check.failed', check);
    expect(event.ids).toEqual({ id: check, canary_id: canary });
    // Heartbeats too: the stream is not held back anywhere on the way.
    await reader.until(() => reader.comments >= 2);
  });

  it('reports the platform in /readyz, answers 502 while it is gone and serves again when it is back', async () => {
    const readyz = async () => (await (await fetch(front.at('readyz'))).json()) as Record<string, unknown>;
    expect(await readyz()).toMatchObject({
      status: 'ok',
      platform: { host: `127.0.0.1:${tap.port}`, state: 'ok' },
    });

    const port = platform.port;
    stopped = true;
    await platform.close();
    await tap.close();
    const gone = await ana.fetch('api/db/checks?select=id&limit=1');
    // Refused, not timed out: a 502 naming the refusal, never PLATFORM_TIMEOUT's 504.
    expect(gone.status).toBe(502);
    expect(await gone.json()).toEqual({
      code: 'HTTP502',
      message: `The platform at 127.0.0.1:${tap.port} did not answer: connection refused`,
      details: null,
      hint: null,
    });
    // The console itself stays ready: people still sign in and are told what is wrong.
    const whileGone = await fetch(front.at('readyz'));
    expect(whileGone.status).toBe(200);
    expect(await whileGone.json()).toMatchObject({
      platform: { host: `127.0.0.1:${tap.port}`, state: 'unreachable', reason: 'connection refused' },
    });
    expect((await ana.fetch('api/auth/whoami')).status).toBe(200);

    restarted = await startServer({ ...platform.config, port });
    await tap.listen();
    // The front was never restarted: its next request reaches the platform again.
    const back = await ana.fetch('api/db/checks?select=id&limit=1');
    expect(back.status).toBe(200);
    await eventually(async () => expect(await readyz()).toMatchObject({ platform: { state: 'ok' } }));
  });
});
