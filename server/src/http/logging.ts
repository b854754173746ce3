import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pino, type Logger } from 'pino';
import type { Config } from '../config.js';

export type { Logger };

declare module 'http' {
  interface IncomingMessage {
    /** The request's id: its X-Request-Id when sane, else a new one. */
    id: string;
    /** A logger whose lines carry the request's id, method and path. */
    log: Logger;
  }
}

export function createLogger(level: Config['logLevel']): Logger {
  return pino(
    {
      level,
      base: { service: 'ops-console' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    (stdoutLines ??= linesPerTurn(pino.destination({ dest: 1, sync: true }))),
  );
}

/** One for the process, however many loggers write to it. */
let stdoutLines: { write(line: string): void } | undefined;

/**
 * Writes the lines logged in one turn of the event loop together at its end: a burst of
 * requests finishing together costs one write to stdout, not one each, and no line waits longer
 * than the turn it was logged in. What is left when the process exits is written then.
 */
export function linesPerTurn(out: { write(text: string): unknown }): { write(line: string): void } {
  let lines: string[] = [];
  const flush = () => {
    if (lines.length === 0) return;
    const text = lines.join('');
    lines = [];
    out.write(text);
  };
  process.on('exit', flush);
  return {
    write(line) {
      if (lines.push(line) === 1) setImmediate(flush);
    },
  };
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * One JSON line per request as its answer ends ("request completed", "request errored" for a 5xx
 * but 503, "request aborted" when the client left first), tagged with a request id (taken from
 * X-Request-Id when sane), its method, path and status and its time; probes are not logged. The
 * request's `req.log`, for the errors it logs, is made only when one is logged: a child logger
 * per request is about a tenth of a millisecond of CPU that few requests use.
 */
export function requestLogging(logger: Logger): RequestHandler {
  const logsRequests = logger.isLevelEnabled('info');
  return (req, res, next) => {
    const id = requestIdOf(req, res);
    req.id = id;
    const tag = () => ({ id, method: req.method, url: req.originalUrl.split('?')[0] ?? '' });
    let log: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: true,
      get: () => (log ??= logger.child({ req: tag() })),
      set: (value: Logger) => void (log = value),
    });
    if (logsRequests && !PROBE.test(req.url)) {
      const started = Date.now();
      const ended = () => {
        res.off('finish', ended).off('close', ended);
        logAnswer(logger, req, res, tag(), Date.now() - started);
      };
      res.on('finish', ended).on('close', ended);
    }
    next();
  };
}

const PROBE = /\/(healthz|readyz)$/;

function logAnswer(
  logger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  tag: { id: string; method: string; url: string },
  responseTime: number,
): void {
  const status = res.statusCode;
  const line = { req: tag, res: { statusCode: status }, responseTime };
  // A 4xx is the client's mistake, not the service's: info, like any other answer. A 503 (the
  // database is unavailable, or shutdown) too: one warning says it for the whole burst.
  if (status >= 500) logger[status === 503 ? 'info' : 'error'](line, 'request errored');
  else logger.info(line, !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted');
}
