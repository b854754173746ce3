/**
 * What every backend's lines share: the time of a line as a number that sorts (milliseconds with
 * the fraction a nanosecond timestamp carries), the case-insensitive query, newest-first order,
 * and the page cursor of backends that page by time: the oldest time answered and how many
 * lines of exactly that time were answered already.
 */
import type { LogLine } from '../../../../common/logs.js';

/** A line as the backends hand it over: `at` sorts it. */
export interface TimedLine extends LogLine {
  at: number;
}

const FRACTION = /\.(\d+)/;

/** Milliseconds since the epoch with the sub-millisecond part of the text kept; NaN when not a time. */
export function timeKey(text: string): number {
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return ms;
  const fraction = FRACTION.exec(text)?.[1];
  if (!fraction || fraction.length <= 3) return ms;
  return ms + Number(`0.${fraction.slice(3)}`);
}

/**
 * `text` as a regular expression matching itself: the metacharacters of JavaScript's and of RE2's
 * syntax (the same set as Go's regexp.QuoteMeta) escaped.
 */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The case-insensitive substring test of `query`; every line passes an empty query. */
export function queryFilter(query: string | undefined): (message: string) => boolean {
  const needle = query?.trim();
  if (!needle) return () => true;
  const pattern = new RegExp(escapeRegExp(needle), 'i');
  return (message) => pattern.test(message);
}

export const newestFirst = (a: TimedLine, b: TimedLine) => b.at - a.at;

export const toLine = ({ at: _at, ...line }: TimedLine): LogLine => line;

export interface TimeCursor {
  /** The time key of the oldest line answered. */
  before: number;
  /** How many lines of exactly that time were answered. */
  skip: number;
}

export const encodeCursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The cursor a page answered, or undefined when it is not one this backend wrote. */
export function decodeCursor<T>(
  page: string | undefined,
  valid: (value: unknown) => value is T,
): T | undefined {
  if (!page) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
    return valid(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export const isTimeCursor = (value: unknown): value is TimeCursor =>
  !!value &&
  typeof (value as TimeCursor).before === 'number' &&
  Number.isFinite((value as TimeCursor).before) &&
  Number.isInteger((value as TimeCursor).skip) &&
  (value as TimeCursor).skip >= 0;

/**
 * One page of lines (any order, any of them possibly after the cursor): the newest `limit` lines
 * before the cursor, and the cursor of the next page when more lines were given than answered.
 */
export function pageByTime(lines: TimedLine[], limit: number, cursor: TimeCursor | undefined) {
  let candidates = lines.sort(newestFirst);
  if (cursor) {
    let skipped = 0;
    candidates = candidates.filter((line) => {
      if (line.at > cursor.before) return false;
      if (line.at === cursor.before && skipped < cursor.skip) {
        skipped += 1;
        return false;
      }
      return true;
    });
  }
  const page = candidates.slice(0, limit);
  const more = candidates.length > limit;
  const last = page.at(-1);
  if (!more || !last) return { results: page.map(toLine) };
  let skip = page.filter((line) => line.at === last.at).length;
  if (cursor && last.at === cursor.before) skip += cursor.skip;
  return {
    results: page.map(toLine),
    nextPage: encodeCursor({ before: last.at, skip } satisfies TimeCursor),
  };
}
