/**
 * The playbook runner: two queue consumers of the jobs registry, in every replica.
 *  - runs (`playbook_runs`): one step of a run at a time, in a transaction holding the run's row:
 *    approval gating (pending → pending_approval), initialization (resource rows, env, kinds, the
 *    first action's templates; a failure is the run's `error`, shown as the "Initialization"
 *    step), the playbook timeout, then the next action: its `if` (false → `skipped`), its `delay`
 *    (`sleeping` until due), else `scheduled`; once every action has ended, completed or failed.
 *    While an action is under way the run is looked at again when it ends (the action consumer
 *    brings `next_look_at` forward), at its timeout, or within a minute as a safety net.
 *  - actions (`playbook_run_actions`): renders the action's templates, calls the executor of its
 *    kind with an abort signal (the action's `timeout`, the playbook's, a cancel, the replica
 *    stopping) and stores the result or error, secrets redacted; a failure with retries left waits
 *    (`waiting`) for its backoff. Actions run detached from the claim loop, up to
 *    `maxConcurrentActions` at once per replica.
 * Claims hold a lease (`claimed_by`, `lease_until`) renewed about every second while an action
 * runs; a renewal also notices a cancel or a timeout of the run. A row whose lease ended is due
 * again: a run resumes in another replica, and an action found `running` with its lease over (its
 * replica died) is tried again when it has retries left, else failed with "the replica running
 * this action stopped".
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../../http/logging.js';
import { LOCAL_AGENT } from '../../../../../common/agents.js';
import { agentToRunOn } from './runs-on.js';
import type { KubeConnection } from '../../../kube/index.js';
import { ACTION_KINDS } from '../../../kube/schemas/playbook.js';
import type { Db, Queryable, Transaction } from '../../db/db.js';
import { redactSecrets } from '../../health/references.js';
import { claimStatement, type JobRegistry, type QueueConsumer } from '../../jobs/index.js';
import { ActionFailure, type ActionExecutor, type ActionResult } from '../actions/types.js';
import { connectionResolver } from '../../connections/index.js';
import {
  InitializationError,
  loadRunContext,
  renderTemplates,
  delayOf,
  resolveValueFrom,
  shouldRun,
  type RunContext,
} from './context.js';
import { approvalSatisfied } from '../approvals.js';
import { needsApproval } from './control.js';
import { DEFAULT_PLAYBOOK_TIMEOUT_MS, formatDuration, parseDuration } from './durations.js';
import {
  ACTION_COLUMNS,
  FINAL_ACTION_STATUSES,
  FINAL_RUN_STATUSES,
  RUN_COLUMNS,
  type ActionRow,
  type ActionSpec,
  type RetrySpec,
  type RunRow,
} from './types.js';

export interface PlaybookRunnerOptions {
  db: Db;
  logger: Logger;
  /** The action kinds this console runs, by the schema's kind name (exec, http, ...). */
  executors: Record<string, ActionExecutor>;
  /** This replica's name in `claimed_by` (default: a random id per process). */
  replicaId?: string;
  /** How often an idle queue is looked at (default 1 s); wake() looks at once. */
  pollMs?: number;
  kube?: KubeConnection;
  /** How long a claim holds without renewal (default 30 s). */
  leaseMs?: number;
  /** How often a running action renews its claim and looks for a cancel (default 1 s). */
  renewMs?: number;
  /** Actions one replica runs at once (default 20). */
  maxConcurrentActions?: number;
  /** A playbook's timeout when its spec gives none (default 30 minutes, as the platform). */
  defaultTimeoutMs?: number;
}

interface ClaimedRun {
  id: string;
}
interface ClaimedAction {
  id: string;
  /** The status when claimed: `running` means the replica that ran it stopped. */
  status: string;
  playbook_run_id: string;
}

/**
 * Runs, and actions, this console runs itself: the local agent's (a remote agent runs those
 * addressed to it: a run's agent_id, or an action's, from its runsOn).
 */
export const localAgents = (alias?: string) => {
  const column = alias ? `${alias}.agent_id` : 'agent_id';
  return `(${column} is null or ${column} = '${LOCAL_AGENT}')`;
};
const LOCAL_RUN = localAgents();

