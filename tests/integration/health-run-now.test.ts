import type { RunCheckResponse } from '../../server/src/platform/health/types.js';
import { startHttpTarget, type Target } from '../support/check-targets.js';
import { availableBackends } from '../support/databases.js';
import { setFeatureBehindConsole } from '../support/flags.js';
import {
  createCanary,
  createCheck,
  eventually,
  sqlOf,
  uniqueName,
  type Sql,
} from '../support/health-data.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { messageOf } from '../support/session.js';

/**
 * Run Now (spec 1 §4, §6): POST api/canary/run/check/{id} runs a check of a canary the
 * runner reconciled, against a real HTTP server, for the roles spec 1 §6 allows.
 */
describe.each(availableBackends())('Run Now on %s', (backend) => {
  let server: TestServer;
  let sql: Sql;
  let target: Target;
  let checkId: string;

  beforeAll(async () => {
    target = await startHttpTarget();
    server = await startTestServer({ backend, template: 'empty', env: { CHECK_RUNNER_ENABLED: 'true' } });
    sql = sqlOf(server);
    // Hourly: after its first run the scheduler leaves the check alone while the tests run it.
    const canary = await createCanary(sql, {
      name: uniqueName('run-now'),
      schedule: '@every 1h',
      spec: { http: [{ name: 'target-ok', url: `http://127.0.0.1:${target.port}/ok` }] },
    });
    checkId = await eventually(async () => {
      const rows = await sql<{ id: string }>(
        `select id from checks where canary_id = $1 and name = 'target-ok' and last_runtime is not null`,
        [canary],
      );
      expect(rows).toHaveLength(1);
      return rows[0]!.id;
    });
  });
  afterAll(async () => {
    await server?.stop();
    await target?.close();
  });

  const runNow = (id: string, as: 'admin' | 'editor' | 'responder' | 'commander' | 'viewer') =>
    server.fetch(`api/canary/run/check/${id}`, { method: 'POST' }, as);

  it.each(['responder', 'commander'] as const)(
    "lets a %s run a check and answers the run's result and the check as it now is",
    async (role) => {
      const response = await runNow(checkId, role);
      expect(response.status).toBe(200);
      const { result, check } = (await response.json()) as RunCheckResponse;
      const latest = (
        await sql<{
          time: Date;
          status: boolean;
          duration: number;
          message: string | null;
          error: string | null;
        }>(
          `select time, status, duration, message, error from check_statuses
           where check_id = $1 order by time desc limit 1`,
          [checkId],
        )
      )[0]!;
      expect(Date.parse(result.time)).toBe(latest.time.getTime());
      expect(result).toMatchObject({
        status: true,
        duration: latest.duration,
        message: latest.message,
        error: latest.error,
      });
      const runs = await sql<{ n: number }>(
        `select count(*)::int as n from check_statuses where check_id = $1`,
        [checkId],
      );
      expect(check).toMatchObject({ id: checkId, name: 'target-ok', status: 'healthy' });
      expect(check.uptime).toMatchObject({ passed: runs[0]!.n, failed: 0 });
      expect(Date.parse(check.last_runtime!)).toBe(latest.time.getTime());
    },
  );

  it('refuses viewers', async () => {
    const before = await sql(`select 1 from check_statuses where check_id = $1`, [checkId]);
    const response = await runNow(checkId, 'viewer');
    expect(response.status).toBe(403);
    expect(await messageOf(response)).toBe('You may not run checks');
    expect(await sql(`select 1 from check_statuses where check_id = $1`, [checkId])).toHaveLength(
      before.length,
    );
  });

  it('answers 404 for an unknown or deleted check', async () => {
    for (const id of ['8f0e9c1a-0000-4000-8000-000000000404', 'not-a-uuid']) {
      const response = await runNow(id, 'editor');
      expect(response.status).toBe(404);
      expect(await messageOf(response)).toBe('Check not found');
    }
    const canary = await createCanary(sql);
    const deleted = await createCheck(sql, canary, { deleted: true });
    expect((await runNow(deleted, 'admin')).status).toBe(404);
  });

  it('is refused while the health feature is off', async () => {
    await setFeatureBehindConsole(server, 'health', true);
    try {
      const response = await runNow(checkId, 'admin');
      expect(response.status).toBe(403);
      expect(await messageOf(response)).toBe('Health is disabled');
    } finally {
      await setFeatureBehindConsole(server, 'health', false);
    }
  });
});
