import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { apiError } from './errors.js';

export interface CsrfOptions {
  /** The cookie holding the token, readable by the UI's JavaScript. */
  cookieName?: string;
  headerName?: string;
  /** Requests that need no token, e.g. those authenticated with `Authorization: Bearer`. */
  isExempt?: (req: Request) => boolean;
  /**
   * The token the header must carry. Default: the cookie's value (plain double submit). A
   * server-side session's own token is stronger: a cookie planted from a sibling domain can't match it.
   */
  expectedToken?: (req: Request) => string | undefined;
}

/** Spec 3 §8's text for a csrf violation. */
export const CSRF_MESSAGE = 'A security violation was detected, please fill out the form again.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The value of the first cookie called name in a Cookie header; undefined when absent. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    let value = pair.slice(at + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

function sameToken(a: string, b: string): boolean {
  const [left, right] = [Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')];
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The header a session's state-changing requests repeat the CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * A request the browser itself says a page of this origin made (Fetch Metadata): no page of
 * another origin can make a browser send it, nor set or remove the header (`Sec-` headers are
 * the browser's own). Every current browser sends it; an older one sends none, and the token
 * is needed.
 */
export const sentFromSameOrigin = (req: Request) => req.get('sec-fetch-site') === 'same-origin';

/**
 * Double-submit CSRF check: a state-changing request (anything but GET, HEAD and OPTIONS) that
 * is not exempt must repeat the token cookie's value in the header, else it gets 403. A page of
 * another site can make the browser send the cookie, but cannot read it to set the header.
 * A request the browser marks as sent from the console's own origin needs no token: that is what
 * the token proves (the platform's own UI, served from the console's origin, sends none).
 */
export function csrfProtection(options: CsrfOptions = {}): RequestHandler {
  const { cookieName = 'csrf_token', headerName = CSRF_HEADER, isExempt } = options;
  const expectedToken =
    options.expectedToken ?? ((req: Request) => readCookie(req.headers.cookie, cookieName));
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || isExempt?.(req) || sentFromSameOrigin(req)) return next();
    const expected = expectedToken(req);
    const header = req.get(headerName);
    if (expected && header && sameToken(header, expected)) return next();
    res.status(403).json(apiError('HTTP403', CSRF_MESSAGE));
  };
}