const CLAIM_RUNS = claimStatement({
  table: 'playbook_runs',
  due: `status in ('pending', 'scheduled', 'running')
    and (coalesce(next_look_at, scheduled_time) <= now() or timeout_at <= now())
    and (lease_until is null or lease_until < now()) and ${LOCAL_RUN}`,
  orderBy: 'coalesce(next_look_at, scheduled_time)',
  set: `claimed_by = $2, lease_until = now() + $3::float8 * interval '1 millisecond'`,
  returning: 'id',
});

const CLAIM_ACTIONS = claimStatement({
  table: 'playbook_run_actions',
  due: `(status = 'running' or (status in ('pending', 'scheduled', 'sleeping', 'waiting') and scheduled_time <= now()))
    and (lease_until is null or lease_until < now()) and ${LOCAL_RUN}
    and playbook_run_id in (select id from playbook_runs where ${LOCAL_RUN})`,
  orderBy: 'scheduled_time',
  set: `claimed_by = $2, lease_until = now() + $3::float8 * interval '1 millisecond'`,
  returning: 'id, status, playbook_run_id',
});

const MAX_TIMER_MS = 2 ** 31 - 1;

const RELEASE = `claimed_by = null, lease_until = null, updated_at = now()`;

/** The kind of an action: the one kind body it has (exec, http, ...). */
export function kindOf(action: ActionSpec): string | undefined {
  return Object.keys(action).find((key) => Object.hasOwn(ACTION_KINDS, key));
}

const json = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v));

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The wait before retry `attempt` (1 = the first retry): duration × multiplier^(attempt-1), ± jitter %. */
export function retryBackoffMs(retry: RetrySpec, attempt: number, random = Math.random): number {
  const base = retry.duration ? parseDuration(retry.duration) : 10_000;
  const multiplier = retry.exponent?.multiplier ?? 1;
  const wait = base * Math.max(1, multiplier) ** Math.max(0, attempt - 1);
  const jitter = Math.min(100, Math.max(0, retry.jitter ?? 0)) / 100;
  return Math.max(0, Math.round(wait * (1 + jitter * (random() * 2 - 1))));
}

/**
 * An action's executor and its body, templates rendered and `valueFrom` read: what runs it, here
 * or on an agent (agents/agent-mode/actions.ts). Throws saying why not (a kind this console does
 * not run, a template error).
 */
export async function prepareAction(
  spec: ActionSpec,
  context: RunContext,
  executors: Record<string, ActionExecutor>,
  kube: KubeConnection | undefined,
): Promise<{ executor: ActionExecutor; body: Record<string, unknown> }> {
  const kind = kindOf(spec);
  const executor = kind ? executors[kind] : undefined;
  if (!kind)
    throw new Error(
      `action '${spec.name}' has no kind this console runs (${Object.keys(executors).sort().join(', ')})`,
    );
  if (!executor) throw new Error(`action kind ${kind} is not supported by this console`);
  const rendered = renderTemplates(spec[kind], context) as Record<string, unknown>;
  const body = await resolveValueFrom(rendered, context, kube);
  return { executor, body };
}

/** Calls an executor with the run's context (namespace, connections, env, secrets): its result, or what it throws. */
export async function invokeExecutor(
  executor: ActionExecutor,
  body: Record<string, unknown>,
  job: {
    db: Queryable;
    kube: KubeConnection | undefined;
    log: Logger;
    runId: string;
    actionId: string;
    context: RunContext;
    signal: AbortSignal;
  },
): Promise<ActionResult> {
  const { db, kube, context } = job;
  const namespace = String((context.data.playbook as { namespace?: string }).namespace ?? 'default');
  const result = await executor(body, {
    runId: job.runId,
    actionId: job.actionId,
    namespace,
    signal: job.signal,
    log: job.log,
    connection: connectionResolver(db, { namespace, kube, secrets: context.secrets }),
    env: context.env,
    secrets: context.secrets,
    kube,
  });
  return result ?? {};
}

type Stop = 'timeout' | 'run-timeout' | 'cancel' | 'stopping' | 'lost';

