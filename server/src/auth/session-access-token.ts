/**
 * The OpenID provider's access token of a person signed in there, for a platform that trusts the
 * same issuer (PLATFORM_FORWARD_OIDC_TOKEN, docs/upstream.md). It is kept with the session, in its
 * `provider` column beside the refresh token (as that one is: in the clear, never in a cookie or
 * an answer), and renewed with the refresh token before it expires: once per session, whatever
 * the requests and replicas asking at once, since most providers hand out a new refresh token at
 * each renewal and revoke the sign-in when a spent one comes back.
 */
import type { Request } from 'express';
import type { Logger } from '../http/logging.js';
import { readCookie } from '../http/csrf.js';
import type { Db } from '../platform/db/db.js';
import { SESSION_COOKIE } from './session-http.js';
import type { ProviderTokens } from './session-store.js';
import type { SignInCache } from './sign-in-cache.js';
import { sha256Hex } from './tokens.js';

/** What a session keeps of its access token (in ProviderTokens), times in ms since the epoch. */
export interface KeptAccessToken {
  access_token: string;
  access_token_expires_at: number;
  /** From then on it is renewed before use: up to 30 s before it expires (half its life if short). */
  access_token_refresh_at: number;
}

/** Renewed this long before it expires, so that it does not expire on its way to the platform. */
const MARGIN_MS = 30_000;
/** The life of a token whose answer and contents say none (expires_in is only recommended). */
const UNKNOWN_LIFETIME_MS = 5 * 60_000;
/** A bound on memory: past it, the tokens kept in memory are read again from the sessions. */
const MAX_KEPT = 10_000;

export const SIGN_IN_ENDED_MESSAGE =
  'Your sign-in at the OpenID provider has ended (or was revoked). Please sign in again.';

/** The `exp` of a JWT, when the token is one; the token is not verified (it is only kept). */
function jwtExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** The access token of a token answer as a session keeps it. */
export function keptAccessToken(
  accessToken: string,
  expiresIn: number | undefined,
  now = Date.now(),
): KeptAccessToken {
  const lifetimeMs =
    expiresIn !== undefined
      ? expiresIn * 1000
      : Math.max(0, (jwtExpiry(accessToken) ?? now + UNKNOWN_LIFETIME_MS) - now);
  const expiresAt = now + lifetimeMs;
  return {
    access_token: accessToken,
    access_token_expires_at: expiresAt,
    access_token_refresh_at: expiresAt - Math.min(MARGIN_MS, lifetimeMs / 2),
  };
}

/** The provider refused to renew the sign-in (its refresh token is expired, revoked or spent). */
export class RefreshRefused extends Error {}

/** The token to send, or why there is none (the status and message to answer with). */
export type SessionAccessToken = { token: string } | { status: 401 | 502; message: string };

export interface SessionAccessTokens {
  /**
   * For a request signed in with the session cookie: the session's access token, renewed first
   * when due. A session the provider no longer renews is ended (401); a provider that does not
   * answer leaves it as it is (502). Undefined for any other request (an API token).
   */
  forRequest(req: Request): Promise<SessionAccessToken | undefined>;
}

export interface SessionAccessTokenOptions {
  db: Db;
  /** The refresh grant (oidc.ts): throws RefreshRefused when the provider refuses. */
  refresh(provider: ProviderTokens & { refresh_token: string }): Promise<ProviderTokens>;
  /** The sign-in cache, told when a session ends here. */
  cache: Pick<SignInCache, 'forgetPerson'>;
  logger: Logger;
  now?: () => number;
}

interface SessionRow {
  person_id: string;
  provider: ProviderTokens | null;
}

const usable = (provider: ProviderTokens | null, at: number): KeptAccessToken | undefined => {
  const { access_token, access_token_expires_at, access_token_refresh_at } = provider ?? {};
  return typeof access_token === 'string' &&
    access_token !== '' &&
    typeof access_token_refresh_at === 'number' &&
    access_token_refresh_at > at
    ? { access_token, access_token_expires_at: access_token_expires_at as number, access_token_refresh_at }
    : undefined;
};

