/**
 * Upstream mode with the person's own token (PLATFORM_FORWARD_OIDC_TOKEN): one real OpenID
 * provider (hack/oidc-provider.ts) issuing short-lived JWT access tokens for the platform's
 * audience, a platform console in OIDC mode that accepts them (OIDC_ACCEPTED_AUDIENCES), and a
 * front console in OIDC mode in front of it, with a recording tap between the two. People sign in
 * at the front through the provider's pages; the platform knows them by email, or by subject once
 * they signed in there too.
 */
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { DEMO_ROLE_MAP, startOidcProvider, type RunningOidcProvider } from '../../hack/oidc-provider.js';
import { createApiTokenStore } from '../../server/src/auth/api-token-store.js';
import { BAD_TOKEN_MESSAGE } from '../../server/src/auth/authenticate.js';
import { SIGN_IN_ENDED_MESSAGE } from '../../server/src/auth/session-access-token.js';
import type { WhoamiAnswer } from '../../server/src/auth/whoami.js';
import type { Role } from '../../server/src/access/roles.js';
import { startServer } from '../../server/src/server.js';
import { availableBackends } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { heldPort } from '../support/free-port.js';
import { uniqueName } from '../support/health-data.js';
import { signedInThroughProvider, signInAt } from '../support/oidc-browser.js';
import { Tap, type Seen } from '../support/recording-tap.js';
import { startTestServer, type TestServer } from '../support/server.js';
import {
  addPersonByEmail,
  createLocalUser,
  messageOf,
  SessionClient,
  withToken,
} from '../support/session.js';

const AUDIENCE = 'urn:ops-console:platform';
/** Short, so that renewals come within a test: each token is renewed half-way through its life. */
const ACCESS_TOKEN_TTL_S = 6;
const CLIENT_SECRET = 'upstream-oidc-secret';
const FRONT_EMAIL = 'front-console@example.com';
/** PostgreSQL when there is one: renewals are locked per session across replicas there. */
const frontBackend = availableBackends().at(-1)!;

let provider: RunningOidcProvider;
let platform: TestServer;
let front: TestServer;
let tap: Tap;
let frontToken: string;
let issuer: string;

interface KeptTokens {
  id_token: string;
  refresh_token: string;
  access_token: string;
  access_token_expires_at: number;
  access_token_refresh_at: number;
}

beforeAll(async () => {
  // Both consoles discover the provider at first need, so they start first, with its port chosen
  // now; the provider then starts on it knowing both consoles' addresses.
  const held = await heldPort();
  issuer = `http://127.0.0.1:${held.port}`;
  const oidc = {
    OIDC_ISSUER_URL: issuer,
    OIDC_CLIENT_ID: 'ops-console',
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_ROLE_MAP: DEMO_ROLE_MAP,
  };
  platform = await startTestServer({
    template: 'empty',
    env: { ...oidc, OIDC_ACCEPTED_AUDIENCES: AUDIENCE, TRUST_FORWARDED_USER_FROM: FRONT_EMAIL },
  });
  const frontPerson = await createLocalUser(platform, 'front-console', 'admin');
  frontToken = (await createApiTokenStore(platform.db).create(frontPerson, 'the front console')).token;
  tap = new Tap(() => platform.port);
  await tap.listen();
  front = await startTestServer({
    backend: frontBackend,
    template: 'empty',
    env: {
      ...oidc,
      PLATFORM_URL: `http://127.0.0.1:${tap.port}/api`,
      PLATFORM_TOKEN: frontToken,
      PLATFORM_FORWARD_OIDC_TOKEN: 'true',
      PLATFORM_TIMEOUT: '5s',
    },
  });
  await held.release();
  provider = await startOidcProvider({
    port: held.port,
    consoleUrls: [front.url, platform.url],
    clientId: 'ops-console',
    clientSecret: CLIENT_SECRET,
    accessTokens: { audience: AUDIENCE, ttlSeconds: ACCESS_TOKEN_TTL_S },
  });
  // On the platform as an administrator adds people before they ever sign in there: by email.
  const added: [string, string, Role][] = [
    ['Eddie Editor', 'editor@example.com', 'editor'],
    ['Vic Viewer', 'viewer@example.com', 'viewer'],
    ['Ada Admin', 'admin@example.com', 'admin'],
  ];
  for (const [name, email, role] of added) await addPersonByEmail(platform, name, email, role);
});