type Outcome =
  | { status: 'completed'; result: ActionResult }
  | { status: 'failed'; error: string; result: ActionResult }
  | { status: 'timed_out'; error: string; result: ActionResult }
  | { status: 'cancelled'; result: ActionResult }
  | { status: 'released' }
  | { status: 'lost' };

export class PlaybookRunner {
  readonly replicaId: string;
  private readonly log: Logger;
  private readonly leaseMs: number;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stoppers = new Set<() => void>();
  private readonly watched = new WeakSet<AbortSignal>();
  private wakeRunLoop: () => void = () => {};
  private wakeActionLoop: () => void = () => {};

  constructor(private readonly options: PlaybookRunnerOptions) {
    this.replicaId = options.replicaId ?? `replica-${randomUUID()}`;
    this.log = options.logger.child({ component: 'playbook-runner' });
    this.leaseMs = options.leaseMs ?? 30_000;
  }

  /** Registers the two consumers and the service that waits for running actions on shutdown. */
  register(jobs: JobRegistry): void {
    const runs = jobs.addQueueConsumer(this.runConsumer());
    const actions = jobs.addQueueConsumer(this.actionConsumer());
    this.wakeRunLoop = () => runs?.wake();
    this.wakeActionLoop = () => actions?.wake();
    jobs.addService({
      name: 'playbook-actions',
      everyReplica: true,
      start: () => {},
      stop: async () => void (await Promise.allSettled([...this.inFlight])),
    });
  }

  /** Looks for due runs and actions now (after a run is queued, approved, ...). */
  wake(): void {
    this.wakeRunLoop();
    this.wakeActionLoop();
  }

  runConsumer(): QueueConsumer<ClaimedRun> {
    const { db } = this.options;
    return {
      queue: 'playbook-runs',
      batchSize: 10,
      pollMs: this.options.pollMs ?? 1000,
      claim: async (limit) =>
        (await db.query<ClaimedRun>(CLAIM_RUNS, [limit, this.replicaId, this.leaseMs])).rows,
      handle: async (item) => {
        if (await this.advance(item.id)) this.wakeActionLoop();
      },
    };
  }

  actionConsumer(): QueueConsumer<ClaimedAction> {
    const { db } = this.options;
    const max = this.options.maxConcurrentActions ?? 20;
    return {
      queue: 'playbook-actions',
      batchSize: max,
      pollMs: this.options.pollMs ?? 1000,
      claim: async (limit) => {
        const room = Math.min(limit, max - this.inFlight.size);
        if (room <= 0) return [];
        return (await db.query<ClaimedAction>(CLAIM_ACTIONS, [room, this.replicaId, this.leaseMs])).rows;
      },
      // Detached: a long action must not hold the claiming of others (the in-flight limit does).
      handle: async (item, ctx) => {
        const work = this.execute(item, ctx.signal)
          .catch((error: unknown) =>
            this.log.warn({ err: error, action: item.id }, 'running an action failed'),
          )
          .finally(() => {
            this.inFlight.delete(work);
            this.wakeActionLoop();
          });
        this.inFlight.add(work);
      },
    };
  }

  // ---------------------------------------------------------------- runs

