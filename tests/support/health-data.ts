/**
 * Rows the health suites write straight into the database (canaries, checks, statuses,
 * rollups), and the figures a person would compute by hand from them.
 */
import { LOCAL_AGENT } from '../../server/src/platform/agents/local-agent.js';
import type { TestServer } from './server.js';

export type Sql = <R = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<R[]>;

export const sqlOf =
  (server: TestServer): Sql =>
  async <R>(text: string, params: unknown[] = []) =>
    (await server.db.query<R>(text, params)).rows;

let unique = 0;
/** A name no other test of this run uses. */
export const uniqueName = (prefix: string) => `${prefix}-${process.pid}-${++unique}`;

export async function createCanary(
  sql: Sql,
  options: { name?: string; namespace?: string; agentId?: string; spec?: unknown; schedule?: string } = {},
): Promise<string> {
  const rows = await sql<{ id: string }>(
    `insert into canaries (name, namespace, agent_id, spec, schedule) values ($1, $2, $3, $4, $5) returning id`,
    [
      options.name ?? uniqueName('canary'),
      options.namespace ?? 'health-tests',
      options.agentId ?? LOCAL_AGENT,
      JSON.stringify(options.spec ?? {}),
      options.schedule ?? null,
    ],
  );
  return rows[0]!.id;
}

export async function createCheck(
  sql: Sql,
  canaryId: string,
  options: {
    name?: string;
    type?: string;
    namespace?: string | null;
    status?: 'healthy' | 'unhealthy' | null;
    agentId?: string;
    deleted?: boolean;
  } = {},
): Promise<string> {
  const rows = await sql<{ id: string }>(
    `insert into checks (canary_id, agent_id, type, name, namespace, status, deleted_at)
     values ($1, $2, $3, $4, $5, $6, case when $7 then now() end) returning id`,
    [
      canaryId,
      options.agentId ?? LOCAL_AGENT,
      options.type ?? 'http',
      options.name ?? uniqueName('check'),
      options.namespace ?? null,
      options.status ?? null,
      options.deleted ?? false,
    ],
  );
  return rows[0]!.id;
}

export interface Status {
  time: Date;
  status: boolean;
  duration: number;
}

export async function insertStatuses(sql: Sql, checkId: string, statuses: Status[]): Promise<void> {
  await sql(
    `insert into check_statuses (check_id, time, status, duration, message)
     select $1, t, s, d, 'test' from unnest($2::timestamptz[], $3::boolean[], $4::int[]) as u(t, s, d)`,
    [
      checkId,
      statuses.map((s) => s.time.toISOString()),
      statuses.map((s) => s.status),
      statuses.map((s) => s.duration),
    ],
  );
}

export interface Rollup {
  granularity: 'hour' | 'day';
  bucket: Date;
  passed: number;
  failed: number;
  p95: number | null;
  p97: number | null;
  p99: number | null;
}

export async function insertRollups(sql: Sql, checkId: string, rollups: Rollup[]): Promise<void> {
  for (const r of rollups) {
    await sql(
      `insert into check_status_rollups (check_id, granularity, bucket, passed, failed, count, p95, p97, p99)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        checkId,
        r.granularity,
        r.bucket.toISOString(),
        r.passed,
        r.failed,
        r.passed + r.failed,
        r.p95,
        r.p97,
        r.p99,
      ],
    );
  }
}

/** Postgres's percentile_cont: linear interpolation between the two nearest ranks. */
export function percentileCont(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = fraction * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

/** The smallest value whose cumulative weight reaches the fraction of the total weight. */
export function weightedPercentile(points: { value: number; weight: number }[], fraction: number): number {
  const sorted = [...points].sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, p) => sum + p.weight, 0);
  let reach = 0;
  for (const point of sorted) {
    reach += point.weight;
    if (reach >= fraction * total) return point.value;
  }
  throw new Error('no points');
}

export { eventually } from './eventually.js';
