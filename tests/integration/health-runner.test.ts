/**
 * The check runner as a whole: scheduling in the running service, reconciling canaries into
 * checks, isolation of a hanging target, a prompt stop, one leader among replicas, rollups and
 * retention. The check kinds themselves are in health-runner-kinds.test.ts.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import { reconcileCanaries } from '../../server/src/platform/health/reconcile.js';
import { expireCheckResults } from '../../server/src/platform/health/retention.js';
import { rollUpStatuses } from '../../server/src/platform/health/rollups.js';
import { CheckRunner, type CheckRunnerOptions } from '../../server/src/platform/health/runner.js';
import { JobRegistry } from '../../server/src/platform/jobs/registry.js';
import { startHttpTarget, type Target } from '../support/check-targets.js';
import { availableBackends, freshDatabase } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/server.js';

const DAY = 86_400_000;

function newRunner(db: Db, options: Partial<CheckRunnerOptions> = {}) {
  return new CheckRunner({
    db,
    logger: pino({ level: 'silent' }),
    enabled: false,
    concurrency: 10,
    statusRetentionMs: 30 * DAY,
    rollupRetentionMs: 400 * DAY,
    ...options,
  });
}

/** Polls until probe gives a value; `ms` is only a safety net for a condition that never comes. */
async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const SELF_CHECKS_THAT_PASS = ['console-healthz', 'console-port', 'localhost-resolves', 'shell-echo'];

