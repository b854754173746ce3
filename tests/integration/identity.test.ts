import { createHash } from 'node:crypto';
import { THEME_SCRIPT } from '../../common/theme.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/server.js';
import {
  createLocalUser,
  CSRF_COOKIE,
  jsonRequest,
  LOCAL_USER_PASSWORD,
  messageOf,
  SESSION_COOKIE,
  SessionClient,
  setCookiesOf,
  sha256,
  signIn,
} from '../support/session.js';

/**
 * Identity against the real server in local mode: signing in and out, the sign-in
 * throttle, session expiry, CSRF and the security headers. API tokens, passwords and users are
 * in identity-accounts.test.ts, feature flags in feature-flags.test.ts.
 */

const WRONG_CREDENTIALS = 'Wrong username or password.';
const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
const CSRF_VIOLATION = 'A security violation was detected, please fill out the form again.';

describe('local mode under /console/', () => {
  let server: TestServer;
  beforeAll(async () => {
    // TRUST_PROXY=false: a forged X-Forwarded-Proto must not make cookies Secure.
    server = await startTestServer({
      template: 'empty',
      env: { BASE_PATH: '/console/', TRUST_PROXY: 'false' },
    });
  });
  afterAll(() => server?.stop());

  const sessionRows = (cookieValue: string) =>
    server.db.query<{ id_hash: string }>(`select id_hash from _sessions where id_hash in ($1, $2)`, [
      cookieValue,
      sha256(cookieValue),
    ]);

  describe('sign-in', () => {
    it('refuses a wrong password or an unknown user with 401, and missing fields with 400', async () => {
      const session = new SessionClient(server);
      for (const [username, password] of [
        ['admin', 'not-the-password'],
        ['nobody', ADMIN_PASSWORD],
      ]) {
        const response = await session.login(username!, password!);
        expect(response.status).toBe(401);
        expect(await messageOf(response)).toBe(WRONG_CREDENTIALS);
        expect(setCookiesOf(response)).toEqual([]);
      }
      for (const body of [
        {},
        { username: 'admin' },
        { password: ADMIN_PASSWORD },
        { username: ' ', password: 'x' },
      ]) {
        const response = await session.fetch('api/auth/login', jsonRequest('POST', body));
        expect(response.status).toBe(400);
        expect(await messageOf(response)).toBe('Please enter your username and password.');
      }
    });

    it('signs in with httpOnly, SameSite=Lax cookies on the base path, the session id stored only hashed', async () => {
      const session = new SessionClient(server);
      const response = await session.login('admin', ADMIN_PASSWORD);
      expect(response.status).toBe(200);
      const { csrfToken } = await response.json();
      const cookies = Object.fromEntries(setCookiesOf(response).map((cookie) => [cookie.name, cookie]));
      expect(Object.keys(cookies).sort()).toEqual([CSRF_COOKIE, SESSION_COOKIE]);

      const sessionCookie = cookies[SESSION_COOKIE]!;
      expect(sessionCookie.attributes).toMatchObject({ path: '/console/', httponly: true, samesite: 'Lax' });
      expect(sessionCookie.attributes.secure).toBeUndefined();
      const csrfCookie = cookies[CSRF_COOKIE]!;
      expect(csrfCookie.value).toBe(csrfToken);
      expect(csrfCookie.attributes).toMatchObject({ path: '/console/', samesite: 'Lax' });
      expect(csrfCookie.attributes.httponly).toBeUndefined();
      expect(csrfCookie.attributes.secure).toBeUndefined();

      const { rows } = await sessionRows(sessionCookie.value);
      expect(rows).toEqual([{ id_hash: sha256(sessionCookie.value) }]);
      // Nor can an administrator read the sign-in tables through the data API.
      for (const table of ['_sessions', '_api_tokens', '_local_credentials'])
        expect((await session.fetch(`api/db/${table}`)).status).toBe(404);
    });

    it('takes the username in any case', async () => {
      const session = new SessionClient(server);
      expect((await session.login(' ADMIN ', ADMIN_PASSWORD)).status).toBe(200);
      expect((await (await session.fetch('api/auth/whoami')).json()).user.name).toBe('Admin');
    });

    it('ignores X-Forwarded-Proto from a proxy it does not trust (TRUST_PROXY=false)', async () => {
      const response = await new SessionClient(server).login('admin', ADMIN_PASSWORD, {
        'X-Forwarded-Proto': 'https',
      });
      expect(response.status).toBe(200);
      for (const cookie of setCookiesOf(response)) expect(cookie.attributes.secure).toBeUndefined();
    });

    it('locks a user out after 5 wrong passwords, even with the right one, for 15 minutes', async () => {
      await createLocalUser(server, 'tess', 'viewer');
      const session = new SessionClient(server);
      for (let attempt = 1; attempt <= 5; attempt++)
        expect((await session.login('tess', `wrong-password-${attempt}`)).status).toBe(401);

      const locked = await session.login('Tess', LOCAL_USER_PASSWORD);
      expect(locked.status).toBe(429);
      expect(await messageOf(locked)).toBe('Too many failed sign-ins. Please try again in 15 minutes.');
      const retryAfter = Number(locked.headers.get('Retry-After'));
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(setCookiesOf(locked)).toEqual([]);
      // Another user at the same address is not locked out.
      expect((await session.login('admin', ADMIN_PASSWORD)).status).toBe(200);
    });
  });

  describe('sessions', () => {
    it('answers whoami for the session; logout ends it and clears both cookies', async () => {
      const session = await signIn(server, 'admin', ADMIN_PASSWORD);
      const whoami = await session.fetch('api/auth/whoami');
      expect(whoami.status).toBe(200);
      expect(await whoami.json()).toMatchObject({
        user: { id: await server.personFor('admin'), name: 'Admin' },
        roles: ['admin'],
        authMode: 'local',
      });

      const signedIn = session.cookies;
      const logout = await session.send('POST', 'api/auth/logout');
      expect(logout.status).toBe(204);
      const cleared = setCookiesOf(logout);
      expect(cleared.map((cookie) => cookie.name).sort()).toEqual([CSRF_COOKIE, SESSION_COOKIE]);
      for (const cookie of cleared) {
        expect(cookie.attributes.path).toBe('/console/');
        expect(Date.parse(String(cookie.attributes.expires))).toBeLessThan(Date.now());
      }
      expect(session.cookies).toEqual({});

      const replayed = await new SessionClient(server, signedIn).fetch('api/auth/whoami');
      expect(replayed.status).toBe(401);
      expect((await sessionRows(signedIn[SESSION_COOKIE]!)).rows).toEqual([]);
    });

    it.each([
      [
        'past its absolute expiry',
        `update _sessions set expires_at = now() - interval '1 second' where id_hash = $1`,
      ],
      [
        'idle for longer than the idle timeout (8h)',
        `update _sessions set last_seen_at = now() - interval '8h 1m' where id_hash = $1`,
      ],
    ])('refuses a session %s with 401 and forgets its cookies', async (_case, sql) => {
      const session = await signIn(server, 'admin', ADMIN_PASSWORD);
      await server.db.query(sql, [sha256(session.cookies[SESSION_COOKIE]!)]);
      const response = await session.fetch('api/auth/whoami');
      expect(response.status).toBe(401);
      expect(await messageOf(response)).toBe(SESSION_EXPIRED);
      expect(session.cookies).toEqual({});
    });

    it('keeps a session that is used within the idle timeout, and counts idleness from that use', async () => {
      const session = await signIn(server, 'admin', ADMIN_PASSWORD);
      const idHash = sha256(session.cookies[SESSION_COOKIE]!);
      await server.db.query(
        `update _sessions set last_seen_at = now() - interval '7h 50m' where id_hash = $1`,
        [idHash],
      );
      expect((await session.fetch('api/auth/whoami')).status).toBe(200);
      const { rows } = await server.db.query<{ touched: boolean }>(
        `select last_seen_at > now() - interval '1 minute' as touched from _sessions where id_hash = $1`,
        [idHash],
      );
      expect(rows).toEqual([{ touched: true }]);
    });

    it.each(['api/db/checks', 'api/people/users', 'api/about', 'api/auth/whoami'])(
      'answers an anonymous request to %s with 401',
      async (path) => {
        const response = await server.fetch(path, {}, 'anonymous');
        expect(response.status).toBe(401);
        expect(await messageOf(response)).toBe('Please sign in.');
      },
    );

    it('tells anyone how to sign in', async () => {
      const response = await server.fetch('api/auth/config', {}, 'anonymous');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ mode: 'local' });
    });
  });

  describe('CSRF', () => {
    let session: SessionClient;
    beforeAll(async () => {
      session = await signIn(server, 'admin', ADMIN_PASSWORD);
    });

    const flagExists = async (name: string) =>
      (await server.db.query(`select 1 from properties where name = $1`, [name])).rows.length > 0;

    it.each([
      ['without X-CSRF-Token', null],
      ['with an empty token', ''],
      ['with a wrong token', 'not-the-token'],
    ])('refuses cookie-authenticated POST, PATCH and DELETE %s with 403', async (_case, csrf) => {
      await server.db.query(`insert into properties (name, value) values ('csrf.kept', 'same')`);
      const attempts = [
        session.send('POST', 'api/db/properties', { name: 'csrf.created', value: '1' }, { csrf }),
        session.send('PATCH', 'api/db/properties?name=eq.csrf.kept', { value: 'changed' }, { csrf }),
        session.send('DELETE', 'api/db/properties?name=eq.csrf.kept', undefined, { csrf }),
        session.send('POST', 'api/auth/create_token', { name: 'csrf probe' }, { csrf }),
        session.send('POST', 'api/auth/logout', undefined, { csrf }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.status).toBe(403);
        expect(await messageOf(response)).toBe(CSRF_VIOLATION);
      }
      expect(await flagExists('csrf.created')).toBe(false);
      const { rows } = await server.db.query(`select value from properties where name = 'csrf.kept'`);
      expect(rows).toEqual([{ value: 'same' }]);
      expect((await session.fetch('api/auth/whoami')).status).toBe(200);
      await server.db.query(`delete from properties where name = 'csrf.kept'`);
    });

    it("accepts the same calls with the session's token", async () => {
      expect((await session.send('POST', 'api/db/properties', { name: 'csrf.ok', value: '1' })).status).toBe(
        201,
      );
      expect((await session.send('PATCH', 'api/db/properties?name=eq.csrf.ok', { value: '2' })).status).toBe(
        204,
      );
      expect((await session.send('DELETE', 'api/db/properties?name=eq.csrf.ok')).status).toBe(204);
      expect((await session.send('POST', 'api/auth/create_token', { name: 'csrf ok' })).status).toBe(201);
      expect(await flagExists('csrf.ok')).toBe(false);
    });

    it('exempts Bearer requests, which no browser makes on its own', async () => {
      const created = await server.fetch(
        'api/db/properties',
        jsonRequest('POST', { name: 'csrf.bearer', value: '1' }),
      );
      expect(created.status).toBe(201);
      expect(
        (await server.fetch('api/db/properties?name=eq.csrf.bearer', jsonRequest('DELETE'))).status,
      ).toBe(204);
    });

    it("compares the header with the session's own token, not with a csrf_token cookie planted beside it", async () => {
      const planted = new SessionClient(server, session.cookies);
      planted.setCookie(CSRF_COOKIE, 'planted-by-a-sibling-domain');
      const body = { name: 'csrf.planted', value: '1' };
      const refused = await planted.send('POST', 'api/db/properties', body, {
        csrf: 'planted-by-a-sibling-domain',
      });
      expect(refused.status).toBe(403);
      expect(await messageOf(refused)).toBe(CSRF_VIOLATION);
      expect(await flagExists('csrf.planted')).toBe(false);

      const accepted = await planted.send('POST', 'api/db/properties', body, { csrf: session.csrfToken! });
      expect(accepted.status).toBe(201);
    });
  });

  it.each(['api/auth/config', 'api/db/checks'])(
    'sends %s with no-store and the security headers',
    async (path) => {
      const response = await server.fetch(path, {}, 'anonymous');
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      const csp = new Map(
        (response.headers.get('Content-Security-Policy') ?? '').split(';').map((directive) => {
          const [name = '', ...values] = directive.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      // The console's own files, and the one inline script: index.html's theme (common/theme.ts).
      const themeHash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
      expect(csp.get('script-src')).toEqual(["'self'", `'sha256-${themeHash}'`]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(response.headers.get('X-Frame-Options')).toBe('DENY');
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    },
  );
});

describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      template: 'empty',
      env: { BASE_PATH: '/console/', TRUST_PROXY: 'true' },
    });
  });
  afterAll(() => server?.stop());

  it('makes both cookies Secure when the proxy says the browser came over TLS', async () => {
    const response = await new SessionClient(server).login('admin', ADMIN_PASSWORD, {
      'X-Forwarded-Proto': 'https',
    });
    expect(response.status).toBe(200);
    const cookies = setCookiesOf(response);
    expect(cookies.map((cookie) => [cookie.name, cookie.attributes.secure]).sort()).toEqual([
      [CSRF_COOKIE, true],
      [SESSION_COOKIE, true],
    ]);
  });
});
