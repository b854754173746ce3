/**
 * Sign-in at a real OpenID provider (oidc-provider, in this process) through plain HTTP: the
 * authorization code flow with PKCE, state and nonce, the provider's own login and consent
 * pages driven as a browser would, and every refusal the console owes (tampered state, wrong
 * nonce, replayed code, foreign return_to, expired session, deactivated person).
 */
import { DEMO_ROLE_MAP, startOidcProvider, type RunningOidcProvider } from '../../hack/oidc-provider.js';
import { availableBackends } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { freePort, heldPort } from '../support/free-port.js';
import { authorizeAt, Browser, location, signInAt } from '../support/oidc-browser.js';
import { startTestServer, type TestServer } from '../support/server.js';

describe.each(availableBackends())('OIDC sign-in on %s', (backend) => {
  let server: TestServer;
  let provider: RunningOidcProvider;

  beforeAll(async () => {
    // The provider must know the console's callback address and the console the provider's
    // issuer. The console discovers the provider lazily, at the first sign-in, so it starts
    // first, configured with an issuer on a port chosen now; the provider then starts on that
    // port with the console's real address. Only the port is chosen early, nothing is relaxed.
    const held = await heldPort();
    server = await startTestServer({
      backend,
      env: {
        OIDC_ISSUER_URL: `http://127.0.0.1:${held.port}`,
        OIDC_CLIENT_ID: 'ops-console',
        OIDC_CLIENT_SECRET: 'integration-secret',
        // Commanders and viewers are deliberately unmapped: their groups grant no role.
        OIDC_ROLE_MAP: 'ops-admins=admin,ops-editors=editor,ops-responders=responder',
      },
    });
    await held.release();
    provider = await startOidcProvider({
      port: held.port,
      consoleUrls: [server.url],
      clientId: 'ops-console',
      clientSecret: 'integration-secret',
    });
  });
  afterAll(async () => {
    await provider?.close();
    await server?.stop();
  });

  const authorize = (browser: Browser, login: string, returnTo?: string) =>
    authorizeAt(browser, server, login, returnTo);

  const signIn = (login: string, returnTo?: string) => signInAt(server, login, returnTo);

  const whoami = (browser: Browser) => browser.request(server.at('api/auth/whoami'));

  async function person(email: string) {
    const { rows } = await server.db.query<{
      id: string;
      name: string;
      roles: string[];
      external_id: string | null;
      last_login: Date | null;
      traits: unknown;
      state: string;
    }>(
      `select p.id, p.name, p.roles, p.external_id, p.last_login, i.traits, i.state
       from people p left join identities i on i.id = p.id
       where lower(p.email) = lower($1) and p.deleted_at is null`,
      [email],
    );
    expect(rows.length).toBeLessThanOrEqual(1);
    return rows[0];
  }

  it('signs in with code + PKCE (S256), state and nonce, and lands on the return_to page', async () => {
    const { browser, authorizationUrl, callback } = await signIn('admin', '/health?tab=checks');
    const params = authorizationUrl.searchParams;
    expect(authorizationUrl.origin).toBe(provider.issuer);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe('ops-console');
    expect(params.get('scope')).toBe('openid profile email');
    expect(params.get('redirect_uri')).toBe(server.at('api/auth/oidc/callback'));
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.get('state')).not.toBe(params.get('nonce'));

    // The flow lived in a short-lived httpOnly cookie on the OIDC routes only, spent at the callback.
    const flowCookie = browser.setCookies.find((header) => header.startsWith('oidc_flow='))!;
    expect(flowCookie).toMatch(/; Max-Age=600;/);
    expect(flowCookie).toMatch(/; Path=\/api\/auth\/oidc\/;/);
    expect(flowCookie).toMatch(/; HttpOnly/);
    expect(flowCookie).toMatch(/; SameSite=Lax/);
    expect(browser.cookie('oidc_flow')).toBeUndefined();

    expect(callback.status).toBe(302);
    expect(location(callback)).toBe('/health?tab=checks');
    expect(browser.cookie('ops_console_session')?.attributes).toMatch(/HttpOnly/);
    const me = await whoami(browser);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      user: { name: 'Ada Admin', email: 'admin@example.com' },
      roles: ['admin'],
      authMode: 'oidc',
    });

    // The provider's tokens stay on the server: the refresh token is kept with the session and
    // reaches the browser in no cookie.
    const { rows } = await server.db.query<{ provider: Record<string, unknown> }>(
      `select s.provider from _sessions s join people p on p.id = s.person_id where p.email = 'admin@example.com'`,
    );
    expect(rows[0]!.provider).toEqual({
      id_token: expect.any(String),
      refresh_token: expect.any(String),
      access_token_expires_at: expect.any(Number),
    });
    const refreshToken = rows[0]!.provider.refresh_token as string;
    expect(browser.setCookies.some((header) => header.includes(refreshToken))).toBe(false);
  });

  it('creates the person from the claims and updates them at the next sign-in', async () => {
    const { browser } = await signIn('responder');
    expect(await (await whoami(browser)).json()).toMatchObject({
      user: { name: 'Rosa Responder', email: 'responder@example.com' },
      roles: ['responder'],
    });
    const first = (await person('responder@example.com'))!;
    expect(first).toMatchObject({
      name: 'Rosa Responder',
      roles: ['responder'],
      external_id: `${provider.issuer}#responder`,
      traits: { name: { first: 'Rosa', last: 'Responder' }, email: 'responder@example.com' },
      state: 'active',
    });

    // Changed in the console meanwhile; the provider's claims win at the next sign-in.
    await server.db.query(`update people set name = 'Someone Else', roles = '{viewer}' where id = $1`, [
      first.id,
    ]);
    await server.db.query(`update identities set traits = '{}' where id = $1`, [first.id]);
    const again = await signIn('responder');
    expect(again.callback.status).toBe(302);
    const second = (await person('responder@example.com'))!;
    expect(second).toMatchObject({
      id: first.id,
      name: 'Rosa Responder',
      roles: ['responder'],
      traits: { name: { first: 'Rosa', last: 'Responder' }, email: 'responder@example.com' },
    });
    expect(second.last_login!.getTime()).toBeGreaterThan(first.last_login!.getTime());
  });

  it('makes a person whose groups map to no role a viewer', async () => {
    const { browser } = await signIn('viewer');
    expect(await (await whoami(browser)).json()).toMatchObject({
      user: { name: 'Vic Viewer' },
      roles: ['viewer'],
    });
    expect((await person('viewer@example.com'))!.roles).toEqual([]);
  });

  it('links an invited person by email instead of creating another, keeping the invited role', async () => {
    // As invite_user leaves them: a person and an identity, no external id, a role chosen by an admin.
    const { rows } = await server.db.query<{ id: string }>(
      `insert into people (name, email, roles) values ('Cora C.', 'Commander@Example.com', '{editor}') returning id`,
    );
    const invitedId = rows[0]!.id;
    await server.db.query(
      `insert into identities (id, traits) values ($1, '{"name":{"first":"Cora","last":"C."},"email":"Commander@Example.com"}')`,
      [invitedId],
    );
    await server.db.query(
      `insert into _invites (token_hash, person_id, expires_at) values ('invite-hash', $1, now() + interval '1 day')`,
      [invitedId],
    );
    const { browser } = await signIn('commander');
    // ops-commanders maps to nothing here, so the invitation's role stays.
    expect(await (await whoami(browser)).json()).toMatchObject({
      user: { id: invitedId, name: 'Cora Commander', email: 'commander@example.com' },
      roles: ['editor'],
    });
    const linked = (await person('commander@example.com'))!;
    expect(linked).toMatchObject({
      id: invitedId,
      external_id: `${provider.issuer}#commander`,
      roles: ['editor'],
    });
    // The invitation has done its work.
    const invite = await server.db.query(`select used_at from _invites where person_id = $1`, [invitedId]);
    expect(invite.rows[0]).toMatchObject({ used_at: expect.any(Date) });
  });

  it('refuses a tampered state and a wrong nonce: no session', async () => {
    const tampered = new Browser();
    const { callbackUrl } = await authorize(tampered, 'editor');
    const url = new URL(callbackUrl);
    url.searchParams.set('state', `${url.searchParams.get('state')}x`);
    const refused = await tampered.request(url.href);
    expect(refused.status).toBe(302);
    expect(location(refused)).toBe('/login?error=sign_in_failed');
    expect(tampered.cookie('ops_console_session')).toBeUndefined();
    expect((await whoami(tampered)).status).toBe(401);

    // The ID token carries the nonce the authorization request sent; the flow says another.
    const swapped = new Browser();
    const second = await authorize(swapped, 'editor');
    const flow = swapped.cookie('oidc_flow')!;
    const data = JSON.parse(Buffer.from(flow.value, 'base64url').toString()) as { nonce: string };
    flow.value = Buffer.from(JSON.stringify({ ...data, nonce: 'not-the-nonce-that-was-sent' })).toString(
      'base64url',
    );
    const wrongNonce = await swapped.request(second.callbackUrl);
    expect(location(wrongNonce)).toBe('/login?error=sign_in_failed');
    expect(swapped.cookie('ops_console_session')).toBeUndefined();
    expect(await person('editor@example.com')).toBeUndefined();
  });

  it('refuses a replayed callback and a replayed code', async () => {
    const browser = new Browser();
    const { callbackUrl } = await authorize(browser, 'editor');
    const flowCookie = browser.cookie('oidc_flow')!.value;
    expect((await browser.request(callbackUrl)).status).toBe(302);
    expect(browser.cookie('ops_console_session')).toBeDefined();

    // The same browser again: its flow was spent by the first callback.
    const again = await browser.request(callbackUrl);
    expect(location(again)).toBe('/login?error=flow_expired');
    // An attacker who kept the flow cookie too: the provider refuses a code used once already.
    const replayed = new Browser();
    const withFlow = await replayed.request(callbackUrl, { headers: { cookie: `oidc_flow=${flowCookie}` } });
    expect(location(withFlow)).toBe('/login?error=sign_in_failed');
    expect(replayed.cookie('ops_console_session')).toBeUndefined();
  });

  it("refuses a subject whose email belongs to another of the console's people", async () => {
    // Someone else already has the email: linking would hand them this account, so nothing happens.
    await server.db.query(`update people set deleted_at = now() where lower(email) = 'editor@example.com'`);
    await server.db.query(
      `insert into people (name, email, external_id) values ('Other Editor', 'editor@example.com', 'https://elsewhere.example#7')`,
    );
    const { callback, browser } = await signIn('editor');
    expect(location(callback)).toBe('/login?error=sign_in_failed');
    expect(browser.cookie('ops_console_session')).toBeUndefined();
    expect(await person('editor@example.com')).toMatchObject({
      name: 'Other Editor',
      external_id: 'https://elsewhere.example#7',
    });
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'refuses the foreign return_to %s before going to the provider',
    async (returnTo) => {
      const browser = new Browser();
      const response = await browser.request(
        server.at(`api/auth/oidc/login?return_to=${encodeURIComponent(returnTo)}`),
      );
      expect(response.status).toBe(302);
      expect(location(response)).toBe('/login?error=return_to_forbidden');
      expect(browser.cookie('oidc_flow')).toBeUndefined();
    },
  );

  it('answers 401 with the expiry message once the session has expired', async () => {
    const { browser } = await signIn('admin');
    expect((await whoami(browser)).status).toBe(200);
    await server.db.query(
      `update _sessions set expires_at = now() - interval '1 minute'
       where person_id = (select id from people where email = 'admin@example.com')`,
    );
    // Another writer's change reaches the sign-in cache by notification, within moments.
    const expired = await eventually(async () => {
      const answer = await whoami(browser);
      expect(answer.status).toBe(401);
      return answer;
    }, 1500);
    expect(await expired.json()).toMatchObject({
      message: 'Your session has expired. Please sign in again.',
    });
  });

  it('refuses a deactivated person', async () => {
    const { browser } = await signIn('viewer');
    expect((await whoami(browser)).status).toBe(200);
    const viewer = (await person('viewer@example.com'))!;
    await server.db.query(`update identities set state = 'inactive' where id = $1`, [viewer.id]);
    const { callback, browser: later } = await signIn('viewer');
    expect(location(callback)).toBe('/login?error=sign_in_failed');
    expect(later.cookie('ops_console_session')).toBeUndefined();
    await server.db.query(`update identities set state = 'active' where id = $1`, [viewer.id]);
  });

  it('signs out at the provider too: logout answers its end-session address', async () => {
    const { browser } = await signIn('admin');
    const csrf = browser.cookie('csrf_token')!.value;
    const logout = await browser.request(server.at('api/auth/logout'), {
      method: 'POST',
      headers: { 'x-csrf-token': csrf },
    });
    expect(logout.status).toBe(200);
    const { redirectTo } = (await logout.json()) as { redirectTo: string };
    const endSession = new URL(redirectTo);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(server.at('login'));
    expect(endSession.searchParams.get('client_id')).toBe('ops-console');
    expect((await whoami(browser)).status).toBe(401);
    // The provider accepts it (an unknown client, token or return address would be an error page).
    const confirm = await browser.request(redirectTo);
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain('Sign out of the demo provider too?');
  });
});