describe('the runner in the service (CHECK_RUNNER_ENABLED=true, demo data)', () => {
  let server: TestServer;
  let startedAt: Date;
  const rows = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T>(sql, params)).rows;

  beforeAll(async () => {
    startedAt = new Date();
    server = await startTestServer({ env: { CHECK_RUNNER_ENABLED: 'true' } });
  });
  afterAll(() => server.stop());

  it("runs the demo's console-self canary against the console itself", async () => {
    const checks = await until('the console-self checks to run', async () => {
      const found = await rows<{ name: string; status: string | null; endpoint: string }>(
        `select k.name, k.status, k.endpoint from checks k join canaries c on c.id = k.canary_id
          where c.name = 'console-self' and k.deleted_at is null order by k.name`,
      );
      // The canary runs every 30 s: a pass on a busy machine can miss the port check's 500 ms
      // threshold, so wait for the pass in which the four that should pass do.
      const passing = found.filter((k) => SELF_CHECKS_THAT_PASS.includes(k.name) && k.status === 'healthy');
      return found.length === 5 && found.every((k) => k.status) && passing.length === 4 && found;
    });
    const byName = Object.fromEntries(checks.map((k) => [k.name, k]));
    expect(byName['console-healthz']).toEqual({
      name: 'console-healthz',
      status: 'healthy',
      endpoint: `http://127.0.0.1:${server.port}/healthz`,
    });
    expect(byName['console-port']!.status).toBe('healthy');
    expect(byName['localhost-resolves']!.status).toBe('healthy');
    expect(byName['shell-echo']!.status).toBe('healthy');
  });

  it('gives a canary inserted with SQL its checks within seconds, runs them and writes job history', async () => {
    const [canary] = await rows<{ id: string }>(
      `insert into canaries (name, namespace, schedule, spec) values ('added', 'tests', '@every 1s', $1) returning id`,
      [
        JSON.stringify({
          http: [{ name: 'self', url: '$(CONSOLE_URL)/healthz' }],
          exec: [{ name: 'fails', script: 'echo broken >&2; exit 1' }],
          mongodb: [{ name: 'pods', url: 'mongodb://127.0.0.1:1' }],
        }),
      ],
    );
    const id = canary!.id;
    const job = await until('a CanaryRun job for the canary', async () => {
      const found = await rows<{
        status: string;
        success_count: number;
        error_count: number;
        details: unknown;
      }>(
        `select status, success_count, error_count, details from job_histories
          where name = 'CanaryRun' and resource_id = $1 order by created_at desc limit 1`,
        [id],
      );
      return found[0];
    });
    expect(job).toEqual({
      status: 'WARNING',
      success_count: 1,
      error_count: 1,
      details: { errors: ['fails: exit code 1: broken'] },
    });
    const statuses = await rows<{ name: string; status: boolean; error: string | null }>(
      `select k.name, s.status, s.error from check_statuses s join checks k on k.id = s.check_id
        where k.canary_id = $1 order by s.time`,
      [id],
    );
    expect(statuses).toEqual(
      expect.arrayContaining([
        { name: 'self', status: true, error: null },
        { name: 'fails', status: false, error: 'exit code 1: broken' },
        {
          name: 'pods',
          status: false,
          error: "This console's check runner does not execute 'mongodb' checks",
        },
      ]),
    );
    // every second: the supported checks run again, the pod check is reported once
    const countsNow = () =>
      rows<{ name: string; n: number; next_runtime: Date | null }>(
        `select k.name, count(s.*)::int as n, k.next_runtime from checks k
           left join check_statuses s on s.check_id = k.id
          where k.canary_id = $1 group by k.name, k.next_runtime order by k.name`,
        [id],
      );
    const counts = await until('three runs of the self check', async () => {
      const found = await countsNow();
      return found.find((c) => c.name === 'self' && c.n >= 3) && found;
    });
    const n = Object.fromEntries(counts.map((c) => [c.name, c.n]));
    expect(n.pods).toBe(1);
    expect(n.self).toBeGreaterThanOrEqual(3);
    expect(counts.find((c) => c.name === 'self')!.next_runtime).toEqual(expect.any(Date));

    // an entry removed: its check is soft-deleted; the canary deleted: all of them
    await server.db.query(`update canaries set spec = spec - 'exec' where id = $1`, [id]);
    await until('the exec check to be soft-deleted', async () => {
      const [fails] = await rows<{ deleted_at: Date | null }>(
        `select deleted_at from checks where canary_id = $1 and name = 'fails'`,
        [id],
      );
      return fails?.deleted_at;
    });
    await server.db.query(`update canaries set deleted_at = now() where id = $1`, [id]);
    await until('every check of the deleted canary to be soft-deleted', async () => {
      const live = await rows(`select 1 from checks where canary_id = $1 and deleted_at is null`, [id]);
      return live.length === 0;
    });
  });

  it('does not schedule a canary whose schedule cannot be read, and says why in its job history', async () => {
    const [canary] = await rows<{ id: string }>(
      `insert into canaries (name, namespace, schedule, spec) values ('bad', 'tests', 'now and then', $1) returning id`,
      [JSON.stringify({ exec: [{ name: 'never', script: 'true' }] })],
    );
    const job = await until('the FAILED job', async () => {
      const found = await rows<{ status: string; details: { errors: string[] } }>(
        `select status, details from job_histories where resource_id = $1`,
        [canary!.id],
      );
      return found[0];
    });
    expect(job.status).toBe('FAILED');
    expect(job.details.errors[0]).toMatch(
      /^not scheduled: invalid schedule: 'now and then' is not a cron schedule/,
    );
    const ran = await rows(
      `select 1 from check_statuses s join checks k on k.id = s.check_id where k.canary_id = $1`,
      [canary!.id],
    );
    expect(ran).toEqual([]);
  });

  it("leaves remote agents' canaries to their agents and rolls up the demo's history", async () => {
    const remote = await rows<{ n: number }>(
      `select count(*)::int as n from check_statuses s join checks k on k.id = s.check_id
        where k.agent_id <> '00000000-0000-0000-0000-000000000000' and s.time >= $1`,
      [startedAt.toISOString()],
    );
    expect(remote[0]!.n).toBe(0);
    const [rolled] = await rows<{ raw: number; hours: number }>(
      `select (select count(*)::int from check_statuses s join checks k on k.id = s.check_id
                where k.agent_id <> '00000000-0000-0000-0000-000000000000') as raw,
              (select sum(count)::int from check_status_rollups r join checks k on k.id = r.check_id
                where r.granularity = 'hour' and k.agent_id <> '00000000-0000-0000-0000-000000000000') as hours`,
    );
    expect(rolled!.hours).toBe(rolled!.raw);
  });
});

