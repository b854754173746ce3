import type { Request } from 'express';
import { RestError } from './errors.js';

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only';
  /** PostgREST's counts: exact, the planner's estimate, or exact up to db-max-rows and planned past it. */
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
}

/** `Prefer: return=representation, count=exact` (several headers or comma-separated). */
export function preferences(req: Request): Preferences {
  const tokens = (req.headers.prefer ?? '')
    .toString()
    .split(/[,;]/)
    .map((token) => token.trim());
  const value = (name: string) =>
    tokens.find((token) => token.startsWith(`${name}=`))?.slice(name.length + 1);
  const returning = value('return');
  const resolution = value('resolution');
  const count = value('count');
  return {
    return: returning === 'representation' || returning === 'headers-only' ? returning : 'minimal',
    ...(count === 'exact' || count === 'planned' || count === 'estimated' ? { count } : {}),
    ...(resolution === 'merge-duplicates' || resolution === 'ignore-duplicates' ? { resolution } : {}),
  };
}

/** Whether the client asked for one object (`application/vnd.pgrst.object+json`) or an array. */
export function wantsSingleObject(req: Request): boolean {
  const accept = req.headers.accept;
  if (!accept) return false;
  const types = accept.split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  if (
    types.some(
      (type) => type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object',
    )
  )
    return true;
  const acceptable = types.some((type) =>
    ['application/json', '*/*', 'application/*', 'application/vnd.pgrst.array+json'].includes(type),
  );
  if (!acceptable) {
    throw new RestError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`);
  }
  return false;
}

export interface RowRange {
  offset: number;
  limit?: number;
}

/**
 * The rows asked for: `limit`/`offset` intersected with a `Range: 0-49` header (items), as
 * PostgREST does.
 */
export function requestedRange(req: Request, query: { limit?: number; offset?: number }): RowRange {
  let from = query.offset ?? 0;
  let to = query.limit === undefined ? Infinity : from + query.limit - 1;
  const header = req.headers.range;
  const unit = (req.headers['range-unit'] ?? 'items').toString();
  if (header && unit === 'items' && req.method !== 'POST') {
    const match = /^(?:items=)?(\d{1,15})-(\d{1,15})?$/.exec(header.trim());
    if (!match)
      throw new RestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `"${header}" is not a valid range`,
      );
    from = Math.max(from, Number(match[1]));
    if (match[2] !== undefined) to = Math.min(to, Number(match[2]));
  }
  if (to === Infinity) return { offset: from };
  return { offset: from, limit: Math.max(0, to - from + 1) };
}

/** `Content-Range: 0-49/1234`, `*\/0` when empty, `0-49/*` without a count. */
export function contentRange(offset: number, rows: number, total: number | undefined): string {
  const range = rows === 0 ? '*' : `${offset}-${offset + rows - 1}`;
  return `${range}/${total ?? '*'}`;
}

/** 200, 206 (a part of a counted result) or 416 (an offset past the end), as PostgREST. */
export function rangeStatus(offset: number, rows: number, total: number | undefined): number {
  if (total === undefined) return 200;
  if (offset > total) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    );
  }
  return rows < total ? 206 : 200;
}