  /** One step of a run; true when it scheduled an action. */
  async advance(runId: string): Promise<boolean> {
    return this.options.db.transaction(async (tx) => {
      const run = (
        await tx.query<RunRow>(`select ${RUN_COLUMNS} from playbook_runs where id = $1 for update`, [runId])
      ).rows[0];
      if (!run || run.claimed_by !== this.replicaId) return false;
      if (FINAL_RUN_STATUSES.includes(run.status)) {
        await tx.query(`update playbook_runs set ${RELEASE} where id = $1`, [runId]);
        return false;
      }
      const spec = run.spec ?? {};
      if (run.status === 'pending' && needsApproval(spec) && !(await approvalSatisfied(tx, runId, spec))) {
        await tx.query(`update playbook_runs set status = 'pending_approval', ${RELEASE} where id = $1`, [
          runId,
        ]);
        return false;
      }
      if (!run.start_time) {
        const failure = await this.initialize(tx, run);
        if (failure !== undefined) {
          await tx.query(
            `update playbook_runs set status = 'failed', error = $2, start_time = now(), end_time = now(), ${RELEASE}
              where id = $1`,
            [runId, failure],
          );
          return false;
        }
        const timeoutMs = spec.timeout ? parseDuration(spec.timeout) : this.defaultTimeoutMs();
        const { rows } = await tx.query<{ start_time: Date; timeout_at: Date }>(
          `update playbook_runs set status = 'running', start_time = now(),
             timeout_at = now() + $2::float8 * interval '1 millisecond', error = null
            where id = $1 returning start_time, timeout_at`,
          [runId, timeoutMs],
        );
        Object.assign(run, rows[0], { status: 'running' });
      }
      const { rows: due } = await tx.query<{ timed_out: boolean }>(
        `select coalesce(timeout_at <= now(), false) as timed_out from playbook_runs where id = $1`,
        [runId],
      );
      if (due[0]?.timed_out) {
        await this.timeOut(tx, run);
        return false;
      }
      const actions = (
        await tx.query<ActionRow>(
          `select ${ACTION_COLUMNS} from playbook_run_actions where playbook_run_id = $1`,
          [runId],
        )
      ).rows;
      // Looked at again when the action ends (wakeRun), at the timeout, or within a minute should that wake-up be lost.
      const waitForAction = `update playbook_runs set status = 'running',
          next_look_at = least(coalesce(timeout_at, now()), now() + interval '1 minute'), ${RELEASE}
        where id = $1`;
      if (actions.some((action) => !FINAL_ACTION_STATUSES.includes(action.status))) {
        await tx.query(waitForAction, [runId]);
        return false;
      }
      let context: RunContext;
      try {
        context = await loadRunContext(tx, run, { kube: this.options.kube, actions });
      } catch (error) {
        await this.finish(tx, runId, 'failed', messageOf(error));
        return false;
      }
      const done = new Set(actions.map((action) => action.name));
      for (const action of spec.actions ?? []) {
        if (done.has(action.name)) continue;
        let runs: boolean;
        let delayMs = 0;
        try {
          runs = shouldRun(action, context);
          if (runs && action.delay) delayMs = delayOf(action.delay, context);
        } catch (error) {
          await this.endedAction(
            tx,
            runId,
            action.name,
            'failed',
            redactSecrets(messageOf(error), [...context.secrets]),
          );
          context.actions.push(view(action.name, 'failed'));
          continue;
        }
        if (!runs) {
          await this.endedAction(tx, runId, action.name, 'skipped', null);
          context.actions.push(view(action.name, 'skipped'));
          continue;
        }
        let runsOn: unknown;
        try {
          // Entries may be templates: `{{ if .agent }}{{ .agent.id }}{{ else }}local{{ end }}`.
          runsOn = renderTemplates(action.runsOn ?? spec.runsOn, context);
        } catch (error) {
          const reason = `runsOn: ${redactSecrets(messageOf(error), [...context.secrets])}`;
          await this.endedAction(tx, runId, action.name, 'failed', reason);
          context.actions.push(view(action.name, 'failed'));
          continue;
        }
        const target = await agentToRunOn(tx, runsOn);
        if ('refusal' in target) {
          await this.endedAction(tx, runId, action.name, 'failed', target.refusal);
          context.actions.push(view(action.name, 'failed'));
          continue;
        }
        await tx.query(
          `insert into playbook_run_actions (playbook_run_id, name, status, scheduled_time, agent_id)
             values ($1, $2, $3, now() + $4::float8 * interval '1 millisecond', $5)`,
          [
            runId,
            action.name,
            delayMs > 0 ? 'sleeping' : 'scheduled',
            delayMs,
            target.agentId === LOCAL_AGENT ? null : target.agentId,
          ],
        );
        await tx.query(waitForAction, [runId]);
        return true;
      }
      const failed = context.actions.some((a) => a.status === 'failed' || a.status === 'timed_out');
      await this.finish(tx, runId, failed ? 'failed' : 'completed', null);
      return false;
    });
  }

  private defaultTimeoutMs(): number {
    return this.options.defaultTimeoutMs ?? DEFAULT_PLAYBOOK_TIMEOUT_MS;
  }