describe('the runner on its own', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  let web: Target;
  beforeAll(async () => {
    database = await freshDatabase('pglite', 'empty');
    db = await openDatabase({ dataDir: database.dataDir });
    web = await startHttpTarget();
  });
  afterAll(async () => {
    await web.close();
    await db.close();
    await database.drop();
  });

  async function checks(spec: Record<string, unknown>): Promise<Record<string, string>> {
    const { rows } = await db.query<{ id: string }>(
      `insert into canaries (name, spec) values ($1, $2) returning id`,
      [`c-${Math.random().toString(36).slice(2)}`, JSON.stringify(spec)],
    );
    await reconcileCanaries(db, {});
    const found = await db.query<{ id: string; name: string }>(
      'select id, name from checks where canary_id = $1',
      [rows[0]!.id],
    );
    return Object.fromEntries(found.rows.map((r) => [r.name, r.id]));
  }

  it('lets a hanging target cost only its own check', async () => {
    const runner = newRunner(db, { concurrency: 2 });
    const ids = await checks({
      http: [
        { name: 'hangs', url: `http://127.0.0.1:${web.port}/hang`, timeout: '2s' },
        { name: 'answers', url: `http://127.0.0.1:${web.port}/ok` },
      ],
    });
    let hangingSettled = false;
    const hanging = runner.runNow(ids.hangs!).finally(() => (hangingSettled = true));
    const answered = await runner.runNow(ids.answers!);
    expect(answered!.result.status).toBe(true);
    // The answering check did not wait for the hanging one; the hanging one ends by its timeout.
    expect(hangingSettled).toBe(false);
    const hung = await hanging;
    expect(hung!.result).toMatchObject({ status: false, error: 'timed out after 2000ms' });
    await runner.stop();
  });

  it('stops promptly with a run in flight, and stores nothing for the aborted run', async () => {
    const runner = newRunner(db);
    const marks = mkdtempSync(path.join(os.tmpdir(), 'ops-console-run-'));
    const [began, ended] = [path.join(marks, 'began'), path.join(marks, 'ended')];
    const ids = await checks({
      exec: [{ name: 'long', script: `touch ${began}; sleep 30; touch ${ended}`, timeout: '60s' }],
    });
    const running = runner.runNow(ids.long!);
    await until('the script to start', async () => existsSync(began));
    await runner.stop();
    // Prompt: the stop did not wait for the script to end on its own.
    expect(existsSync(ended)).toBe(false);
    rmSync(marks, { recursive: true, force: true });
    expect((await running)!.result.error).toBe('stopped before it finished (the check runner is stopping)');
    const stored = await db.query('select 1 from check_statuses where check_id = $1', [ids.long]);
    expect(stored.rowCount).toBe(0);
  });

  it('keeps live hour counts per run and fills percentiles when rolling up', async () => {
    const runner = newRunner(db);
    const ids = await checks({
      http: [
        { name: 'up', url: `http://127.0.0.1:${web.port}/ok` },
        { name: 'down', url: `http://127.0.0.1:${web.port}/fail` },
      ],
    });
    for (let i = 0; i < 3; i++) await Promise.all([runner.runNow(ids.up!), runner.runNow(ids.down!)]);
    const hour = async (id: string) =>
      (
        await db.query<{ passed: number; failed: number; count: number; p95: number | null }>(
          `select passed, failed, count, p95 from check_status_rollups where check_id = $1 and granularity = 'hour'`,
          [id],
        )
      ).rows;
    expect(await hour(ids.up!)).toEqual([{ passed: 3, failed: 0, count: 3, p95: null }]);
    expect(await hour(ids.down!)).toEqual([{ passed: 0, failed: 3, count: 3, p95: null }]);
    await db.transaction((tx) => rollUpStatuses(tx, new Date()));
    expect((await hour(ids.up!))[0]).toMatchObject({ passed: 3, count: 3, p95: expect.any(Number) });
    await runner.stop();
  });

  it('deletes old statuses in batches; the rollups keep their counts', async () => {
    const [check] = Object.values(await checks({ exec: [{ name: 'history', script: 'true' }] }));
    const fortyDaysAgo = new Date(Date.now() - 40 * DAY).toISOString();
    // 25,000 results a minute apart ending 40 days ago (1 in 5 failed), stored now (history an
    // agent pushed late: the rollup finds their hours and days), and 10 recent ones
    await db.query(
      `insert into check_statuses (check_id, time, status, duration)
       select $1, $2::timestamptz - make_interval(mins => g), g % 5 <> 0, g % 1000
       from generate_series(1, 25000) g`,
      [check, fortyDaysAgo],
    );
    await db.query(
      `insert into check_statuses (check_id, time, status, duration)
       select $1, now() - make_interval(mins => g), true, 5 from generate_series(1, 10) g`,
      [check],
    );
    const now = new Date();
    await db.transaction((tx) => rollUpStatuses(tx, now));
    const statements: string[] = [];
    const counting = {
      query: ((sql: string, params?: readonly unknown[]) => {
        if (sql.trim().startsWith('delete from check_statuses')) statements.push(sql);
        return db.query(sql, params);
      }) as Db['query'],
    };
    const expired = await expireCheckResults(counting, now, {
      statusRetentionMs: 30 * DAY,
      rollupRetentionMs: 400 * DAY,
    });
    expect(expired.statuses).toBe(25_000);
    expect(statements).toHaveLength(4); // 10,000 + 10,000 + 5,000 + none left
    const left = await db.query<{ n: number }>(
      'select count(*)::int as n from check_statuses where check_id = $1',
      [check],
    );
    expect(left.rows[0]!.n).toBe(10);
    const days = await db.query<{ passed: number; failed: number }>(
      `select sum(passed)::int as passed, sum(failed)::int as failed from check_status_rollups
        where check_id = $1 and granularity = 'day' and bucket < now() - interval '30 days'`,
      [check],
    );
    expect(days.rows[0]).toEqual({ passed: 20_000, failed: 5_000 });
    const oldHours = await db.query(
      `select 1 from check_status_rollups where check_id = $1 and granularity = 'hour' and bucket < now() - interval '31 days'`,
      [check],
    );
    expect(oldHours.rowCount).toBe(0);
  });
});

