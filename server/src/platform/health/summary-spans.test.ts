import type { Db } from '../db/db.js';
import { openTestDatabase } from '../db/test-database.js';
import { rollUpStatuses } from './rollups.js';
import { weightedPercentiles, type RollupPoint } from './summary-percentile.js';
import { planRange, readSummaryQuery } from './summary-range.js';
import { buildSummarySql } from './summary-sql.js';
import { SPAN_RANGES, spanOf } from './summary-spans.js';
import { healthSummary } from './summary.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (iso: string) => new Date(iso);

describe('spanOf', () => {
  it('is the closed part of a range asked in the next hour, read an hour later in this one', () => {
    // The job ran at 12:10: hours before 12:00 are closed until its first pass after 13:00.
    expect(spanOf('1d', at('2024-03-31T12:10:00Z'))).toEqual({
      from: at('2024-03-30T14:00:00Z'),
      daysFrom: at('2024-03-31T12:00:00Z'),
      daysTo: at('2024-03-31T12:00:00Z'),
      to: at('2024-03-31T12:00:00Z'),
    });
    expect(spanOf('1w', at('2024-03-31T12:10:00Z'))).toEqual({
      from: at('2024-03-24T14:00:00Z'),
      daysFrom: at('2024-03-25T00:00:00Z'),
      daysTo: at('2024-03-31T00:00:00Z'),
      to: at('2024-03-31T12:00:00Z'),
    });
  });

  it("is this hour's when the next hour's range would read other day rows", () => {
    // Asked before midnight a week's range reads the day from 00:00; asked after, it does not.
    expect(spanOf('1w', at('2024-03-31T23:10:00Z'))).toEqual({
      from: at('2024-03-25T00:00:00Z'),
      daysFrom: at('2024-03-25T00:00:00Z'),
      daysTo: at('2024-03-31T00:00:00Z'),
      to: at('2024-03-31T23:00:00Z'),
    });
  });

  it('is none for a range that reads no closed rows', () => {
    expect(spanOf('1h', at('2024-03-31T12:10:00Z'))).toBeUndefined();
    expect(spanOf('90m', at('2024-03-31T12:10:00Z'))).toBeUndefined();
  });
});

interface Status {
  time: number;
  status: boolean;
  duration: number;
}

/** Postgres's percentile_cont, then round() of a double (half to even), as the rollup job stores it. */
function storedPercentile(durations: number[], fraction: number): number {
  const sorted = [...durations].sort((a, b) => a - b);
  const rank = fraction * (sorted.length - 1);
  const low = Math.floor(rank);
  const value = sorted[low]! + (sorted[Math.ceil(rank)]! - sorted[low]!) * (rank - low);
  const floor = Math.floor(value);
  if (value - floor !== 0.5) return Math.round(value);
  return floor % 2 === 0 ? floor : floor + 1;
}

/**
 * The summary as the documentation describes it, from the raw statuses alone: exact counts and
 * last times; percentiles weighted over the rollup buckets the plan reads (each computed from its
 * statuses) and the raw runs at the edges; rolling1h the average of the last hour.
 */