  /** Why the run cannot start, or undefined when it can. */
  private async initialize(tx: Transaction, run: RunRow): Promise<string | undefined> {
    const spec = run.spec ?? {};
    let secrets: string[] = [];
    try {
      if (spec.timeout) parseDuration(spec.timeout);
      const actions = spec.actions ?? [];
      if (actions.length === 0) throw new InitializationError('the playbook has no actions');
      for (const action of actions) {
        const kind = kindOf(action);
        if (!kind)
          throw new InitializationError(`action '${action.name}' has no kind (exec, http, sql, ...)`);
        if (!this.options.executors[kind])
          throw new InitializationError(`action kind ${kind} is not supported by this console`);
        if (action.timeout) parseDuration(action.timeout);
      }
      const context = await loadRunContext(tx, run, { kube: this.options.kube });
      secrets = [...context.secrets];
      const first = actions[0]!;
      renderTemplates(first[kindOf(first)!], context);
      return undefined;
    } catch (error) {
      return redactSecrets(messageOf(error), secrets);
    }
  }

  private async endedAction(
    tx: Queryable,
    runId: string,
    name: string,
    status: 'skipped' | 'failed',
    error: string | null,
  ): Promise<void> {
    await tx.query(
      `insert into playbook_run_actions (playbook_run_id, name, status, start_time, end_time, error)
         values ($1, $2, $3, now(), now(), $4)`,
      [runId, name, status, error],
    );
  }

  private async finish(tx: Queryable, runId: string, status: 'completed' | 'failed', error: string | null) {
    await tx.query(
      `update playbook_runs set status = $2, error = coalesce($3, error), end_time = now(), ${RELEASE} where id = $1`,
      [runId, status, error],
    );
  }

  /** The playbook's timeout ended the run: the run is timed_out; a running action stops when its replica renews. */
  private async timeOut(tx: Queryable, run: RunRow): Promise<void> {
    const timeoutMs = run.spec?.timeout ? parseDuration(run.spec.timeout) : this.defaultTimeoutMs();
    await tx.query(
      `update playbook_runs set status = 'timed_out', end_time = now(), error = $2, ${RELEASE} where id = $1`,
      [run.id, `the playbook timed out after ${formatDuration(timeoutMs)}`],
    );
    await tx.query(
      `update playbook_run_actions set status = 'cancelled', end_time = now(), ${RELEASE}
        where playbook_run_id = $1 and status in ('pending', 'scheduled', 'sleeping', 'waiting')`,
      [run.id],
    );
  }

  // ---------------------------------------------------------------- actions

  private async execute(claim: ClaimedAction, stopping: AbortSignal): Promise<void> {
    const { db } = this.options;
    const run = (
      await db.query<RunRow>(`select ${RUN_COLUMNS} from playbook_runs where id = $1`, [
        claim.playbook_run_id,
      ])
    ).rows[0];
    const row = (
      await db.query<ActionRow>(`select ${ACTION_COLUMNS} from playbook_run_actions where id = $1`, [
        claim.id,
      ])
    ).rows[0];
    if (!run || !row) return;
    const mine = `id = $1 and claimed_by = $2`;
    if (FINAL_RUN_STATUSES.includes(run.status)) {
      await db.query(
        `update playbook_run_actions set status = $3, end_time = now(), ${RELEASE}
          where ${mine} and status not in ('completed', 'failed', 'cancelled', 'skipped', 'timed_out')`,
        [row.id, this.replicaId, run.status === 'timed_out' ? 'timed_out' : 'cancelled'],
      );
      return this.wakeRun(run.id);
    }
    const spec = (run.spec?.actions ?? []).find((action) => action.name === row.name);
    if (!spec) {
      await this.settle(
        row,
        { status: 'failed', error: `the playbook has no action named '${row.name}'`, result: {} },
        undefined,
      );
      return this.wakeRun(run.id);
    }
    if (claim.status === 'running') {
      await this.settle(
        row,
        { status: 'failed', error: 'the replica running this action stopped', result: row.result ?? {} },
        spec,
      );
      return this.wakeRun(run.id);
    }
    const started = await db.query(
      `update playbook_run_actions set status = 'running', start_time = now(), end_time = null, updated_at = now()
        where ${mine} returning id`,
      [row.id, this.replicaId],
    );
    if (started.rows.length === 0) return;
    const previous = (
      await db.query<ActionRow>(
        `select ${ACTION_COLUMNS} from playbook_run_actions where playbook_run_id = $1 and id <> $2`,
        [run.id, row.id],
      )
    ).rows;
    let context: RunContext | undefined;
    let outcome: Outcome;
    try {
      context = await loadRunContext(db, run, { kube: this.options.kube, actions: previous });
      const { executor, body } = await prepareAction(
        spec,
        context,
        this.options.executors,
        this.options.kube,
      );
      outcome = await this.call(executor, body, { run, row, spec, context, stopping });
    } catch (error) {
      outcome = { status: 'failed', error: messageOf(error), result: {} };
      // A template or setup error is the action's own: it is not tried again.
      await this.settle(row, outcome, undefined, context);
      return this.wakeRun(run.id);
    }
    await this.settle(row, outcome, spec, context);
    if (outcome.status !== 'lost') await this.wakeRun(run.id);
  }

