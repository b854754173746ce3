/**
 * Leadership of the jobs registry across replicas on one PostgreSQL database: a task registered
 * in every replica runs in the leader only, once per due time; when the leader's lock connection
 * dies mid-run, its run is aborted and another replica takes over.
 */
import { JOBS_LOCK } from '../../server/src/platform/jobs/leader.js';
import type { TaskContext } from '../../server/src/platform/jobs/types.js';
import { availableBackends } from '../support/databases.js';
import { eventually } from '../support/health-data.js';
import { aborted, replicasOn, type Replicas } from '../support/jobs.js';

const maybe = availableBackends().includes('postgres') ? describe : describe.skip;

maybe('the jobs leader among replicas on PostgreSQL', () => {
  let replicas: Replicas;
  beforeEach(async () => {
    replicas = await replicasOn('postgres', 2);
  });
  afterEach(() => replicas.close());

  it('runs a task registered in two replicas once per due time, in the leader, also after a handover', async () => {
    const runs: { replica: string; dueAt: number; bothUp: boolean }[] = [];
    let bothUp = false;
    const tick = (replica: string) => ({
      name: 'Tick',
      every: 200,
      run: async ({ dueAt }: TaskContext) => void runs.push({ replica, dueAt: dueAt.getTime(), bothUp }),
    });
    const a = replicas.add('replica-a', { leaderRetryMs: 100 });
    const b = replicas.add('replica-b', { leaderRetryMs: 100 });
    a.addTask(tick('a'));
    b.addTask(tick('b'));
    a.start();
    await eventually(async () => expect(a.isLeader).toBe(true));
    b.start();
    bothUp = true;
    // Had b run the task too, it would have within one interval of its start.
    await eventually(async () => expect(runs.filter((r) => r.bothUp).length).toBeGreaterThanOrEqual(4));
    expect(new Set(runs.map((r) => r.replica))).toEqual(new Set(['a']));
    expect(b.isLeader).toBe(false);

    await a.stop();
    // b may take over as soon as a lets the lock go, before a's stop has finished.
    const ranInA = runs.filter((r) => r.replica === 'a').length;
    await eventually(async () => expect(runs.length).toBeGreaterThanOrEqual(ranInA + 3));
    // Every run of a came before every run of b: never both at once.
    expect(new Set(runs.slice(0, ranInA).map((r) => r.replica))).toEqual(new Set(['a']));
    expect(new Set(runs.slice(ranInA).map((r) => r.replica))).toEqual(new Set(['b']));
    await b.stop();
    const dueTimes = runs.map((r) => r.dueAt);
    expect(new Set(dueTimes).size).toBe(dueTimes.length);
    // b carried on from a's last recorded run rather than starting the schedule afresh.
    expect(runs[ranInA]!.dueAt).toBeGreaterThan(runs[ranInA - 1]!.dueAt);
    const { rows } = await replicas.dbs[0]!.query<{ hostname: string; n: number }>(
      `select hostname, count(*)::int as n from job_histories where name = 'Tick' group by hostname order by hostname`,
    );
    expect(rows).toEqual([
      { hostname: 'replica-a', n: ranInA },
      { hostname: 'replica-b', n: runs.length - ranInA },
    ]);
  });

  it('aborts the run of a leader whose lock connection is killed, and lets the other replica take over', async () => {
    const started: string[] = [];
    const abortedIn: string[] = [];
    const long = (replica: string) => ({
      name: 'Long',
      every: 500,
      run: async ({ signal }: TaskContext) => {
        started.push(replica);
        await aborted(signal);
        abortedIn.push(replica);
      },
    });
    // a, once it lost the lock, waits longer before asking again than b does: b takes over.
    const a = replicas.add('replica-a', { leaderRetryMs: 60_000 });
    const b = replicas.add('replica-b', { leaderRetryMs: 100 });
    a.addTask(long('a'));
    b.addTask(long('b'));
    a.start();
    await eventually(async () => expect(started).toEqual(['a']));
    b.start();

    const { rows } = await replicas.dbs[1]!.query<{ killed: boolean }>(
      `select pg_terminate_backend(pid) as killed from pg_locks
        where locktype = 'advisory' and granted and objid = $1
          and database = (select oid from pg_database where datname = current_database())`,
      [JOBS_LOCK],
    );
    expect(rows).toEqual([{ killed: true }]);

    await eventually(async () => expect(b.isLeader).toBe(true));
    expect(a.isLeader).toBe(false);
    expect(abortedIn).toEqual(['a']);
    await eventually(async () => expect(started).toEqual(['a', 'b']));
    const history = await replicas.dbs[1]!.query<{ hostname: string; status: string }>(
      `select hostname, status from job_histories where name = 'Long' order by time_start`,
    );
    expect(history.rows).toEqual([{ hostname: 'replica-a', status: 'STOPPED' }]);
  });
});