afterAll(async () => {
  await front?.stop();
  await tap?.close().catch(() => {});
  await platform?.stop();
  await provider?.close();
});

/** Signs in at the front through the provider; a client that sends the session cookie and CSRF token. */
async function signInAtFront(login: string) {
  const { session, browser } = await signedInThroughProvider(front, login);
  return { session, setCookies: browser.setCookies };
}

/** What the front keeps of the provider's tokens with the session of this person. */
async function keptTokens(email: string): Promise<KeptTokens | undefined> {
  const { rows } = await front.db.query<{ provider: KeptTokens }>(
    `select s.provider from _sessions s join people p on p.id = s.person_id
     where p.email = $1 order by s.created_at desc limit 1`,
    [email],
  );
  return rows[0]?.provider;
}

const idOn = async (server: TestServer, email: string) =>
  (await server.db.query<{ id: string }>(`select id from people where email = $1`, [email])).rows[0]!.id;

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/** What the platform got for the request just made: the tap's last request below this path. */
const lastTo = (prefix: string): Seen => tap.to(prefix).at(-1)!;

/** Waits until the session's access token is due for renewal (its renewal time has passed). */
async function untilDue(email: string) {
  const due = (await keptTokens(email))!.access_token_refresh_at;
  await eventually(() => expect(Date.now()).toBeGreaterThan(due), 30_000, 100);
}

let firstToken: string;