/** A lock per session (48 bits of its hash: a whole number Postgres takes as a bigint). */
const lockKey = (idHash: string) => Number.parseInt(idHash.slice(0, 12), 16);

export function createSessionAccessTokens({
  db,
  refresh,
  cache,
  logger,
  now = Date.now,
}: SessionAccessTokenOptions): SessionAccessTokens {
  const log = logger.child({ component: 'oidc' });
  /** Tokens read or renewed here, by session hash, until they are due for renewal. */
  const kept = new Map<string, { token: string; refreshAt: number }>();
  /** The renewal under way in this process, by session hash: requests at once share it. */
  const renewing = new Map<string, Promise<SessionAccessToken>>();
  const ended = { status: 401, message: SIGN_IN_ENDED_MESSAGE } as const;

  const keep = (idHash: string, token: KeptAccessToken): SessionAccessToken => {
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(idHash, { token: token.access_token, refreshAt: token.access_token_refresh_at });
    return { token: token.access_token };
  };

  const read = async (idHash: string) =>
    (await db.query<SessionRow>(`select person_id, provider from _sessions where id_hash = $1`, [idHash]))
      .rows[0];

  const end = async (idHash: string, personId: string, reason: Record<string, unknown>) => {
    kept.delete(idHash);
    await db.query(`delete from _sessions where id_hash = $1`, [idHash]);
    cache.forgetPerson(personId);
    log.info({ personId, ...reason }, 'the provider no longer renews a sign-in: its session ended');
    return ended;
  };

  /** Under the session's lock: what another replica may have renewed meanwhile, else a renewal. */
  const renew = async (idHash: string): Promise<SessionAccessToken> => {
    const session = await read(idHash);
    if (!session) return ended;
    const ready = usable(session.provider, now());
    if (ready) return keep(idHash, ready);
    const refreshToken = session.provider?.refresh_token;
    if (typeof refreshToken !== 'string' || !refreshToken)
      return end(idHash, session.person_id, { reason: 'no refresh token' });
    let renewed: ProviderTokens;
    try {
      renewed = await refresh({ ...session.provider, refresh_token: refreshToken });
    } catch (error) {
      if (error instanceof RefreshRefused) return end(idHash, session.person_id, { reason: error.message });
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ personId: session.person_id, reason }, 'could not renew a sign-in at the provider');
      return {
        status: 502,
        message: `The OpenID provider did not answer to renew your sign-in (${reason}). Try again in a moment.`,
      };
    }
    const fresh = usable(renewed, now());
    if (!fresh) return end(idHash, session.person_id, { reason: 'the renewed access token is already due' });
    await db.query(`update _sessions set provider = $2::jsonb where id_hash = $1`, [
      idHash,
      JSON.stringify(renewed),
    ]);
    return keep(idHash, fresh);
  };

  const tokenOf = async (idHash: string): Promise<SessionAccessToken> => {
    // Read without the lock first: after a restart, or once another replica has renewed it, the
    // session's token is good and no lock is needed.
    const session = await read(idHash);
    if (!session) return ended;
    const ready = usable(session.provider, now());
    if (ready) return keep(idHash, ready);
    return db.withAdvisoryLock(lockKey(idHash), () => renew(idHash));
  };

  return {
    async forRequest(req) {
      if (req.user?.via !== 'session') return undefined;
      const id = readCookie(req.headers.cookie, SESSION_COOKIE);
      if (!id) return undefined;
      const idHash = sha256Hex(id);
      const inMemory = kept.get(idHash);
      if (inMemory && inMemory.refreshAt > now()) return { token: inMemory.token };
      let pending = renewing.get(idHash);
      if (!pending) {
        pending = tokenOf(idHash).finally(() => renewing.delete(idHash));
        renewing.set(idHash, pending);
      }
      return pending;
    },
  };
}
