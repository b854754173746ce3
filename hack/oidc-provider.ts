/**
 * A real OpenID provider (oidc-provider) in this process, for tests and `npm run dev:oidc`. Its
 * built-in development pages (devInteractions) ask for a login and a password (any password is
 * accepted) and then for consent. One demo account per console role:
 *
 *   login       name               email                   groups
 *   admin       Ada Admin          admin@example.com       ops-admins
 *   editor      Eddie Editor       editor@example.com      ops-editors
 *   commander   Cora Commander     commander@example.com   ops-commanders
 *   responder   Rosa Responder     responder@example.com   ops-responders
 *   viewer      Vic Viewer         viewer@example.com      ops-viewers
 *
 * The `groups` claim comes with the `profile` scope (the console's default scopes suffice).
 * The console is one confidential client: authorization code with PKCE (required) and refresh
 * tokens (a new one at every refresh; using a spent one revokes the grant), its callback and
 * logout addresses derived from each console base URL given. Tokens can be revoked at
 * /token/revocation.
 *
 * Access tokens are opaque by default, good for userinfo and for token introspection (RFC 7662,
 * /token/introspection: a client asks about its own tokens only), which answers the person's
 * `email` with the token, as Keycloak's does. With `accessTokens`, they are JWTs for one resource
 * indicator, as Keycloak, Dex or Entra issue them for an API: their `aud` is the resource, they
 * carry the person's `email`, and the profile claims go into the ID token instead (userinfo
 * refuses a token meant for another audience).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Configuration } from 'oidc-provider';

export interface DemoUser {
  login: string;
  name: string;
  email: string;
  groups: string[];
}

const names: Record<string, string> = {
  admin: 'Ada Admin',
  editor: 'Eddie Editor',
  commander: 'Cora Commander',
  responder: 'Rosa Responder',
  viewer: 'Vic Viewer',
};

export const DEMO_USERS: DemoUser[] = Object.entries(names).map(([role, name]) => ({
  login: role,
  name,
  email: `${role}@example.com`,
  groups: [`ops-${role}s`],
}));

/** OIDC_ROLE_MAP for the demo groups: ops-admins=admin,ops-editors=editor,… */
export const DEMO_ROLE_MAP = DEMO_USERS.map((user) => `${user.groups[0]}=${user.login}`).join(',');

export interface OidcProviderOptions {
  /** Default: a free port. */
  port?: number;
  /** Base URLs of the consoles that sign in here, e.g. 'http://127.0.0.1:8080/console/'. */
  consoleUrls: string[];
  clientId?: string;
  clientSecret?: string;
  /** JWT access tokens for this resource (their `aud`, an absolute URI), living ttlSeconds (default 3600). */
  accessTokens?: { audience: string; ttlSeconds?: number };
}

export interface RunningOidcProvider {
  /** e.g. 'http://127.0.0.1:9400' */
  issuer: string;
  clientId: string;
  clientSecret: string;
  users: DemoUser[];
  /** The grant type of every token the provider issued, in order ('authorization_code', 'refresh_token'). */
  grants: string[];
  close(): Promise<void>;
}

// oidc-provider warns on Node 20 that it wants Node 22 (harmless here), and that devInteractions
// and its in-memory storage are for development only (they are, here). Anything else still shows.
const KNOWN_NOISE = ['Unsupported runtime', 'devInteractions', 'in-memory adapter'];

async function withoutKnownNoise<T>(action: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!KNOWN_NOISE.some((noise) => String(args[0]).includes(noise))) warn(...args);
  };
  try {
    return await action();
  } finally {
    console.warn = warn;
  }
}

const page = (title: string, body: string) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;

type Settings = Required<Omit<OidcProviderOptions, 'port' | 'accessTokens'>> &
  Pick<OidcProviderOptions, 'accessTokens'>;

/** What makes access tokens JWTs for one resource (see OidcProviderOptions.accessTokens). */
function jwtAccessTokens({ audience }: { audience: string }) {
  return {
    // The ID token carries the profile: userinfo takes no token meant for the resource.
    conformIdTokenClaims: false,
    resourceIndicators: {
      enabled: true,
      defaultResource: () => audience,
      // Refreshed tokens are for the resource too, not for userinfo.
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx: unknown, indicator: string) => {
        if (indicator !== audience) throw new Error(`unknown resource ${indicator}`);
        return {
          scope: 'openid profile email',
          audience,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        };
      },
    },
  };
}