  /** Runs the executor under the action's deadlines, renewing the claim; what came of it. */
  private async call(
    executor: ActionExecutor,
    body: Record<string, unknown>,
    job: { run: RunRow; row: ActionRow; spec: ActionSpec; context: RunContext; stopping: AbortSignal },
  ): Promise<Outcome> {
    const { db } = this.options;
    const { run, row, spec, context, stopping } = job;
    const controller = new AbortController();
    let stop: Stop | undefined;
    const end = (why: Stop) => {
      if (stop) return;
      stop = why;
      controller.abort(new Error(this.stopText(why, spec, run)));
    };
    const timers: NodeJS.Timeout[] = [];
    const actionTimeoutMs = spec.timeout ? parseDuration(spec.timeout) : undefined;
    // Node fires longer timers at once; a deadline past ~24 days is left to the renewals (the run's status).
    const after = (ms: number, why: Stop) => {
      if (ms < MAX_TIMER_MS) timers.push(setTimeout(() => end(why), Math.max(0, ms)));
    };
    if (actionTimeoutMs !== undefined) after(actionTimeoutMs, 'timeout');
    if (run.timeout_at) after(run.timeout_at.getTime() - Date.now(), 'run-timeout');
    const onStopping = () => end('stopping');
    if (stopping.aborted) onStopping();
    // One listener on the replica's signal for all running actions (not one each).
    if (!this.watched.has(stopping)) {
      this.watched.add(stopping);
      stopping.addEventListener('abort', () => this.stoppers.forEach((stop) => stop()), { once: true });
    }
    this.stoppers.add(onStopping);
    let renewing = false;
    const renew = setInterval(() => {
      if (renewing) return;
      renewing = true;
      db.query<{ status: string; run_status: string }>(
        `update playbook_run_actions a set lease_until = now() + $3::float8 * interval '1 millisecond'
          where a.id = $1 and a.claimed_by = $2
          returning a.status, (select r.status from playbook_runs r where r.id = a.playbook_run_id) as run_status`,
        [row.id, this.replicaId, this.leaseMs],
      )
        .then(({ rows }) => {
          const now = rows[0];
          if (!now) end('lost');
          else if (now.status === 'cancelled' || now.run_status === 'cancelled') end('cancel');
          else if (now.run_status === 'timed_out') end('run-timeout');
          else if (now.run_status !== 'running') end('cancel');
        })
        .catch((error: unknown) =>
          this.log.warn({ err: error, action: row.id }, 'renewing an action claim failed'),
        )
        .finally(() => (renewing = false));
    }, this.options.renewMs ?? 1000);
    timers.push(renew);
    try {
      const result = await invokeExecutor(executor, body, {
        db,
        kube: this.options.kube,
        log: this.log.child({ run: run.id, action: row.name }),
        runId: run.id,
        actionId: row.id,
        context,
        signal: controller.signal,
      });
      return stop
        ? this.stopped(stop, spec, run, result ?? {})
        : { status: 'completed', result: result ?? {} };
    } catch (error) {
      const partial = error instanceof ActionFailure ? error.result : {};
      if (stop) return this.stopped(stop, spec, run, partial);
      return { status: 'failed', error: messageOf(error), result: partial };
    } finally {
      for (const timer of timers) clearTimeout(timer);
      clearInterval(renew);
      this.stoppers.delete(onStopping);
    }
  }