describe("the person's own access token", () => {
  it('forwards the access token of a person signed in at the front, and no X-Forwarded-User', async () => {
    const { session, setCookies } = await signInAtFront('editor');
    const read = await session.fetch('api/db/canaries?select=id&limit=1');
    expect(read.status).toBe(200);
    const kept = (await keptTokens('editor@example.com'))!;
    const sent = lastTo('/db/canaries').headers;
    expect(sent.authorization).toBe(`Bearer ${kept.access_token}`);
    expect(sent['x-forwarded-user']).toBeUndefined();
    expect(sent['x-forwarded-name']).toBeUndefined();
    expect(sent.cookie).toBeUndefined();
    // A JWT of the provider for the platform's audience, kept on the server only.
    expect(claimsOf(kept.access_token)).toMatchObject({ iss: issuer, aud: AUDIENCE, sub: 'editor' });
    expect(setCookies.some((header) => header.includes(kept.access_token))).toBe(false);
    expect(await read.text()).not.toContain(kept.access_token);
    firstToken = kept.access_token;
  });

  it('makes writes on the platform as the person, and whoami answers their id there', async () => {
    const { session } = await signInAtFront('editor');
    const editorOnPlatform = await idOn(platform, 'editor@example.com');
    const title = uniqueName('Checkout down');
    const created = await session.send('POST', 'api/incidents', {
      title,
      type: 'availability',
      severity: 'high',
      status: 'open',
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const { rows } = await platform.db.query<{ created_by: string }>(
      `select created_by from incidents where id = $1`,
      [id],
    );
    expect(rows).toEqual([{ created_by: editorOnPlatform }]);
    const patched = await session.send('PATCH', `api/db/incidents?id=eq.${id}`, { status: 'investigating' });
    expect(patched.status).toBe(204);
    const history = await platform.db.query<{ created_by: string }>(
      `select created_by from incident_histories where incident_id = $1 and type = 'incident.status_updated'`,
      [id],
    );
    expect(history.rows).toEqual([{ created_by: editorOnPlatform }]);

    const me = (await (await session.fetch('api/auth/whoami')).json()) as WhoamiAnswer;
    expect(me.user.id).toBe(editorOnPlatform);
    expect(me.consoleUserId).toBe(await idOn(front, 'editor@example.com'));
    const asked = lastTo('/auth/whoami').headers;
    expect(asked.authorization).toBe(`Bearer ${(await keptTokens('editor@example.com'))!.access_token}`);
    expect(asked['x-forwarded-user']).toBeUndefined();
  });

  it('finds a person who signed in at the platform by their subject, whatever their email there', async () => {
    const { browser } = await signInAt(platform, 'responder');
    expect(browser.cookie('ops_console_session')).toBeDefined();
    await platform.db.query(`update people set email = 'rosa@elsewhere.example' where external_id = $1`, [
      `${issuer}#responder`,
    ]);
    const { session } = await signInAtFront('responder');
    const me = (await (await session.fetch('api/auth/whoami')).json()) as WhoamiAnswer;
    expect(me.user.id).toBe(await idOn(platform, 'rosa@elsewhere.example'));
    expect((await session.fetch('api/db/incidents?select=id&limit=1')).status).toBe(200);
  });

  it('leaves refusals to the platform for a person it does not know or who is deactivated', async () => {
    const { session: commander } = await signInAtFront('commander');
    const unknown = await commander.fetch('api/db/canaries?select=id&limit=1');
    expect(unknown.status).toBe(403);
    expect(await messageOf(unknown)).toBe(
      'The person the access token names (commander@example.com) is not a person of this console who may sign in: sign in here once, or ask an administrator to add them.',
    );

    const { session: viewer } = await signInAtFront('viewer');
    expect((await viewer.fetch('api/db/canaries?select=id&limit=1')).status).toBe(200);
    await platform.db.query(`update identities set state = 'inactive' where id = $1`, [
      await idOn(platform, 'viewer@example.com'),
    ]);
    // The platform hears of the change by notification, within moments.
    await eventually(async () => {
      const refused = await viewer.fetch('api/db/canaries?select=id&limit=1');
      expect(refused.status).toBe(403);
      expect(await messageOf(refused)).toMatch(/^The person the access token names \(viewer@example.com\)/);
    });
  });

  it('renews a token that is due, once, however many requests come at once', async () => {
    const { session } = await signInAtFront('admin');
    expect((await session.fetch('api/db/canaries?select=id&limit=1')).status).toBe(200);
    const before = (await keptTokens('admin@example.com'))!;
    await untilDue('admin@example.com');
    const renewalsBefore = provider.grants.filter((grant) => grant === 'refresh_token').length;
    const seenBefore = tap.seen.length;

    const answers = await Promise.all(
      Array.from({ length: 8 }, () => session.fetch('api/db/canaries?select=id&limit=1')),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(provider.grants.filter((grant) => grant === 'refresh_token').length).toBe(renewalsBefore + 1);
    const after = (await keptTokens('admin@example.com'))!;
    expect(after.access_token).not.toBe(before.access_token);
    // The provider hands out a new refresh token at each renewal; the spent one is not used again.
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.id_token).toEqual(expect.any(String));
    const sent = new Set(tap.seen.slice(seenBefore).map((request) => request.headers.authorization));
    expect([...sent]).toEqual([`Bearer ${after.access_token}`]);

    // A spent refresh token used again would have revoked the sign-in: the next renewal works.
    await untilDue('admin@example.com');
    expect((await session.fetch('api/db/canaries?select=id&limit=1')).status).toBe(200);
    expect((await keptTokens('admin@example.com'))!.access_token).not.toBe(after.access_token);
  });

  // Two replicas on one database need PostgreSQL (PGlite is one process's).
  (frontBackend === 'postgres' ? it : it.skip)(
    'renews it once across replicas sharing the database',
    async () => {
      const replica = await startServer({ ...front.config, port: 0 });
      try {
        const { session } = await signInAtFront('admin');
        const there = new SessionClient(
          { at: (path: string) => new URL(path, replica.url).toString() },
          session.cookies,
        );
        expect((await there.fetch('api/db/canaries?select=id&limit=1')).status).toBe(200);
        await untilDue('admin@example.com');
        const renewalsBefore = provider.grants.filter((grant) => grant === 'refresh_token').length;
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, n) =>
            (n % 2 ? session : there).fetch('api/db/canaries?select=id&limit=1'),
          ),
        );
        expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
        expect(provider.grants.filter((grant) => grant === 'refresh_token').length).toBe(renewalsBefore + 1);
      } finally {
        await replica.close();
      }
    },
  );

  it('still forwards a request made with an API token as the console, naming the person', async () => {
    await signInAtFront('editor');
    const editorOnFront = await idOn(front, 'editor@example.com');
    const { token } = await createApiTokenStore(front.db).create(editorOnFront, 'a script');
    expect((await withToken(front, token, 'api/db/canaries?select=id&limit=1')).status).toBe(200);
    const sent = lastTo('/db/canaries').headers;
    expect(sent.authorization).toBe(`Bearer ${frontToken}`);
    expect(sent['x-forwarded-user']).toBe('editor@example.com');
    expect(sent['x-forwarded-name']).toBe('Eddie Editor');
  });

  it('ends the session with a 401 asking to sign in again once the provider no longer renews it', async () => {
    const { session } = await signInAtFront('editor');
    expect((await session.fetch('api/db/canaries?select=id&limit=1')).status).toBe(200);
    const kept = (await keptTokens('editor@example.com'))!;
    const revoked = await fetch(`${issuer}/token/revocation`, {
      method: 'POST',
      body: new URLSearchParams({
        token: kept.refresh_token,
        token_type_hint: 'refresh_token',
        client_id: 'ops-console',
        client_secret: CLIENT_SECRET,
      }),
    });
    expect(revoked.status).toBe(200);
    await untilDue('editor@example.com');
    const refused = await session.fetch('api/db/canaries?select=id&limit=1');
    expect(refused.status).toBe(401);
    expect(await messageOf(refused)).toBe(SIGN_IN_ENDED_MESSAGE);
    // Ended here too: the sign-in page finds no session and goes to the provider.
    const { rows } = await front.db.query(`select 1 from _sessions where provider->>'refresh_token' = $1`, [
      kept.refresh_token,
    ]);
    expect(rows).toEqual([]);
    expect((await session.fetch('api/auth/whoami')).status).toBe(401);
  });
});

