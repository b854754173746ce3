import { pino } from 'pino';
import type { Db } from '../../db/db.js';
import { openTestDatabase } from '../../db/test-database.js';
import type { ActionExecutor } from '../../playbooks/actions/types.js';
import { ActionClaimer, runClaimedAction } from './actions.js';
import { HubError, type ClaimedAction, type PushData } from './client.js';
import { idleHub } from './test-support.js';
import { UpstreamStatus } from './state.js';

const RUN_ID = '11111111-1111-4111-8111-111111111111';
const ACTION_ID = '22222222-2222-4222-8222-222222222222';
const CHECK_ID = '33333333-3333-4333-8333-333333333333';

/** What the hub's GET /api/upstream/playbook-action answers, for an action named `name`. */
function claimOf(actions: Record<string, unknown>[], name = 'remote'): ClaimedAction {
  return {
    action: { id: ACTION_ID, name, status: 'running', start_time: '2026-01-01T10:00:00.000000+00:00' },
    run: {
      id: RUN_ID,
      playbook_id: '44444444-4444-4444-8444-444444444444',
      status: 'running',
      spec: { actions },
      parameters: { greeting: 'hello' },
      check_id: CHECK_ID,
      scheduled_time: '2026-01-01T09:59:59.000000+00:00',
      timeout_at: new Date(Date.now() + 60_000).toISOString(),
    },
    playbook: { id: '44444444-4444-4444-8444-444444444444', name: 'greet', namespace: 'ops', spec: {} },
    check: { id: CHECK_ID, name: 'payments-http' },
    config: null,
    component: null,
    actions: [
      {
        id: '55555555-5555-4555-8555-555555555555',
        name: 'first',
        status: 'completed',
        result: { stdout: 'from the hub' },
        error: null,
        start_time: '2026-01-01T09:59:59.5+00:00',
        end_time: '2026-01-01T10:00:00+00:00',
        retry_count: 0,
      },
    ],
  };
}

