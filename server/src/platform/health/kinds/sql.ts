import pg from 'pg';
import type { Entry } from '../canary-spec.js';
import { sqlOutcome, sqlQueryOf, sqlUrlOf } from './sql-results.js';
import {
  abortable,
  describeError,
  CLIENT_GRACE_MS,
  EntryError,
  fail,
  type CheckOutcome,
  type KindContext,
} from './common.js';

/** PostgreSQL type ids whose values canary-checker reads as ints, and as doubles. */
const INT_TYPES = new Set([20, 21, 23, 26]);
const FLOAT_TYPES = new Set([700, 701, 1700]);

/** Rows typed as canary-checker's SQL check reads them: ints as ints, numerics as doubles. */
function typedRows(result: pg.QueryResult | undefined): Record<string, unknown>[] {
  if (!result) return [];
  const kinds = new Map(result.fields.map((f) => [f.name, f.dataTypeID]));
  return (result.rows as Record<string, unknown>[]).map((row) => {
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(row)) {
      const type = kinds.get(name) ?? 0;
      if (value !== null && INT_TYPES.has(type)) out[name] = BigInt(value as string | number);
      else if (value !== null && FLOAT_TYPES.has(type)) out[name] = Number(value);
      else out[name] = value;
    }
    return out;
  });
}

/**
 * Runs `query` (default 'select 1') on a PostgreSQL database: fails on fewer rows than
 * `results`, or none with `markFailOnEmpty`; `results.rows`/`results.count` go to the templates.
 */
export async function runSql(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  let url: string;
  let query: string;
  try {
    url = sqlUrlOf(entry);
    query = sqlQueryOf(entry, ctx, 'select 1');
  } catch (error) {
    return fail(error instanceof EntryError ? error.message : describeError(error, ctx));
  }
  const scheme = /^([a-z0-9+]+):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (scheme !== 'postgres' && scheme !== 'postgresql')
    return fail(
      `this console's check runner runs SQL checks on PostgreSQL only; '${scheme ?? url.split(':')[0]}' databases are not supported`,
    );
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: ctx.timeoutMs + CLIENT_GRACE_MS,
    query_timeout: ctx.timeoutMs + CLIENT_GRACE_MS,
    statement_timeout: ctx.timeoutMs + CLIENT_GRACE_MS,
    application_name: 'ops-console check',
  });
  client.on('error', () => {});
  const started = performance.now();
  let rows: Record<string, unknown>[];
  try {
    const work = (async () => {
      await client.connect();
      // Several statements answer one result each: the last one counts.
      const result = (await client.query(query)) as pg.QueryResult | pg.QueryResult[];
      return typedRows(Array.isArray(result) ? result[result.length - 1] : result);
    })();
    rows = await abortable(work, ctx.signal, () => void client.end().catch(() => {}));
  } catch (error) {
    return fail(describeError(error, ctx));
  } finally {
    void client.end().catch(() => {});
  }
  return sqlOutcome(entry, rows, Math.round(performance.now() - started));
}
