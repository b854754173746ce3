/**
 * GET /api/canary/api/graph?check=&count=&start=: a check's status history for the charts of
 * its details, as the platform's canary API answers it. The runs of the range newest first; when
 * the range holds more than `count` runs, `count` equal time buckets instead, each with its
 * runs' mean duration and counts. Uptime and latency percentiles over the range beside them.
 */
import type { Request, Response } from 'express';
import { HttpError } from '../../http/errors.js';
import { UUID } from '../../lib/uuid.js';
import type { Db } from '../db/db.js';
import type { CheckGraphPoint, CheckGraphResponse } from './types.js';
import { isoTime, relativeStart, START_MESSAGE } from './summary-range.js';

export const DEFAULT_GRAPH_POINTS = 300;
export const MAX_GRAPH_POINTS = 5000;
export const GRAPH_CHECK_NOT_FOUND = 'Check not found';

export interface GraphQuery {
  checkId: string;
  count: number;
  from: Date;
  to: Date;
}

function single(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `${name} may be given once`);
  return value;
}

export function readGraphQuery(params: Record<string, unknown>, now = new Date()): GraphQuery {
  const checkId = single(params, 'check');
  if (!checkId) throw new HttpError(400, 'check is required: the id of a check');
  if (!UUID.test(checkId)) throw new HttpError(400, 'check must be a UUID');
  const countText = single(params, 'count');
  const count = countText === undefined ? DEFAULT_GRAPH_POINTS : Number(countText);
  if (!Number.isInteger(count) || count < 1 || count > MAX_GRAPH_POINTS)
    throw new HttpError(400, `count must be a whole number from 1 to ${MAX_GRAPH_POINTS}`);
  const startText = single(params, 'start') ?? '1h';
  const from = relativeStart(startText, now) ?? isoTime(startText);
  if (!from) throw new HttpError(400, START_MESSAGE);
  if (from.getTime() >= now.getTime()) throw new HttpError(400, 'start must be in the past');
  return { checkId, count, from, to: now };
}

interface StatsRow {
  runs: number;
  passed: number;
  failed: number;
  last_pass: Date | null;
  last_fail: Date | null;
  mean: number | null;
  p95: number | null;
  p97: number | null;
  p99: number | null;
  rolling1h: number | null;
}

interface PointRow {
  time: Date;
  status: boolean;
  duration: number;
  message?: string | null;
  error?: string | null;
  passed?: number;
  failed?: number;
}

const rounded = (value: number | null) => (value === null ? null : Math.round(value));

export async function checkGraph(db: Db, query: GraphQuery): Promise<CheckGraphResponse | undefined> {
  const { rows: checks } = await db.query<{ agent: string | null }>(
    `select a.name as agent from checks k join canaries c on c.id = k.canary_id
     left join agents a on a.id = k.agent_id
     where k.id = $1 and k.deleted_at is null and c.deleted_at is null`,
    [query.checkId],
  );
  if (checks.length === 0) return undefined;
  const range = [query.checkId, query.from, query.to];
  const { rows: stats } = await db.query<StatsRow>(
    `select count(*)::int as runs, count(*) filter (where status)::int as passed,
       count(*) filter (where not status)::int as failed,
       max(time) filter (where status) as last_pass, max(time) filter (where not status) as last_fail,
       avg(duration)::float8 as mean,
       percentile_cont(0.95) within group (order by duration) as p95,
       percentile_cont(0.97) within group (order by duration) as p97,
       percentile_cont(0.99) within group (order by duration) as p99,
       avg(duration) filter (where time >= $3::timestamptz - interval '1 hour')::float8 as rolling1h
     from check_statuses where check_id = $1 and time >= $2 and time <= $3`,
    range,
  );
  const summary = stats[0]!;
  let points: PointRow[];
  if (summary.runs <= query.count) {
    points = (
      await db.query<PointRow>(
        `select time, status, duration, message, error from check_statuses
         where check_id = $1 and time >= $2 and time <= $3 order by time desc`,
        range,
      )
    ).rows;
  } else {
    const bucketMs = Math.max(1, Math.ceil((query.to.getTime() - query.from.getTime()) / query.count));
    points = (
      await db.query<PointRow>(
        `select min(time) as time, bool_and(status) as status, round(avg(duration))::int as duration,
           count(*) filter (where status)::int as passed, count(*) filter (where not status)::int as failed
         from check_statuses where check_id = $1 and time >= $2 and time <= $3
         group by floor(extract(epoch from time - $2::timestamptz) * 1000 / $4)
         order by 1 desc`,
        [...range, bucketMs],
      )
    ).rows;
  }
  return {
    status: points.map(
      (point): CheckGraphPoint => ({ ...point, time: point.time.toISOString() }) as CheckGraphPoint,
    ),
    latency: {
      p95: rounded(summary.p95),
      p97: rounded(summary.p97),
      p99: rounded(summary.p99),
      rolling1h: rounded(summary.rolling1h),
    },
    uptime: {
      passed: summary.passed,
      failed: summary.failed,
      last_pass: summary.last_pass?.toISOString() ?? null,
      last_fail: summary.last_fail?.toISOString() ?? null,
    },
    duration: rounded(summary.mean),
    runnerName: checks[0]!.agent ?? 'local',
  };
}

export function graphHandler(db: Db) {
  return async (req: Request, res: Response) => {
    const answer = await checkGraph(db, readGraphQuery(req.query));
    if (!answer) throw new HttpError(404, GRAPH_CHECK_NOT_FOUND);
    res.json(answer);
  };
}
