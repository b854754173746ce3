/**
 * The health summary (GET /api/canary/api/summary): every check the filters keep with its uptime
 * and latency over the range. See summary-sql.ts for the statement and docs/api.md for how the
 * figures are computed.
 */
import type { Db, Queryable } from '../db/db.js';
import { planRange, RAW_RANGE_LIMIT_MS, type SummaryQuery } from './summary-range.js';
import { exactPercentiles, weightedPercentilesOf, type RollupPoint } from './summary-percentile.js';
import { buildSummarySql } from './summary-sql.js';
import { isoTime } from './summary-time.js';
import type { CheckSummary, HealthSummaryResponse } from './types.js';

type Timestamps =
  'last_runtime' | 'next_runtime' | 'last_transition_time' | 'created_at' | 'updated_at' | 'deleted_at';

/** A row of the statement: the check's own columns as the drivers return them, then the figures. */
type SummaryRow = Omit<CheckSummary, Timestamps | 'labels' | 'uptime' | 'latency'> & {
  labels: Record<string, string> | null;
  last_runtime: Date | null;
  next_runtime: Date | null;
  last_transition_time: Date | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  passed: number;
  failed: number;
  last_pass: Date | null;
  last_fail: Date | null;
  rolling1h: number | null;
} &
  // A raw range: its runs' durations.
  (
    | { durations: number[] | null }
    // Ranges answered by rollups: the closed rows' points and the raw edges' durations.
    | {
        span_points: RollupPoint[] | null;
        row_points: RollupPoint[] | null;
        head_durations: number[] | null;
        tail_durations: number[] | null;
      }
  );

function latencyOf(row: SummaryRow): CheckSummary['latency'] {
  const [p95, p97, p99] =
    'durations' in row
      ? exactPercentiles(row.durations ?? [])
      : weightedPercentilesOf([row.span_points, row.row_points], [row.head_durations, row.tail_durations]);
  return { p95, p97, p99, rolling1h: row.rolling1h };
}

/** Thrown when the caller went away before the summary was ready. */
export class SummaryAborted extends Error {
  constructor() {
    super('The summary request was aborted');
  }
}

const iso = isoTime;
const isoRequired = (value: Date | string): string => isoTime(value)!;

function toCheckSummary(row: SummaryRow): CheckSummary {
  return {
    id: row.id,
    canary_id: row.canary_id,
    canary_name: row.canary_name,
    namespace: row.namespace,
    agent_id: row.agent_id,
    agent_name: row.agent_name,
    name: row.name,
    type: row.type,
    icon: row.icon,
    description: row.description,
    endpoint: row.endpoint,
    severity: row.severity,
    labels: row.labels ?? {},
    status: row.status,
    last_runtime: iso(row.last_runtime),
    next_runtime: iso(row.next_runtime),
    last_transition_time: iso(row.last_transition_time),
    uptime: {
      passed: row.passed,
      failed: row.failed,
      last_pass: iso(row.last_pass),
      last_fail: iso(row.last_fail),
    },
    latency: latencyOf(row),
    created_at: isoRequired(row.created_at),
    updated_at: isoRequired(row.updated_at),
    deleted_at: iso(row.deleted_at),
  };
}

/**
 * Runs the read. On Postgres it runs in a read-only transaction (without JIT, as every statement
 * of the pool: compiling the per-check subqueries cost ~0.6 s on a day's range), and an abort
 * cancels it (pg_cancel_backend of the connection the transaction holds). PGlite runs in this process
 * one statement at a time: nothing to cancel.
 */
async function runRead<R>(
  db: Db,
  signal: AbortSignal | undefined,
  read: (q: Queryable) => Promise<R>,
): Promise<R> {
  if (signal?.aborted) throw new SummaryAborted();
  if (db.kind !== 'postgres') return read(db);
  return db.transaction(async (tx) => {
    await tx.query('set transaction read only');
    if (!signal) return read(tx);
    const { rows } = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
    const pid = rows[0]!.pid;
    // Only while the statement runs: the transaction keeps this connection until then, so the
    // cancel cannot reach another request's statement.
    const cancel = () => void db.query('select pg_cancel_backend($1)', [pid]).catch(() => {});
    signal.addEventListener('abort', cancel, { once: true });
    try {
      return await read(tx);
    } catch (error) {
      if (signal.aborted) throw new SummaryAborted();
      throw error;
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  });
}

/** Where the rollup job got to (its day rows cover the days that ended before); null before its first pass. */
async function rolledUntil(q: Queryable, query: SummaryQuery): Promise<Date | null> {
  if (query.to.getTime() - query.from.getTime() <= RAW_RANGE_LIMIT_MS) return null;
  const { rows } = await q.query<{ rolled_until: Date }>(
    'select rolled_until from _check_status_rollup_state',
  );
  return rows[0]?.rolled_until ?? null;
}

export interface SummaryOptions {
  now?: Date;
  /** Aborts the read when the caller disconnects (Postgres cancels the statement). */
  signal?: AbortSignal;
}

const ORDER = 'order by s.canary_name, s.name, s.id';

/** PostgreSQL: rows decoded by its driver, which costs less than the server building their JSON. */
async function decodedRows(q: Queryable, text: string, values: unknown[]): Promise<SummaryRow[]> {
  return (await q.query<SummaryRow>(`select * from (${text}) s ${ORDER}`, values)).rows;
}

/**
 * PGlite: one JSON text, parsed natively, rather than every field of every row decoded by the
 * driver, which took longer than the statement.
 */
async function jsonRows(q: Queryable, text: string, values: unknown[]): Promise<SummaryRow[]> {
  const { rows } = await q.query<{ rows: string }>(
    `select coalesce(json_agg(s ${ORDER}), '[]')::text as rows from (${text}) s`,
    values,
  );
  return JSON.parse(rows[0]!.rows) as SummaryRow[];
}

/** The checks the query keeps, with their figures over [from, to]. */
export async function healthSummary(
  db: Db,
  query: SummaryQuery,
  { now = new Date(), signal }: SummaryOptions = {},
): Promise<HealthSummaryResponse> {
  const started = performance.now();
  const rows = await runRead(db, signal, async (q) => {
    const plan = planRange(query.from, query.to, now, await rolledUntil(q, query));
    const { text, values } = buildSummarySql(query, plan, now);
    return db.kind === 'postgres' ? decodedRows(q, text, values) : jsonRows(q, text, values);
  });
  if (signal?.aborted) throw new SummaryAborted();
  return {
    checks_summary: rows.map(toCheckSummary),
    from: query.from.toISOString(),
    to: query.to.toISOString(),
    duration: Math.round(performance.now() - started),
  };
}
