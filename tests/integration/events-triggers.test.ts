import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import { availableBackends, freshDatabase } from '../support/databases.js';
import { createCanary, createCheck, eventually, uniqueName, type Sql } from '../support/health-data.js';

/**
 * Platform events (spec 2 §4's rule events) come from the database itself: whoever writes a
 * check, component or config, the event lands in event_queue with the row's id.
 */
describe.each(availableBackends())('platform event triggers on %s', (backend) => {
  let db: Db;
  let drop: () => Promise<void>;
  let sql: Sql;

  beforeAll(async () => {
    const database = await freshDatabase(backend, 'empty');
    drop = database.drop;
    db = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    sql = async <R>(text: string, params: unknown[] = []) => (await db.query<R>(text, params)).rows;
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  /** The events queued about one row, oldest first (those of one statement by name). */
  // In the order the writes ran: created_at alone ties on PGlite, whose clock counts whole
  // milliseconds; the inserting transaction's id (xmin) does not.
  const eventsAbout = (id: string) =>
    sql<{ name: string; properties: Record<string, unknown> }>(
      `select name, properties from event_queue where properties->>'id' = $1
        order by created_at, xmin::text::bigint, name`,
      [id],
    );

  it('queues one check.failed when a check turns unhealthy, check.passed when it recovers, none while it stays', async () => {
    const canary = await createCanary(sql);
    const check = await createCheck(sql, canary, { status: 'healthy' });
    expect(await eventsAbout(check)).toEqual([]);

    await sql(`update checks set status = 'unhealthy', last_runtime = '2024-06-11T10:00:00Z' where id = $1`, [
      check,
    ]);
    await sql(`update checks set status = 'unhealthy', last_runtime = '2024-06-11T10:01:00Z' where id = $1`, [
      check,
    ]);
    await sql(`update checks set description = 'touched' where id = $1`, [check]);
    expect(await eventsAbout(check)).toEqual([
      {
        name: 'check.failed',
        properties: {
          id: check,
          canary_id: canary,
          last_runtime: expect.stringMatching(/^2024-06-11T10:00:00/),
        },
      },
    ]);

    await sql(`update checks set status = 'healthy' where id = $1`, [check]);
    expect((await eventsAbout(check)).map((event) => event.name)).toEqual(['check.failed', 'check.passed']);
  });

  it("queues component.<health> when a component's health changes, unknown for none", async () => {
    const [{ id }] = (await sql<{ id: string }>(
      `insert into components (name, health, status, description) values ($1, 'healthy', 'healthy', 'web tier')
       returning id`,
      [uniqueName('component')],
    )) as [{ id: string }];
    await sql(`update components set health = 'healthy', status_reason = 'same' where id = $1`, [id]);
    await sql(`update components set health = 'unhealthy', status = 'unhealthy' where id = $1`, [id]);
    await sql(`update components set health = null where id = $1`, [id]);
    expect(await eventsAbout(id)).toEqual([
      { name: 'component.unhealthy', properties: { id, status: 'unhealthy', description: 'web tier' } },
      { name: 'component.unknown', properties: { id, status: 'unhealthy', description: 'web tier' } },
    ]);
  });

  it('queues component.<health> for a component that starts unhealthy or warning, nothing for a healthy one', async () => {
    const insert = async (health: string | null) =>
      (
        (await sql<{ id: string }>(
          `insert into components (name, health, status) values ($1, $2, coalesce($2, 'unknown')) returning id`,
          [uniqueName('component'), health],
        )) as [{ id: string }]
      )[0].id;
    const failing = await insert('unhealthy');
    const degraded = await insert('warning');
    const fine = await insert('healthy');
    const unknown = await insert(null);
    expect(await eventsAbout(failing)).toEqual([
      { name: 'component.unhealthy', properties: { id: failing, status: 'unhealthy', description: null } },
    ]);
    expect((await eventsAbout(degraded)).map((event) => event.name)).toEqual(['component.warning']);
    expect(await eventsAbout(fine)).toEqual([]);
    expect(await eventsAbout(unknown)).toEqual([]);
  });

  it('queues playbook.approval.inserted for an approval, playbook.spec.approval.updated for a new approval setting', async () => {
    const [playbook] = (await sql<{ id: string }>(
      `insert into playbooks (name, spec) values ($1, '{"actions": [], "approval": {"type": "any"}}') returning id`,
      [uniqueName('playbook')],
    )) as [{ id: string }];
    const [run] = (await sql<{ id: string }>(
      `insert into playbook_runs (playbook_id, status) values ($1, 'pending') returning id`,
      [playbook.id],
    )) as [{ id: string }];
    const [approval] = (await sql<{ id: string }>(
      `insert into playbook_approvals (run_id) values ($1) returning id`,
      [run.id],
    )) as [{ id: string }];
    expect(await eventsAbout(approval.id)).toEqual([
      {
        name: 'playbook.approval.inserted',
        properties: { id: approval.id, run_id: run.id, person_id: null, team_id: null },
      },
    ]);

    await sql(`update playbooks set spec = spec || '{"description": "touched"}' where id = $1`, [
      playbook.id,
    ]);
    await sql(`update playbooks set spec = jsonb_set(spec, '{approval,type}', '"all"') where id = $1`, [
      playbook.id,
    ]);
    expect(await eventsAbout(playbook.id)).toEqual([
      { name: 'playbook.spec.approval.updated', properties: { id: playbook.id } },
    ]);
  });

  it('queues config.created, config.updated for a new body only, config.<health>, and config.deleted once', async () => {
    const [{ id }] = (await sql<{ id: string }>(
      `insert into configs (type, name, config, health, status) values ('Kubernetes::Pod', $1, '{"replicas": 1}', 'healthy', 'Running')
       returning id`,
      [uniqueName('config')],
    )) as [{ id: string }];
    await sql(`update configs set last_scraped_time = now() where id = $1`, [id]);
    await sql(`update configs set config = '{"replicas": 1}' where id = $1`, [id]);
    await sql(`update configs set config = '{"replicas": 2}' where id = $1`, [id]);
    await sql(`update configs set health = 'warning', status = 'Pending' where id = $1`, [id]);
    await sql(`update configs set deleted_at = now() where id = $1`, [id]);
    await sql(`delete from configs where id = $1`, [id]);
    expect(await eventsAbout(id)).toEqual([
      { name: 'config.created', properties: { id } },
      { name: 'config.updated', properties: { id } },
      { name: 'config.warning', properties: { id, status: 'Pending', description: null } },
      { name: 'config.deleted', properties: { id } },
    ]);
  });

  it('queues config.deleted for a delete of a live config, and config.<health> for one that starts unhealthy', async () => {
    const [{ id }] = (await sql<{ id: string }>(
      `insert into configs (type, name, health) values ('AWS::EC2::Instance', $1, 'unhealthy') returning id`,
      [uniqueName('config')],
    )) as [{ id: string }];
    await sql(`delete from configs where id = $1`, [id]);
    expect((await eventsAbout(id)).map((event) => event.name)).toEqual([
      'config.created',
      'config.unhealthy',
      'config.deleted',
    ]);
  });

  it('queues nothing in a transaction that turned platform events off', async () => {
    const canary = await createCanary(sql);
    const check = await createCheck(sql, canary, { status: 'healthy' });
    await db.transaction(async (tx) => {
      await tx.query(`set local ops_console.platform_events = 'off'`);
      await tx.query(`update checks set status = 'unhealthy' where id = $1`, [check]);
    });
    expect(await eventsAbout(check)).toEqual([]);
    // Only that transaction: the next change is an event again.
    await sql(`update checks set status = 'healthy' where id = $1`, [check]);
    expect((await eventsAbout(check)).map((event) => event.name)).toEqual(['check.passed']);
  });

  it('announces every queued event on the platform_events channel with a rising sequence number', async () => {
    const heard: { seq: number; name: string; ids: Record<string, string> }[] = [];
    const stop = await db.listen('platform_events', (payload) => heard.push(JSON.parse(payload)));
    try {
      const canary = await createCanary(sql);
      const check = await createCheck(sql, canary, { status: 'healthy' });
      await sql(`update checks set status = 'unhealthy' where id = $1`, [check]);
      await sql(`update checks set status = 'healthy' where id = $1`, [check]);
      await sql(`insert into event_queue (name, properties) values ('notification.send', $1)`, [
        { id: check, notification_id: canary, body: 'not announced' },
      ]);
      const mine = () => heard.filter((event) => event.ids.id === check);
      await eventually(async () => expect(mine()).toHaveLength(3));
      expect(mine()).toEqual([
        { seq: expect.any(Number), name: 'check.failed', ids: { id: check, canary_id: canary } },
        { seq: expect.any(Number), name: 'check.passed', ids: { id: check, canary_id: canary } },
        { seq: expect.any(Number), name: 'notification.send', ids: { id: check, notification_id: canary } },
      ]);
      const seqs = mine().map((event) => event.seq);
      expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
      expect(new Set(seqs).size).toBe(3);
    } finally {
      await stop();
    }
  });
});

describe('the demo data', () => {
  it('loads without a flood of events: only its own event_queue rows, no config.created', async () => {
    const database = await freshDatabase('pglite', 'demo');
    const db = await openDatabase({ dataDir: database.dataDir });
    try {
      const { rows } = await db.query<{ created: number; configs: number; events: number }>(
        `select (select count(*)::int from event_queue where name = 'config.created') as created,
                (select count(*)::int from configs) as configs,
                (select count(*)::int from event_queue) as events`,
      );
      expect(rows[0]!.created).toBe(0);
      expect(rows[0]!.configs).toBeGreaterThan(100);
      expect(rows[0]!.events).toBeLessThan(100);
    } finally {
      await db.close();
      await database.drop();
    }
  });
});
