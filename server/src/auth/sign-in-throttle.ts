import type { Db } from '../platform/db/db.js';

/** The 429's words for a locked sign-in: 'Too many failed sign-ins. Please try again in 15 minutes.' */
export function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed sign-ins. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface SignInThrottle {
  /** Whether a sign-in for this user from this address may be tried now. */
  check(username: string, address: string | undefined): Promise<ThrottleVerdict>;
  recordFailure(username: string, address: string | undefined): Promise<void>;
  /** Forgets the user's failures after a successful sign-in (the address's stay counted). */
  reset(username: string): Promise<void>;
}

export interface SignInThrottleOptions {
  /** Failures per user within the window; an address may fail 4 times as often (shared NAT, several users). */
  maxFailures?: number;
  windowMs?: number;
  now?: () => Date;
}

// Bounds the key of a made-up username (the request body limit bounds it too).
const MAX_KEY_LENGTH = 300;

/**
 * Counts failed sign-ins per user and per address in the database, so every replica sees the
 * same counts. A key is locked while it has maxFailures failures within the last windowMs.
 */
export function createSignInThrottle(db: Db, options: SignInThrottleOptions = {}): SignInThrottle {
  const { maxFailures = 5, windowMs = 15 * 60_000, now = () => new Date() } = options;
  if (!Number.isInteger(maxFailures) || maxFailures < 1)
    throw new Error('maxFailures must be a positive integer');
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new Error('windowMs must be a positive number');

  const userKey = (username: string) =>
    `user:${String(username).trim().toLowerCase()}`.slice(0, MAX_KEY_LENGTH);
  const limits = (username: string, address: string | undefined): Array<[string, number]> => {
    const keys: Array<[string, number]> = [[userKey(username), maxFailures]];
    if (address) keys.push([`ip:${address}`.slice(0, MAX_KEY_LENGTH), maxFailures * 4]);
    return keys;
  };

  return {
    async check(username, address) {
      const at = now().getTime();
      let lockedUntil = 0;
      for (const [key, limit] of limits(username, address)) {
        // The limit-th most recent failure: while it is inside the window, the key is locked.
        const { rows } = await db.query<{ failed_at: Date }>(
          `select failed_at from _sign_in_failures where key = $1 and failed_at > $2
           order by failed_at desc offset $3 limit 1`,
          [key, new Date(at - windowMs), limit - 1],
        );
        if (rows[0]) lockedUntil = Math.max(lockedUntil, rows[0].failed_at.getTime() + windowMs);
      }
      return lockedUntil > at
        ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((lockedUntil - at) / 1000)) }
        : { allowed: true };
    },

    async recordFailure(username, address) {
      const at = now();
      const keys = limits(username, address).map(([key]) => key);
      await db.transaction(async (tx) => {
        await tx.query(`delete from _sign_in_failures where failed_at <= $1`, [
          new Date(at.getTime() - windowMs),
        ]);
        await tx.query(`insert into _sign_in_failures (key, failed_at) select unnest($1::text[]), $2`, [
          keys,
          at,
        ]);
      });
    },

    async reset(username) {
      await db.query(`delete from _sign_in_failures where key = $1`, [userKey(username)]);
    },
  };
}