describe('the platform, given a Bearer JWT', () => {
  const direct = (token: string) => withToken(platform, token, 'api/db/canaries?select=id&limit=1');

  /** A JWT like the provider's, signed with a key of someone else. */
  async function forged(claims: Record<string, unknown>) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return new SignJWT({ email: 'admin@example.com', ...claims })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'forged' })
      .setSubject('admin')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
  }

  it("refuses a forged token, another issuer's and one meant for another audience", async () => {
    const forgedToken = await direct(await forged({ iss: issuer, aud: AUDIENCE }));
    expect(forgedToken.status).toBe(401);
    expect(await messageOf(forgedToken)).toBe(
      `The access token is not accepted: its signature is not one of ${issuer}'s keys.`,
    );
    const foreign = await direct(await forged({ iss: 'https://id.elsewhere.example', aud: AUDIENCE }));
    expect(foreign.status).toBe(401);
    expect(await messageOf(foreign)).toBe(
      `The access token is not accepted: it was not issued by ${issuer}.`,
    );
    // The ID token is the provider's too, but for the client, not the platform's audience.
    const idToken = (await keptTokens('admin@example.com'))!.id_token;
    const wrongAudience = await direct(idToken);
    expect(wrongAudience.status).toBe(401);
    expect(await messageOf(wrongAudience)).toBe(
      `The access token is not accepted: it is not meant for this console (aud must name ${AUDIENCE}).`,
    );
    expect((await direct('not.a.jwt')).status).toBe(401);
  });

  it('still takes its own API tokens', async () => {
    expect((await direct(frontToken)).status).toBe(200);
  });

  it('is taken by no console without OIDC_ACCEPTED_AUDIENCES, not even for its client id', async () => {
    const kept = (await keptTokens('admin@example.com'))!;
    for (const token of [kept.id_token, kept.access_token]) {
      const refused = await withToken(front, token, 'api/auth/whoami');
      expect(refused.status).toBe(401);
      expect(await messageOf(refused)).toBe(BAD_TOKEN_MESSAGE);
    }
  });

  it('refuses an access token once it has expired', async () => {
    const refused = await eventually(
      async () => {
        const answer = await direct(firstToken);
        expect(answer.status).toBe(401);
        return answer;
      },
      60_000,
      500,
    );
    expect(await messageOf(refused)).toBe('The access token is not accepted: it has expired.');
  });
});

describe('a provider that does not answer', () => {
  it('answers 502 when a token is due and keeps the session, to renew it once the provider is back', async () => {
    const { session } = await signInAtFront('admin');
    expect((await session.fetch('api/db/canaries?select=id&limit=1')).status).toBe(200);
    await untilDue('admin@example.com');
    await provider.close();
    const failed = await session.fetch('api/db/canaries?select=id&limit=1');
    expect(failed.status).toBe(502);
    expect(await messageOf(failed)).toMatch(/^The OpenID provider did not answer to renew your sign-in/);
    expect(await keptTokens('admin@example.com')).toBeDefined();
    expect((await session.fetch('api/auth/whoami')).status).toBe(200);
  });
});
