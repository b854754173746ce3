import type { Entry } from '../canary-spec.js';
import { renderGoTemplate } from '../go-template.js';
import { celSafe } from '../test-expression.js';
import {
  EntryError,
  fail,
  literalValue,
  pass,
  slowerThanThreshold,
  str,
  type CheckOutcome,
  type KindContext,
} from './common.js';

const ROWS_KEPT = 20;

/** Puts a username and password into a URL: its $(username)/$(password) placeholders, else its user part. */
export function withCredentials(url: string, username?: string, password?: string): string {
  if (url.includes('$(username)') || url.includes('$(password)'))
    return url
      .replaceAll('$(username)', encodeURIComponent(username ?? ''))
      .replaceAll('$(password)', encodeURIComponent(password ?? ''));
  if (username === undefined && password === undefined) return url;
  try {
    const parsed = new URL(url);
    if (username !== undefined && !parsed.username) parsed.username = encodeURIComponent(username);
    if (password !== undefined && !parsed.password) parsed.password = encodeURIComponent(password);
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * The database URL of a SQL entry: its `connection` (a URL; connection:// references are read
 * into `url`, `username` and `password` before a check runs) or `url`, with the credentials put in.
 */
export function sqlUrlOf(entry: Entry): string {
  const url = str(entry.connection) ?? literalValue(entry.url, 'url');
  if (!url) throw new EntryError('connection or url is required');
  return withCredentials(
    url,
    literalValue(entry.username, 'username'),
    literalValue(entry.password, 'password'),
  );
}

/** The entry's `query` (default SELECT 1), its Go template filled with what templates see. */
export function sqlQueryOf(entry: Entry, ctx: KindContext, fallback: string): string {
  const query = str(entry.query) ?? fallback;
  if (!query.includes('{{')) return query;
  try {
    return renderGoTemplate(query, ctx.values ?? {}).trim();
  } catch (error) {
    throw new EntryError(`failed to template query: ${(error as Error).message}`);
  }
}

/**
 * What a SQL check's rows mean, the same for every database (as the postgres kind reads them):
 * fewer rows than `results` fail, none fail with `markFailOnEmpty`, `thresholdMillis` bounds the
 * time; `results.rows` and `results.count` go to the check's templates.
 */
export function sqlOutcome(entry: Entry, rows: Record<string, unknown>[], elapsed: number): CheckOutcome {
  const message = `${rows.length} ${rows.length === 1 ? 'row' : 'rows'} in ${elapsed}ms`;
  const detail = { count: rows.length, rows: celSafe(rows.slice(0, ROWS_KEPT)), elapsed };
  const context = { results: { rows, count: BigInt(rows.length) } };
  if (rows.length === 0 && entry.markFailOnEmpty === true)
    return { ...fail('query returned an empty result (markFailOnEmpty)', message, detail), context };
  const expected = Number(entry.results);
  if (entry.results !== undefined && Number.isFinite(expected) && rows.length < expected)
    return {
      ...fail(`query returned ${rows.length} rows, expected at least ${expected}`, message, detail),
      context,
    };
  const slow = slowerThanThreshold(elapsed, entry);
  return { ...(slow ? fail(slow, message, detail) : pass(message, detail)), context };
}
