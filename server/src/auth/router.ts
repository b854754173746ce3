import { Router, type RequestHandler } from 'express';
import { MISSING_CREDENTIALS } from '../../../common/credentials.js';
import { actionsFor } from '../access/actions.js';
import type { FlagReader } from '../access/guard.js';
import type { Config } from '../config.js';
import { HttpError } from '../http/errors.js';
import type { Db } from '../platform/db/db.js';
import type { ApiTokenStore } from './api-token-store.js';
import type { Authentication } from './authenticate.js';
import { INVITE_INVALID, type Invites } from './invites.js';
import type { LocalUsers } from './local-users.js';
import { consoleUrl } from './return-to.js';
import type { SessionCookies } from './session-http.js';
import type { ProviderTokens, SessionStore } from './session-store.js';
import { throttledMessage, type SignInThrottle } from './sign-in-throttle.js';
import { listedToken, platformPermissions, tokenExpiry } from './platform-shapes.js';
import type { PlatformPersonId } from './platform-person.js';
import type { SessionAccessTokens } from './session-access-token.js';
import type { AuthMode, WhoamiAnswer } from './whoami.js';

export interface AuthRouterDependencies {
  config: Config;
  db: Db;
  auth: Authentication;
  cookies: SessionCookies;
  sessions: SessionStore;
  tokens: ApiTokenStore;
  localUsers: LocalUsers;
  throttle: SignInThrottle;
  invites: Invites;
  flags: FlagReader;
  /** OIDC mode: the provider's logout address for an ending session, if it has one. */
  endSessionUrl?: (
    provider: ProviderTokens | null,
    postLogoutRedirectUri: string,
  ) => Promise<string | undefined>;
  /** Upstream mode: the person's id on the platform, whose rows name people by it. */
  platformPersonId?: PlatformPersonId;
  /** With PLATFORM_FORWARD_OIDC_TOKEN: the platform is asked with the person's own access token. */
  sessionAccessTokens?: SessionAccessTokens;
}

export const WRONG_CREDENTIALS = 'Wrong username or password.';

const modeOf = (config: Config): AuthMode => (config.auth.oidc ? 'oidc' : 'local');

/** Refuses what only local mode offers (passwords) when people sign in at an OpenID provider. */
const localOnly =
  (config: Config): RequestHandler =>
  (_req, _res, next) => {
    if (!config.auth.oidc) return next();
    next(
      new HttpError(
        409,
        `Passwords are not used here: this console signs in through ${config.auth.oidc.issuerUrl}.`,
      ),
    );
  };

/** /api/auth routes anyone may call: how to sign in, signing in and out, accepting an invitation. */
export function createPublicAuthRouter(deps: AuthRouterDependencies): Router {
  const { config, db, auth, cookies, localUsers, throttle, invites } = deps;
  const router = Router();

  router.get('/config', (_req, res) => {
    res.json({ mode: modeOf(config), ...(config.auth.oidc ? { issuer: config.auth.oidc.issuerUrl } : {}) });
  });

  router.post('/login', localOnly(config), async (req, res, next) => {
    // A script that sent HTTP Basic credentials was signed in by them already (basic-auth.ts).
    if (req.user?.via === 'basic') {
      res.json({ message: 'logged in', ...(await cookies.start(req, res, req.user.id)) });
      return;
    }
    // JSON only, as both UIs send it: a cross-site page can post a form, never JSON.
    const { username, password } = (req.body ?? {}) as { username?: unknown; password?: unknown };
    if (typeof username !== 'string' || typeof password !== 'string' || !username.trim() || !password)
      throw new HttpError(400, MISSING_CREDENTIALS);
    const verdict = await throttle.check(username, req.ip);
    if (!verdict.allowed) {
      res.setHeader('Retry-After', String(verdict.retryAfterSeconds));
      throw new HttpError(429, throttledMessage(verdict.retryAfterSeconds));
    }
    auth.passport.authenticate('local', { session: false }, (error: unknown, user: Express.User | false) => {
      (async () => {
        if (error) throw error;
        if (!user) {
          await throttle.recordFailure(username, req.ip);
          throw new HttpError(401, WRONG_CREDENTIALS);
        }
        await throttle.reset(username);
        // The platform's answer to a basic sign-in beside the console's CSRF token.
        res.json({ message: 'logged in', ...(await cookies.start(req, res, user.id)) });
      })().catch(next);
    })(req, res, next);
  });

  router.post('/logout', auth.csrf, async (req, res) => {
    const ended = await cookies.end(req, res);
    const redirectTo =
      ended && deps.endSessionUrl
        ? await deps.endSessionUrl(ended.provider, `${consoleUrl(req, config)}login`)
        : undefined;
    if (redirectTo) res.json({ redirectTo });
    else res.status(204).end();
  });

  router.post('/invite/lookup', async (req, res) => {
    const invite = await invites.find((req.body as { token?: unknown } | undefined)?.token);
    if (!invite) throw new HttpError(404, INVITE_INVALID);
    const { firstName, lastName, email } = invite;
    res.json({ firstName, lastName, email, mode: modeOf(config) });
  });

  router.post('/invite/accept', localOnly(config), async (req, res) => {
    const { token, password } = (req.body ?? {}) as { token?: unknown; password?: unknown };
    const invite = await invites.find(token);
    if (!invite || !invite.email) throw new HttpError(404, INVITE_INVALID);
    // Validates the password before the invitation is spent; the username is the email.
    await localUsers.attachPassword(invite.personId, invite.email, String(password ?? ''));
    const used = await db.transaction((tx) => invites.use(tx, token as string));
    if (!used) throw new HttpError(404, INVITE_INVALID);
    res.json(await cookies.start(req, res, invite.personId));
  });

  return router;
}

