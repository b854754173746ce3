import type { Logger } from 'pino';

/**
 * Recognises the errors that say the database cannot be reached or cannot answer now (stopped,
 * refusing, restarting, frozen, out of connections), as opposed to a statement it refused.
 * Every answer to those is the same: 503, try again in a moment.
 */

/** What a person reads when the database is unavailable. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is not reachable at the moment; please try again in a moment';

/** The Retry-After of that answer: about when a restarting database usually answers again. */
export const RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that could not be made or was lost. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs: class 08 (connection exception), the server shutting down or starting
 * (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), and too many
 * connections (53300).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** The pg driver's and pool's own words: no code, only a message. */
const DRIVER_MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /^Query read timeout$/i,
  /is not queryable/i,
];

const MAX_DEPTH = 5;

function check(error: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || UNAVAILABLE_STATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // The pool wraps a timed-out connect around its cause; Node reports each address it tried
  // (IPv4 and IPv6 of 'localhost') in an AggregateError.
  if (check(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => check(inner, depth + 1));
}

/** True when the error says the database is unavailable rather than that a statement failed. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return check(error, 0);
}

/** A burst of failures ends when none came for this long; the next one is news again. */
const QUIET_MS = 30_000;
let lastSeenAt = Number.NEGATIVE_INFINITY;

/**
 * Logs an unavailable database once per burst, at warn: during an outage every request fails
 * the same way, and one line says it as well as a thousand. The rest go to debug.
 */
export function logDatabaseUnavailable(log: Logger | undefined, error: unknown, now = Date.now()): void {
  const first = now - lastSeenAt > QUIET_MS;
  lastSeenAt = now;
  if (first)
    log?.warn(
      { err: error },
      'the database is unavailable: requests answer 503 and background work retries until it is back',
    );
  else log?.debug({ err: error }, 'the database is still unavailable');
}
