import type { Queryable } from '../../db/db.js';
import type { Entry } from '../canary-spec.js';
import { celSafe, failedTest, testExpressionOf } from '../test-expression.js';
import {
  cap,
  EntryError,
  fail,
  literalValue,
  pass,
  slowerThanThreshold,
  str,
  type CheckOutcome,
} from './common.js';
import { connectionUrl, withCredentials } from './sql.js';

const ROWS_KEPT = 20;

/**
 * The database URL of a SQL entry: its `connection` (a connection:// reference to a row of
 * `connections`, or a URL) or `url`, with `username` and `password` put in.
 */
export async function sqlUrlOf(entry: Entry, db: Queryable): Promise<string> {
  const connection = str(entry.connection);
  if (connection?.startsWith('connection://')) return connectionUrl(db, connection);
  const url = connection ?? literalValue(entry.url, 'url');
  if (!url) throw new EntryError('connection or url is required');
  return withCredentials(
    url,
    literalValue(entry.username, 'username'),
    literalValue(entry.password, 'password'),
  );
}

/**
 * What a SQL check's rows mean, the same for every database: `results` is the row count
 * expected, `test.expr` sees `results.rows` and `results.count`, and `thresholdMillis` bounds
 * the time taken.
 */
export function sqlOutcome(entry: Entry, rows: Record<string, unknown>[], elapsed: number): CheckOutcome {
  const message = `${rows.length} ${rows.length === 1 ? 'row' : 'rows'} in ${elapsed}ms`;
  const detail = { count: rows.length, rows: celSafe(rows.slice(0, ROWS_KEPT)), elapsed };
  const expected = Number(entry.results);
  if (entry.results !== undefined && Number.isFinite(expected) && rows.length !== expected)
    return fail(`query returned ${rows.length} rows, expected ${expected}`, message, detail);
  const expr = testExpressionOf(entry);
  const problem = expr ? failedTest(expr, { results: { rows, count: rows.length } }) : undefined;
  if (problem) return fail(cap(problem), message, detail);
  const slow = slowerThanThreshold(elapsed, entry);
  return slow ? fail(slow, message, detail) : pass(message, detail);
}
