import type { RequestHandler } from 'express';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Calls each `forget` as the answer to a state-changing request starts (its status line and
 * headers are written), after the request's own writes are done: a cache it empties cannot
 * serve the caller's next request from before them. Reads leave the caches alone.
 */
export function forgetOnWrites(...forget: (() => void)[]): RequestHandler {
  return (req, res, next) => {
    if (!READS.has(req.method)) {
      const writeHead = res.writeHead;
      res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
        for (const one of forget) one();
        return writeHead.apply(this, args);
      } as typeof writeHead;
    }
    next();
  };
}
