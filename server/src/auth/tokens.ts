import { createHash, randomBytes } from 'node:crypto';

/** Personal API tokens start with this, so secret scanners can recognise a leaked one. */
export const API_TOKEN_PREFIX = 'ocp_';

const API_TOKEN_BYTES = 32;
const apiTokenPattern = /^ocp_[A-Za-z0-9_-]{43}$/;

/** A random, URL- and cookie-safe string (base64url) of `bytes` random bytes. */
export function randomToken(bytes = 32): string {
  if (!Number.isInteger(bytes) || bytes < 16) throw new Error('randomToken needs at least 16 bytes');
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/**
 * A new personal API token and the hash to store. A plain sha256 is enough here (no scrypt):
 * the token carries 256 random bits, so there is nothing to guess from its hash.
 */
export function newApiToken(): { token: string; hash: string } {
  const token = `${API_TOKEN_PREFIX}${randomToken(API_TOKEN_BYTES)}`;
  return { token, hash: sha256Hex(token) };
}

/** Whether a value has the shape of a token newApiToken makes (says nothing about its validity). */
export function looksLikeApiToken(value: unknown): value is string {
  return typeof value === 'string' && apiTokenPattern.test(value);
}
