import type { CheckSummary, HealthSummaryResponse } from '../../server/src/platform/health/types.js';
import { planRange, readSummaryQuery } from '../../server/src/platform/health/summary-range.js';
import { buildSummarySql } from '../../server/src/platform/health/summary-sql.js';
import { availableBackends } from '../support/databases.js';
import { setFeatureBehindConsole } from '../support/flags.js';
import {
  createCanary,
  createCheck,
  insertRollups,
  insertStatuses,
  percentileCont,
  sqlOf,
  uniqueName,
  weightedPercentile,
  type Rollup,
  type Sql,
  type Status,
} from '../support/health-data.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { jsonRequest, messageOf } from '../support/session.js';
import { statusRowsInPlan } from '../../server/src/platform/health/test-plan.js';

/**
 * The health API (spec 1 §3, §7) against the real server: the summary's figures
 * compared with figures computed by hand from the statuses and rollups the test writes, its
 * filters and refusals, the status history through /api/db, and the Canary spec validator.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const floorTo = (time: number, unit: number) => Math.floor(time / unit) * unit;

/** 100 statuses over the last 50 minutes with irregular durations, every tenth failing. */
function lastHourStatuses(now: number): Status[] {
  return Array.from({ length: 100 }, (_, n) => {
    const i = n + 1;
    return { time: new Date(now - i * 30_000), status: i % 10 !== 0, duration: ((i * i) % 1000) + i };
  });
}

