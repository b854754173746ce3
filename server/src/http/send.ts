import { gzip, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

/** Below this, compression gains little (the compression middleware's default threshold too). */
const gzipThreshold = 1024;
/** Above this, compress on zlib's thread pool so one large answer doesn't stall the event loop. */
const syncLimit = 256 * 1024;

/**
 * Sends a body that is already whole in memory in one write, gzipped (level 1, as the
 * compression middleware is configured) when the client accepts gzip. The middleware streams
 * every body through zlib's thread pool and writes the gzip header, the data and the
 * chunked-encoding trailer separately: about three times the CPU of one gzipSync for a page of
 * API rows, plus three socket writes instead of one. It leaves an answer that already has a
 * Content-Encoding alone. No ETag: these answers are never cached.
 */
export function sendWhole(req: Request, res: Response, body: string): void {
  res.vary('Accept-Encoding');
  const wantsGzip =
    body.length >= gzipThreshold &&
    req.headers['accept-encoding'] !== undefined &&
    req.acceptsEncodings('gzip', 'identity') === 'gzip';
  if (!wantsGzip) return end(res, body);
  if (body.length <= rememberLimit) return end(res, gzipped(body), 'gzip');
  if (body.length <= syncLimit) return end(res, gzipSync(body, { level: 1 }), 'gzip');
  gzip(body, { level: 1 }, (error, compressed) => (error ? end(res, body) : end(res, compressed, 'gzip')));
}

/** Bodies up to this size are remembered gzipped (at most `remembered` of them, the latest). */
const rememberLimit = 64 * 1024;
const remembered = 8;
const recentlyGzipped = new Map<string, Buffer>();

/**
 * The body gzipped, once for the same text sent again soon: the answers to a burst of the same
 * list share one statement's body (platform/rest/shared-reads.ts), and are compressed once.
 */
export function gzipped(body: string): Buffer {
  const known = recentlyGzipped.get(body);
  if (known) return known;
  const compressed = gzipSync(body, { level: 1 });
  if (recentlyGzipped.size >= remembered) recentlyGzipped.delete(recentlyGzipped.keys().next().value!);
  recentlyGzipped.set(body, compressed);
  return compressed;
}

function end(res: Response, data: string | Buffer, encoding?: 'gzip'): void {
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', Buffer.byteLength(data));
  res.end(data);
}