  /** Why the executor's signal aborted, in words (executors may repeat it). */
  private stopText(stop: Stop, spec: ActionSpec, run: RunRow): string {
    switch (stop) {
      case 'timeout':
        return `timed out after ${spec.timeout}`;
      case 'run-timeout':
        return `the playbook timed out after ${formatDuration(this.runTimeoutMs(run))}`;
      case 'cancel':
        return 'the run was cancelled';
      case 'stopping':
        return 'the console is stopping; another replica runs the action again';
      case 'lost':
        return 'another replica took this action over';
    }
  }

  private runTimeoutMs(run: RunRow): number {
    return run.spec?.timeout ? parseDuration(run.spec.timeout) : this.defaultTimeoutMs();
  }

  private stopped(stop: Stop, spec: ActionSpec, run: RunRow, result: ActionResult): Outcome {
    switch (stop) {
      case 'timeout':
      case 'run-timeout':
        return { status: 'timed_out', error: this.stopText(stop, spec, run), result };
      case 'cancel':
        return { status: 'cancelled', result };
      case 'stopping':
        return { status: 'released' };
      case 'lost':
        return { status: 'lost' };
    }
  }

  /** Stores what came of an action (secrets redacted); a failure with retries left waits for its backoff. */
  private async settle(row: ActionRow, outcome: Outcome, spec: ActionSpec | undefined, context?: RunContext) {
    const { db } = this.options;
    const secrets = [...(context?.secrets ?? [])];
    const mine = `id = $1 and claimed_by = $2`;
    const args = [row.id, this.replicaId];
    switch (outcome.status) {
      case 'lost':
        return;
      case 'released':
        // The replica is stopping: another (or this one, restarted) runs the action again.
        await db.query(
          `update playbook_run_actions set status = 'scheduled', scheduled_time = now(), start_time = null, ${RELEASE}
            where ${mine} and status = 'running'`,
          args,
        );
        return;
      case 'completed':
        await db.query(
          `update playbook_run_actions set status = 'completed', result = $3::jsonb, error = null, end_time = now(), ${RELEASE}
            where ${mine} and status = 'running'`,
          [...args, json(redactSecrets(outcome.result, secrets))],
        );
        return;
      case 'cancelled':
        await db.query(
          `update playbook_run_actions set status = 'cancelled', result = $3::jsonb, end_time = now(), ${RELEASE}
            where id = $1 and (claimed_by = $2 or status = 'cancelled')`,
          [...args, json(redactSecrets(outcome.result, secrets))],
        );
        return;
      case 'timed_out':
      case 'failed': {
        const error = redactSecrets(outcome.error, secrets);
        const result = json(redactSecrets(outcome.result, secrets));
        const retry = spec?.retry;
        const limit = retry?.limit ?? 0;
        if (outcome.status === 'failed' && retry && row.retry_count < limit) {
          const wait = retryBackoffMs(retry, row.retry_count + 1);
          await db.query(
            `update playbook_run_actions set status = 'waiting', retry_count = retry_count + 1, error = $3,
               result = $4::jsonb, end_time = now(), scheduled_time = now() + $5::float8 * interval '1 millisecond', ${RELEASE}
              where ${mine}`,
            [...args, error, result, wait],
          );
          return;
        }
        await db.query(
          `update playbook_run_actions set status = $3, error = $4, result = $5::jsonb, end_time = now(), ${RELEASE}
            where ${mine} and status in ('running', 'scheduled', 'sleeping', 'waiting', 'pending')`,
          [...args, outcome.status, error, result],
        );
      }
    }
  }

  /** Brings the run's next step forward (its action ended). */
  private async wakeRun(runId: string): Promise<void> {
    await this.options.db.query(
      `update playbook_runs set next_look_at = now() where id = $1 and status = 'running'`,
      [runId],
    );
    this.wakeRunLoop();
  }
}

const view = (name: string, status: string) => ({
  id: '',
  name,
  status,
  result: {},
  error: null,
  start_time: null,
  end_time: null,
  retry_count: 0,
});
