import type { RequestHandler, Response } from 'express';
import passport from 'passport';
import { Strategy as BearerStrategy } from 'passport-http-bearer';
import { Strategy as LocalStrategy } from 'passport-local';
import type { Grant } from '../access/grants.js';
import { SIGN_IN_MESSAGE } from '../access/guard.js';
import { csrfProtection } from '../http/csrf.js';
import { apiError } from '../http/errors.js';
import type { Db } from '../platform/db/db.js';
import type { ApiTokenStore, SignedToken } from './api-token-store.js';
import type { BasicAuth } from './basic-auth.js';
import {
  decodeHeaderValue,
  findForwardedPerson,
  FORWARDED_USER_HEADER,
  trustsForwarder,
  unknownForwardedUser,
} from './forwarded-user.js';
import { loadPrincipal, type Principal } from './identities.js';
import type { LocalUsers } from './local-users.js';
import type { OidcAccessTokens } from './oidc-access-token.js';
import { SESSION_COOKIE, type SessionCookies } from './session-http.js';
import type { SessionStore, SignedSession } from './session-store.js';
import type { SignInCache } from './sign-in-cache.js';
import { sha256Hex } from './tokens.js';
import { readCookie } from '../http/csrf.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    /** Who a request acts for (passport's req.user), and how they proved it. */
    interface User extends Principal {
      via: 'session' | 'token' | 'basic';
      /** With a session: the token state-changing requests must repeat in X-CSRF-Token. */
      csrfToken?: string;
      /** The grants and denies in force for them (access/grants.ts), read once per request. */
      grants?: Grant[];
    }
  }
}

export type Passport = InstanceType<typeof passport.Authenticator>;

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';
export const BAD_TOKEN_MESSAGE = 'The API token is not valid, was revoked or has expired.';
/** The 403 of an agent's token anywhere but the agent endpoints. */
export const AGENT_ONLY_MESSAGE = 'An agent token reaches only the agent endpoints';
export const BASIC_FOR_AGENTS_MESSAGE =
  'HTTP Basic sign-in takes only agent tokens: send an API token as "Authorization: Bearer <token>"';

export interface Authentication {
  /** The one passport instance: 'local' (passwords), 'bearer' (API tokens); OIDC adds its own. */
  passport: Passport;
  /** Sets req.user from a Bearer token or the session cookie; a bad Bearer token is a 401. */
  identify: RequestHandler;
  /**
   * On the agent endpoints only, after identify: an agent's token given as the password of HTTP
   * Basic (any username, as the platform's agents send it) sets req.user; a bad one is a 401.
   * Elsewhere a Basic header is left to the route (a webhook sender's own credentials).
   */
  identifyAgentBasic: RequestHandler;
  /** 403 for an agent's principal: mounted after the agent endpoints, before everything else. */
  confineAgents: RequestHandler;
  /** 401 for anonymous requests. */
  requireSignedIn: RequestHandler;
  /**
   * A state-changing request made with the session cookie must repeat the session's CSRF token in
   * X-CSRF-Token (double submit: the token is also in a cookie the UI reads); Bearer requests are
   * exempt, as no browser adds that header on its own.
   */
  csrf: RequestHandler;
}

function unauthorized(res: Response, message: string): void {
  res.status(401).json(apiError('HTTP401', message));
}