function byHand(statuses: Status[], start: string, now: Date, rolledUntil: Date) {
  const query = readSummaryQuery({ start }, now);
  const [from, to] = [query.from.getTime(), query.to.getTime()];
  const plan = planRange(query.from, query.to, now, rolledUntil);
  if (plan.kind !== 'rollup') throw new Error(`expected ${start} to read rollups`);
  const within = (a: number, b: number) => statuses.filter((s) => s.time >= a && s.time < b);
  const buckets: Status[][] = [];
  const split = (a: number, b: number, unit: number) => {
    for (let t = a; t < b; t += unit) buckets.push(within(t, t + unit));
  };
  split(plan.hoursFrom.getTime(), plan.daysFrom.getTime(), HOUR);
  split(plan.daysFrom.getTime(), plan.daysTo.getTime(), DAY);
  split(plan.daysTo.getTime(), plan.hoursTo.getTime(), HOUR);
  const points = buckets
    .filter((bucket) => bucket.length > 0)
    .map((bucket): RollupPoint => {
      const durations = bucket.map((s) => s.duration);
      return [
        bucket.length,
        ...([0.95, 0.97, 0.99].map((f) => storedPercentile(durations, f)) as [number, number, number]),
      ];
    });
  const edges = [
    ...within(from, plan.hoursFrom.getTime()),
    ...statuses.filter((s) => s.time >= plan.hoursTo.getTime() && s.time <= to),
  ];
  const inRange = statuses.filter((s) => s.time >= from && s.time <= to);
  const last = (passing: boolean) => {
    const times = inRange.filter((s) => s.status === passing).map((s) => s.time);
    return times.length > 0 ? new Date(Math.max(...times)).toISOString() : null;
  };
  const lastHour = statuses.filter((s) => s.time > now.getTime() - HOUR && s.time <= now.getTime());
  const [p95, p97, p99] = weightedPercentiles(
    points,
    edges.map((s) => s.duration),
  );
  return {
    uptime: {
      passed: inRange.filter((s) => s.status).length,
      failed: inRange.filter((s) => !s.status).length,
      last_pass: last(true),
      last_fail: last(false),
    },
    latency: {
      p95,
      p97,
      p99,
      rolling1h: lastHour.length
        ? Math.round(lastHour.reduce((sum, s) => sum + s.duration, 0) / lastHour.length)
        : null,
    },
  };
}

