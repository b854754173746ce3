/**
 * The sql action: `query` on PostgreSQL (`driver` postgres, postgresql, pgx or pq: the `pg`
 * client) or MySQL/MariaDB (`mysql`: `mysql2`), through `url` or a connection's URL (its username
 * and password filled in when the URL has none). MySQL URLs may be `mysql://user:pass@host:port/db`
 * or the Go driver's DSN `user:pass@tcp(host:port)/db?...`, as the platform's connections write
 * them. Other drivers (sqlserver, ...) fail with "sql driver X is not supported by this console".
 *
 * The result is the platform's: `{rows, count}`, every value as text (null stays null), rows
 * kept up to 1,000 (`truncated: true` past that; count is the whole number). The connection is
 * always closed; an abort cancels the running query (pg_cancel_backend / KILL QUERY from a second
 * connection) and closes it.
 */
import pg from 'pg';
import { mysqlOptions, withCredentials } from '../../connections/index.js';
import { connectionOf, messageOf, stopReason, text } from './support.js';
import { ActionFailure, type ActionContext, type ActionExecutor } from './types.js';

export const ROW_CAP = 1000;
const CONNECT_TIMEOUT_MS = 15_000;

const POSTGRES = new Set(['postgres', 'postgresql', 'pgx', 'pq']);
const MYSQL = new Set(['mysql', 'mariadb']);

type Row = Record<string, string | null>;

function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const textRows = (rows: Record<string, unknown>[]): Row[] =>
  rows.slice(0, ROW_CAP).map((row) => {
    const out: Row = {};
    for (const [key, value] of Object.entries(row)) out[key] = asText(value);
    return out;
  });

async function postgres(url: string, query: string, ctx: ActionContext) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => undefined);
  const onAbort = () => {
    const pid = (client as unknown as { processID?: number }).processID;
    if (pid) {
      const canceller = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      canceller.on('error', () => undefined);
      canceller
        .connect()
        .then(() => canceller.query('select pg_cancel_backend($1)', [pid]))
        .catch(() => undefined)
        .finally(() => void canceller.end().catch(() => undefined));
    }
  };
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    await client.connect();
    if (ctx.signal.aborted) throw new Error('stopped');
    const answer = (await client.query(query)) as pg.QueryResult | pg.QueryResult[];
    // Several statements answer one result each: the last one is the action's.
    const last = Array.isArray(answer) ? answer[answer.length - 1] : answer;
    const rows = (last?.rows ?? []) as Record<string, unknown>[];
    return { rows, affected: last?.rowCount ?? 0 };
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    await client.end().catch(() => undefined);
  }
}

async function mysqlQuery(url: string, query: string, ctx: ActionContext) {
  let config;
  try {
    config = mysqlOptions(url);
  } catch (error) {
    throw new ActionFailure((error as Error).message);
  }
  // Loaded when first used, as the mysql check does (docs/memory.md).
  const mysql = (await import('mysql2/promise')).default;
  if (config.password) ctx.secrets.add(String(config.password));
  const connection = await mysql.createConnection({ ...config, connectTimeout: CONNECT_TIMEOUT_MS });
  connection.on('error', () => undefined);
  const onAbort = () => {
    const threadId = connection.threadId;
    mysql
      .createConnection({ ...config, connectTimeout: CONNECT_TIMEOUT_MS })
      .then(async (killer) => {
        try {
          await killer.query(`KILL QUERY ${Number(threadId)}`);
        } finally {
          killer.destroy();
        }
      })
      .catch(() => undefined);
  };
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const [answer] = await connection.query(query);
    if (Array.isArray(answer)) return { rows: answer as Record<string, unknown>[], affected: answer.length };
    return { rows: [], affected: (answer as { affectedRows?: number }).affectedRows ?? 0 };
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    await connection.end().catch(() => connection.destroy());
  }
}

export const sqlAction: ActionExecutor = async (body, ctx) => {
  const query = text(body, 'query');
  if (!query) throw new ActionFailure('sql needs a query');
  const driver = (text(body, 'driver') ?? '').toLowerCase();
  let url = text(body, 'url');
  if (typeof body.connection === 'string' && body.connection) {
    const connection = await connectionOf(ctx, body.connection);
    url ??= connection.url && withCredentials(connection.url, connection.username, connection.password);
  }
  if (!url) throw new ActionFailure('sql needs a url or a connection with one');
  const isPostgres = POSTGRES.has(driver) || (!driver && /^postgres(ql)?:/.test(url));
  const isMysql = MYSQL.has(driver) || (!driver && /^(mysql|mariadb):/.test(url));
  if (!isPostgres && !isMysql)
    throw new ActionFailure(
      `sql driver ${driver || '(none)'} is not supported by this console (postgres, mysql)`,
    );
  try {
    const { rows, affected } = isPostgres
      ? await postgres(url, query, ctx)
      : await mysqlQuery(url, query, ctx);
    // A stop that came as the query ended (MySQL's SLEEP() answers 1 when killed) still stops.
    if (ctx.signal.aborted) throw new ActionFailure(`the query was stopped: ${stopReason(ctx.signal)}`);
    const count = rows.length;
    return {
      rows: textRows(rows),
      count,
      ...(count > ROW_CAP ? { truncated: true } : {}),
      logs: rows.length
        ? `${count} row${count === 1 ? '' : 's'}`
        : `${affected} row${affected === 1 ? '' : 's'} affected`,
    };
  } catch (error) {
    if (ctx.signal.aborted) throw new ActionFailure(`the query was stopped: ${stopReason(ctx.signal)}`);
    if (error instanceof ActionFailure) throw error;
    throw new ActionFailure(`the query failed: ${messageOf(error)}`);
  }
};
