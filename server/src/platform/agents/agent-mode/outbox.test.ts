import type { Db } from '../../db/db.js';
import { openTestDatabase } from '../../db/test-database.js';
import { startReporting } from './state.js';
import {
  backlogOf,
  nextBatch,
  oldestEntries,
  settle,
  setAside,
  switchOutbox,
  type BatchLimits,
} from './outbox.js';

const LIMITS: BatchLimits = { entries: 200, statusPage: 500, bytes: 512 * 1024 };

describe('the agent outbox (migration 0042)', () => {
  let db: Db;
  let otherAgent: string;
  let names = 0;

  beforeAll(async () => {
    db = await openTestDatabase('empty');
    otherAgent = (
      await db.query<{ id: string }>(`insert into agents (name) values ('elsewhere') returning id`)
    ).rows[0]!.id;
  });
  afterAll(() => db.close());
  afterEach(async () => {
    await switchOutbox(db, false);
    await db.query(`delete from _agent_outbox`);
  });

  const canary = async (agentId?: string) => {
    names += 1;
    const { rows } = await db.query<{ id: string }>(
      `insert into canaries (name, agent_id) values ($1, coalesce($2::uuid, '00000000-0000-0000-0000-000000000000'))
       returning id`,
      [`c-${names}`, agentId ?? null],
    );
    return rows[0]!.id;
  };
  const check = async (canaryId: string, agentId?: string) => {
    names += 1;
    const { rows } = await db.query<{ id: string }>(
      `insert into checks (canary_id, type, name, agent_id)
       values ($1, 'exec', $2, coalesce($3::uuid, '00000000-0000-0000-0000-000000000000')) returning id`,
      [canaryId, `k-${names}`, agentId ?? null],
    );
    return rows[0]!.id;
  };
  const entries = async () =>
    (await oldestEntries(db, 1000)).map(({ table_name, pk, op, since }) => ({ table_name, pk, op, since }));

  it('records nothing outside agent mode: the triggers are off', async () => {
    await canary();
    expect(await backlogOf(db)).toBe(0);
    const { rows } = await db.query<{ enabled: boolean }>(
      `select bool_or(tgenabled <> 'D') as enabled from pg_trigger where tgname ~ '_agent_outbox'`,
    );
    expect(rows[0]!.enabled).toBe(false);
  });

  it('switched on, queues what the agent already holds, parents first, and only once', async () => {
    const canaryId = await canary();
    const checkId = await check(canaryId);
    await db.query(`insert into check_statuses (check_id, time, status) values ($1, now(), true)`, [checkId]);
    const foreign = await canary(otherAgent);
    expect(await switchOutbox(db, true)).toBe(true);
    expect(await switchOutbox(db, true)).toBe(false);
    const queued = await entries();
    const position = (table: string, id: string) =>
      queued.findIndex((e) => e.table_name === table && Object.values(e.pk).includes(id));
    expect(position('canaries', canaryId)).toBeGreaterThanOrEqual(0);
    expect(position('checks', checkId)).toBeGreaterThan(position('canaries', canaryId));
    expect(position('check_statuses', checkId)).toBeGreaterThan(position('checks', checkId));
    expect(position('canaries', foreign)).toBe(-1);
  });

  it("records the local agent's changes as (table, key, op), one entry per row, never another agent's", async () => {
    await switchOutbox(db, true);
    await db.query(`delete from _agent_outbox`);
    const mine = await canary();
    await canary(otherAgent);
    await db.query(`update canaries set icon = 'a' where id = $1`, [mine]);
    await db.query(`update canaries set icon = 'b' where id = $1`, [mine]);
    expect(await entries()).toEqual([
      { table_name: 'canaries', pk: { id: mine }, op: 'upsert', since: null },
    ]);
    await db.query(`delete from canaries where id = $1`, [mine]);
    expect(await entries()).toEqual([
      { table_name: 'canaries', pk: { id: mine }, op: 'delete', since: null },
    ]);
  });

  it("coalesces a check's results into one entry from the earliest result waiting", async () => {
    const checkId = await check(await canary());
    await switchOutbox(db, true);
    await db.query(`delete from _agent_outbox`);
    await db.query(
      `insert into check_statuses (check_id, time, status) values
         ($1, '2026-01-01T10:00:02Z', true), ($1, '2026-01-01T10:00:03Z', true)`,
      [checkId],
    );
    // A slow run's result, older than those waiting.
    await db.query(
      `insert into check_statuses (check_id, time, status) values ($1, '2026-01-01T10:00:01Z', false)`,
      [checkId],
    );
    const queued = await entries();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ table_name: 'check_statuses', pk: { check_id: checkId } });
    expect(new Date(queued[0]!.since!).toISOString()).toBe('2026-01-01T10:00:01.000Z');
    const foreignCheck = await check(await canary(otherAgent), otherAgent);
    await db.query(`insert into check_statuses (check_id, time, status) values ($1, now(), true)`, [
      foreignCheck,
    ]);
    expect(await entries()).toHaveLength(1);
  });

  it("follows ownership through the parent: a config's changes", async () => {
    await switchOutbox(db, true);
    const { rows } = await db.query<{ id: string }>(
      `insert into configs (type, name) values ('Test', 'c') returning id`,
    );
    const configId = rows[0]!.id;
    const foreign = (
      await db.query<{ id: string }>(
        `insert into configs (type, name, agent_id) values ('Test', 'f', $1) returning id`,
        [otherAgent],
      )
    ).rows[0]!.id;
    await db.query(`delete from _agent_outbox`);
    await db.query(`insert into config_changes (config_id, change_type) values ($1, 'diff'), ($2, 'diff')`, [
      configId,
      foreign,
    ]);
    const queued = await entries();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.table_name).toBe('config_changes');
  });

  it('makes a batch of the current rows under the PushData keys, without the creator', async () => {
    await switchOutbox(db, true);
    await db.query(`delete from _agent_outbox`);
    const { rows } = await db.query<{ id: string }>(
      `insert into configs (type, name, created_by) values ('Test', 'pushed', (select id from people limit 1)) returning id`,
    );
    const checkId = await check(await canary());
    await db.query(`insert into check_statuses (check_id, time, status) values ($1, now(), true)`, [checkId]);
    const batch = (await nextBatch(db, LIMITS))!;
    expect(batch.op).toBe('upsert');
    expect(Object.keys(batch.data).sort()).toEqual(['canaries', 'check_statuses', 'checks', 'config_items']);
    expect(batch.data.config_items![0]).toMatchObject({ id: rows[0]!.id, name: 'pushed' });
    expect(batch.data.config_items![0]).not.toHaveProperty('created_by');
    expect(batch.data.check_statuses).toHaveLength(1);
    await settle(db, batch);
    expect(await backlogOf(db)).toBe(0);
  });

  it('keeps an entry whose row changed after it was read, and pages through many results', async () => {
    const canaryId = await canary();
    await switchOutbox(db, true);
    await db.query(`delete from _agent_outbox`);
    await db.query(`update canaries set icon = 'x' where id = $1`, [canaryId]);
    const batch = (await nextBatch(db, LIMITS))!;
    await db.query(`update canaries set icon = 'y' where id = $1`, [canaryId]);
    await settle(db, batch);
    expect(await backlogOf(db)).toBe(1);
    await settle(db, (await nextBatch(db, LIMITS))!);
    expect(await backlogOf(db)).toBe(0);

    const checkId = await check(canaryId);
    await db.query(`delete from _agent_outbox`);
    await db.query(
      `insert into check_statuses (check_id, time, status)
       select $1, timestamptz '2026-02-01T00:00:00Z' + n * interval '1 second', true from generate_series(1, 5) n`,
      [checkId],
    );
    const sent: string[] = [];
    for (let round = 0; round < 5; round++) {
      const page = await nextBatch(db, { ...LIMITS, statusPage: 2 });
      if (!page) break;
      sent.push(...page.data.check_statuses!.map((s) => String(s.time)));
      await settle(db, page);
    }
    expect(sent).toHaveLength(5);
    expect(new Set(sent).size).toBe(5);
    expect(await backlogOf(db)).toBe(0);
  });

  it('never lets a deletion overtake the upsert queued before it', async () => {
    await switchOutbox(db, true);
    await db.query(`delete from _agent_outbox`);
    const first = await canary();
    const second = await canary();
    await db.query(`delete from canaries where id = $1`, [second]);
    const third = await canary();
    const upserts = (await nextBatch(db, LIMITS))!;
    expect(upserts.op).toBe('upsert');
    expect(upserts.data.canaries!.map((c) => c.id)).toEqual([first]);
    await settle(db, upserts);
    const deletion = (await nextBatch(db, LIMITS))!;
    expect(deletion).toMatchObject({ op: 'delete', data: { canaries: [{ id: second }] } });
    await settle(db, deletion);
    expect((await nextBatch(db, LIMITS))!.data.canaries!.map((c) => c.id)).toEqual([third]);
  });

  it('keeps a batch within its byte limit, the first entry going whatever its size', async () => {
    await switchOutbox(db, true);
    await db.query(`delete from _agent_outbox`);
    for (let n = 0; n < 3; n++)
      await db.query(`insert into configs (type, name, config) values ('Big', $1, $2)`, [
        `big-${n}`,
        JSON.stringify({ text: 'x'.repeat(1000) }),
      ]);
    const batch = (await nextBatch(db, { ...LIMITS, bytes: 1500 }))!;
    expect(batch.data.config_items).toHaveLength(1);
    expect(batch.entries).toHaveLength(1);
  });

  it('sets a refused entry aside at the back of the queue, then drops it', async () => {
    await switchOutbox(db, true);
    await db.query(`delete from _agent_outbox`);
    const refused = await canary();
    const next = await canary();
    let [entry] = await oldestEntries(db, 1);
    expect(await setAside(db, entry!, 2)).toBe(false);
    expect((await oldestEntries(db, 2)).map((e) => e.pk.id)).toEqual([next, refused]);
    [entry] = (await oldestEntries(db, 2)).slice(1);
    expect(await setAside(db, entry!, 2)).toBe(true);
    expect((await oldestEntries(db, 2)).map((e) => e.pk.id)).toEqual([next]);
  });

  it('queues everything again for another hub than the last one, not for the same', async () => {
    const canaryId = await canary();
    await switchOutbox(db, true);
    await db.query(`delete from _agent_outbox`);
    expect(await startReporting(db, 'https://hub-a.example/ east')).toBe(false);
    expect(await startReporting(db, 'https://hub-a.example/ east')).toBe(false);
    expect(await backlogOf(db)).toBe(0);
    expect(await startReporting(db, 'https://hub-b.example/ east')).toBe(true);
    expect((await entries()).some((e) => e.table_name === 'canaries' && e.pk.id === canaryId)).toBe(true);
  });

  /** A playbook, pulled from the hub (source Upstream) or made here, and a run of it. */
  const playbookRun = async (source: 'Upstream' | 'UI') => {
    names += 1;
    const { rows } = await db.query<{ id: string; playbook_id: string }>(
      `with p as (insert into playbooks (name, source) values ($1, $2) returning id)
       insert into playbook_runs (playbook_id, status, created_by)
       select id, 'running', (select id from people limit 1) from p returning id, playbook_id`,
      [`pb-${names}`, source],
    );
    return rows[0]!;
  };
  const action = async (runId: string, name = 'step') =>
    (
      await db.query<{ id: string }>(
        `insert into playbook_run_actions (playbook_run_id, name, status) values ($1, $2, 'running') returning id`,
        [runId, name],
      )
    ).rows[0]!.id;

  it("queues the runs of the hub's playbooks and their actions, not those of its own playbooks", async () => {
    await switchOutbox(db, true);
    await db.query(`delete from _agent_outbox`);
    const pulled = await playbookRun('Upstream');
    const own = await playbookRun('UI');
    const step = await action(pulled.id);
    await action(own.id);
    expect(await entries()).toEqual([
      { table_name: 'playbook_runs', pk: { id: pulled.id }, op: 'upsert', since: null },
      { table_name: 'playbook_run_actions', pk: { id: step }, op: 'upsert', since: null },
    ]);

    // The runner's claims alone change nothing the hub keeps.
    await db.query(`delete from _agent_outbox`);
    await db.query(
      `update playbook_runs set claimed_by = 'replica', lease_until = now(), next_look_at = now() where id = $1`,
      [pulled.id],
    );
    await db.query(
      `update playbook_run_actions set claimed_by = 'replica', lease_until = now() where id = $1`,
      [step],
    );
    expect(await entries()).toEqual([]);
    await db.query(`update playbook_run_actions set status = 'completed' where id = $1`, [step]);
    await db.query(`update playbook_runs set status = 'completed' where id = $1`, [pulled.id]);
    expect((await entries()).map((e) => e.table_name)).toEqual(['playbook_run_actions', 'playbook_runs']);

    const batch = (await nextBatch(db, LIMITS))!;
    expect(Object.keys(batch.data).sort()).toEqual(['playbook_actions', 'playbook_runs']);
    expect(batch.data.playbook_runs![0]).toMatchObject({ id: pulled.id, status: 'completed' });
    expect(batch.data.playbook_runs![0]).not.toHaveProperty('created_by');
    expect(batch.data.playbook_actions![0]).toMatchObject({ id: step, playbook_run_id: pulled.id });
    await settle(db, batch);

    await db.query(`delete from playbook_runs where id = $1`, [pulled.id]);
    expect(await entries()).toEqual([
      { table_name: 'playbook_runs', pk: { id: pulled.id }, op: 'delete', since: null },
    ]);
  });

  it("switched on, queues the runs of the hub's playbooks after what they name, each before its actions", async () => {
    const { rows } = await db.query<{ id: string }>(
      `insert into configs (type, name) values ('Test', 'r') returning id`,
    );
    const pulled = await playbookRun('Upstream');
    await db.query(`update playbook_runs set config_id = $2 where id = $1`, [pulled.id, rows[0]!.id]);
    const step = await action(pulled.id);
    const own = await playbookRun('UI');
    await action(own.id);
    await switchOutbox(db, true);
    const queued = await entries();
    const position = (table: string, id: string) =>
      queued.findIndex((e) => e.table_name === table && e.pk.id === id);
    expect(position('configs', rows[0]!.id)).toBeGreaterThanOrEqual(0);
    expect(position('playbook_runs', pulled.id)).toBeGreaterThan(position('configs', rows[0]!.id));
    expect(position('playbook_run_actions', step)).toBeGreaterThan(position('playbook_runs', pulled.id));
    expect(position('playbook_runs', own.id)).toBe(-1);
    expect(queued.filter((e) => e.table_name === 'playbook_run_actions')).toHaveLength(1);
  });

  it('switched off, records nothing more', async () => {
    await switchOutbox(db, true);
    expect(await switchOutbox(db, false)).toBe(true);
    await db.query(`delete from _agent_outbox`);
    await canary();
    expect(await backlogOf(db)).toBe(0);
  });
});
