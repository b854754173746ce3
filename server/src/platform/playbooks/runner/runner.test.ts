import { LOCAL_AGENT } from '../../../../../common/agents.js';
import type { Db } from '../../db/db.js';
import { openTestDatabase } from '../../db/test-database.js';
import { ActionFailure, type ActionExecutor } from '../actions/types.js';
import { approveRun, NOT_WAITING } from '../approvals.js';
import { cancelRun } from './control.js';
import { retryBackoffMs } from './runner.js';
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
} from './test-support.js';

/** Echoes its script as stdout; `fail:` scripts fail with a non-zero exit, keeping their output. */
const echo: ActionExecutor = async (body) => {
  const script = String(body.script ?? '');
  if (script.startsWith('fail:')) throw new ActionFailure('exit status 3', { stdout: script, exitCode: 3 });
  return { stdout: script, exitCode: 0 };
};

describe('the playbook runner', () => {
  let db: Db;
  let replica: Replica | undefined;
  beforeAll(async () => {
    db = await openTestDatabase('empty');
  });
  afterAll(() => db.close());
  afterEach(async () => {
    await replica?.stop();
    replica = undefined;
  });

  it('runs a queued run through its actions, one after another, to completed with each result stored', async () => {
    replica = startReplica(db, { exec: echo });
    const playbook = await insertPlaybook(db, {
      actions: [
        { name: 'first', exec: { script: 'one' } },
        { name: 'second', exec: { script: 'two' } },
      ],
    });
    const id = await queueRun(db, playbook);
    replica.work.wake();
    const run = await runReaches(db, id, 'completed');
    expect(run.start_time).toBeInstanceOf(Date);
    expect(run.end_time).toBeInstanceOf(Date);
    expect(run.timeout_at!.getTime() - run.start_time!.getTime()).toBe(30 * 60_000);
    expect(run.error).toBeNull();
    const actions = await actionsOf(db, id);
    expect(actions.map((a) => [a.name, a.status, a.result])).toEqual([
      ['first', 'completed', { stdout: 'one', exitCode: 0 }],
      ['second', 'completed', { stdout: 'two', exitCode: 0 }],
    ]);
    expect(actions[1]!.start_time!.getTime()).toBeGreaterThanOrEqual(actions[0]!.end_time!.getTime());
    expect(actions.every((a) => a.claimed_by === null)).toBe(true);
  });

  it("leaves a remote agent's runs (and their actions) to that agent, and runs the local agent's", async () => {
    replica = startReplica(db, { exec: echo });
    const agent = (
      await db.query<{ id: string }>(`insert into agents (name) values ('remote-runner') returning id`)
    ).rows[0]!.id;
    const playbook = await insertPlaybook(db, { actions: [{ name: 'only', exec: { script: 'x' } }] });
    const remote = await queueRun(db, playbook, { agent_id: agent });
    await db.query(
      `insert into playbook_run_actions (playbook_run_id, name, status) values ($1, 'only', 'pending')`,
      [remote],
    );
    const local = await queueRun(db, playbook, { agent_id: LOCAL_AGENT });
    replica.work.wake();
    await runReaches(db, local, 'completed');
    // The remote run was due before the local one, so it was looked at and passed over.
    expect((await runOf(db, remote)).status).toBe('pending');
    expect((await actionsOf(db, remote)).map((a) => a.status)).toEqual(['pending']);
  });

  it('stores a failed action (its error and output), skips the rest and fails the run', async () => {
    replica = startReplica(db, { exec: echo });
    const playbook = await insertPlaybook(db, {
      actions: [
        { name: 'breaks', exec: { script: 'fail: nope' } },
        { name: 'after', exec: { script: 'never' } },
        { name: 'cleanup', if: 'always()', exec: { script: 'cleaned' } },
        { name: 'on failure', if: 'failure()', exec: { script: 'reported' } },
      ],
    });
    const id = await queueRun(db, playbook);
    await runReaches(db, id, 'failed');
    const actions = await actionsOf(db, id);
    expect(actions.map((a) => [a.name, a.status, a.error])).toEqual([
      ['breaks', 'failed', 'exit status 3'],
      ['after', 'skipped', null],
      ['cleanup', 'completed', null],
      ['on failure', 'completed', null],
    ]);
    expect(actions[0]!.result).toEqual({ stdout: 'fail: nope', exitCode: 3 });
  });

  it('tries a failing action again after a backoff, up to its retry limit, and completes when a try succeeds', async () => {
    let calls = 0;
    const flaky: ActionExecutor = async () => {
      calls++;
      if (calls < 3) throw new Error(`try ${calls} failed`);
      return { stdout: 'third time' };
    };
    replica = startReplica(db, { exec: flaky });
    const playbook = await insertPlaybook(db, {
      actions: [
        {
          name: 'flaky',
          retry: { limit: 3, duration: '200ms', exponent: { multiplier: 2 } },
          exec: { script: 'x' },
        },
      ],
    });
    const id = await queueRun(db, playbook);
    const seen = new Set<string>();
    await eventually(async () => {
      const [action] = await actionsOf(db, id);
      if (action) seen.add(`${action.status}:${action.retry_count}`);
      expect((await runOf(db, id)).status).toBe('completed');
    });
    const [action] = await actionsOf(db, id);
    expect(action).toMatchObject({ status: 'completed', retry_count: 2, result: { stdout: 'third time' } });
    expect(calls).toBe(3);
    expect(seen.has('waiting:1')).toBe(true);
  });

  it('fails an action once its retries are used up, with the last error', async () => {
    let calls = 0;
    replica = startReplica(db, {
      exec: async () => {
        calls++;
        throw new Error(`try ${calls} failed`);
      },
    });
    const playbook = await insertPlaybook(db, {
      actions: [
        {
          name: 'hopeless',
          retry: { limit: 2, duration: '50ms', exponent: { multiplier: 1 } },
          exec: { script: 'x' },
        },
      ],
    });
    const id = await queueRun(db, playbook);
    await runReaches(db, id, 'failed');
    const [action] = await actionsOf(db, id);
    expect(action).toMatchObject({ status: 'failed', retry_count: 2, error: 'try 3 failed' });
    expect(calls).toBe(3);
  });

  it('computes the backoff from duration, multiplier and jitter', () => {
    const retry = { limit: 5, duration: '10s', exponent: { multiplier: 2 }, jitter: 10 };
    expect(retryBackoffMs(retry, 1, () => 0.5)).toBe(10_000);
    expect(retryBackoffMs(retry, 3, () => 0.5)).toBe(40_000);
    expect(retryBackoffMs(retry, 1, () => 1)).toBe(11_000);
    expect(retryBackoffMs(retry, 1, () => 0)).toBe(9_000);
  });

  it('keeps a delayed action sleeping until its delay is over, then runs it', async () => {
    replica = startReplica(db, { exec: echo });
    const playbook = await insertPlaybook(db, {
      actions: [{ name: 'later', delay: '1500ms', exec: { script: 'woke' } }],
    });
    const id = await queueRun(db, playbook);
    const sleeping = await eventually(async () => {
      const [action] = await actionsOf(db, id);
      expect(action?.status).toBe('sleeping');
      return action!;
    });
    expect(sleeping.scheduled_time.getTime() - sleeping.created_at.getTime()).toBeGreaterThanOrEqual(1400);
    await runReaches(db, id, 'completed');
    const [action] = await actionsOf(db, id);
    expect(action!.status).toBe('completed');
    expect(action!.start_time!.getTime()).toBeGreaterThanOrEqual(sleeping.scheduled_time.getTime() - 50);
  });

  it('reads a delay given as an expression over the parameters', async () => {
    replica = startReplica(db, { exec: echo });
    const playbook = await insertPlaybook(db, {
      actions: [{ name: 'later', delay: 'params.wait', exec: { script: 'woke' } }],
    });
    const id = await queueRun(db, playbook, { parameters: { wait: '1s' } });
    const sleeping = await eventually(async () => {
      const [action] = await actionsOf(db, id);
      expect(action?.status).toBe('sleeping');
      return action!;
    });
    expect(sleeping.scheduled_time.getTime() - sleeping.created_at.getTime()).toBeGreaterThanOrEqual(900);
    await runReaches(db, id, 'completed');
  });

  it('skips an action whose `if` is false, and runs one whose `if` reads the parameters and an earlier result', async () => {
    replica = startReplica(db, { exec: echo });
    const playbook = await insertPlaybook(db, {
      actions: [
        { name: 'probe', exec: { script: 'ready' } },
        { name: 'not wanted', if: "params.mode == 'dry'", exec: { script: 'x' } },
        {
          name: 'wanted',
          if: "params.mode == 'apply' && getAction('probe').result.stdout == 'ready'",
          exec: { script: 'y' },
        },
        { name: 'last result', if: "last_result().stdout == 'y'", exec: { script: 'z' } },
      ],
    });
    const id = await queueRun(db, playbook, { parameters: { mode: 'apply' } });
    await runReaches(db, id, 'completed');
    expect((await actionsOf(db, id)).map((a) => [a.name, a.status])).toEqual([
      ['probe', 'completed'],
      ['not wanted', 'skipped'],
      ['wanted', 'completed'],
      ['last result', 'completed'],
    ]);
  });

  it('fails an action whose `if` cannot be evaluated, saying why', async () => {
    replica = startReplica(db, { exec: echo });
    const playbook = await insertPlaybook(db, {
      actions: [{ name: 'odd', if: 'params.mode ==', exec: { script: 'x' } }],
    });
    const id = await queueRun(db, playbook);
    await runReaches(db, id, 'failed');
    const [action] = await actionsOf(db, id);
    expect(action!.status).toBe('failed');
    expect(action!.error).toMatch(/^if expression 'params.mode ==' cannot be read/);
  });

  it("stops an action at its timeout: the executor's signal aborts and the action is timed_out", async () => {
    const gate = new Gate();
    replica = startReplica(db, { exec: gate.executor });
    const playbook = await insertPlaybook(db, {
      actions: [{ name: 'slow', timeout: '300ms', exec: { script: 'x' } }],
    });
    const id = await queueRun(db, playbook);
    const run = await runReaches(db, id, 'failed');
    const [action] = await actionsOf(db, id);
    expect(action).toMatchObject({ status: 'timed_out', error: 'timed out after 300ms' });
    expect(gate.aborted).toEqual([action!.id]);
    expect(run.end_time).toBeInstanceOf(Date);
  });

  it('times the run out at the playbook timeout, stopping the running action', async () => {
    const gate = new Gate();
    replica = startReplica(db, { exec: gate.executor });
    const playbook = await insertPlaybook(db, {
      timeout: '1s',
      actions: [
        { name: 'slow', exec: { script: 'x' } },
        { name: 'next', exec: { script: 'y' } },
      ],
    });
    const id = await queueRun(db, playbook);
    const run = await runReaches(db, id, 'timed_out');
    expect(run.error).toBe('the playbook timed out after 1s');
    await eventually(async () => {
      const actions = await actionsOf(db, id);
      expect(actions.map((a) => [a.name, a.status])).toEqual([['slow', 'timed_out']]);
    });
    expect(gate.aborted).toHaveLength(1);
  });

  it('cancels a run mid-action: the executor is aborted and nothing more runs', async () => {
    const gate = new Gate();
    replica = startReplica(db, { exec: gate.executor });
    const playbook = await insertPlaybook(db, {
      actions: [
        { name: 'long', exec: { script: 'x' } },
        { name: 'never', exec: { script: 'y' } },
      ],
    });
    const id = await queueRun(db, playbook);
    await eventually(() => expect(gate.calls).toHaveLength(1));
    expect(await cancelRun(db, id)).toEqual({ status: 'cancelled', cancelled: true });
    await eventually(() => expect(gate.aborted).toHaveLength(1));
    await eventually(async () =>
      expect((await actionsOf(db, id)).map((a) => [a.name, a.status])).toEqual([['long', 'cancelled']]),
    );
    expect((await runOf(db, id)).status).toBe('cancelled');
    expect(await cancelRun(db, id)).toEqual({ status: 'cancelled', cancelled: false });
  });

  describe('approvals', () => {
    const person = async (name: string) =>
      (
        await db.query<{ id: string }>(`insert into people (name, email) values ($1, $2) returning id`, [
          name,
          `${name}@example.com`,
        ])
      ).rows[0]!.id;

    it('holds a run in pending_approval until one of the approvers approves (any)', async () => {
      replica = startReplica(db, { exec: echo });
      const alice = await person('alice-any');
      await person('bob-any');
      const playbook = await insertPlaybook(db, {
        approval: { type: 'any', approvers: { people: ['alice-any@example.com', 'bob-any@example.com'] } },
        actions: [{ name: 'go', exec: { script: 'approved' } }],
      });
      const id = await queueRun(db, playbook);
      await runReaches(db, id, 'pending_approval');
      expect(await actionsOf(db, id)).toEqual([]);
      expect(await approveRun(db, id, { personId: alice })).toEqual({ status: 'scheduled', approved: true });
      replica.work.wake();
      await runReaches(db, id, 'completed');
    });

    it('needs every approver for `all`', async () => {
      replica = startReplica(db, { exec: echo });
      const carol = await person('carol-all');
      const dave = await person('dave-all');
      const playbook = await insertPlaybook(db, {
        approval: { type: 'all', approvers: { people: ['carol-all', 'dave-all@example.com'] } },
        actions: [{ name: 'go', exec: { script: 'approved' } }],
      });
      const id = await queueRun(db, playbook);
      await runReaches(db, id, 'pending_approval');
      expect(await approveRun(db, id, { personId: carol })).toEqual({
        status: 'pending_approval',
        approved: false,
      });
      expect((await runOf(db, id)).status).toBe('pending_approval');
      expect(await approveRun(db, id, { personId: dave })).toEqual({ status: 'scheduled', approved: true });
      await runReaches(db, id, 'completed');
      await expect(approveRun(db, id, { personId: dave })).rejects.toThrow(NOT_WAITING);
    });
  });

  describe('a run that cannot start', () => {
    it('fails with the reason when an action kind is not supported here, before any action', async () => {
      replica = startReplica(db, { exec: echo });
      const playbook = await insertPlaybook(db, {
        actions: [
          { name: 'ok', exec: { script: 'x' } },
          { name: 'ask ai', ai: { prompt: 'p', systemPrompt: 's' } },
        ],
      });
      const id = await queueRun(db, playbook);
      const run = await runReaches(db, id, 'failed');
      expect(run.error).toBe('action kind ai is not supported by this console');
      expect(await actionsOf(db, id)).toEqual([]);
    });

    it('fails when its resource no longer exists', async () => {
      replica = startReplica(db, { exec: echo });
      const { rows } = await db.query<{ id: string }>(
        `insert into configs (type, name, deleted_at) values ('Kubernetes::Pod', 'gone', now()) returning id`,
      );
      const playbook = await insertPlaybook(db, {
        actions: [{ name: 'a', exec: { script: '{{.config.name}}' } }],
      });
      const id = await queueRun(db, playbook, { config_id: rows[0]!.id });
      const run = await runReaches(db, id, 'failed');
      expect(run.error).toBe(`the config ${rows[0]!.id} this run is for no longer exists`);
    });

    it('fails when the first action has a template that cannot be rendered', async () => {
      replica = startReplica(db, { exec: echo });
      const playbook = await insertPlaybook(db, {
        actions: [{ name: 'a', exec: { script: '{{ nosuchfn .params }}' } }],
      });
      const id = await queueRun(db, playbook);
      const run = await runReaches(db, id, 'failed');
      expect(run.error).toBe('function "nosuchfn" not defined');
      expect(await actionsOf(db, id)).toEqual([]);
    });
  });

  it('keeps secrets the action was given out of its stored result and error', async () => {
    const secret = 'hunter2-very-secret';
    replica = startReplica(db, {
      exec: async (_body, ctx) => {
        ctx.secrets.add(secret);
        throw new ActionFailure(`login with ${secret} refused`, { stdout: `token=${secret}` });
      },
    });
    const playbook = await insertPlaybook(db, { actions: [{ name: 'leaky', exec: { script: 'x' } }] });
    const id = await queueRun(db, playbook);
    await runReaches(db, id, 'failed');
    const [action] = await actionsOf(db, id);
    expect(action!.error).toBe('login with *** refused');
    expect(action!.result).toEqual({ stdout: 'token=***' });
  });

  describe('a replica that stopped while running an action', () => {
    const orphan = async (spec: Parameters<typeof insertPlaybook>[1], retryCount = 0) => {
      const playbook = await insertPlaybook(db, spec);
      const id = await queueRun(db, playbook, { status: 'running' });
      await db.query(
        `update playbook_runs set start_time = now(), timeout_at = now() + interval '10 minutes',
           next_look_at = now() + interval '10 minutes' where id = $1`,
        [id],
      );
      await db.query(
        `insert into playbook_run_actions (playbook_run_id, name, status, start_time, claimed_by, lease_until, retry_count)
         values ($1, 'work', 'running', now() - interval '1 minute', 'a-replica-that-died', now() - interval '1 second', $2)`,
        [id, retryCount],
      );
      return id;
    };

    it('leaves an action with no retries failed, saying the replica stopped', async () => {
      const id = await orphan({ actions: [{ name: 'work', exec: { script: 'x' } }] });
      replica = startReplica(db, { exec: echo });
      const run = await runReaches(db, id, 'failed');
      const [action] = await actionsOf(db, id);
      expect(action).toMatchObject({
        status: 'failed',
        error: 'the replica running this action stopped',
        claimed_by: null,
      });
      expect(run.end_time).toBeInstanceOf(Date);
    });

    it('tries an action with retries left again, and the run completes', async () => {
      const id = await orphan({
        actions: [
          {
            name: 'work',
            retry: { limit: 1, duration: '10ms', exponent: { multiplier: 1 } },
            exec: { script: 'again' },
          },
        ],
      });
      replica = startReplica(db, { exec: echo });
      await runReaches(db, id, 'completed');
      const [action] = await actionsOf(db, id);
      expect(action).toMatchObject({
        status: 'completed',
        retry_count: 1,
        result: { stdout: 'again', exitCode: 0 },
      });
    });
  });
});
