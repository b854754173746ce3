import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
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
  limit?: number;
}

/** What an error of the client's making is answered with. */
interface Refusal {
  status: number;
  body: ApiError;
}

const refusal = (status: number, message: string, code = `HTTP${status}`, details: string | null = null) => ({
  status,
  body: apiError(code, message, details),
});

function deliberateError(error: unknown): Refusal | null {
  return error instanceof HttpError ? refusal(error.status, error.message, error.code, error.details) : null;
}

function bodyParserError(error: unknown): Refusal | null {
  const { type, limit } = (error ?? {}) as BodyParserError;
  if (type === 'entity.too.large') {
    return refusal(413, `Request body is larger than the limit${limit ? ` of ${formatBytes(limit)}` : ''}`);
  }
  if (type === 'entity.parse.failed') return refusal(400, 'Request body is not valid JSON');
  return null;
}

/** What the common data exceptions mean, in a person's words. */
const DATA_EXCEPTIONS: Record<string, string> = {
  '22021': 'Text may not contain the NUL character',
  '22P05': 'Text may not contain the NUL character',
  '22001': 'A value is longer than its field allows',
  '22003': 'A number is out of range',
  '22P02': 'A value is not of the type its field takes (a number, an id, a date, …)',
  '22007': 'A date or time is not valid',
  '22008': 'A date or time is out of range',
};

/**
 * SQLSTATE class 22, a data exception: a value the database cannot take (text holding NUL, a
 * malformed number or date). The client's value is at fault. The database's own message and
 * details stay out: they may quote a stored value.
 */
function dataException(error: unknown): Refusal | null {
  const { code } = (error ?? {}) as { code?: unknown };
  if (typeof code !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) return null;
  return refusal(
    400,
    DATA_EXCEPTIONS[code] ?? 'A value in the request is not one the database can take',
    code,
  );
}

/**
 * Any other error that carries a 4xx status (http-errors' `status`/`statusCode`, as the body
 * parser and the router raise them). Its message is shown only when it is marked as meant for
 * the caller and is not a system error (those name files on the server).
 */
function clientStatusError(error: unknown): Refusal | null {
  const { status, statusCode, expose, message, syscall } = (error ?? {}) as {
    status?: unknown;
    statusCode?: unknown;
    expose?: unknown;
    message?: unknown;
    syscall?: unknown;
  };
  const code = typeof status === 'number' ? status : statusCode;
  if (typeof code !== 'number' || code < 400 || code >= 500) return null;
  if (error instanceof URIError) return refusal(code, MALFORMED_URL);
  const shown = expose === true && syscall === undefined && typeof message === 'string' && message;
  return refusal(code, shown || (STATUS_CODES[code] ?? 'Bad request'));
}

const MALFORMED_URL = 'The URL holds an invalid percent-encoding';

/** How an error is answered when it is the client's doing; null for an unexpected one. */
function refusalFor(error: unknown): Refusal | null {
  return deliberateError(error) ?? bodyParserError(error) ?? dataException(error) ?? clientStatusError(error);
}

const INTERNAL_ERROR = 'Internal server error; the details are in the server log';

type Send = (res: Response, status: number, body: ApiError) => void;

/**
 * An error handler that sends with `send`. Refusals keep their status and are logged at info
 * (the client's mistake, not the service's): the code and message only, as a database error's
 * details may quote a row. Anything else is a 500 without internals, logged at error.
 */
function handleErrors(logger: Logger, send: Send): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (isDatabaseUnavailable(error)) {
      logDatabaseUnavailable(req.log ?? logger, error);
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      return send(res, 503, apiError('HTTP503', DATABASE_UNAVAILABLE_MESSAGE));
    }
    const refused = refusalFor(error);
    if (refused) {
      (req.log ?? logger).info(
        { status: refused.status, code: refused.body.code, reason: refused.body.message },
        'refused',
      );
      send(res, refused.status, refused.body);
    } else {
      (req.log ?? logger).error({ err: error }, 'unhandled error');
      send(res, 500, apiError('HTTP500', INTERNAL_ERROR));
    }
  };
}

/** Last in the /api chain: every error as JSON `{code, message, details, hint}`. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return handleErrors(logger, (res, status, body) => void res.status(status).json(body));
}

/** Last in the app, for the paths outside /api (the UI's): the same answers as plain text. */
export function plainErrorHandler(logger: Logger): ErrorRequestHandler {
  return handleErrors(
    logger,
    (res, status, body) => void res.status(status).type('text/plain').send(`${body.message}\n`),
  );
}
