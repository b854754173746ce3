/**
 * Upstream mode with the person's own token when the provider issues opaque access tokens (as
 * oidc-provider does without resource indicators): the platform console cannot read them, so it
 * asks the provider's introspection endpoint (RFC 7662) with its own client credentials. One real
 * OpenID provider (hack/oidc-provider.ts), a platform console that accepts the provider's tokens
 * for the client they were issued to (OIDC_ACCEPTED_AUDIENCES), a front console in front of it.
 */
import { DEMO_ROLE_MAP, startOidcProvider, type RunningOidcProvider } from '../../hack/oidc-provider.js';
import { createApiTokenStore } from '../../server/src/auth/api-token-store.js';
import { INTROSPECTED_FOR_MS } from '../../server/src/auth/oidc-access-token.js';
import type { WhoamiAnswer } from '../../server/src/auth/whoami.js';
import { eventually } from '../support/eventually.js';
import { heldPort } from '../support/free-port.js';
import { signedInThroughProvider } from '../support/oidc-browser.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { addPersonByEmail, createLocalUser, messageOf, withToken } from '../support/session.js';

const CLIENT_ID = 'ops-console';
const CLIENT_SECRET = 'opaque-oidc-secret';

let provider: RunningOidcProvider;
let platform: TestServer;
let front: TestServer;
let issuer: string;
let editorOnPlatform: string;

beforeAll(async () => {
  // Both consoles discover the provider at first need: they start first, on its chosen port.
  const held = await heldPort();
  issuer = `http://127.0.0.1:${held.port}`;
  const oidc = {
    OIDC_ISSUER_URL: issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_ROLE_MAP: DEMO_ROLE_MAP,
  };
  platform = await startTestServer({
    template: 'empty',
    env: { ...oidc, OIDC_ACCEPTED_AUDIENCES: CLIENT_ID },
  });
  const frontPerson = await createLocalUser(platform, 'front-console', 'admin');
  const frontToken = (await createApiTokenStore(platform.db).create(frontPerson, 'the front console')).token;
  front = await startTestServer({
    template: 'empty',
    env: {
      ...oidc,
      PLATFORM_URL: `${platform.url}api`,
      PLATFORM_TOKEN: frontToken,
      PLATFORM_FORWARD_OIDC_TOKEN: 'true',
    },
  });
  await held.release();
  provider = await startOidcProvider({
    port: held.port,
    consoleUrls: [front.url, platform.url],
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
  });
  // Added on the platform by an administrator before they ever sign in there: by email.
  editorOnPlatform = await addPersonByEmail(platform, 'Eddie Editor', 'editor@example.com', 'editor');
});

afterAll(async () => {
  await front?.stop();
  await platform?.stop();
  await provider?.close();
});

/** Signs the editor in at the front; their session there, and the provider's tokens it keeps. */
async function editorAtFront() {
  const { session } = await signedInThroughProvider(front, 'editor');
  const { rows } = await front.db.query<{ provider: { access_token: string; refresh_token: string } }>(
    `select s.provider from _sessions s join people p on p.id = s.person_id
     where p.email = 'editor@example.com' order by s.created_at desc limit 1`,
  );
  return { session, kept: rows[0]!.provider };
}

const refusal = (why: string) => `The access token is not accepted: ${why}.`;

describe("the person's own opaque access token", () => {
  it('acts on the platform as the person the provider says it names', async () => {
    const { session, kept } = await editorAtFront();
    expect(kept.access_token).not.toContain('.');
    const me = (await (await session.fetch('api/auth/whoami')).json()) as WhoamiAnswer;
    expect(me.user.id).toBe(editorOnPlatform);
    expect((await session.fetch('api/db/incidents?select=id&limit=1')).status).toBe(200);
  });

  it('refuses a refresh token and a token the provider never issued', async () => {
    const { kept } = await editorAtFront();
    const refresh = await withToken(platform, kept.refresh_token, 'api/auth/whoami');
    expect(refresh.status).toBe(401);
    expect(await messageOf(refresh)).toBe(refusal('it is not an access token'));
    const made = await withToken(platform, 'x'.repeat(43), 'api/auth/whoami');
    expect(made.status).toBe(401);
    expect(await messageOf(made)).toBe(refusal(`${issuer} says it is not active (expired or revoked)`));
  });

  it('refuses a token revoked at the provider once the answer it kept is due', async () => {
    const { kept } = await editorAtFront();
    expect((await withToken(platform, kept.access_token, 'api/auth/whoami')).status).toBe(200);
    const revoked = await fetch(`${issuer}/token/revocation`, {
      method: 'POST',
      body: new URLSearchParams({
        token: kept.access_token,
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
      }),
    });
    expect(revoked.status).toBe(200);
    const refused = await eventually(
      async () => {
        const answer = await withToken(platform, kept.access_token, 'api/auth/whoami');
        expect(answer.status).toBe(401);
        return answer;
      },
      INTROSPECTED_FOR_MS + 20_000,
      250,
    );
    expect(await messageOf(refused)).toBe(refusal(`${issuer} says it is not active (expired or revoked)`));
  });
});
