/** A PostgREST-shaped error: the HTTP status and the JSON body `{code, message, details, hint}`. */
export class ApiError extends Error {
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
  new ApiError(400, 'PGRST100', message, details);

export const unknownRelation = (name: string) =>
  new ApiError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`);

export const unknownColumn = (relation: string, column: string) =>
  new ApiError(400, '42703', `column ${relation}.${column} does not exist`);

export const unknownWriteColumn = (relation: string, column: string) =>
  new ApiError(400, 'PGRST204', `Could not find the '${column}' column of '${relation}' in the schema cache`);

export const unknownFunction = (name: string, args: readonly string[]) =>
  new ApiError(
    404,
    'PGRST202',
    `Could not find the function public.${name}(${args.join(', ')}) in the schema cache`,
  );

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

/** Turns anything thrown while answering into the error to send. Never exposes a stack or SQL. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isDatabaseError(error)) {
    const status = statusBySqlState[error.code] ?? statusBySqlClass[error.code.slice(0, 2)] ?? 500;
    return new ApiError(status, error.code, error.message, error.detail ?? null, error.hint ?? null);
  }
  return new ApiError(500, 'PGRST000', 'Internal error while answering the request');
}
