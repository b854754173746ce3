/**
 * Tasks of the jobs registry: every run leaves a job_histories row (FAILED with the error when
 * it throws or passes its timeout, which aborts it), and stopping is bounded even when a task
 * ignores its abort.
 */
import { availableBackends } from '../support/databases.js';
import { eventually } from '../support/health-data.js';
import { aborted, replicasOn, type Replicas } from '../support/jobs.js';

interface JobRow {
  status: string;
  error_count: number;
  details: { errors?: string[] };
  hostname: string;
  duration_millis: number;
}

describe.each(availableBackends())('tasks on %s', (backend) => {
  let replicas: Replicas;
  beforeEach(async () => {
    replicas = await replicasOn(backend, 1);
  });
  afterEach(() => replicas.close());

  const jobRows = async (name: string) =>
    (
      await replicas.dbs[0]!.query<JobRow>(
        `select status, error_count, details, hostname, duration_millis from job_histories
          where name = $1 order by time_start`,
        [name],
      )
    ).rows;

  it('records a failing run as FAILED with its error', async () => {
    const jobs = replicas.add('replica-a');
    jobs.addTask({
      name: 'Failing',
      every: 3_600_000,
      run: async () => {
        throw new Error('the target refused the connection');
      },
    });
    jobs.start();
    const [row] = await eventually(async () => {
      const rows = await jobRows('Failing');
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(row).toMatchObject({
      status: 'FAILED',
      error_count: 1,
      details: { errors: ['the target refused the connection'] },
      hostname: 'replica-a',
    });
  });

  it('records what a run reports, and SUCCESS for one that reports nothing', async () => {
    const jobs = replicas.add('replica-a');
    jobs.addTask({ name: 'Quiet', every: 3_600_000, run: async () => {} });
    jobs.addTask({
      name: 'Partial',
      schedule: '@hourly',
      run: async () => ({ successCount: 3, errors: ['one item skipped'], details: { items: 4 } }),
    });
    jobs.start();
    const [quiet, partial] = await eventually(async () => {
      const rows = [await jobRows('Quiet'), await jobRows('Partial')];
      expect(rows.map((r) => r.length)).toEqual([1, 1]);
      return rows.map((r) => r[0]);
    });
    expect(quiet).toMatchObject({ status: 'SUCCESS', error_count: 0, details: {} });
    expect(partial).toMatchObject({
      status: 'WARNING',
      error_count: 1,
      details: { items: 4, errors: ['one item skipped'] },
    });
  });

  it('aborts a run past its timeout and records it FAILED', async () => {
    const jobs = replicas.add('replica-a');
    let sawAbort = false;
    jobs.addTask({
      name: 'Slow',
      every: 3_600_000,
      timeoutMs: 200,
      run: async ({ signal }) => {
        await aborted(signal);
        sawAbort = true;
      },
    });
    jobs.start();
    const [row] = await eventually(async () => {
      const rows = await jobRows('Slow');
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(row).toMatchObject({ status: 'FAILED', details: { errors: ['timed out after 200ms'] } });
    // Node's timers run on a monotonic clock and may fire a millisecond early by the wall clock.
    expect(row!.duration_millis).toBeGreaterThanOrEqual(195);
    expect(sawAbort).toBe(true);
  });

  it('stops within its bound when a task ignores the abort, and stops leading', async () => {
    const jobs = replicas.add('replica-a', { stopTimeoutMs: 300 });
    let started = false;
    let signal: AbortSignal | undefined;
    jobs.addTask({
      name: 'Stubborn',
      every: 3_600_000,
      run: (ctx) => {
        started = true;
        signal = ctx.signal;
        return new Promise(() => {});
      },
    });
    jobs.start();
    await eventually(async () => expect(started).toBe(true));
    await jobs.stop();
    expect(signal!.aborted).toBe(true);
    expect(jobs.isLeader).toBe(false);
    const [row] = await jobRows('Stubborn');
    expect(row).toMatchObject({ status: 'STOPPED', details: { errors: ['the jobs are stopping'] } });
  });
});
