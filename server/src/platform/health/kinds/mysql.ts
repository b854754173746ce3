import type { Connection } from 'mysql2/promise';
import type { Entry } from '../canary-spec.js';
import {
  abortable,
  describeError,
  CLIENT_GRACE_MS,
  EntryError,
  fail,
  type CheckOutcome,
  type KindContext,
} from './common.js';
import { sqlOutcome, sqlQueryOf, sqlUrlOf } from './sql-results.js';

/**
 * A MySQL URL from what the platform's users write: `mysql://user:pass@host:3306/db`, or Go's
 * DSN `user:pass@tcp(host:3306)/db?params` (the form canary-checker's mysql driver reads).
 */
export function mysqlUrl(text: string): string {
  if (/^(mysql|mariadb):\/\//i.test(text)) return text.replace(/^mariadb:/i, 'mysql:');
  const scheme = /^([a-z0-9+]+):\/\//i.exec(text)?.[1];
  if (scheme) throw new EntryError(`'${scheme}' URLs are not MySQL URLs: give mysql://host:3306/db`);
  const dsn = /^(?:([^:@]*)(?::(.*))?@)?(?:tcp\(([^)]+)\))?\/([^?]*)(\?.*)?$/.exec(text);
  if (!dsn) throw new EntryError(`'${text}' is neither mysql://host:3306/db nor user:pass@tcp(host:3306)/db`);
  const [, user, password, address, database, params] = dsn;
  const auth = user
    ? `${encodeURIComponent(user)}${password !== undefined ? `:${encodeURIComponent(password)}` : ''}@`
    : '';
  return `mysql://${auth}${address ?? '127.0.0.1:3306'}/${database ?? ''}${params ?? ''}`;
}

type Rows = Record<string, unknown>[];

/** With several statements each answers its own result: the last one with rows counts. */
function lastRows(result: unknown): Rows {
  if (!Array.isArray(result)) return [];
  const isResultList = result.some(
    (r) => Array.isArray(r) || (r && typeof r === 'object' && 'affectedRows' in r),
  );
  if (!isResultList) return result as Rows;
  for (let i = result.length - 1; i >= 0; i -= 1) if (Array.isArray(result[i])) return result[i] as Rows;
  return [];
}

/** Runs `query` (default 'SELECT 1') on a MySQL or MariaDB database, with the SQL checks' `results` and `test`. */
export async function runMysql(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  let url: string;
  let query: string;
  try {
    url = mysqlUrl(sqlUrlOf(entry));
    query = sqlQueryOf(entry, ctx, 'SELECT 1');
  } catch (error) {
    return fail(error instanceof EntryError ? error.message : describeError(error, ctx));
  }
  const parsed = new URL(url);
  const target = `${parsed.hostname}:${parsed.port || 3306}`;
  let connection: Connection | undefined;
  const started = performance.now();
  let rows: Rows;
  try {
    const work = (async () => {
      // Loaded on the first mysql check: most consoles never run one, and the driver is not small.
      const mysql = (await import('mysql2/promise')).default;
      connection = await mysql.createConnection({
        uri: url,
        connectTimeout: ctx.timeoutMs + CLIENT_GRACE_MS,
        multipleStatements: true,
        dateStrings: true,
        supportBigNumbers: true,
      });
      // A connection error after the answer (the server going away) is not this check's concern.
      connection.on('error', () => {});
      const [result] = await connection.query({ sql: query, timeout: ctx.timeoutMs + CLIENT_GRACE_MS });
      return lastRows(result);
    })();
    rows = await abortable(work, ctx.signal, () => connection?.destroy());
  } catch (error) {
    return fail(describeError(error, ctx, target));
  } finally {
    void connection?.end().catch(() => connection?.destroy());
  }
  return sqlOutcome(entry, rows, Math.round(performance.now() - started));
}