describe('OIDC discovery', () => {
  it('lets the console start while the provider is down, and signs in once it is up', async () => {
    const port = await freePort();
    const server = await startTestServer({
      env: {
        OIDC_ISSUER_URL: `http://127.0.0.1:${port}`,
        OIDC_CLIENT_ID: 'ops-console',
        OIDC_CLIENT_SECRET: 'discovery-secret',
        OIDC_ROLE_MAP: DEMO_ROLE_MAP,
        BASE_PATH: '/console/',
      },
    });
    let provider: RunningOidcProvider | undefined;
    try {
      const login = server.at('api/auth/oidc/login?return_to=%2Fhealth');
      const down = await fetch(login, { redirect: 'manual' });
      expect(down.status).toBe(302);
      expect(down.headers.get('location')).toBe('/console/login?error=sign_in_failed');

      provider = await startOidcProvider({
        port,
        consoleUrls: [server.url],
        clientSecret: 'discovery-secret',
      });
      const up = await fetch(login, { redirect: 'manual' });
      expect(up.status).toBe(302);
      const authorization = new URL(up.headers.get('location')!);
      expect(authorization.origin).toBe(provider.issuer);
      expect(authorization.searchParams.get('redirect_uri')).toBe(server.at('api/auth/oidc/callback'));
      expect(up.headers.getSetCookie().join('\n')).toMatch(
        /^oidc_flow=.*; Path=\/console\/api\/auth\/oidc\/;/m,
      );
    } finally {
      await provider?.close();
      await server.stop();
    }
  });
});