/** The grants whoami lists: those that bind the caller (denies do not bind an admin). */
const publishedGrants = ({ grants = [], roles }: Express.User) =>
  roles.includes('admin') ? grants.filter((grant) => !grant.deny) : grants;

/** /api/auth routes for the signed-in caller: who they are, their API tokens, their password. */
export function createAccountRouter(deps: AuthRouterDependencies): Router {
  const { config, cookies, sessions, tokens, localUsers, flags } = deps;
  const router = Router();

  router.get('/whoami', async (req, res) => {
    const { id: consoleUserId, name, email, avatar, roles, permissions } = req.user!;
    const platformPerson = async () => {
      if (!deps.platformPersonId) return undefined;
      const own = await deps.sessionAccessTokens?.forRequest(req);
      return deps.platformPersonId(req.user!, own && 'token' in own ? own.token : undefined);
    };
    const [disabledFeatures, platformId] = await Promise.all([flags(), platformPerson()]);
    const id = platformId ?? consoleUserId;
    const user = { id, name, email, avatar };
    const grants = publishedGrants(req.user!);
    const body: WhoamiAnswer = {
      user,
      roles,
      permissions,
      disabledFeatures,
      actions: actionsFor(req.user!, disabledFeatures),
      grants,
      authMode: modeOf(config),
      consoleUserId,
      message: 'success',
      payload: { user, roles, permissions: platformPermissions(id, permissions, grants) },
    };
    res.json(body);
  });

  // The caller's own tokens, in the platform's envelope (its Tokens screen reads `payload`).
  router.get('/tokens', async (req, res) => {
    const owner = req.user!;
    const payload = (await tokens.list(owner.id)).map((token) => listedToken(token, owner));
    res.json({ message: 'success', payload });
  });

  router.post('/create_token', async (req, res) => {
    const { name, expiry } = (req.body ?? {}) as { name?: unknown; expiry?: unknown };
    const created = await tokens.create(req.user!.id, name as string, tokenExpiry(expiry));
    res.status(201).json({ ...created, message: 'success', payload: { token: created.token } });
  });

  const revoke: RequestHandler = async (req, res) => {
    if (!(await tokens.revoke(req.user!.id, String(req.params.id))))
      throw new HttpError(404, 'You have no such API token.');
    if (req.path.startsWith('/token/')) res.json({ message: 'success' });
    else res.status(204).end();
  };
  router.delete('/tokens/:id', revoke);
  // The platform's path for it.
  router.delete('/token/:id', revoke);

  router.post('/change_password', localOnly(config), async (req, res) => {
    const { currentPassword, newPassword } = (req.body ?? {}) as Record<string, unknown>;
    const personId = req.user!.id;
    await localUsers.changePassword(personId, String(currentPassword ?? ''), String(newPassword ?? ''));
    // Every other session of this person ends; this one goes on under a new id.
    await sessions.destroyAllFor(personId);
    if (req.user!.via === 'session') await cookies.start(req, res, personId);
    res.status(204).end();
  });

  return router;
}
