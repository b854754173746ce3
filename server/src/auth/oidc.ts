import { Router, type Request, type Response } from 'express';
import * as client from 'openid-client';
import { Strategy, type AuthenticateOptions, type VerifyFunction } from 'openid-client/passport';
import type { Config, OidcConfig } from '../config.js';
import type { Logger } from '../http/logging.js';
import type { Db } from '../platform/db/db.js';
import type { Passport } from './authenticate.js';
import { loadPrincipal } from './identities.js';
import { clearFlow, readFlow, writeFlow, type StrategyState } from './oidc-flow.js';
import { EmailInUseError, personFromClaims } from './oidc-people.js';
import { consoleUrl, safeReturnTo, underBase } from './return-to.js';
import type { SessionCookies } from './session-http.js';
import { keptAccessToken, RefreshRefused } from './session-access-token.js';
import type { ProviderTokens } from './session-store.js';

const STRATEGY = 'oidc';
/** Where the strategy looks for its flow data in req.session (see oidc-flow.ts). */
const SESSION_KEY = 'oidc';

/** The `error` codes of `login?error=…` (the UI shows the spec's text for each). */
type SignInError = 'return_to_forbidden' | 'flow_expired' | 'sign_in_failed';

interface FlowOptions extends AuthenticateOptions {
  phase: 'login' | 'callback';
}

/** passport's req.user after the code exchange: the person, and the provider's tokens to keep server-side. */
interface OidcUser extends Express.User {
  provider: ProviderTokens;
}

/** A failure of the console itself (its database) during the callback: a 500, not a refused sign-in. */
class ConsoleFailure extends Error {}

/**
 * openid-client's strategy sends `state` only to providers without PKCE; the console always sends
 * PKCE (S256), state and nonce. The base class stores both in the flow and checks them at the
 * callback. Which half of the flow runs is the route's choice, not guessed from the query string.
 */
class OidcStrategy extends Strategy {
  override authorizationRequestParams<TOptions extends AuthenticateOptions>(req: Request, options: TOptions) {
    const params = new URLSearchParams(super.authorizationRequestParams(req, options));
    params.set('state', client.randomState());
    params.set('nonce', client.randomNonce());
    return params;
  }

  override shouldInitiateAuthRequest<TOptions extends AuthenticateOptions>(
    _req: Request,
    _currentUrl: URL,
    options: TOptions,
  ) {
    return (options as unknown as FlowOptions).phase === 'login';
  }
}

/** What a log line may say about a failure: OAuth error codes and messages, never tokens or bodies. */
function describe(failure: unknown): Record<string, unknown> {
  if (failure instanceof client.ResponseBodyError || failure instanceof client.AuthorizationResponseError)
    return { error: failure.error, description: failure.error_description };
  if (failure instanceof Error)
    return {
      error: failure.name,
      message: failure.message,
      code: (failure as { code?: unknown }).code,
      // openid-client's messages are generic; the cause says which check failed.
      detail: failure.cause instanceof Error ? failure.cause.message : undefined,
    };
  if (failure && typeof failure === 'object' && 'message' in failure) return { message: failure.message };
  return { message: String(failure) };
}

const withRequestSession = (req: Request, session: object) => Object.assign(req, { session });

/** A token response's tokens as a session keeps them, over what it kept before (`kept`). */
function providerTokens(
  tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
  kept: ProviderTokens,
  keepAccessToken: boolean,
): ProviderTokens {
  const expiresIn = tokens.expiresIn();
  return {
    ...kept,
    // A refresh answer may repeat neither: the ones kept stay good then.
    ...(tokens.id_token ? { id_token: tokens.id_token } : {}),
    ...(tokens.refresh_token ? { refresh_token: tokens.refresh_token } : {}),
    ...(keepAccessToken
      ? keptAccessToken(tokens.access_token, expiresIn)
      : expiresIn !== undefined
        ? { access_token_expires_at: Date.now() + expiresIn * 1000 }
        : {}),
  };
}

export interface Oidc {
  /** GET /oidc/login and /oidc/callback, mounted under /api/auth. */
  router: Router;
  /** The provider's configuration, discovered at the first need (and again after a failure). */
  configuration(): Promise<client.Configuration>;
  /**
   * The tokens of a session renewed with its refresh token (openid-client's refresh grant), over
   * the ones it kept. Throws RefreshRefused when the provider refuses, else why it could not be
   * asked.
   */
  refresh(provider: ProviderTokens & { refresh_token: string }): Promise<ProviderTokens>;
  /**
   * The provider's end-session address for a signed-out session (id_token_hint,
   * post_logout_redirect_uri), or undefined when the provider has no end-session endpoint.
   */
  endSessionUrl(provider: ProviderTokens | null, postLogoutRedirectUri: string): Promise<string | undefined>;
}

