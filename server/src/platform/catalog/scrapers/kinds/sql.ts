/**
 * The sql kind, as config-db's: `query` run on the database `connection` names — a stored
 * connection (`connection://...`) or a URL, `auth` filling a username and password the URL
 * lacks. The driver is the entry's `driver`, else the connection's type, else the URL's scheme:
 * PostgreSQL (`pg`) or MySQL/MariaDB (`mysql2`, from mysql:// URLs or the Go DSN
 * `user:pass@tcp(host:port)/db`); SQL Server is refused with a clear error. Every row is one
 * document, each value as text (null stays null); a query of one column gives that column's
 * value, read as JSON when it is JSON. The documents then go through the base fields.
 */
import pg from 'pg';
import { mysqlOptions, withCredentials } from '../../../connections/index.js';
import type { ScrapeContext, ScrapeOutput, ScraperKind, ScrapedItem } from '../types.js';
import { checkBaseFields, entryOutput, EntryError, extractItems, type BaseFields } from './extract.js';
import {
  envValue,
  messageOf,
  passwordsInUrl,
  redact,
  safeUrl,
  storedConnection,
  textField,
} from './support.js';

export type SqlEntry = BaseFields & {
  connection?: string;
  auth?: { username?: unknown; password?: unknown };
  driver?: string;
  query?: string;
};

export const CONNECT_TIMEOUT_MS = 15_000;
export const QUERY_TIMEOUT_MS = 5 * 60_000;

type Driver = 'postgres' | 'mysql';

const DRIVERS: Record<string, Driver | 'sqlserver'> = {
  postgres: 'postgres',
  postgresql: 'postgres',
  pgx: 'postgres',
  pq: 'postgres',
  mysql: 'mysql',
  mariadb: 'mysql',
  sqlserver: 'sqlserver',
  sql_server: 'sqlserver',
  mssql: 'sqlserver',
};

interface Result {
  columns: string[];
  rows: Record<string, unknown>[];
}

function valueText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | bigint | boolean);
}

/** The document a row is: its values as text, or the one column's value (JSON when it is). */
export function rowDocument(columns: string[], row: Record<string, unknown>): unknown {
  if (columns.length === 1) {
    const text = valueText(row[columns[0]!]);
    if (text === null) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  const document: Record<string, string | null> = {};
  for (const column of columns) document[column] = valueText(row[column]);
  return document;
}

async function queryPostgres(url: string, query: string, signal: AbortSignal): Promise<Result> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    application_name: 'ops-console scraper',
  });
  client.on('error', () => undefined);
  const stop = () => void client.end().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  try {
    await client.connect();
    const answer = (await client.query(query)) as pg.QueryResult | pg.QueryResult[];
    // Several statements answer one result each: the last one holds the items.
    const last = Array.isArray(answer) ? answer[answer.length - 1] : answer;
    return {
      columns: (last?.fields ?? []).map((field) => field.name),
      rows: (last?.rows ?? []) as Record<string, unknown>[],
    };
  } finally {
    signal.removeEventListener('abort', stop);
    await client.end().catch(() => undefined);
  }
}

async function queryMysql(
  url: string,
  query: string,
  signal: AbortSignal,
  ctx: ScrapeContext,
): Promise<Result> {
  let options;
  try {
    options = mysqlOptions(url);
  } catch (error) {
    throw new EntryError((error as Error).message);
  }
  if (options.password) ctx.secrets.add(String(options.password));
  // Loaded when first used: most consoles never scrape MySQL.
  const mysql = (await import('mysql2/promise')).default;
  const connection = await mysql.createConnection({
    ...options,
    connectTimeout: CONNECT_TIMEOUT_MS,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
  });
  connection.on('error', () => undefined);
  const stop = () => connection.destroy();
  signal.addEventListener('abort', stop, { once: true });
  try {
    const [rows, fields] = await connection.query({ sql: query, timeout: QUERY_TIMEOUT_MS });
    if (!Array.isArray(rows)) return { columns: [], rows: [] };
    return {
      columns: (Array.isArray(fields) ? fields : []).map((field) => (field as { name: string }).name),
      rows: rows as Record<string, unknown>[],
    };
  } finally {
    signal.removeEventListener('abort', stop);
    await connection.end().catch(() => connection.destroy());
  }
}

/** Where to connect and with which driver. */
async function databaseOf(entry: SqlEntry, ctx: ScrapeContext): Promise<{ url: string; driver: Driver }> {
  const given = textField(entry as Record<string, unknown>, 'connection');
  if (!given) throw new EntryError('sql needs a connection (connection://name or a database URL)');
  let username = await envValue(entry.auth?.username, ctx, 'auth.username', false);
  let password = await envValue(entry.auth?.password, ctx, 'auth.password', true);
  let url = given;
  let connectionType: string | undefined;
  if (given.startsWith('connection://')) {
    const connection = await storedConnection(given, ctx);
    if (!connection.url) throw new EntryError(`connection ${given} has no URL`);
    url = connection.url;
    connectionType = connection.type;
    username ??= connection.username;
    password ??= connection.password;
  } else {
    for (const secret of passwordsInUrl(url)) ctx.secrets.add(secret);
  }
  url = withCredentials(url, username, password);
  const scheme = /^([a-z0-9+_]+):\/\//i.exec(url)?.[1]?.toLowerCase();
  const name = (
    textField(entry as Record<string, unknown>, 'driver') ??
    connectionType ??
    scheme ??
    ''
  ).toLowerCase();
  const driver = DRIVERS[name] ?? (/^(?:[^@/]*@)?(?:tcp)?\(/.test(url) ? 'mysql' : undefined);
  if (driver === 'sqlserver')
    throw new EntryError(
      'SQL Server is not supported by this console: the sql scraper reads PostgreSQL and MySQL',
    );
  if (!driver)
    throw new EntryError(
      `sql driver ${name || '(none)'} is not supported by this console: the sql scraper reads PostgreSQL and MySQL`,
    );
  return { url, driver };
}

export const sqlKind: ScraperKind<SqlEntry> = {
  kind: 'sql',
  async scrape(entry, ctx): Promise<ScrapeOutput> {
    checkBaseFields(entry);
    const query = textField(entry as Record<string, unknown>, 'query');
    if (!query) throw new EntryError('sql needs a query');
    const { url, driver } = await databaseOf(entry, ctx);
    const endpoint = redact(safeUrl(url), ctx.secrets);
    let result: Result;
    try {
      result =
        driver === 'postgres'
          ? await queryPostgres(url, query, ctx.signal)
          : await queryMysql(url, query, ctx.signal, ctx);
    } catch (error) {
      if (ctx.signal.aborted) throw new EntryError('the scrape was stopped');
      throw new EntryError(`the query on ${endpoint} failed: ${messageOf(error, ctx)}`);
    }
    const items: ScrapedItem[] = [];
    const errors: string[] = [];
    result.rows.forEach((row, index) => {
      const document = rowDocument(result.columns, row);
      if (document === null) {
        errors.push(`row ${index + 1}: its one column is null`);
        return;
      }
      const found = extractItems(document, entry, { source: endpoint, label: `row ${index + 1}` });
      items.push(...found.items);
      errors.push(...found.errors);
    });
    return entryOutput(items, errors);
  },
};
