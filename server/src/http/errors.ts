import type { ErrorRequestHandler, RequestHandler } from 'express';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  logDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
} from '../platform/db/unavailable.js';
import type { Logger } from './logging.js';

/** The JSON shape of every error the service answers itself (PostgREST-compatible fields). */
export interface ApiError {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export function apiError(code: string, message: string, details: string | null = null): ApiError {
  return { code, message, details, hint: null };
}

/** An error a handler throws on purpose: its status and message are shown to the caller. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = `HTTP${status}`,
    readonly details: string | null = null,
  ) {
    super(message);
  }
}

export const apiNotFound: RequestHandler = (req, res) => {
  res
    .status(404)
    .json(apiError('HTTP404', `No API route for ${req.method} ${req.originalUrl.split('?')[0]}`));
};

/** A byte count as a person reads it: '512 KB', '1 MB'. */
export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
}

interface BodyParserError {
  type?: string;
  status?: number;
  limit?: number;
  expose?: boolean;
}

/** Last in the chain: known errors get their status and message; anything else is a 500 without internals. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const parserError = error as BodyParserError;
    if (error instanceof HttpError) {
      res.status(error.status).json(apiError(error.code, error.message, error.details));
    } else if (parserError.type === 'entity.too.large') {
      const limit = parserError.limit ? ` of ${formatBytes(parserError.limit)}` : '';
      res.status(413).json(apiError('HTTP413', `Request body is larger than the limit${limit}`));
    } else if (parserError.type === 'entity.parse.failed') {
      res.status(400).json(apiError('HTTP400', 'Request body is not valid JSON'));
    } else if (parserError.expose && parserError.status && parserError.status < 500) {
      res.status(parserError.status).json(apiError(`HTTP${parserError.status}`, (error as Error).message));
    } else if (isDatabaseUnavailable(error)) {
      logDatabaseUnavailable(req.log ?? logger, error);
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      res.status(503).json(apiError('HTTP503', DATABASE_UNAVAILABLE_MESSAGE));
    } else {
      (req.log ?? logger).error({ err: error }, 'unhandled error');
      res.status(500).json(apiError('HTTP500', 'Internal server error; the details are in the server log'));
    }
  };
}
