import type { RequestHandler } from 'express';
import { apiError, HttpError } from './errors.js';

/**
 * How deep a JSON body may nest. The console's own bodies nest a few levels (a spec, a
 * PostgREST row with a JSON column); the limit leaves room for any of them, and stops a small
 * body nested thousands deep before code that walks it recursively overflows the stack.
 */
export const MAX_BODY_DEPTH = 64;

export const BODY_TOO_DEEP = `The request body nests deeper than the limit of ${MAX_BODY_DEPTH} levels`;
export const BODY_HOLDS_NUL = 'The request body may not contain the NUL character (\\u0000)';
export const QUERY_HOLDS_NUL = 'The query string may not contain the NUL character (%00)';
export const MALFORMED_PATH =
  'The path holds an invalid percent-encoding: a % must start a UTF-8 byte such as %20';

/**
 * What is wrong with a parsed JSON body, or null. Walks with its own stack rather than by
 * recursion, so that the check itself cannot overflow on the bodies it is there to refuse.
 * Keys are checked too: Postgres refuses NUL in text and jsonb alike.
 */
export function jsonBodyProblem(body: unknown): string | null {
  const pending: [unknown, number][] = [[body, 0]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\0')) return BODY_HOLDS_NUL;
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_BODY_DEPTH) return BODY_TOO_DEEP;
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\0')) return BODY_HOLDS_NUL;
        pending.push([item, depth + 1]);
      }
    }
  }
  return null;
}

/** Whether a request URL's query string holds an encoded NUL (%00 is the only way to send one). */
export function queryHoldsNul(url: string): boolean {
  const question = url.indexOf('?');
  return question >= 0 && /%00/.test(url.slice(question + 1));
}

/**
 * Right after the JSON body parser: refuses, with a 400 that names the rule, a body nested
 * past the limit or holding NUL, and a query string holding NUL, before any handler sees them.
 */
export const checkRequestValues: RequestHandler = (req, _res, next) => {
  const problem = queryHoldsNul(req.url) ? QUERY_HOLDS_NUL : jsonBodyProblem(req.body);
  next(problem ? new HttpError(400, problem) : undefined);
};

function isWellEncoded(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * First on the console's paths: a path that is not valid percent-encoding (/%FF, /te%FFams) is
 * answered 400 here, as JSON under /api and as text elsewhere, instead of failing in whichever
 * router decodes it first.
 */
export const refuseMalformedPath: RequestHandler = (req, res, next) => {
  if (isWellEncoded(req.path)) return next();
  res.status(400);
  if (/^\/api(\/|$)/.test(req.path)) {
    res.json(apiError('HTTP400', MALFORMED_PATH));
  } else {
    res.type('text/plain').send(`${MALFORMED_PATH}\n`);
  }
};
