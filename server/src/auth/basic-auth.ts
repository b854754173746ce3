/**
 * HTTP Basic credentials on any /api request, as the platform in its basic mode takes them from
 * scripts (`curl -u ada:secret .../api/db/incidents`): a local user's username and password, in
 * local mode only (with an OpenID provider the console keeps no passwords).
 *
 * Only for clients that are not browsers. Every current browser sends Fetch Metadata
 * (`Sec-Fetch-Site`) on every request, and a request carrying it is not authenticated by Basic
 * credentials: a browser signs in once (POST /api/auth/login, which the platform's UI does too)
 * and goes on with the session cookie and its CSRF check. So credentials a browser keeps for the
 * site (typed into a prompt of a proxy in front) never act for a page of another site, and a
 * proxy's own Basic credentials, passed on to the console, never stand in the way of the UI. For
 * a browser too old to send Fetch Metadata, a state-changing request whose Origin is another
 * site is refused, as the CSRF check would refuse it.
 *
 * Wrong credentials are counted by the sign-in throttle as a failed sign-in is, and a user or
 * address it locks is answered 429 without checking the password. Credentials that were right a
 * moment ago are not checked again (the sign-in cache, forgotten on every change to people).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { CSRF_MESSAGE } from '../http/csrf.js';
import { apiError } from '../http/errors.js';
import type { Db } from '../platform/db/db.js';
import { loadPrincipal, type Principal } from './identities.js';
import { WRONG_CREDENTIALS } from './router.js';
import type { LocalUsers } from './local-users.js';
import type { SignInCache } from './sign-in-cache.js';
import { throttledMessage, type SignInThrottle } from './sign-in-throttle.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `user:password` of an `Authorization: Basic` header; undefined for any other header. */
export function basicCredentials(req: Request): { username: string; password: string } | undefined {
  const match = /^basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(req.get('authorization') ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Paths other systems call with their own credentials, not a person's (a check's webhook, an
 * agent's endpoints, where the password is the agent's token): Basic credentials there are the
 * sender's, not a local user's.
 */
const WEBHOOK_PATH = /^\/(canary\/webhook|upstream)(\/|$)/;

/** A request a browser made: it carries Fetch Metadata, which pages cannot set or remove. */
export const fromBrowser = (req: Request) => req.get('sec-fetch-site') !== undefined;

/** A state-changing request whose Origin names another site than the one it was sent to. */
function crossOrigin(req: Request): boolean {
  const origin = req.get('origin');
  if (SAFE_METHODS.has(req.method) || !origin) return false;
  try {
    const { host } = new URL(origin);
    return host !== req.get('host') && host !== req.host;
  } catch {
    return true;
  }
}

export interface BasicAuth {
  /** Whether the request is to be authenticated by its Basic credentials. */
  applies(req: Request): boolean;
  /** Sets req.user (via 'basic'), or answers 401, 403 or 429. */
  authenticate: RequestHandler;
}

export function createBasicAuth({
  db,
  localUsers,
  throttle,
  cache,
  passwordsKept,
}: {
  db: Db;
  localUsers: LocalUsers;
  throttle: SignInThrottle;
  cache: SignInCache;
  /** False with an OpenID provider: the console keeps no passwords then. */
  passwordsKept: boolean;
}): BasicAuth {
  // Cache keys name credentials by a keyed hash that lives only as long as the process.
  const key = randomBytes(32);
  const cacheKey = (username: string, password: string) =>
    `basic:${createHmac('sha256', key).update(`${username}\0${password}`).digest('hex')}`;

  const refuse = (res: Response, status: number, message: string) =>
    res.status(status).json(apiError(`HTTP${status}`, message));

  const authenticate: RequestHandler = (req, res, next) => {
    const credentials = basicCredentials(req);
    if (!credentials || !credentials.username) return refuse(res, 401, WRONG_CREDENTIALS);
    if (crossOrigin(req)) return refuse(res, 403, CSRF_MESSAGE);
    const { username, password } = credentials;
    let retryAfterSeconds: number | undefined;
    const load = async (): Promise<{ personId: string; principal: Principal } | undefined> => {
      const verdict = await throttle.check(username, req.ip);
      if (!verdict.allowed) {
        retryAfterSeconds = verdict.retryAfterSeconds;
        return undefined;
      }
      const verified = await localUsers.verify(username, password);
      if (!verified) {
        await throttle.recordFailure(username, req.ip);
        return undefined;
      }
      await throttle.reset(username);
      const principal = await loadPrincipal(db, verified.personId);
      return principal && { personId: principal.id, principal };
    };
    cache.get(cacheKey(username, password), load).then((found) => {
      if (found) {
        req.user = { ...found.principal, via: 'basic' };
        return next();
      }
      if (retryAfterSeconds !== undefined) {
        res.setHeader('Retry-After', String(retryAfterSeconds));
        return refuse(res, 429, throttledMessage(retryAfterSeconds));
      }
      refuse(res, 401, WRONG_CREDENTIALS);
    }, next);
  };

  return {
    applies: (req) =>
      passwordsKept &&
      /^basic\s/i.test(req.get('authorization') ?? '') &&
      !fromBrowser(req) &&
      !WEBHOOK_PATH.test(req.path),
    authenticate,
  };
}