describe('playbook actions addressed to the agent', () => {
  let db: Db;
  const log = pino({ level: 'silent' });
  const echo: ActionExecutor = async (body) => ({ stdout: String(body.script) });
  const deps = () => ({ db, log, executors: { exec: echo } });

  beforeAll(async () => {
    db = await openTestDatabase('empty');
  });
  afterAll(() => db.close());

  it("runs the action over the hub's run: parameters, resource, playbook and earlier actions", async () => {
    const report = await runClaimedAction(
      claimOf([
        { name: 'first', exec: { script: 'x' } },
        {
          name: 'remote',
          runsOn: ['cluster-east'],
          exec: {
            script:
              '{{ .params.greeting }} {{ .check.name }} {{ .playbook.namespace }} {{ (getAction "first").result.stdout }}',
          },
        },
      ]),
      deps(),
      new AbortController().signal,
    );
    expect(report).toMatchObject({
      id: ACTION_ID,
      status: 'completed',
      result: { stdout: 'hello payments-http ops from the hub' },
      error: null,
      start_time: '2026-01-01T10:00:00.000Z',
    });
    expect(Date.parse(report.end_time)).toBeGreaterThan(Date.parse(report.start_time));
  });

  it('fails an action of a kind this agent does not run, saying so', async () => {
    const unknown = await runClaimedAction(
      claimOf([{ name: 'remote', teleport: { to: 'mars' } }]),
      deps(),
      new AbortController().signal,
    );
    expect(unknown).toMatchObject({
      status: 'failed',
      result: {},
      error: "this agent cannot run the action: action 'remote' has no kind this console runs (exec)",
    });
    const notHere = await runClaimedAction(
      claimOf([{ name: 'remote', http: { url: 'http://example.invalid' } }]),
      deps(),
      new AbortController().signal,
    );
    expect(notHere.error).toBe(
      'this agent cannot run the action: action kind http is not supported by this console',
    );
    const missing = await runClaimedAction(claimOf([]), deps(), new AbortController().signal);
    expect(missing).toMatchObject({ status: 'failed', error: "the playbook has no action named 'remote'" });
  });

  it('keeps secrets the action resolved out of its result and error, and times out as the runner does', async () => {
    const leaky: ActionExecutor = async (_body, ctx) => {
      ctx.secrets.add('s3cret-password');
      throw Object.assign(new Error('login with s3cret-password refused'), {
        result: { stderr: 'password s3cret-password' },
      });
    };
    const report = await runClaimedAction(
      claimOf([{ name: 'remote', exec: { script: 'x' } }]),
      { db, log, executors: { exec: leaky } },
      new AbortController().signal,
    );
    expect(report.status).toBe('failed');
    expect(JSON.stringify(report)).not.toContain('s3cret-password');
    expect(report.error).toContain('login with');

    const slow: ActionExecutor = (_body, ctx) =>
      new Promise((_resolve, reject) =>
        ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)),
      );
    const timedOut = await runClaimedAction(
      claimOf([{ name: 'remote', timeout: '50ms', exec: { script: 'x' } }]),
      { db, log, executors: { exec: slow } },
      new AbortController().signal,
    );
    expect(timedOut).toMatchObject({ status: 'timed_out', error: 'timed out after 50ms' });
  });

  it('claims until the hub has none, and reports each result until the hub takes it', async () => {
    const claims = [claimOf([{ name: 'remote', exec: { script: 'one' } }])];
    const pushed: PushData[] = [];
    let failures = 2;
    const client = idleHub({
      claimAction: async () => claims.shift(),
      actionStanding: async () => ({ status: 'running', run_status: 'running' }),
      async push(data) {
        if (failures-- > 0) throw new HubError('unreachable', 'connect ECONNREFUSED');
        pushed.push(data);
        return { counts: { playbook_actions: 1 } };
      },
    });
    const claimer = new ActionClaimer({
      ...deps(),
      client,
      status: new UpstreamStatus(db, log),
      retry: { firstMs: 1, maxMs: 5 },
    });
    expect(await claimer.claimAll(new AbortController().signal)).toBe(1);
    expect(pushed).toEqual([
      {
        playbook_actions: [
          {
            id: ACTION_ID,
            status: 'completed',
            start_time: '2026-01-01T10:00:00.000Z',
            end_time: expect.any(String),
            result: { stdout: 'one' },
            error: null,
          },
        ],
      },
    ]);
  });

  it('reports a result the hub refuses as failed, without it', async () => {
    const pushed: PushData[] = [];
    const client = idleHub({
      async push(data) {
        pushed.push(data);
        if (pushed.length === 1) throw new HubError('rejected', '413 request entity too large', 413);
        return {};
      },
    });
    const claimer = new ActionClaimer({ ...deps(), client, status: new UpstreamStatus(db, log) });
    const report = await runClaimedAction(
      claimOf([{ name: 'remote', exec: { script: 'big' } }]),
      deps(),
      new AbortController().signal,
    );
    expect(await claimer.report(report, new AbortController().signal)).toBe(true);
    expect(pushed[1]!.playbook_actions![0]).toMatchObject({
      status: 'failed',
      result: {},
      error: "the hub refused the action's result: 413 request entity too large",
    });
  });

  it('stops an action whose run the hub cancelled, discards its result and says so', async () => {
    const lines: { msg: string }[] = [];
    const logged = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const stopped: string[] = [];
    const slow: ActionExecutor = (_body, ctx) =>
      new Promise((_resolve, reject) =>
        ctx.signal.addEventListener('abort', () => {
          stopped.push(String((ctx.signal.reason as Error).message));
          reject(Object.assign(new Error('killed'), { result: { stdout: 'partial' } }));
        }),
      );
    const claims = [claimOf([{ name: 'remote', exec: { script: 'sleep' } }])];
    const pushed: PushData[] = [];
    let asked = 0;
    const client = idleHub({
      claimAction: async () => claims.shift(),
      actionStanding: async (id) => {
        expect(id).toBe(ACTION_ID);
        asked += 1;
        return {
          status: asked < 3 ? 'running' : 'cancelled',
          run_status: asked < 3 ? 'running' : 'cancelled',
        };
      },
      async push(data) {
        pushed.push(data);
        return {};
      },
    });
    const claimer = new ActionClaimer({
      db,
      log: logged,
      executors: { exec: slow },
      client,
      status: new UpstreamStatus(db, logged),
      watchMs: 5,
    });
    expect(await claimer.claimAll(new AbortController().signal)).toBe(1);
    expect(stopped).toEqual(['the run was cancelled']);
    expect(asked).toBe(3);
    expect(pushed).toEqual([]);
    expect(lines.map((l) => l.msg)).toContain(
      'stopped a playbook action: the run was cancelled; its result is discarded',
    );
  });

  it('stops an action the hub has no more, and leaves one alone while the hub is away a moment', async () => {
    const slow: ActionExecutor = (_body, ctx) =>
      new Promise((_resolve, reject) =>
        ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)),
      );
    const answers: (() => Promise<undefined>)[] = [
      async () => {
        throw new HubError('unreachable', 'connect ECONNREFUSED');
      },
      async () => undefined,
    ];
    const pushed: PushData[] = [];
    const client = idleHub({
      actionStanding: async () => answers.shift()!(),
      async push(data) {
        pushed.push(data);
        return {};
      },
    });
    const claimer = new ActionClaimer({
      db,
      log,
      executors: { exec: slow },
      client,
      status: new UpstreamStatus(db, log),
      watchMs: 5,
    });
    const report = await claimer.runOne(
      claimOf([{ name: 'remote', exec: { script: 'sleep' } }]),
      new AbortController().signal,
    );
    expect(answers).toEqual([]);
    expect(report).toMatchObject({ status: 'cancelled', error: 'the hub no longer has this action' });
  });
});