describe('the summary over spans the rollup job keeps', () => {
  let db: Db;
  const ids: Record<'steady' | 'failing', string> = { steady: '', failing: '' };
  const statuses: Record<string, Status[]> = {};
  // The job's first pass; the statuses after it are stored after it, as the runner would.
  const firstPass = at('2024-03-31T12:10:00Z');
  const last = at('2024-03-31T13:50:00Z').getTime();

  /**
   * Nine days of runs every ten minutes with irregular durations. `steady` fails one run in seven;
   * `failing` has failed since its one pass four days ago.
   */
  function history(kind: 'steady' | 'failing'): Status[] {
    return Array.from({ length: 9 * 144 }, (_, n) => ({
      time: last - 17_000 - n * 10 * MINUTE,
      status: kind === 'steady' ? n % 7 !== 3 : n === 4 * 144,
      duration: 10 + ((n * 37) % 500) + (n % 3),
    }));
  }

  async function store(checkId: string, part: Status[], storedAt: Date): Promise<void> {
    await db.query(
      `insert into check_statuses (check_id, time, status, duration, created_at)
       select $1, t, s, d, $5 from unnest($2::timestamptz[], $3::boolean[], $4::int[]) as u(t, s, d)`,
      [
        checkId,
        part.map((s) => new Date(s.time).toISOString()),
        part.map((s) => s.status),
        part.map((s) => s.duration),
        storedAt.toISOString(),
      ],
    );
    statuses[checkId]!.push(...part);
  }

  const pass = (time: Date) => db.transaction((tx) => rollUpStatuses(tx, time));

  beforeAll(async () => {
    db = await openTestDatabase('empty');
    const canary = await db.query<{ id: string }>(
      `insert into canaries (name, namespace) values ('span-test', 'tests') returning id`,
    );
    for (const kind of ['steady', 'failing'] as const) {
      const check = await db.query<{ id: string }>(
        `insert into checks (canary_id, type, name) values ($1, 'http', $2) returning id`,
        [canary.rows[0]!.id, kind],
      );
      ids[kind] = check.rows[0]!.id;
      statuses[ids[kind]] = [];
      const rows = history(kind);
      await store(
        ids[kind],
        rows.filter((s) => s.time < firstPass.getTime()),
        new Date(firstPass.getTime() - MINUTE),
      );
      await store(
        ids[kind],
        rows.filter((s) => s.time >= firstPass.getTime()),
        new Date(last),
      );
    }
  });
  afterAll(() => db?.close());

  /** Rollup rows the summary statement reads per check: EXPLAIN ANALYZE's rows of its scans of the table. */
  async function rollupRowsRead(start: string, now: Date): Promise<number> {
    const query = readSummaryQuery({ start }, now);
    const { rows: state } = await db.query<{ rolled_until: Date }>(
      'select rolled_until from _check_status_rollup_state',
    );
    const plan = planRange(query.from, query.to, now, state[0]!.rolled_until);
    const { text, values } = buildSummarySql(query, plan, now);
    const { rows } = await db.query<Record<string, string>>(`explain (analyze, costs off) ${text}`, values);
    let read = 0;
    for (const row of rows) {
      const line = Object.values(row)[0]!;
      const node = /rows=([\d.]+) loops=(\d+)/.exec(line);
      if (node && / on check_status_rollups /.test(line)) read += Number(node[1]) * Number(node[2]);
    }
    return read / 2;
  }

  async function expectByHand(ranges: string[], now: Date, rolledUntil: Date): Promise<void> {
    for (const start of ranges) {
      const { checks_summary } = await healthSummary(db, readSummaryQuery({ start }, now), { now });
      for (const check of checks_summary)
        expect({ start, ...check.uptime, ...check.latency }).toEqual({
          start,
          ...byHand(statuses[check.id]!, start, now, rolledUntil).uptime,
          ...byHand(statuses[check.id]!, start, now, rolledUntil).latency,
        });
    }
  }

  const ranges = [...SPAN_RANGES, '7d', '30h', '3h', '5d', '8d'];

  it('answers as the raw statuses do, reading a span and at most one hour of rollup rows beside it', async () => {
    await pass(firstPass);
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from _check_status_span_figures',
    );
    expect(rows[0]!.n).toBe(SPAN_RANGES.length * 2);
    // Within the hour of the pass, and in the next one before the next pass.
    for (const now of [at('2024-03-31T12:34:56.789Z'), at('2024-03-31T13:05:00Z')]) {
      await expectByHand(ranges, now, firstPass);
      for (const start of SPAN_RANGES) expect(await rollupRowsRead(start, now)).toBeLessThanOrEqual(1);
    }
  });

  it('takes in statuses stored late at the next pass', async () => {
    // History pushed for hours the spans cover: a failure 20 hours back, a pass 3 days back.
    const lateAt = new Date(firstPass.getTime() + 5 * MINUTE);
    await store(
      ids.failing,
      [{ time: firstPass.getTime() - 20 * HOUR + 3 * MINUTE, status: true, duration: 4000 }],
      lateAt,
    );
    await store(
      ids.steady,
      [{ time: firstPass.getTime() - 3 * DAY + 7 * MINUTE, status: false, duration: 3 }],
      lateAt,
    );
    const secondPass = new Date(firstPass.getTime() + 10 * MINUTE);
    expect((await pass(secondPass)).spans).toBe(SPAN_RANGES.length * 2);
    await expectByHand(ranges, at('2024-03-31T12:40:00Z'), secondPass);
    // Nothing new: the spans stay as they are.
    expect((await pass(new Date(secondPass.getTime() + 10 * MINUTE))).spans).toBe(0);
  });

  it('moves the spans on when the hour rolls', async () => {
    const nextHour = at('2024-03-31T13:02:00Z');
    expect((await pass(nextHour)).spans).toBe(SPAN_RANGES.length * 2);
    const { rows } = await db.query<{ span_to: Date }>('select distinct span_to from _check_status_spans');
    expect(rows.map((row) => new Date(row.span_to).toISOString())).toEqual(['2024-03-31T13:00:00.000Z']);
    for (const now of [at('2024-03-31T13:20:00Z'), at('2024-03-31T13:50:00Z')]) {
      await expectByHand(ranges, now, nextHour);
      for (const start of SPAN_RANGES) expect(await rollupRowsRead(start, now)).toBeLessThanOrEqual(1);
    }
  });
});
