/**
 * Platform events (event_queue) through the jobs registry: consumers registered by event name,
 * failures recorded and retried with backoff, given up after the most attempts (left for
 * event_queue_summary), events nobody consumes deleted, and one claim per event across replicas.
 */
import type { PlatformEvent } from '../../server/src/platform/jobs/events.js';
import { availableBackends } from '../support/databases.js';
import { eventually } from '../support/health-data.js';
import { replicasOn, type Replicas } from '../support/jobs.js';

const fast = { backoffMs: 100, maxAttempts: 3, pollMs: 50 };

interface QueueRow {
  id: string;
  name: string;
  error: string | null;
  attempts: number;
  last_attempt: Date | null;
  next_attempt_at: Date | null;
}

describe.each(availableBackends())('platform events on %s', (backend) => {
  let replicas: Replicas;
  afterEach(() => replicas.close());

  const sql = async <T>(text: string, params: unknown[] = []) =>
    (await replicas.dbs[0]!.query<T>(text, params)).rows;
  const enqueue = async (name: string, properties: Record<string, unknown> = {}) =>
    (
      await sql<{ id: string }>(`insert into event_queue (name, properties) values ($1, $2) returning id`, [
        name,
        JSON.stringify(properties),
      ])
    )[0]!.id;
  const rowOf = async (id: string) =>
    (
      await sql<QueueRow>(
        `select id, name, error, attempts, last_attempt, next_attempt_at from event_queue where id = $1`,
        [id],
      )
    )[0];

  it('hands an event to the consumers of its name, then deletes it', async () => {
    replicas = await replicasOn(backend, 1);
    const jobs = replicas.add('replica-a', { events: fast });
    const seen: PlatformEvent[] = [];
    jobs.events.on('check.failed', async (event) => void seen.push(event));
    jobs.events.on('check.failed', async (event) => void seen.push(event));
    jobs.start();
    const id = await enqueue('check.failed', { id: 'check-1' });
    await eventually(async () => expect(await rowOf(id)).toBeUndefined());
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({ id, name: 'check.failed', properties: { id: 'check-1' }, attempts: 1 });
  });

  it("records a consumer's failure (attempts, error) and tries again after a backoff", async () => {
    replicas = await replicasOn(backend, 1);
    const jobs = replicas.add('replica-a', { events: fast });
    const calls: { attempts: number; row: QueueRow | undefined }[] = [];
    jobs.events.on('notification.send', async (event) => {
      calls.push({ attempts: event.attempts, row: await rowOf(event.id) });
      if (calls.length < 3) throw new Error(`slack: channel_not_found (${calls.length})`);
    });
    jobs.start();
    const id = await enqueue('notification.send');
    await eventually(async () => expect(await rowOf(id)).toBeUndefined());
    expect(calls.map((call) => call.attempts)).toEqual([1, 2, 3]);
    // What the second try found in the table: the first failure, recorded.
    const second = calls[1]!.row!;
    expect(second).toMatchObject({ error: 'slack: channel_not_found (1)', attempts: 2 });
    expect(calls[2]!.row).toMatchObject({ error: 'slack: channel_not_found (2)', attempts: 3 });
    // The second try came after the backoff that followed the first failure.
    expect(second.last_attempt!.getTime()).toBeGreaterThanOrEqual(
      calls[0]!.row!.last_attempt!.getTime() + 100,
    );
  });

  it('gives up after the most attempts and leaves the event with its error for event_queue_summary', async () => {
    replicas = await replicasOn(backend, 1);
    const jobs = replicas.add('replica-a', { events: fast });
    let calls = 0;
    jobs.events.on('playbook.run', async () => {
      calls += 1;
      throw new Error('smtp: 535 5.7.8 authentication failed');
    });
    jobs.start();
    const id = await enqueue('playbook.run');
    const row = await eventually(async () => {
      const found = await rowOf(id);
      expect(found).toMatchObject({ attempts: 3, next_attempt_at: null });
      return found!;
    });
    expect(row.error).toBe('smtp: 535 5.7.8 authentication failed');
    expect(calls).toBe(3);
    const summary = await sql(
      `select name, pending, failed, most_common_error from event_queue_summary where name = 'playbook.run'`,
    );
    expect(summary).toEqual([
      {
        name: 'playbook.run',
        pending: 0,
        failed: 1,
        most_common_error: 'smtp: 535 5.7.8 authentication failed',
      },
    ]);
  });

  it("deletes events nobody consumes, and leaves the demo's failed events as given up", async () => {
    replicas = await replicasOn(backend, 1, 'demo');
    const failedBefore = await sql<{ id: string; attempts: number; error: string }>(
      `select id, attempts, error from event_queue where error is not null order by id`,
    );
    expect(failedBefore.length).toBeGreaterThan(0);
    expect(await sql(`select 1 from event_queue where error is null`)).not.toHaveLength(0);
    const jobs = replicas.add('replica-a', { events: fast });
    jobs.start();
    const unheard = await enqueue('config.updated');
    await eventually(async () => {
      expect(await rowOf(unheard)).toBeUndefined();
      expect(await sql(`select 1 from event_queue where error is null`)).toHaveLength(0);
    });
    expect(
      await sql(`select id, attempts, error from event_queue where error is not null order by id`),
    ).toEqual(failedBefore);
  });
});

const maybe = availableBackends().includes('postgres') ? describe : describe.skip;

maybe('platform events across replicas on PostgreSQL', () => {
  let replicas: Replicas;
  beforeEach(async () => {
    replicas = await replicasOn('postgres', 2);
  });
  afterEach(() => replicas.close());

  it('claims each queued event once, whichever replica consumes it', async () => {
    const handled: string[] = [];
    const both = ['replica-a', 'replica-b'].map((name) => {
      const jobs = replicas.add(name, { events: { ...fast, batchSize: 5 } });
      jobs.events.on('work.item', async (event) => {
        handled.push(event.id);
        // A pause in the handler keeps both replicas claiming at the same time.
        await new Promise((resolve) => setImmediate(resolve));
      });
      return jobs;
    });
    await replicas.dbs[0]!.query(
      `insert into event_queue (name, properties) select 'work.item', jsonb_build_object('n', g)
         from generate_series(1, 200) g`,
    );
    for (const jobs of both) jobs.start();
    await eventually(async () => {
      const { rows } = await replicas.dbs[0]!.query(`select 1 from event_queue where name = 'work.item'`);
      expect(rows).toHaveLength(0);
    }, 30_000);
    expect(handled).toHaveLength(200);
    expect(new Set(handled).size).toBe(200);
  });
});