describe.each(availableBackends())('the health API on %s', (backend) => {
  let server: TestServer;
  let sql: Sql;
  const now = Date.now();
  const ids = {} as Record<'canary' | 'other' | 'a' | 'b' | 'deleted' | 'remote' | 'agent', string>;
  const recent = lastHourStatuses(now);
  // Two hours back: inside a 6h range, outside the last hour.
  const older: Status[] = Array.from({ length: 20 }, (_, j) => ({
    time: new Date(now - 2 * HOUR - j * MINUTE),
    status: true,
    duration: 5000,
  }));

  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'empty' });
    sql = sqlOf(server);
    ids.agent = (
      await sql<{ id: string }>(`insert into agents (name) values ('edge-agent') returning id`)
    )[0]!.id;
    ids.canary = await createCanary(sql, { name: uniqueName('web'), namespace: 'shop' });
    ids.other = await createCanary(sql, { name: uniqueName('edge'), agentId: ids.agent });
    ids.a = await createCheck(sql, ids.canary, { name: 'a-homepage', status: 'healthy' });
    ids.b = await createCheck(sql, ids.canary, { name: 'b-api', status: 'unhealthy', namespace: 'api' });
    ids.deleted = await createCheck(sql, ids.canary, { name: 'c-gone', deleted: true });
    ids.remote = await createCheck(sql, ids.other, {
      name: 'd-remote',
      agentId: ids.agent,
      status: 'healthy',
    });
    await insertStatuses(sql, ids.a, [...recent, ...older]);
    await insertStatuses(sql, ids.b, [{ time: new Date(now - 5 * MINUTE), status: false, duration: 42 }]);
  });
  afterAll(() => server?.stop());

  const summary = async (query: string, as: 'admin' | 'viewer' = 'viewer') => {
    const response = await server.fetch(`api/canary/api/summary?${query}`, {}, as);
    expect(response.status).toBe(200);
    return (await response.json()) as HealthSummaryResponse;
  };
  const only = async (query: string): Promise<CheckSummary> => {
    const { checks_summary } = await summary(query);
    expect(checks_summary).toHaveLength(1);
    return checks_summary[0]!;
  };

  /**
   * Rows the summary statement reads from check_statuses for one check from `from` to now:
   * EXPLAIN ANALYZE's actual rows of its scans, and the rows their filters removed, times loops.
   */
  async function statusRowsRead(from: Date, checkId: string): Promise<number> {
    const at = new Date();
    const query = readSummaryQuery({ start: from.toISOString(), check_id: checkId }, at);
    const state = await sql<{ rolled_until: Date }>('select rolled_until from _check_status_rollup_state');
    const { text, values } = buildSummarySql(
      query,
      planRange(query.from, query.to, at, state[0]!.rolled_until),
      at,
    );
    const plan = await sql<Record<string, string>>(`explain (analyze, costs off) ${text}`, values);
    return statusRowsInPlan(plan);
  }

  describe('GET api/canary/api/summary', () => {
    it("gives a check's exact uptime and percentiles over the last hour", async () => {
      const check = await only(`start=1h&check_id=${ids.a}`);
      const durations = recent.map((s) => s.duration);
      expect(check).toMatchObject({
        id: ids.a,
        canary_id: ids.canary,
        name: 'a-homepage',
        status: 'healthy',
        // The check has no namespace of its own: the canary's.
        namespace: 'shop',
        agent_name: null,
        deleted_at: null,
      });
      expect(check.uptime).toEqual({
        passed: 90,
        failed: 10,
        last_pass: recent[0]!.time.toISOString(),
        last_fail: recent[9]!.time.toISOString(),
      });
      expect(check.latency).toEqual({
        p95: Math.round(percentileCont(durations, 0.95)),
        p97: Math.round(percentileCont(durations, 0.97)),
        p99: Math.round(percentileCont(durations, 0.99)),
        rolling1h: Math.round(durations.reduce((a, b) => a + b, 0) / durations.length),
      });
      expect(check.latency).toEqual({ p95: 972, p97: 992, p99: 1010, rolling1h: expect.any(Number) });
    });

    it('counts what the range holds, with rolling1h still the last hour', async () => {
      const check = await only(`start=6h&check_id=${ids.a}`);
      const durations = [...recent, ...older].map((s) => s.duration);
      expect(check.uptime).toMatchObject({ passed: 110, failed: 10 });
      expect(check.latency.p95).toBe(Math.round(percentileCont(durations, 0.95)));
      const lastHour = recent.map((s) => s.duration);
      expect(check.latency.rolling1h).toBe(Math.round(lastHour.reduce((a, b) => a + b, 0) / lastHour.length));

      const past = await only(
        `start=${new Date(now - 3 * HOUR).toISOString()}&end=${new Date(now - 90 * MINUTE).toISOString()}&check_id=${ids.a}`,
      );
      expect(past.uptime).toMatchObject({ passed: 20, failed: 0 });
      expect(past.latency).toMatchObject({ p95: 5000, p99: 5000 });
    });

    it('answers a check without statuses in the range with zero counts and no latency', async () => {
      const check = await only(
        `start=${new Date(now - 10 * HOUR).toISOString()}&end=${new Date(now - 9 * HOUR).toISOString()}&check_id=${ids.a}`,
      );
      expect(check.uptime).toEqual({ passed: 0, failed: 0, last_pass: null, last_fail: null });
      expect(check.latency).toMatchObject({ p95: null, p97: null, p99: null });
    });

    it('filters by check, status, canary and agent, and hides deleted checks unless asked', async () => {
      const names = async (query: string) => (await summary(query)).checks_summary.map((c) => c.name);
      // Ordered by canary name ('edge-…' before 'web-…'), then check name.
      expect(await names('')).toEqual(['d-remote', 'a-homepage', 'b-api']);
      expect(await names('status=unhealthy')).toEqual(['b-api']);
      expect(await names(`canary_id=${ids.canary}`)).toEqual(['a-homepage', 'b-api']);
      expect(await names(`canary_id=${ids.canary}&include_deleted=true`)).toEqual([
        'a-homepage',
        'b-api',
        'c-gone',
      ]);
      expect(await names(`agent_id=${ids.agent}`)).toEqual(['d-remote']);
      const remote = await only(`check_id=${ids.remote}`);
      expect(remote).toMatchObject({
        agent_id: ids.agent,
        agent_name: 'edge-agent',
        namespace: 'health-tests',
      });
      expect((await only(`check_id=${ids.b}`)).namespace).toBe('api');
    });

    it('reads rollup rows for a range beyond a day: days the rollup job closed, hours around them, raw edges', async () => {
      // Bucket boundaries must not move between writing and asking.
      const toNextHour = HOUR - (Date.now() % HOUR);
      if (toNextHour < 15_000) await new Promise((resolve) => setTimeout(resolve, toNextHour + 500));
      const at = Date.now();
      const hour = floorTo(at, HOUR);
      const day = floorTo(at, DAY);
      const check = await createCheck(sql, ids.canary, { name: uniqueName('rolled') });
      const from = new Date(day - 2 * DAY - 5 * HOUR - 30 * MINUTE);
      // The job last ran at 23:50 yesterday: it has closed the day before yesterday, not
      // yesterday, whose hour rows count up to 23:00; raw statuses from there on.
      await sql(
        `insert into _check_status_rollup_state (id, rolled_until) values (true, $1)
         on conflict (id) do update set rolled_until = excluded.rolled_until`,
        [new Date(day - 10 * MINUTE).toISOString()],
      );
      const row = (
        granularity: Rollup['granularity'],
        bucket: number,
        passed: number,
        failed: number,
        p = [0, 0, 0],
      ) =>
        ({
          granularity,
          bucket: new Date(bucket),
          passed,
          failed,
          p95: p[0]!,
          p97: p[1]!,
          p99: p[2]!,
        }) as Rollup;
      const h1 = day - 2 * DAY - 3 * HOUR; // an hour of the partial first day
      await insertRollups(sql, check, [
        row('hour', h1, 1, 1, [900, 950, 990]),
        row('day', day - 2 * DAY, 60, 0, [100, 110, 120]),
        row('hour', day - DAY + 2 * HOUR, 5, 0, [70, 75, 80]),
        // None of these count: yesterday's day row (the job has not closed it), an hour of a day
        // its day row covers, an hour before the range, the open hour, a day long before.
        row('day', day - DAY, 1000, 0),
        row('hour', day - 2 * DAY + 5 * HOUR, 500, 0),
        row('hour', day - 2 * DAY - 8 * HOUR, 777, 0),
        { ...row('hour', hour, 7, 7), p95: null, p97: null, p99: null },
        row('day', day - 10 * DAY, 100, 5, [300, 310, 320]),
      ]);
      const head: Status = { time: new Date(from.getTime() + 10 * MINUTE), status: false, duration: 150 };
      const tail: Status[] = [1, 2, 3].map((k) => ({
        time: new Date(hour + ((at - hour) * k) / 4),
        status: true,
        duration: 40 + 10 * k,
      }));
      const lastFailure = new Date(h1 + 20 * MINUTE);
      await insertStatuses(sql, check, [
        head,
        ...tail,
        // Before the range, and inside an hour whose row counts it already.
        { time: new Date(from.getTime() - 10 * MINUTE), status: false, duration: 99_999 },
        { time: new Date(h1 + 10 * MINUTE), status: true, duration: 900 },
        { time: lastFailure, status: false, duration: 900 },
      ]);

      const summary = await only(`start=${from.toISOString()}&check_id=${check}`);
      expect(summary.uptime).toEqual({
        passed: 1 + 60 + 5 + 3,
        failed: 1 + 1,
        last_pass: tail[2]!.time.toISOString(),
        last_fail: lastFailure.toISOString(),
      });
      const raw = [head, ...tail].map((s) => ({ value: s.duration, weight: 1 }));
      const points = (h1Value: number, dayValue: number, h2Value: number) => [
        { value: h1Value, weight: 2 },
        { value: dayValue, weight: 60 },
        { value: h2Value, weight: 5 },
        ...raw,
      ];
      expect(summary.latency).toMatchObject({
        p95: weightedPercentile(points(900, 100, 70), 0.95),
        p97: weightedPercentile(points(950, 110, 75), 0.97),
        p99: weightedPercentile(points(990, 120, 80), 0.99),
      });
      expect(summary.latency).toMatchObject({ p95: 100, p99: 990 });
      // Raw statuses read: the edges' four, and the hour of the last failure (two); not the range.
      expect(await statusRowsRead(from, check)).toBeLessThanOrEqual(6);

      // Five weeks: the day rows of closed days replace their hours and raw statuses.
      const long = await only(`start=${new Date(day - 35 * DAY - 6 * HOUR).toISOString()}&check_id=${check}`);
      expect(long.uptime).toMatchObject({ passed: 100 + 60 + 5 + 3, failed: 5 });
      expect(long.latency.p95).toBe(300);
    });

    it('refuses a bad start with 400 and a readable message', async () => {
      const response = await server.fetch('api/canary/api/summary?start=yesterday');
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toBe('start must be a duration like 1h or an ISO time');
      expect((await server.fetch('api/canary/api/summary?status=ok')).status).toBe(400);
    });

    it('is refused while the health feature is off, and to callers who are not signed in', async () => {
      await setFeatureBehindConsole(server, 'health', true);
      try {
        for (const role of ['viewer', 'admin'] as const) {
          const response = await server.fetch('api/canary/api/summary', {}, role);
          expect(response.status).toBe(403);
          expect(await messageOf(response)).toBe('Health is disabled');
        }
      } finally {
        await setFeatureBehindConsole(server, 'health', false);
      }
      expect((await server.fetch('api/canary/api/summary', {}, 'anonymous')).status).toBe(401);
    });
  });

  describe('GET api/db/check_statuses (the history tab)', () => {
    const page = async (query: string) => {
      const response = await server.fetch(`api/db/check_statuses?check_id=eq.${ids.a}&${query}`, {
        headers: { Prefer: 'count=exact' },
      });
      expect(response.status).toBeLessThan(300);
      const rows = (await response.json()) as { time: string; status: boolean; duration: number }[];
      return { range: response.headers.get('content-range'), rows };
    };
    const all = () => [...recent, ...older];

    it('pages newest first with the exact total', async () => {
      const first = await page('order=time.desc&limit=50&offset=0');
      expect(first.range).toBe('0-49/120');
      expect(Date.parse(first.rows[0]!.time)).toBe(recent[0]!.time.getTime());
      const second = await page('order=time.desc&limit=50&offset=50');
      expect(second.range).toBe('50-99/120');
      expect(Date.parse(second.rows[0]!.time)).toBe(recent[50]!.time.getTime());
    });

    it('filters by status, duration and time', async () => {
      const failed = await page('status=eq.0&order=time.desc&limit=50');
      expect(failed.range).toBe('0-9/10');
      expect(failed.rows.every((row) => !row.status)).toBe(true);
      const slowPasses = all().filter((s) => s.status && s.duration >= 500).length;
      expect((await page('status=eq.1&duration=gte.500&limit=5')).range).toBe(`0-4/${slowPasses}`);
      const since = new Date(now - 10 * MINUTE).toISOString();
      expect((await page(`time=gte.${since}&limit=50`)).range).toBe('0-19/20');
    });
  });

  describe('the Canary spec', () => {
    const validate = async (yaml: string) => {
      const response = await server.fetch(
        'api/specs/canaries/validate',
        jsonRequest('POST', { yaml }),
        'editor',
      );
      expect(response.status).toBe(200);
      return response.json();
    };

    it('locates YAML syntax errors, missing and unknown fields at their lines', async () => {
      expect(await validate('http:\n  - name: a\n    url: [x\ntcp: []\n')).toMatchObject({
        valid: false,
        errors: [{ line: 4, path: '' }],
      });
      expect(
        await validate(
          'tcp:\n  - name: t\n    endpoint: x:1\nhttp:\n  - url: https://example.com\n    thresholdMilis: 5\n',
        ),
      ).toEqual({
        valid: false,
        errors: [
          { line: 5, column: 5, path: '/http/0', message: "http[0]: must have required property 'name'" },
          {
            line: 6,
            column: 5,
            path: '/http/0/thresholdMilis',
            message: "http[0]: must NOT have additional property 'thresholdMilis'",
          },
        ],
      });
      expect(await validate('http:\n  - name: site\n    url: https://example.com\n')).toEqual({
        valid: true,
        errors: [],
      });
    });

    it('serves the schema the editor hints with', async () => {
      const response = await server.fetch('api/specs/canaries/schema');
      expect(response.status).toBe(200);
      const schema = (await response.json()) as {
        properties: Record<string, { items?: { required?: string[] } }>;
      };
      expect(schema.properties.http?.items?.required).toEqual(['name']);
    });

    it('refuses to write a canary with an invalid spec (422), and writes nothing', async () => {
      const name = uniqueName('bad-spec');
      const body = { name, spec: { http: [{ url: 'https://example.com' }] } };
      const refused = await server.fetch('api/db/canaries', jsonRequest('POST', body), 'editor');
      expect(refused.status).toBe(422);
      expect(await messageOf(refused)).toBe("spec: http[0]: must have required property 'name'");
      expect(await sql('select 1 from canaries where name = $1', [name])).toHaveLength(0);

      const patch = await server.fetch(
        `api/db/canaries?id=eq.${ids.canary}`,
        jsonRequest('PATCH', { spec: { tcp: [{ name: 't', endpoint: 'x:1', thresholdMilis: 1 }] } }),
        'editor',
      );
      expect(patch.status).toBe(422);
      expect(
        (await sql<{ spec: unknown }>('select spec from canaries where id = $1', [ids.canary]))[0]!.spec,
      ).toEqual({});

      // Refused for the caller's role before the spec is looked at; a valid spec is written.
      expect((await server.fetch('api/db/canaries', jsonRequest('POST', body), 'viewer')).status).toBe(403);
      const good = { name, spec: { http: [{ name: 'site', url: 'https://example.com' }] } };
      expect((await server.fetch('api/db/canaries', jsonRequest('POST', good), 'editor')).status).toBe(201);
    });
  });
});
