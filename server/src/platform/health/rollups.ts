import type { Queryable } from '../db/db.js';
import { refreshSpans } from './summary-spans.js';

/**
 * Hour and day rollups of check_statuses (migration 0015 describes the table). One pass:
 *  - hours: every hour from the one the previous pass ran in up to now (the open hour too);
 *  - days: every day that closed since the previous pass;
 *  - both: the hours and days of statuses stored since the previous pass with an older time
 *    (history pushed late), recomputed whole;
 *  - then the summary's spans (summary-spans.ts), when the closed hours moved or changed.
 * Each bucket is computed from the raw statuses and replaces what was there. Run it in a
 * transaction so the watermark moves with the rows.
 */

type Granularity = 'hour' | 'day';

const AGGREGATES = `count(*) filter (where s.status)::int as passed,
  count(*) filter (where not s.status)::int as failed,
  count(*)::int as count,
  sum(s.duration)::bigint as duration_sum,
  max(s.duration)::int as duration_max,
  max(s.time) filter (where s.status) as last_pass,
  max(s.time) filter (where not s.status) as last_fail,
  percentile_cont(array[0.95, 0.97, 0.99]) within group (order by s.duration) as p`;

const UPSERT = `insert into check_status_rollups
  (check_id, granularity, bucket, passed, failed, count, duration_sum, duration_max, last_pass, last_fail,
   p95, p97, p99)
select check_id, $1, bucket, passed, failed, count, duration_sum, duration_max, last_pass, last_fail,
  round(p[1])::int, round(p[2])::int, round(p[3])::int
from agg
on conflict (check_id, granularity, bucket) do update set
  passed = excluded.passed, failed = excluded.failed, count = excluded.count,
  duration_sum = excluded.duration_sum, duration_max = excluded.duration_max,
  last_pass = excluded.last_pass, last_fail = excluded.last_fail,
  p95 = excluded.p95, p97 = excluded.p97, p99 = excluded.p99`;

const interval = (g: Granularity) => (g === 'hour' ? "interval '1 hour'" : "interval '1 day'");

/** Buckets whose start is in [$2, $3). */
async function rollRange(q: Queryable, g: Granularity, from: Date | null, to: Date): Promise<number> {
  const { rowCount } = await q.query(
    `with agg as (
       select s.check_id, date_trunc($1, s.time, 'UTC') as bucket, ${AGGREGATES}
       from check_statuses s
       where s.time >= $2 and s.time < $3
       group by 1, 2
     ) ${UPSERT}`,
    [g, from?.toISOString() ?? '-infinity', to.toISOString()],
  );
  return rowCount;
}

/** Buckets before $2 holding statuses stored in [$3, $4): late arrivals. */
async function rollLate(q: Queryable, g: Granularity, before: Date, storedFrom: Date, storedTo: Date) {
  const { rowCount } = await q.query(
    `with late as (
       select distinct check_id, date_trunc($1, time, 'UTC') as bucket
       from check_statuses
       where created_at >= $3 and created_at < $4 and time < $2
     ), agg as (
       select s.check_id, l.bucket, ${AGGREGATES}
       from late l
       join check_statuses s
         on s.check_id = l.check_id and s.time >= l.bucket and s.time < l.bucket + ${interval(g)}
       group by 1, 2
     ) ${UPSERT}`,
    [g, before.toISOString(), storedFrom.toISOString(), storedTo.toISOString()],
  );
  return rowCount;
}

function truncUtc(time: Date, g: Granularity): Date {
  const t = new Date(time);
  if (g === 'day') t.setUTCHours(0, 0, 0, 0);
  else t.setUTCMinutes(0, 0, 0);
  return t;
}

export interface RollupOutcome {
  hours: number;
  days: number;
  /** span rows written (0: the spans were still right) */
  spans: number;
}

/** One rollup pass up to `now`; returns the rollup rows written. */
export async function rollUpStatuses(q: Queryable, now: Date): Promise<RollupOutcome> {
  const state = await q.query<{ rolled_until: Date }>(
    'select rolled_until from _check_status_rollup_state for update',
  );
  const previous = state.rows[0]?.rolled_until ?? null;
  const hourFrom = previous ? truncUtc(previous, 'hour') : null;
  const dayFrom = previous ? truncUtc(previous, 'day') : null;
  const dayTo = truncUtc(now, 'day');
  let hours = await rollRange(q, 'hour', hourFrom, now);
  let days = dayFrom && dayFrom >= dayTo ? 0 : await rollRange(q, 'day', dayFrom, dayTo);
  let late = 0;
  if (previous && hourFrom && dayFrom) {
    const lateHours = await rollLate(q, 'hour', hourFrom, previous, now);
    const lateDays = await rollLate(q, 'day', dayFrom, previous, now);
    hours += lateHours;
    days += lateDays;
    late = lateHours + lateDays;
  }
  await q.query(
    `insert into _check_status_rollup_state (id, rolled_until) values (true, $1)
     on conflict (id) do update set rolled_until = excluded.rolled_until`,
    [now.toISOString()],
  );
  // Closed rows change only when the hours moved on (the spans then move too) or late statuses
  // were rolled up.
  const spans = await refreshSpans(q, now, late > 0);
  return { hours, days, spans };
}