/** The password of an HTTP Basic Authorization header; undefined when it holds none. */
function basicPassword(header: string): string | undefined {
  const decoded = Buffer.from(header.replace(/^basic\s+/i, ''), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : decoded.slice(colon + 1);
}

export function createAuthentication({
  db,
  tokens,
  localUsers,
  cookies,
  sessions,
  cache,
  basic,
  trustForwardedUserFrom = [],
  oidcAccessTokens,
}: {
  db: Db;
  tokens: ApiTokenStore;
  localUsers: LocalUsers;
  cookies: SessionCookies;
  sessions: SessionStore;
  cache: SignInCache;
  /** HTTP Basic credentials of local users, for clients that are not browsers (basic-auth.ts). */
  basic?: BasicAuth;
  /** TRUST_FORWARDED_USER_FROM: whose API tokens may act for the person X-Forwarded-User names. */
  trustForwardedUserFrom?: readonly string[];
  /** In OIDC mode: Bearer access tokens (JWTs) of the provider, as a console in front sends them. */
  oidcAccessTokens?: OidcAccessTokens;
}): Authentication {
  /**
   * A cached sign-in is used only while still live (expiry, idle timeout, kept alive as usual);
   * one that looks over is read again, as another replica may have kept it alive.
   */
  const signed = async <T extends { personId: string }>(
    key: string,
    load: () => Promise<T | undefined>,
    stillLive: (found: T) => Promise<boolean>,
  ): Promise<T | undefined> => {
    const found = await cache.get(key, load);
    if (!found || (await stillLive(found))) return found;
    cache.forget(key);
    return load();
  };
  const sessionOf = (id: string) =>
    signed<SignedSession>(
      `session:${sha256Hex(id)}`,
      () => sessions.findSigned(id),
      (found) => sessions.stillLive(found),
    );
  const tokenOf = (token: string) =>
    signed<SignedToken>(
      `token:${sha256Hex(token)}`,
      () => tokens.findSigned(token),
      (found) => tokens.stillLive(found),
    );

  const authenticator: Passport = new passport.Authenticator();

  authenticator.use(
    'local',
    new LocalStrategy(
      { usernameField: 'username', passwordField: 'password' },
      (username, password, done) => {
        localUsers
          .verify(username, password)
          .then(async (found) => {
            const principal = found && (await loadPrincipal(db, found.personId));
            done(null, principal ? { ...principal, via: 'session' } : false);
          })
          .catch(done);
      },
    ),
  );

  authenticator.use(
    'bearer',
    new BearerStrategy((token, done) => {
      tokenOf(token)
        .then((found) => done(null, found ? { ...found.principal, via: 'token' } : false))
        .catch(done);
    }),
  );

  // Kept like a token's sign-in, and forgotten with the person's changes alike.
  const forwardedPerson = (named: string) =>
    cache.get(`forwarded:${named.toLowerCase()}`, () => findForwardedPerson(db, named));

  const bearer: RequestHandler = (req, res, next) => {
    authenticator.authenticate('bearer', { session: false }, (error: unknown, user: Express.User | false) => {
      if (error) return next(error);
      if (!user) return unauthorized(res, BAD_TOKEN_MESSAGE);
      const named = decodeHeaderValue(req.get(FORWARDED_USER_HEADER) ?? '').trim();
      if (!named || !trustsForwarder(trustForwardedUserFrom, user)) {
        req.user = user;
        return next();
      }
      forwardedPerson(named).then((found) => {
        if (!found) return void res.status(403).json(apiError('HTTP403', unknownForwardedUser(named)));
        req.user = { ...found.principal, via: 'token' };
        next();
      }, next);
    })(req, res, next);
  };

  // Only an agent's token is taken this way: a person's token stays a Bearer token.
  const identifyAgentBasic: RequestHandler = (req, res, next) => {
    const authorization = req.get('authorization') ?? '';
    if (!/^basic\s/i.test(authorization)) return next();
    const token = basicPassword(authorization);
    if (!token) return unauthorized(res, BAD_TOKEN_MESSAGE);
    tokenOf(token).then((found) => {
      if (!found) return unauthorized(res, BAD_TOKEN_MESSAGE);
      if (!found.principal.agentId) return unauthorized(res, BASIC_FOR_AGENTS_MESSAGE);
      req.user = { ...found.principal, via: 'token' };
      next();
    }, next);
  };

  const identify: RequestHandler = (req, res, next) => {
    if (/^bearer\s/i.test(req.get('authorization') ?? ''))
      return oidcAccessTokens?.applies(req)
        ? oidcAccessTokens.identify(req, res, next)
        : bearer(req, res, next);
    if (basic?.applies(req)) return basic.authenticate(req, res, next);
    const id = readCookie(req.headers.cookie, SESSION_COOKIE);
    if (!id) return next();
    (async () => {
      const session = await sessionOf(id);
      if (session) req.user = { ...session.principal, via: 'session', csrfToken: session.csrfToken };
      else {
        // An ended or expired session: forget its cookies, and say so if the request needed it.
        cookies.clear(req, res);
        res.locals.sessionExpired = true;
      }
    })().then(() => next(), next);
  };

  const requireSignedIn: RequestHandler = (req, res, next) => {
    if (req.user) return next();
    unauthorized(res, res.locals.sessionExpired ? SESSION_EXPIRED_MESSAGE : SIGN_IN_MESSAGE);
  };

  const confineAgents: RequestHandler = (req, res, next) => {
    if (!req.user?.agentId) return next();
    res.status(403).json(apiError('HTTP403', AGENT_ONLY_MESSAGE));
  };

  const csrf = csrfProtection({
    isExempt: (req) => req.user?.via !== 'session',
    expectedToken: (req) => req.user?.csrfToken,
  });

  return { passport: authenticator, identify, identifyAgentBasic, confineAgents, requireSignedIn, csrf };
}