/** The person's email with each access token: in a JWT's claims, or in an opaque one's introspection. */
function extraTokenClaims(_ctx: unknown, token: { kind: string; accountId?: string }) {
  const user = DEMO_USERS.find((candidate) => candidate.login === token.accountId);
  return token.kind === 'AccessToken' && user ? { email: user.email, email_verified: true } : undefined;
}

/** A client is told about its own tokens only, as it may revoke only those. */
const ownTokensOnly = (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) =>
  token.clientId === client.clientId;

function configuration(options: Settings): Configuration {
  const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);
  const bases = options.consoleUrls.map(withSlash);
  // Fresh keys at every start: nothing outlives the process (the defaults would warn instead).
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwt = options.accessTokens && jwtAccessTokens(options.accessTokens);
  return {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: bases.map((base) => `${base}api/auth/oidc/callback`),
        post_logout_redirect_uris: bases.flatMap((base) => [base, `${base}login`]),
        // What openid-client does with a client secret and no other choice made.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: {
      openid: ['sub'],
      profile: ['name', 'picture', 'groups'],
      email: ['email', 'email_verified'],
    },
    findAccount(_ctx, sub) {
      const user = DEMO_USERS.find((candidate) => candidate.login === sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          name: user.name,
          email: user.email,
          email_verified: true,
          groups: user.groups,
        }),
      };
    },
    extraTokenClaims,
    ...(jwt ? { conformIdTokenClaims: jwt.conformIdTokenClaims } : {}),
    features: {
      devInteractions: { enabled: true },
      revocation: { enabled: true, allowedPolicy: ownTokensOnly },
      introspection: { enabled: true, allowedPolicy: ownTokensOnly },
      ...(jwt ? { resourceIndicators: jwt.resourceIndicators } : {}),
      rpInitiatedLogout: {
        enabled: true,
        // `form` is the provider's hidden form (id op.logoutForm) that the buttons submit.
        logoutSource(ctx: { body: string }, form: string) {
          ctx.body = page(
            'Sign out',
            `${form}<p>Sign out of the demo provider too?</p>
             <button autofocus type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign out</button>
             <button type="submit" form="op.logoutForm">No, stay signed in</button>`,
          );
        },
        postLogoutSuccessSource(ctx: { body: string }) {
          ctx.body = page('Signed out', '<p>You are signed out of the demo provider.</p>');
        },
      },
    },
    pkce: { required: () => true },
    // Without offline_access in the scopes, oidc-provider would issue no refresh token.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // As most providers do: a client that refreshes twice with one token has lost track of it.
    rotateRefreshToken: true,
    // Lifetimes in seconds, short as befits a development provider (the defaults log a notice each).
    ttl: {
      Interaction: 600,
      Session: 86_400,
      Grant: 86_400,
      AccessToken: options.accessTokens?.ttlSeconds ?? 3600,
      IdToken: 3600,
      RefreshToken: 86_400,
    },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
  };
}

/** Starts the provider on 127.0.0.1 (its issuer is http://127.0.0.1:<port>). */
export async function startOidcProvider(options: OidcProviderOptions): Promise<RunningOidcProvider> {
  const clientId = options.clientId ?? 'ops-console';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  // The issuer names the port, so the provider is created once the server listens.
  let handle: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const grants: string[] = [];
  const server = http.createServer((req, res) => handle(req, res));
  server.listen(options.port ?? 0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const provider = await withoutKnownNoise(async () => {
      const { default: Provider } = await import('oidc-provider');
      return new Provider(
        issuer,
        configuration({
          consoleUrls: options.consoleUrls,
          clientId,
          clientSecret,
          accessTokens: options.accessTokens,
        }),
      );
    });
    provider.on('grant.success', (ctx) => grants.push(String(ctx.oidc.params?.grant_type)));
    handle = provider.callback();
  } catch (error) {
    server.close();
    throw error;
  }
  return {
    issuer,
    clientId,
    clientSecret,
    users: DEMO_USERS,
    grants,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
