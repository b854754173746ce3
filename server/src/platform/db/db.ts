import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDataDirApart, PGLITE_SETTINGS } from './pglite-setup.js';
import { listenOnPostgres, type ListenOptions, type Unlisten } from './pg-listener.js';
import { isDatabaseUnavailable } from './unavailable.js';

export type { ListenOptions, Unlisten } from './pg-listener.js';

export type Row = Record<string, unknown>;

export interface QueryResult<R = Row> {
  rows: R[];
  /** Rows returned, or rows changed by INSERT/UPDATE/DELETE. */
  rowCount: number;
}

/** Something that runs one parameterised statement: the database, or a transaction on it. */
export interface Queryable {
  query<R = Row>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
}

/** A transaction: statements, and scripts of several statements (migrations). */
export interface Transaction extends Queryable {
  exec(script: string): Promise<void>;
}

/**
 * The one interface over both database engines. Values come back parsed the same way from
 * either: timestamps as Date, int8 as number (counts and sizes; values past 2^53 are not
 * exact), numeric as string, json as objects, intervals as text.
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside BEGIN/COMMIT; any throw rolls back and is rethrown. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters. */
  exec(script: string): Promise<void>;
  /**
   * Runs fn while holding a Postgres session advisory lock, so only one process at a time does
   * it (replicas sharing a database). fn may use the database freely meanwhile.
   */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * Calls onNotify with the payload of each pg_notify on the channel, from any connection to
   * this database, once the notifying transaction commits. Resolves when listening has begun.
   */
  listen(channel: string, onNotify: (payload: string) => void, options?: ListenOptions): Promise<Unlisten>;
  /** Connections in use and requests waiting for one (for /metrics). */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; used when databaseUrl is not set. 'memory://' for a throwaway one. */
  dataDir: string;
  poolSize?: number;
  /** PostgreSQL: how long connecting, or waiting for a free pooled connection, may take. Unset: no limit. */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: the longest one statement may run (the server cancels it), and, with a grace,
   * how long the console waits for any answer before taking the database as unavailable (a
   * frozen server cancels nothing). Unset: no limit.
   */
  statementTimeoutMs?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPGlite(options.dataDir);
}

async function openPGlite(dataDir: string): Promise<Db> {
  if (!dataDir.startsWith('memory://')) {
    fs.mkdirSync(dataDir, { recursive: true });
    await createDataDirApart(dataDir);
  }
  const lite = await PGlite.create(dataDir, { postgresqlconf: PGLITE_SETTINGS });
  let waiting = 0;
  const locks = new Map<number, Promise<unknown>>();
  const run = async <R>(q: Pick<PGlite, 'query'>, text: string, params?: readonly unknown[]) => {
    const result = await q.query<R>(text, params as unknown[] | undefined);
    // PGlite counts only changed rows in affectedRows (0 for a SELECT); pg counts both.
    return { rows: result.rows, rowCount: result.rows.length || (result.affectedRows ?? 0) };
  };
  return {
    kind: 'pglite',
    async query(text, params) {
      waiting++;
      try {
        return await run(lite, text, params);
      } finally {
        waiting--;
      }
    },
    transaction(fn) {
      return lite.transaction((tx) =>
        fn({
          query: (text, params) => run(tx, text, params),
          exec: async (script) => void (await tx.exec(script)),
        }),
      );
    },
    async exec(script) {
      await lite.exec(script);
    },
    // A PGlite data directory belongs to one process: excluding callers in this process is enough.
    withAdvisoryLock(key, fn) {
      const previous = locks.get(key) ?? Promise.resolve();
      const result = previous.then(fn);
      locks.set(
        key,
        result.catch(() => {}),
      );
      return result;
    },
    // In process: the connection cannot drop, so onConnectionChange is never called.
    async listen(channel, onNotify) {
      const unlisten = await lite.listen(channel, onNotify);
      return async () => {
        if (!lite.closed) await unlisten();
      };
    },
    poolStats: () => ({ total: 1, idle: waiting === 0 ? 1 : 0, waiting: Math.max(0, waiting - 1) }),
    close: () => lite.close(),
  };
}

