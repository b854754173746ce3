import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { THEME_SCRIPT } from '../../../common/theme.js';

/** The one inline script the CSP allows: index.html's theme script (common/theme.ts). */
const THEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

/**
 * Security headers for every answer: no framing, no sniffing, a strict referrer policy and a
 * CSP that allows only the console's own scripts (no inline script but the theme's, by its
 * hash). PatternFly sets inline styles, so style-src allows them.
 */
export function securityHeaders(): RequestHandler {
  const headers = headersSetBy(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", THEME_SCRIPT_HASH],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: false,
    }),
  );
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * The headers a middleware that sets the same ones on every answer sets, found once: helmet's
 * dozen middlewares then cost one loop per request.
 */
export function headersSetBy(middleware: RequestHandler): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: string) => void headers.push([name, value]),
    removeHeader: () => {},
  };
  let called = false;
  middleware({ headers: {} } as Request, res as unknown as Response, () => (called = true));
  if (!called) throw new Error('the header middleware did not call next() at once');
  return headers;
}

/** API answers are per-user and live: never cached. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
