import { formatBytes } from '../../http/errors.js';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable.js';

/** A PostgREST-shaped error: the HTTP status and the JSON body `{code, message, details, hint}`. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  toJSON(): { code: string; message: string; details: string | null; hint: string | null } {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

export const parseError = (message: string, details: string | null = null) =>
  new RestError(400, 'PGRST100', message, details);

export const unknownRelation = (name: string) =>
  new RestError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`);

export const unknownColumn = (relation: string, column: string) =>
  new RestError(400, '42703', `column ${relation}.${column} does not exist`);

export const writeOnlyColumn = (relation: string, column: string) =>
  new RestError(
    400,
    '42703',
    `column ${relation}.${column} cannot be read: it is write-only`,
    null,
    'Write-only columns are accepted in POST and PATCH bodies but never answered, filtered or ordered by',
  );

export const unknownWriteColumn = (relation: string, column: string) =>
  new RestError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${relation}' in the schema cache`,
  );

export const unknownFunction = (name: string, args: readonly string[]) =>
  new RestError(
    404,
    'PGRST202',
    `Could not find the function public.${name}(${args.join(', ')}) in the schema cache`,
  );

/** PostgREST's code for a database it cannot reach; the message is for people. */
const UNAVAILABLE_CODE = 'PGRST001';
export const databaseUnavailable = () => new RestError(503, UNAVAILABLE_CODE, DATABASE_UNAVAILABLE_MESSAGE);

/** Statuses PostgREST answers for SQLSTATEs (exact codes first, then by class). */
const statusBySqlState: Record<string, number> = {
  '23505': 409,
  '23503': 409,
  '23502': 400,
  '23514': 400,
  '22P02': 400,
  '42883': 400,
  '42703': 400,
  '42P01': 404,
  '42501': 403,
  '25006': 405,
  P0001: 400,
  '21000': 400,
  '54001': 400,
  '57014': 504,
  // Writing to a view Postgres can't update (a join, an aggregate).
  '55000': 405,
};
const statusBySqlClass: Record<string, number> = {
  '08': 503,
  '09': 500,
  '22': 400,
  '23': 409,
  '42': 400,
  '2B': 409,
  '53': 503,
  '54': 413,
  '0L': 403,
  '0P': 403,
  '28': 403,
  '40': 409,
  '0A': 400,
  '55': 409,
};

interface DatabaseErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

function isDatabaseError(error: unknown): error is DatabaseErrorLike {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** What the JSON body parser (express.json, mounted before the router) fails with. */
interface BodyParserError {
  type?: unknown;
  limit?: unknown;
}

/** A body express.json refused, as PostgREST answers it; null for anything else. */
export function bodyParserError(error: unknown): RestError | null {
  const type = (error as BodyParserError | null)?.type;
  if (type === 'entity.parse.failed') return new RestError(400, 'PGRST102', 'Empty or invalid json');
  if (type === 'entity.too.large') {
    const limit = (error as BodyParserError).limit;
    const details = typeof limit === 'number' ? `The limit is ${formatBytes(limit)}` : null;
    return new RestError(413, 'PGRST102', 'The request body is too large', details);
  }
  return null;
}

/** Turns anything thrown while answering into the error to send. Never exposes a stack or SQL. */
export function toRestError(error: unknown): RestError {
  if (error instanceof RestError) return error;
  const body = bodyParserError(error);
  if (body) return body;
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  if (isDatabaseError(error)) {
    const status = statusBySqlState[error.code] ?? statusBySqlClass[error.code.slice(0, 2)] ?? 500;
    return new RestError(status, error.code, error.message, error.detail ?? null, error.hint ?? null);
  }
  return new RestError(500, 'PGRST000', 'Internal error while answering the request');
}

export const internalErrorMessage = 'Internal server error; the details are in the server log';

/**
 * What the client sees of an error: 4xx as they are; for 5xx only the code, as the message of an
 * unexpected error may carry internals (it goes to the server log instead).
 */
export function publicError(error: RestError): RestError {
  if (error.status < 500 || error.code === UNAVAILABLE_CODE) return error;
  return new RestError(error.status, error.code, internalErrorMessage);
}
