/**
 * The body of `POST /api/logs` (common/logs.ts) checked and read: the times as instants, the
 * limit within bounds. Every refusal is a sentence a person can act on.
 */
import { LOG_SEARCH_DEFAULTS } from '../../../../common/logs.js';

export interface LogSearchParams {
  id: string;
  name?: string;
  query?: string;
  start: Date;
  end: Date;
  limit: number;
  page?: string;
}

export class LogRequestError extends Error {}

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const AGE = /^(\d+(?:\.\d+)?(?:s|m|h|d|w))+$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** An RFC 3339 time or an age (`15m`, `1h30m`, `2d`, `1w`) before `now`; undefined when neither. */
export function parseTime(text: string, now: number): Date | undefined {
  const value = text.trim();
  if (AGE.test(value)) {
    let ms = 0;
    for (const [, amount, unit] of value.matchAll(/(\d+(?:\.\d+)?)(s|m|h|d|w)/g))
      ms += Number(amount) * UNIT_MS[unit!]!;
    return new Date(now - ms);
  }
  if (!RFC3339.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

const TIME_FORM = 'an RFC 3339 time (2024-06-11T10:00:00Z) or an age like 15m, 1h, 2d or 1w';

function optionalText(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new LogRequestError(`${field} must be text`);
  return value;
}

export function readSearchRequest(body: unknown, now = Date.now()): LogSearchParams {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new LogRequestError('The body must be a JSON object: {id, name, query, start, end, limit}');
  const fields = body as Record<string, unknown>;
  const id = optionalText(fields, 'id');
  if (!id) throw new LogRequestError('id is required: the component whose logs to search');
  const time = (field: 'start' | 'end', fallback: string) => {
    const text = optionalText(fields, field) ?? fallback;
    const parsed = parseTime(text, now);
    if (!parsed) throw new LogRequestError(`${field} must be ${TIME_FORM}, not '${text}'`);
    return parsed;
  };
  const start = time('start', LOG_SEARCH_DEFAULTS.start);
  const end = time('end', '0s');
  if (start.getTime() > end.getTime()) throw new LogRequestError('start must not be after end');
  let limit: number = LOG_SEARCH_DEFAULTS.limit;
  if (fields.limit !== undefined && fields.limit !== null) {
    if (
      typeof fields.limit !== 'number' ||
      !Number.isInteger(fields.limit) ||
      fields.limit < 1 ||
      fields.limit > LOG_SEARCH_DEFAULTS.maxLimit
    )
      throw new LogRequestError(`limit must be a whole number from 1 to ${LOG_SEARCH_DEFAULTS.maxLimit}`);
    limit = fields.limit;
  }
  return {
    id,
    name: optionalText(fields, 'name'),
    query: optionalText(fields, 'query'),
    start,
    end,
    limit,
    page: optionalText(fields, 'page'),
  };
}
