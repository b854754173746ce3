/**
 * The playbook runner across replicas on one PostgreSQL database: every replica claims runs and
 * actions (FOR UPDATE SKIP LOCKED, with leases), no action runs twice, and a replica that stops
 * (shut down, or lost: its claims' leases run out) leaves its run to another replica, which
 * resumes it or fails the action with a clear error; nothing stays running.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import { ACTION_EXECUTORS } from '../../server/src/platform/playbooks/actions/index.js';
import { processEnded } from '../../server/src/platform/playbooks/actions/test-support.js';
import type { ActionExecutor } from '../../server/src/platform/playbooks/actions/types.js';
import { cancelRun } from '../../server/src/platform/playbooks/runner/index.js';
import {
  actionsOf,
  eventually,
  Gate,
  insertPlaybook,
  queueRun,
  runOf,
  runReaches,
  startReplica,
  type Replica,
} from '../../server/src/platform/playbooks/runner/test-support.js';
import { availableBackends, freshDatabase } from '../support/databases.js';

const maybe = availableBackends().includes('postgres') ? describe : describe.skip;

maybe('the playbook runner on PostgreSQL with two replicas', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let dbs: Db[] = [];
  let replicas: Replica[] = [];
  const open = async () => {
    const db = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    dbs.push(db);
    return db;
  };
  const replica = (db: Db, name: string, executors: Record<string, ActionExecutor>, leaseMs = 5000) => {
    const started = startReplica(
      db,
      executors,
      { replicaId: name, leaseMs },
      { databaseUrl: database.databaseUrl },
    );
    replicas.push(started);
    return started;
  };

  beforeEach(async () => {
    database = await freshDatabase('postgres', 'empty');
  });
  afterEach(async () => {
    await Promise.allSettled(replicas.map((r) => r.stop()));
    await Promise.allSettled(dbs.map((db) => db.close()));
    replicas = [];
    dbs = [];
    await database.drop();
  });

  it('never runs one action twice while both replicas claim, and completes every run', async () => {
    const calls = new Map<string, string[]>();
    const counting =
      (name: string): ActionExecutor =>
      async (body, ctx) => {
        calls.set(ctx.actionId, [...(calls.get(ctx.actionId) ?? []), name]);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { stdout: String(body.script) };
      };
    const [a, b] = [await open(), await open()];
    replica(a, 'replica-a', { exec: counting('a') });
    replica(b, 'replica-b', { exec: counting('b') });
    const playbook = await insertPlaybook(a, {
      actions: [
        { name: 'one', exec: { script: '1' } },
        { name: 'two', exec: { script: '2' } },
      ],
    });
    const runs = await Promise.all(Array.from({ length: 40 }, () => queueRun(a, playbook)));
    for (const r of replicas) r.work.wake();
    await eventually(async () => {
      const { rows } = await a.query<{ done: number }>(
        `select count(*)::int as done from playbook_runs where playbook_id = $1 and status = 'completed'`,
        [playbook],
      );
      expect(rows[0]!.done).toBe(runs.length);
    }, 60_000);
    const { rows: actions } = await a.query<{ id: string; status: string }>(
      `select a.id, a.status from playbook_run_actions a join playbook_runs r on r.id = a.playbook_run_id
        where r.playbook_id = $1`,
      [playbook],
    );
    expect(actions).toHaveLength(runs.length * 2);
    expect(actions.every((action) => action.status === 'completed')).toBe(true);
    expect([...calls.values()].filter((who) => who.length !== 1)).toEqual([]);
    expect(calls.size).toBe(runs.length * 2);
  });

  it('resumes a run in the other replica when the one running its action shuts down', async () => {
    const gateA = new Gate();
    const [a, b] = [await open(), await open()];
    const first = replica(a, 'replica-a', { exec: gateA.executor });
    const playbook = await insertPlaybook(a, { actions: [{ name: 'work', exec: { script: 'x' } }] });
    const id = await queueRun(a, playbook);
    first.work.wake();
    await eventually(() => expect(gateA.calls).toHaveLength(1));
    const resumed: string[] = [];
    replica(b, 'replica-b', {
      exec: async (_body, ctx) => {
        resumed.push(ctx.actionId);
        return { stdout: 'finished by b' };
      },
    });
    await first.stop();
    const run = await runReaches(a, id, 'completed');
    const [action] = await actionsOf(a, id);
    expect(action).toMatchObject({
      status: 'completed',
      result: { stdout: 'finished by b' },
      claimed_by: null,
    });
    expect(resumed).toEqual([action!.id]);
    expect(run.end_time).toBeInstanceOf(Date);
  });

  it('fails an action clearly when the replica running it is lost (its lease runs out), never leaving it running', async () => {
    const gateA = new Gate();
    const [a, b] = [await open(), await open()];
    const lost = replica(a, 'replica-a', { exec: gateA.executor }, 1500);
    const playbook = await insertPlaybook(b, {
      actions: [
        { name: 'work', exec: { script: 'x' } },
        { name: 'cleanup', if: 'always()', exec: { script: 'y' } },
      ],
    });
    const id = await queueRun(b, playbook);
    lost.work.wake();
    await eventually(() => expect(gateA.calls).toHaveLength(1));
    // The replica loses its database: it can neither renew its claim nor record anything.
    await a.close();
    dbs = dbs.filter((db) => db !== a);
    const bCalls: string[] = [];
    replica(b, 'replica-b', {
      exec: async (body) => {
        bCalls.push(String(body.script));
        return {};
      },
    });
    const run = await runReaches(b, id, 'failed');
    const actions = await actionsOf(b, id);
    expect(actions.map((x) => [x.name, x.status, x.error])).toEqual([
      ['work', 'failed', 'the replica running this action stopped'],
      ['cleanup', 'completed', null],
    ]);
    expect(bCalls).toEqual(['y']);
    expect(run.end_time).toBeInstanceOf(Date);
    gateA.release();
  });

  it('cancels a run whose action runs in the other replica: that replica aborts it', async () => {
    const gate = new Gate();
    const [a, b] = [await open(), await open()];
    replica(a, 'replica-a', { exec: gate.executor });
    const playbook = await insertPlaybook(a, { actions: [{ name: 'long', exec: { script: 'x' } }] });
    const id = await queueRun(a, playbook);
    await eventually(() => expect(gate.calls).toHaveLength(1));
    // The API's replica (b, no runner) cancels it.
    expect(await cancelRun(b, id)).toEqual({ status: 'cancelled', cancelled: true });
    await eventually(() => expect(gate.aborted).toHaveLength(1), 5000);
    await eventually(async () => expect((await actionsOf(b, id))[0]!.status).toBe('cancelled'));
    expect((await runOf(b, id)).status).toBe('cancelled');
  });
});

describe.each(availableBackends())('real exec actions through the runner on %s', (backend) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  let replica: Replica;
  beforeAll(async () => {
    database = await freshDatabase(backend, 'empty');
    db = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    replica = startReplica(db, ACTION_EXECUTORS);
  });
  afterAll(async () => {
    await replica.stop();
    await db.close();
    await database.drop();
  });

  it('runs a script with the parameters templated in, stores its output, and fails on a non-zero exit', async () => {
    const playbook = await insertPlaybook(db, {
      env: [{ name: 'GREETING', value: 'hello' }],
      actions: [
        { name: 'greet', exec: { script: 'echo "$GREETING {{.params.who}}"; echo warn >&2' } },
        { name: 'count', exec: { script: 'echo {{ (getAction "greet").result.stdout }} | wc -w' } },
        { name: 'break', exec: { script: 'echo partial; exit 4' } },
      ],
    });
    const id = await queueRun(db, playbook, { parameters: { who: 'world' } });
    replica.work.wake();
    await runReaches(db, id, 'failed');
    const actions = await actionsOf(db, id);
    expect(actions.map((a) => [a.name, a.status])).toEqual([
      ['greet', 'completed'],
      ['count', 'completed'],
      ['break', 'failed'],
    ]);
    expect(actions[0]!.result).toMatchObject({ stdout: 'hello world', stderr: 'warn', exitCode: 0 });
    expect(actions[1]!.result).toMatchObject({ stdout: '2' });
    expect(actions[2]!.result).toMatchObject({ stdout: 'partial', exitCode: 4 });
    expect(actions[2]!.error).toMatch(/4/);
  });

  describe('a script that would run for minutes', () => {
    let tmp: string;
    beforeAll(() => (tmp = mkdtempSync(path.join(os.tmpdir(), 'runner-kill-'))));
    afterAll(() => rmSync(tmp, { recursive: true, force: true }));

    /** Writes its pid, then becomes a sleep that would outlast every wait of the test. */
    const hang = (pidFile: string) => `echo started; echo $$ > '${pidFile}'; exec sleep 300`;
    const pidIn = (file: string) => Number(readFileSync(file, 'utf8'));

    it('is killed at its timeout and recorded timed out', async () => {
      const pidFile = path.join(tmp, 'timeout.pid');
      const playbook = await insertPlaybook(db, {
        actions: [{ name: 'hang', timeout: '1s', exec: { script: hang(pidFile) } }],
      });
      const id = await queueRun(db, playbook);
      replica.work.wake();
      await runReaches(db, id, 'failed');
      const [action] = await actionsOf(db, id);
      expect(action).toMatchObject({ status: 'timed_out', error: 'timed out after 1s' });
      await eventually(() => expect(processEnded(pidIn(pidFile))).toBe(true));
    });

    it('is killed when its run is cancelled', async () => {
      const pidFile = path.join(tmp, 'cancel.pid');
      const playbook = await insertPlaybook(db, {
        actions: [{ name: 'hang', exec: { script: hang(pidFile) } }],
      });
      const id = await queueRun(db, playbook);
      replica.work.wake();
      await eventually(async () => expect((await actionsOf(db, id))[0]?.status).toBe('running'));
      await eventually(() => expect(processEnded(pidIn(pidFile))).toBe(false));
      await cancelRun(db, id);
      await eventually(async () => expect((await actionsOf(db, id))[0]?.status).toBe('cancelled'));
      expect((await runOf(db, id)).status).toBe('cancelled');
      await eventually(() => expect(processEnded(pidIn(pidFile))).toBe(true));
    });
  });
});