describe('several replicas on one PostgreSQL', () => {
  const maybe = availableBackends().includes('postgres') ? it : it.skip;

  maybe('lets exactly one of them run the checks, and another take over when it stops', async () => {
    const database = await freshDatabase('postgres', 'empty');
    const dbs = await Promise.all(
      [0, 1].map(() => openDatabase({ dataDir: '', databaseUrl: database.databaseUrl })),
    );
    // Two replicas: each its own registry with a check runner registered.
    const [a, b] = dbs.map((db) => {
      const jobs = new JobRegistry({
        db,
        logger: pino({ level: 'silent' }),
        databaseUrl: database.databaseUrl,
        leaderRetryMs: 200,
      });
      const runner = newRunner(db, { enabled: true });
      runner.register(jobs);
      return Object.assign(runner, { jobs });
    });
    try {
      a!.jobs.start();
      await until('a to lead', async () => a!.isLeader);
      b!.jobs.start();
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect([a!.isLeader, b!.isLeader]).toEqual([true, false]);
      await a!.jobs.stop();
      await until('b to take over', async () => b!.isLeader);
    } finally {
      await Promise.all([a!.jobs.stop(), b!.jobs.stop()]);
      await Promise.all(dbs.map((db) => db.close()));
      await database.drop();
    }
  });
});