const INT8 = 20;
const INTERVAL = 1186;
const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === INT8) return (value: string) => Number(value);
    if (oid === INTERVAL) return (value: string) => value;
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/** Time the server gets to cancel a statement itself before the console stops waiting for the answer. */
const ANSWER_GRACE_MS = 2000;
/**
 * A session idle inside a transaction this long is ended by the server, freeing its locks: a
 * console that froze or lost its connection mid-transaction must not hold them.
 */
const IDLE_IN_TRANSACTION_MS = 60_000;
/** Idle connections are probed after this long, so a database host that vanished is noticed. */
const KEEPALIVE_DELAY_MS = 10_000;
/** setTimeout's longest delay: no read limit in practice. */
const NO_READ_LIMIT_MS = 2 ** 31 - 1;

/** pg takes a per-query read timeout its type declarations leave out. */
type TimedQuery = pg.QueryConfig & { query_timeout?: number };
/**
 * Scripts (migrations) may rightly run long: the console waits for them without a read limit,
 * and one that must outlast the statement limit lifts it with `set local statement_timeout`.
 */
const script = (text: string): TimedQuery => ({ text, query_timeout: NO_READ_LIMIT_MS });

async function openPostgres(databaseUrl: string, options: DatabaseOptions): Promise<Db> {
  const { connectTimeoutMs, statementTimeoutMs } = options;
  // Every connection (the pool's, a session lock's, the listener's). The statement limits are the
  // pool's alone: a lock or a LISTEN waits as long as it takes.
  const connection: pg.ClientConfig = {
    connectionString: databaseUrl,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    ...(connectTimeoutMs ? { connectionTimeoutMillis: connectTimeoutMs } : {}),
  };
  const pool = new pg.Pool({
    ...connection,
    // The console's statements are interactive reads and small writes: compiling one (JIT, above
    // a planned cost many of them reach on a large catalog) took longer than running it.
    options: '-c jit=off',
    max: options.poolSize ?? 10,
    types: pgTypes,
    ...(statementTimeoutMs
      ? {
          statement_timeout: statementTimeoutMs,
          // A frozen or unreachable server cancels nothing: the console stops waiting itself.
          query_timeout: statementTimeoutMs + ANSWER_GRACE_MS,
          idle_in_transaction_session_timeout: Math.max(IDLE_IN_TRANSACTION_MS, statementTimeoutMs),
        }
      : {}),
  });
  // An idle client that loses its connection emits here; the pool replaces it.
  pool.on('error', () => {});
  const run = async <R>(q: pg.Pool | pg.PoolClient, text: string, params?: readonly unknown[]) => {
    const result = await q.query(text, params as unknown[] | undefined);
    return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
  };
  await pool.query('select 1');
  const listeners = new Set<Unlisten>();
  return {
    kind: 'postgres',
    query: (text, params) => run(pool, text, params),
    async transaction(fn) {
      const client = await pool.connect();
      // Given back to the pool with an error, the connection is closed rather than reused.
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await fn({
          query: (text, params) => run(client, text, params),
          exec: async (text) => void (await client.query(script(text))),
        });
        await client.query('commit');
        return result;
      } catch (error) {
        // A lost or frozen connection cannot roll back, and waiting on it would hold the request:
        // the server rolls back when the session ends.
        if (isDatabaseUnavailable(error)) broken = error as Error;
        else await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async exec(text) {
      await pool.query(script(text));
    },
    async withAdvisoryLock(key, fn) {
      // A session lock lives on one connection, held until fn is done; waiting for it lasts as
      // long as another replica holds it. A connection of its own, without the statement limit,
      // so fn may use the whole pool meanwhile.
      const client = new pg.Client({ ...connection, application_name: 'ops-console lock' });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        await client.end().catch(() => {});
      }
    },
    async listen(channel, onNotify, listenOptions) {
      const unlisten = await listenOnPostgres(connection, channel, onNotify, listenOptions);
      const stop = async () => {
        listeners.delete(stop);
        await unlisten();
      };
      listeners.add(stop);
      return stop;
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}
