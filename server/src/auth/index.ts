import { Router } from 'express';
import { createGrantCache, type GrantCache } from '../access/grant-cache.js';
import { createFlagReader, type FlagReader } from '../access/guard.js';
import type { Config } from '../config.js';
import type { Logger } from '../http/logging.js';
import type { Db } from '../platform/db/db.js';
import { createApiTokenStore } from './api-token-store.js';
import { createAuthentication, type Authentication } from './authenticate.js';
import { createBasicAuth } from './basic-auth.js';
import { createInvites } from './invites.js';
import { createLocalUsers } from './local-users.js';
import { createPlatformPersonId } from './platform-person.js';
import { createAccountRouter, createPublicAuthRouter } from './router.js';
import type { Oidc } from './oidc.js';
import type { SessionAccessTokens } from './session-access-token.js';
import { createSessionCookies } from './session-http.js';
import { createSessionStore, type SessionStore } from './session-store.js';
import { followCacheChanges } from './cache-changes.js';
import { createSignInCache } from './sign-in-cache.js';
import { createSignInThrottle } from './sign-in-throttle.js';
import { createUsersRouter } from './users-router.js';

export interface Identity {
  authentication: Authentication;
  sessions: SessionStore;
  /** Disabled features (whoami, the guard), shared briefly and forgotten on every change. */
  flags: FlagReader;
  /** Each person's grants (the guard's, whoami's), forgotten on every change. */
  grants: Pick<GrantCache, 'get'>;
  /** /api/auth routes anyone may call (mounted before the sign-in check). */
  publicAuth: Router;
  /** /api/auth routes of the signed-in caller, invite_user included. */
  account: Router;
  /** /api/people routes (users). */
  people: Router;
  /** Empties the sign-in, flag and grant caches: app.ts calls it as each state-changing request is answered. */
  forgetCaches: () => void;
  /**
   * With PLATFORM_FORWARD_OIDC_TOKEN: the access token a person signed in at the provider is
   * forwarded to the platform with.
   */
  sessionAccessTokens?: SessionAccessTokens;
}

/** How long one read of the feature flags serves requests when no change is announced. */
const FLAGS_MAX_AGE_MS = 5000;

/** Sign-in, sessions, API tokens and the people routes, built once per app. */
export async function createIdentity({
  config,
  db,
  logger,
}: {
  config: Config;
  db: Db;
  logger: Logger;
}): Promise<Identity> {
  const sessions = createSessionStore(db, {
    idleTimeoutMs: config.auth.sessionIdleTimeoutMs,
    absoluteTimeoutMs: config.auth.sessionMaxAgeMs,
  });
  const cookies = createSessionCookies({ db, sessions, basePath: config.basePath });
  const tokens = createApiTokenStore(db);
  const localUsers = createLocalUsers(db);
  const signIns = createSignInCache();
  const throttle = createSignInThrottle(db);
  const basic = createBasicAuth({
    db,
    localUsers,
    throttle,
    cache: signIns,
    passwordsKept: !config.auth.oidc,
  });
  // Bound below: the sign-in strategy needs authentication's passport, access tokens the keys it finds.
  const bound: { oidc?: Oidc } = {};
  const oidcAccessTokens = config.auth.oidc?.acceptedAudiences.length
    ? (await import('./oidc-access-token.js')).createOidcAccessTokens({
        db,
        oidc: config.auth.oidc!,
        configuration: () => bound.oidc!.configuration(),
        cache: signIns,
        logger,
      })
    : undefined;
  const authentication = createAuthentication({
    db,
    tokens,
    localUsers,
    cookies,
    sessions,
    cache: signIns,
    basic,
    trustForwardedUserFrom: config.auth.trustForwardedUserFrom,
    oidcAccessTokens,
  });
  const invites = createInvites(db);
  const flags = createFlagReader(db, { maxAgeMs: FLAGS_MAX_AGE_MS });
  const grants = createGrantCache(db);
  await followCacheChanges(db, signIns, flags, grants);
  // Loaded only in OIDC mode: local mode never pays for openid-client.
  const oidc = config.auth.oidc
    ? (await import('./oidc.js')).createOidc({
        config,
        db,
        passport: authentication.passport,
        cookies,
        logger,
      })
    : undefined;
  bound.oidc = oidc;
  const sessionAccessTokens =
    oidc && config.platform?.forwardOidcToken
      ? (await import('./session-access-token.js')).createSessionAccessTokens({
          db,
          refresh: oidc.refresh,
          cache: signIns,
          logger,
        })
      : undefined;
  const deps = {
    config,
    db,
    auth: authentication,
    cookies,
    sessions,
    tokens,
    localUsers,
    throttle,
    invites,
    flags,
    endSessionUrl: oidc?.endSessionUrl,
    platformPersonId: config.platform && createPlatformPersonId(config.platform, logger),
    sessionAccessTokens,
  };
  const publicAuth = Router();
  if (oidc) publicAuth.use(oidc.router);
  publicAuth.use(createPublicAuthRouter(deps));
  const { users, invite } = createUsersRouter({ db, sessions, invites, config, flags });
  const account = Router();
  account.use(createAccountRouter(deps));
  account.use(invite);
  return {
    authentication,
    sessions,
    flags,
    grants,
    publicAuth,
    account,
    people: users,
    sessionAccessTokens,
    forgetCaches: () => {
      signIns.forgetAll();
      flags.forget();
      grants.forgetAll();
    },
  };
}
