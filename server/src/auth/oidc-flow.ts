import type { CookieOptions, Request, Response } from 'express';
import { readCookie } from '../http/csrf.js';
import { safeReturnTo } from './return-to.js';

/**
 * The authorization request's secrets (PKCE verifier, state, nonce) and where to go afterwards,
 * kept between /oidc/login and /oidc/callback in a short-lived cookie: httpOnly, SameSite=Lax
 * (the provider's redirect back is a top-level GET), scoped to the OIDC routes, Secure behind TLS.
 * The console keeps no server-side state for a sign-in that has not finished yet.
 */
export const FLOW_COOKIE = 'oidc_flow';
export const FLOW_MAX_AGE_MS = 10 * 60 * 1000;

/** What openid-client's passport strategy keeps in `req.session[key]` during the flow. */
export interface StrategyState {
  code_verifier: string;
  state?: string;
  nonce?: string;
  max_age?: number;
}

export interface Flow {
  strategy: StrategyState;
  /** A path of this console (already checked by safeReturnTo). */
  returnTo: string;
}

interface Stored extends StrategyState {
  return_to: string;
  started_at: number;
}

const options = (req: Request, basePath: string): CookieOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure: req.secure,
  path: `${basePath}api/auth/oidc/`,
});

const optionalString = (value: unknown) => value === undefined || typeof value === 'string';

export function writeFlow(req: Request, res: Response, basePath: string, flow: Flow): void {
  const stored: Stored = { ...flow.strategy, return_to: flow.returnTo, started_at: Date.now() };
  res.cookie(FLOW_COOKIE, Buffer.from(JSON.stringify(stored)).toString('base64url'), {
    ...options(req, basePath),
    maxAge: FLOW_MAX_AGE_MS,
  });
}

/** The request's flow, if it has a well-formed one younger than FLOW_MAX_AGE_MS. */
export function readFlow(req: Request, now = Date.now()): Flow | undefined {
  const value = readCookie(req.headers.cookie, FLOW_COOKIE);
  if (!value) return undefined;
  let stored: Partial<Stored>;
  try {
    stored = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<Stored>;
  } catch {
    return undefined;
  }
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { code_verifier, state, nonce, max_age, return_to, started_at } = stored;
  const returnTo = safeReturnTo(return_to);
  const fresh = typeof started_at === 'number' && now - started_at >= 0 && now - started_at < FLOW_MAX_AGE_MS;
  if (typeof code_verifier !== 'string' || !code_verifier || !optionalString(state) || !optionalString(nonce))
    return undefined;
  if (max_age !== undefined && typeof max_age !== 'number') return undefined;
  if (typeof return_to !== 'string' || returnTo === null || !fresh) return undefined;
  return {
    strategy: { code_verifier, state, nonce, ...(max_age === undefined ? {} : { max_age }) },
    returnTo,
  };
}

/** Spent at the callback, whatever its outcome: a replayed callback finds no flow. */
export function clearFlow(req: Request, res: Response, basePath: string): void {
  res.clearCookie(FLOW_COOKIE, options(req, basePath));
}
