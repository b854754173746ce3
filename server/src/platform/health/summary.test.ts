import type { Db } from '../db/db.js';
import { openTestDatabase } from '../db/test-database.js';
import { rollUpStatuses } from './rollups.js';
import { planRange, readSummaryQuery } from './summary-range.js';
import { buildSummarySql } from './summary-sql.js';
import { healthSummary } from './summary.js';
import { statusRowsInPlan } from './test-plan.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const now = new Date('2024-03-31T12:34:56.789Z');
// The rollup job's last pass: hours before 12:00 are closed, 12:00 on is read raw.
const rolledAt = new Date('2024-03-31T12:10:00Z');

interface Status {
  time: number;
  status: boolean;
  duration: number;
}

/**
 * 50 hours of statuses five minutes apart. `steady` fails one run in seven; `failing` has failed
 * since its one pass 20 hours ago, so its last pass lies deep inside the rollups.
 */
function history(kind: 'steady' | 'failing'): Status[] {
  return Array.from({ length: 600 }, (_, n) => {
    const time = now.getTime() - 17_000 - n * 5 * MINUTE;
    const status = kind === 'steady' ? n % 7 !== 3 : n === 240;
    return { time, status, duration: 10 + ((n * 37) % 500) };
  });
}

describe('the health summary over rollups', () => {
  let db: Db;
  const ids: Record<'steady' | 'failing', string> = { steady: '', failing: '' };
  const statuses: Record<string, Status[]> = {};

  beforeAll(async () => {
    db = await openTestDatabase('empty');
    const canary = await db.query<{ id: string }>(
      `insert into canaries (name, namespace) values ('summary-test', 'tests') returning id`,
    );
    for (const kind of ['steady', 'failing'] as const) {
      const check = await db.query<{ id: string }>(
        `insert into checks (canary_id, type, name) values ($1, 'http', $2) returning id`,
        [canary.rows[0]!.id, kind],
      );
      ids[kind] = check.rows[0]!.id;
      statuses[ids[kind]] = history(kind);
      const rows = statuses[ids[kind]]!;
      // Stored by the job's pass (rolled up), except the runs after it.
      const insert = (part: Status[], storedAt: Date) =>
        db.query(
          `insert into check_statuses (check_id, time, status, duration, created_at)
           select $1, t, s, d, $5 from unnest($2::timestamptz[], $3::boolean[], $4::int[]) as u(t, s, d)`,
          [
            ids[kind],
            part.map((s) => new Date(s.time).toISOString()),
            part.map((s) => s.status),
            part.map((s) => s.duration),
            storedAt.toISOString(),
          ],
        );
      await insert(
        rows.filter((s) => s.time < rolledAt.getTime()),
        new Date(rolledAt.getTime() - MINUTE),
      );
      await insert(
        rows.filter((s) => s.time >= rolledAt.getTime()),
        now,
      );
    }
    await db.transaction((tx) => rollUpStatuses(tx, rolledAt));
  });
  afterAll(() => db?.close());

  /** Counts and last times from the raw statuses, as a person would compute them. */
  function byHand(id: string, from: Date, to: Date) {
    const inRange = statuses[id]!.filter((s) => s.time >= from.getTime() && s.time <= to.getTime());
    const last = (passing: boolean) => {
      const times = inRange.filter((s) => s.status === passing).map((s) => s.time);
      return times.length > 0 ? new Date(Math.max(...times)).toISOString() : null;
    };
    return {
      passed: inRange.filter((s) => s.status).length,
      failed: inRange.filter((s) => !s.status).length,
      last_pass: last(true),
      last_fail: last(false),
    };
  }

  it.each(['1d', '2d', '7d', '3h'])(
    'a %s summary from rollups and raw edges has the raw counts and last times, rolling1h from the last hour',
    async (start) => {
      const query = readSummaryQuery({ start }, now);
      const rolled = planRange(query.from, query.to, now, rolledAt);
      expect(rolled.kind).toBe('rollup');
      const { checks_summary } = await healthSummary(db, query, { now });
      expect(checks_summary).toHaveLength(2);
      for (const check of checks_summary) {
        expect(check.uptime).toEqual(byHand(check.id, query.from, query.to));
        const lastHour = statuses[check.id]!.filter(
          (s) => s.time > now.getTime() - HOUR && s.time <= now.getTime(),
        );
        const average = lastHour.reduce((sum, s) => sum + s.duration, 0) / lastHour.length;
        expect(check.latency.rolling1h).toBe(Math.round(average));
      }
    },
  );

  /**
   * Rows the statement reads from check_statuses: EXPLAIN ANALYZE's actual rows of its scans,
   * and the rows their filters removed, times their loops.
   */
  async function rawRowsRead(start: string): Promise<number> {
    const query = readSummaryQuery({ start }, now);
    const plan = planRange(query.from, query.to, now, rolledAt);
    const { text, values } = buildSummarySql(query, plan, now);
    const { rows } = await db.query<Record<string, string>>(`explain (analyze, costs off) ${text}`, values);
    return statusRowsInPlan(rows);
  }

  it.each(['1d', '7d'])(
    'a %s summary reads raw statuses only at the edges of the closed rollups',
    async (start) => {
      const query = readSummaryQuery({ start }, now);
      const plan = planRange(query.from, query.to, now, rolledAt);
      if (plan.kind !== 'rollup') throw new Error('expected a rollup plan');
      const count = (from: number, to: number) =>
        Object.values(statuses)
          .flat()
          .filter((s) => s.time >= from && s.time < to).length;
      const edges =
        count(query.from.getTime(), plan.hoursFrom.getTime()) +
        count(plan.hoursTo.getTime(), now.getTime() + 1);
      const lastHour = count(now.getTime() - HOUR, now.getTime() + 1);
      // The failing check's last pass: one hour of its statuses, found through its hour row.
      const lastPassHour = 12;
      const read = await rawRowsRead(start);
      expect(read).toBeLessThanOrEqual(edges + lastHour + lastPassHour);
      // Far fewer than the range holds.
      expect(count(query.from.getTime(), now.getTime() + 1)).toBeGreaterThan(4 * read);
    },
  );
});
