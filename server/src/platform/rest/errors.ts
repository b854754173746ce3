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

/** The fields of a Postgres error (pg and PGlite alike) that say where it happened, not what the data was. */
interface DatabaseErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
  table?: string;
  column?: string;
  constraint?: string;
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
    const { message, details, hint } = describeDatabaseError(error);
    return new RestError(status, error.code, message, details, hint);
  }
  return new RestError(500, 'PGRST000', 'Internal error while answering the request');
}

interface Description {
  message: string;
  details: string | null;
  hint: string | null;
}

/**
 * A database error in words for people: which relation, column or rule, never the values. The
 * database's own details echo the row ("Failing row contains (…)", "Key (name)=(…)"), write-only
 * columns included, and its messages for bad input quote the value, so neither is passed on.
 * Messages outside the data exceptions (22) and integrity violations (23) name only objects and
 * types (values are bound parameters, never SQL text); they are kept, with the hints and details
 * of the classes whose details describe the schema.
 */
export function describeDatabaseError(error: DatabaseErrorLike): Description {
  const sqlClass = error.code.slice(0, 2);
  if (sqlClass === '23') return describeIntegrityViolation(error);
  if (sqlClass === '22') return { message: describeDataException(error), details: null, hint: null };
  const schemaClasses = ['42', '55', '25', '0A'];
  const keepsDetails = schemaClasses.includes(sqlClass);
  return {
    message: error.message,
    details: keepsDetails ? (error.detail ?? null) : null,
    hint: keepsDetails ? (error.hint ?? null) : null,
  };
}

/** `a, b` → `a and b`; `a, b, c` → `a, b and c`. */
function spoken(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The column list of a key detail, `Key (a, b)=(…) …`, without the values; null when it isn't one. */
function keyColumns(detail: string | undefined): string[] | null {
  const match = /^Key \((.+?)\)=\(/s.exec(detail ?? '');
  return match ? match[1]!.split(', ') : null;
}

/** The name Postgres quotes after `word`, as in `table "people"`. */
function quotedAfter(text: string | undefined, word: string): string | null {
  const match = new RegExp(`${word} "([^"]+)"`).exec(text ?? '');
  return match ? match[1]! : null;
}

/**
 * The table a foreign key detail ends with, `… is not present in table "people".`; read from the
 * end, as the values before it may hold anything.
 */
function referencedTable(detail: string | undefined): string | null {
  const text = detail ?? '';
  const start = text.lastIndexOf(' table "');
  if (start === -1 || !text.endsWith('".')) return null;
  return text.slice(start + ' table "'.length, -'".'.length);
}

function describeIntegrityViolation(error: DatabaseErrorLike): Description {
  const table = error.table ?? quotedAfter(error.message, '(?:relation|table)');
  const constraint = error.constraint ?? quotedAfter(error.message, 'constraint');
  const inTable = table ? ` in ${table}` : '';
  const rule = constraint ? ` (${constraint})` : '';
  switch (error.code) {
    case '23505': {
      const columns = keyColumns(error.detail);
      const what = columns ? `the same ${spoken(columns)}` : 'the same key';
      return {
        message: `A row with ${what} already exists${inTable}`,
        details: columns ? `${spoken(columns)} must be unique${rule}` : `The row must be unique${rule}`,
        hint: null,
      };
    }
    case '23502': {
      const column = error.column ?? quotedAfter(error.message, 'column');
      return {
        message: column
          ? `A value is required for ${column}${inTable}`
          : `A required value is missing${inTable}`,
        details: column ? `${column} may not be null` : null,
        hint: null,
      };
    }
    case '23503': {
      const columns = keyColumns(error.detail);
      if (/^update or delete/.test(error.message))
        return {
          message: `The row is still referred to${table ? ` by ${table}` : ''}`,
          details: `Remove or change what refers to it first${rule}`,
          hint: null,
        };
      const referenced = referencedTable(error.detail);
      const column = columns ? spoken(columns) : 'A reference';
      return {
        message: `${column} refers to ${referenced ? `a row of ${referenced}` : 'a row'} that does not exist`,
        details: `The referenced row must exist${rule}`,
        hint: null,
      };
    }
    case '23514':
      return {
        message: `A value${inTable} breaks the rule ${constraint ?? 'of a check constraint'}`,
        details: constraint ? `The check constraint ${constraint} refused the row` : null,
        hint: null,
      };
    case '23P01':
      return {
        message: `The row conflicts with another${inTable}`,
        details: constraint ? `The exclusion constraint ${constraint} refused the row` : null,
        hint: null,
      };
    default:
      return { message: `The change breaks a rule of the data${inTable}${rule}`, details: null, hint: null };
  }
}

/** Bad input, said without the value: Postgres quotes it in these messages. */
function describeDataException(error: DatabaseErrorLike): string {
  // The type is read from where Postgres puts it, before or after the value, never from the value.
  const invalid = /^invalid input syntax for type ([^":]+)(?::|$)/.exec(error.message)?.[1];
  if (invalid && (error.code === '22P02' || error.code === '22007'))
    return `A value is not a valid ${invalid}`;
  const outOfRange = / is out of range for type ([^"]+)$/.exec(error.message)?.[1];
  if (outOfRange && error.code === '22003') return `A value is out of range for type ${outOfRange}`;
  if (error.code === '22008') return 'A date or time is out of range';
  if (error.code === '22021' || error.code === '22P05')
    return 'A value contains a character the database cannot store (such as a NUL)';
  // What comes before the first quoted value, as in `malformed array literal: "…"`.
  const before = error.message.split('"')[0]!.replace(/[\s:]+$/, '');
  return before || 'A value is not valid';
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