export function createOidc({
  config,
  db,
  passport,
  cookies,
  logger,
}: {
  config: Config;
  db: Db;
  passport: Passport;
  cookies: SessionCookies;
  logger: Logger;
}): Oidc {
  const oidc: OidcConfig = config.auth.oidc!;
  const { basePath } = config;
  const log = logger.child({ component: 'oidc' });
  // Kept only for a platform that takes it (upstream mode): a token the console never sends is
  // not stored.
  const keepAccessToken = config.platform?.forwardOidcToken === true;

  /** The person the provider vouches for, created or refreshed; undefined when deactivated. */
  async function signedInUser(
    configuration: client.Configuration,
    tokens: Parameters<VerifyFunction>[0],
  ): Promise<OidcUser | undefined> {
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('the provider sent no ID token');
    // Providers differ in what they put in the ID token; userinfo has the rest (oidc-provider
    // puts profile claims only there for the code flow). The ID token wins where both speak.
    const userinfo = configuration.serverMetadata().userinfo_endpoint
      ? await client
          .fetchUserInfo(configuration, tokens.access_token, idClaims.sub)
          .catch((error: unknown) => {
            // An access token issued for an API (a resource indicator, Entra's scopes of an API) is
            // refused at userinfo: the ID token is all there is then.
            if (!(error instanceof client.WWWAuthenticateChallengeError)) throw error;
            log.debug(describe(error), 'userinfo refused the access token: the ID token’s claims only');
            return {};
          })
      : {};
    const mapping = { issuer: idClaims.iss, rolesClaim: oidc.rolesClaim, roleMap: oidc.roleMap };
    const principal = await personFromClaims(db, { ...userinfo, ...idClaims }, mapping).then(
      (personId) => (personId ? loadPrincipal(db, personId) : undefined),
      (error: unknown) => {
        throw error instanceof EmailInUseError
          ? error
          : new ConsoleFailure('storing the person failed', { cause: error });
      },
    );
    if (!principal) return undefined;
    return { ...principal, via: 'session', provider: providerTokens(tokens, {}, keepAccessToken) };
  }

  const verifyWith =
    (configuration: client.Configuration): VerifyFunction =>
    (tokens, verified) => {
      signedInUser(configuration, tokens).then(
        (user) =>
          user ? verified(null, user) : verified(null, false, { message: 'the person is deactivated' }),
        (error: unknown) => verified(error),
      );
    };

  // Discovered at the first sign-in, so the console starts while the provider is down; a
  // failed discovery is tried again at the next one.
  let discovered: Promise<client.Configuration> | undefined;
  const discover = () =>
    (discovered ??= client
      .discovery(
        new URL(oidc.issuerUrl),
        oidc.clientId,
        oidc.clientSecret,
        undefined,
        oidc.issuerUrl.startsWith('http:') ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .then((configuration) => {
        passport.use(
          STRATEGY,
          new OidcStrategy(
            { config: configuration, name: STRATEGY, sessionKey: SESSION_KEY, scope: oidc.scopes },
            verifyWith(configuration),
          ),
        );
        return configuration;
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      }));

  const toLogin = (res: Response, error: SignInError) => res.redirect(302, `${basePath}login?error=${error}`);

  const refuse = (res: Response, reason: string, failure: unknown) => {
    log.warn({ reason, ...describe(failure) }, 'OIDC sign-in failed');
    toLogin(res, 'sign_in_failed');
  };

  const callbackUrl = (req: Request) => `${consoleUrl(req, config)}api/auth/oidc/callback`;

  const router = Router();

  router.get('/oidc/login', async (req, res, next) => {
    const returnTo = safeReturnTo(req.query.return_to);
    if (returnTo === null) return toLogin(res, 'return_to_forbidden');
    try {
      await discover();
    } catch (error) {
      return refuse(res, 'discovery', error);
    }
    // The strategy stores its flow data in req.session and ends the response right after:
    // this "session" puts it in the flow cookie as it is written.
    withRequestSession(req, {
      set [SESSION_KEY](strategy: StrategyState) {
        writeFlow(req, res, basePath, { strategy, returnTo });
      },
    });
    const options: FlowOptions = { phase: 'login', callbackURL: callbackUrl(req), session: false };
    passport.authenticate(STRATEGY, options, (error: unknown) => refuse(res, 'authorization request', error))(
      req,
      res,
      next,
    );
  });

  router.get('/oidc/callback', async (req, res, next) => {
    const flow = readFlow(req);
    clearFlow(req, res, basePath);
    if (!flow) return toLogin(res, 'flow_expired');
    try {
      await discover();
    } catch (error) {
      return refuse(res, 'discovery', error);
    }
    withRequestSession(req, { [SESSION_KEY]: flow.strategy });
    const options: FlowOptions = { phase: 'callback', callbackURL: callbackUrl(req), session: false };
    passport.authenticate(STRATEGY, options, (error: unknown, user: OidcUser | false, info: unknown) => {
      if (error instanceof ConsoleFailure) return next(error.cause);
      if (error || !user) return refuse(res, 'callback', error ?? info);
      (async () => {
        // A new session at every sign-in: one planted before it is worthless.
        await cookies.end(req, res);
        await cookies.start(req, res, user.id, user.provider);
        res.redirect(302, underBase(basePath, flow.returnTo));
      })().catch(next);
    })(req, res, next);
  });

  async function endSessionUrl(provider: ProviderTokens | null, postLogoutRedirectUri: string) {
    let configuration: client.Configuration;
    try {
      configuration = await discover();
    } catch (error) {
      log.warn(describe(error), 'OIDC provider unreachable: signed out of the console only');
      return undefined;
    }
    if (!configuration.serverMetadata().end_session_endpoint) return undefined;
    const idToken = typeof provider?.id_token === 'string' ? provider.id_token : undefined;
    return client
      .buildEndSessionUrl(configuration, {
        ...(idToken ? { id_token_hint: idToken } : {}),
        post_logout_redirect_uri: postLogoutRedirectUri,
      })
      .toString();
  }

  async function refresh(provider: ProviderTokens & { refresh_token: string }) {
    const configuration = await discover();
    const tokens = await client
      .refreshTokenGrant(configuration, provider.refresh_token)
      .catch((error: unknown) => {
        // An OAuth error answer (invalid_grant above all: expired, revoked, spent) is a refusal; a
        // provider that does not answer, or fails (5xx), may renew it at the next try.
        if (error instanceof client.ResponseBodyError && error.status < 500)
          throw new RefreshRefused(
            `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`,
          );
        throw error;
      });
    return providerTokens(tokens, provider, keepAccessToken);
  }

  return { router, configuration: discover, refresh, endSessionUrl };
}
