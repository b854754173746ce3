import { pino } from 'pino';
import type { Db } from '../db/db.js';
import { openTestDatabase } from '../db/test-database.js';
import { intervalSchedule } from './schedule.js';
import { nextRunAt, RowNotRunHere, RowScheduler, type ScheduledRow } from './row-scheduler.js';
import type { ServiceContext } from './types.js';

const logger = pino({ level: 'silent' });
const HOUR = 3_600_000;

describe('nextRunAt', () => {
  const hourly = intervalSchedule(HOUR);
  const now = new Date('2024-06-11T10:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);

  it('runs a row seen for the first time one interval after its last run, or at once', () => {
    expect(nextRunAt(hourly, now, undefined, at(-HOUR / 2))).toEqual(at(HOUR / 2));
    expect(nextRunAt(hourly, now, undefined, at(-3 * HOUR))).toEqual(now);
    expect(nextRunAt(hourly, now, undefined, undefined)).toEqual(now);
  });

  it('keeps the due time of an unchanged row and runs an edited one at once', () => {
    expect(nextRunAt(hourly, now, { nextAt: at(HOUR), edited: false }, undefined)).toEqual(at(HOUR));
    expect(nextRunAt(hourly, now, { nextAt: at(HOUR), edited: true }, at(-1))).toEqual(now);
  });
});

interface Row extends ScheduledRow {
  schedule: string | null;
}

/** A gate a test opens to let the runs in flight finish. */
function gate() {
  let open!: () => void;
  let opened = new Promise<void>((resolve) => (open = resolve));
  return {
    wait: () => opened,
    open: () => open(),
    close: () => (opened = new Promise<void>((resolve) => (open = resolve))),
  };
}

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('RowScheduler', () => {
  let db: Db;
  let scheduler: RowScheduler<Row, { ran: string }>;
  let stopper: AbortController;
  const runs: string[] = [];
  let inFlight = new Map<string, number>();
  let mostAtOnce = 0;
  const release = gate();

  beforeEach(async () => {
    db = await openTestDatabase('empty');
    runs.length = 0;
    inFlight = new Map();
    mostAtOnce = 0;
    release.open();
    scheduler = new RowScheduler<Row, { ran: string }>('test-rows', {
      db,
      logger,
      table: 'topologies',
      columns: ['id', 'name', 'namespace', 'agent_id', 'schedule'],
      job: 'TestRun',
      resourceType: 'topology',
      words: { row: 'row', rows: 'rows', run: 'run', elsewhere: 'it runs there', stopping: 'stopping' },
      scheduleOf: (row) => row.schedule ?? '@every 1h',
      run: async (row) => {
        runs.push(row.name);
        const count = (inFlight.get(row.id) ?? 0) + 1;
        inFlight.set(row.id, count);
        mostAtOnce = Math.max(mostAtOnce, count);
        await release.wait();
        inFlight.set(row.id, count - 1);
        return { ran: row.name };
      },
      failedSummary: (message) => ({ ran: message }),
      recordOf: () => ({ status: 'SUCCESS', successCount: 1 }),
      fingerprint: 'all rows',
      notRunHere: RowNotRunHere,
      pollMs: 20,
      tickMs: 10,
    });
    stopper = new AbortController();
    const ctx: ServiceContext = {
      signal: stopper.signal,
      log: logger,
      every(ms, fn) {
        const timer = setInterval(() => void fn(), ms);
        stopper.signal.addEventListener('abort', () => clearInterval(timer));
      },
    };
    await scheduler.start(ctx);
  });

  afterEach(async () => {
    release.open();
    stopper.abort();
    await scheduler.stop();
    await db.close();
  });

  const addRow = async (name: string, schedule: string | null) =>
    (
      await db.query<{ id: string }>(`insert into topologies (name, schedule) values ($1, $2) returning id`, [
        name,
        schedule,
      ])
    ).rows[0]!.id;
  const historyOf = async (id: string) =>
    (
      await db.query<{ status: string; details: { errors?: string[] } }>(
        `select status, details from job_histories where resource_id = $1 order by time_start`,
        [id],
      )
    ).rows;
  const runsOf = (name: string) => runs.filter((run) => run === name).length;

  it('runs a new row at once, records the run, and waits an interval before the next', async () => {
    const id = await addRow('new', '@every 1h');
    await until(async () => (await historyOf(id)).length === 1);
    expect((await historyOf(id))[0]!.status).toBe('SUCCESS');
    await addRow('another', '@every 1h');
    await until(() => runsOf('another') === 1);
    expect(runsOf('new')).toBe(1);
  });

  it('runs an edited row again at once', async () => {
    const id = await addRow('edited', '@every 1h');
    await until(async () => (await historyOf(id)).length === 1);
    await db.query(
      `update topologies set spec = '{"x":1}', updated_at = now() + interval '1 second' where id = $1`,
      [id],
    );
    await until(async () => (await historyOf(id)).length === 2);
    expect(runsOf('edited')).toBe(2);
  });

  it('runs one run per row at a time: Run now waits for the run in flight', async () => {
    release.close();
    const id = await addRow('busy', '@every 1s');
    await until(() => scheduler.isRunning(id));
    const ranNow = scheduler.runNow(id);
    release.open();
    await expect(ranNow).resolves.toEqual({ status: 'SUCCESS', summary: { ran: 'busy' } });
    expect(mostAtOnce).toBe(1);
  });

  it('reports an invalid schedule once, as a FAILED run, until its text changes', async () => {
    const id = await addRow('invalid', 'now and then');
    await until(async () => (await historyOf(id)).length === 1);
    const [report] = await historyOf(id);
    expect(report!.status).toBe('FAILED');
    expect(report!.details.errors![0]).toMatch(/^not scheduled: invalid schedule: /);

    // Read again (another row changes the table), the same text is not reported again.
    await addRow('valid', '@every 1h');
    await until(() => runsOf('valid') === 1);
    expect(await historyOf(id)).toHaveLength(1);
    await db.query(`update topologies set schedule = 'still nonsense', updated_at = now() where id = $1`, [
      id,
    ]);
    await until(async () => (await historyOf(id)).length === 2);
    expect(runsOf('invalid')).toBe(0);
    expect((await historyOf(id)).map((run) => run.status)).toEqual(['FAILED', 'FAILED']);
  });

  it('answers Run now of an unknown row with a 404', async () => {
    await expect(scheduler.runNow('00000000-0000-0000-0000-00000000abcd')).rejects.toMatchObject({
      status: 404,
      message: 'row with id=00000000-0000-0000-0000-00000000abcd was not found',
    });
  });
});
