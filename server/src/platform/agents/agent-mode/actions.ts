/**
 * Playbook actions the hub addressed to this agent (their `runsOn` names it; docs/agents.md,
 * "Agent mode"): claimed from the hub (`GET /api/upstream/playbook-action`), run here with the
 * embedded runner's executors (runner.ts `prepareAction`, `invokeExecutor`: the same templates,
 * `valueFrom`, connections, env and redaction as a local run) over the run the hub sent — its
 * parameters, resource rows, playbook and earlier actions — and reported back as a push of
 * `playbook_actions: [{id, status, start_time, end_time, result, error}]`.
 *
 * The report goes straight to the hub, not through the outbox: the action is the hub's row (its
 * run and playbook are not in this database, so there is no local row for the outbox to point
 * at), and one report is one small row sent once. It is tried again with the pusher's backoff
 * (1 s doubling to 60 s) until the hub takes it; a report the hub refuses (400/422/413: a result
 * it cannot store) is sent once more as failed, without the result, saying so.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../../../http/logging.js';
import type { KubeConnection } from '../../../kube/index.js';
import type { Db } from '../../db/db.js';
import { redactSecrets } from '../../health/references.js';
import type { ActionExecutor, ActionResult } from '../../playbooks/actions/types.js';
import {
  DEFAULT_PLAYBOOK_TIMEOUT_MS,
  formatDuration,
  invokeExecutor,
  loadRunContext,
  parseDuration,
  prepareAction,
  type ActionRow,
  type ActionSpec,
  type RunContext,
  type RunRow,
} from '../../playbooks/runner/index.js';
import { HubError, type ClaimedAction, type HubClient } from './client.js';
import { DEFAULT_RETRY, retryDelay, type RetryPolicy } from './pusher.js';
import type { UpstreamStatus } from './state.js';

/**
 * What the agent pushes back for one action (the hub takes only these columns). `cancelled` (the
 * hub cancelled the run while it ran here) is never sent: the result is discarded.
 */
export interface ActionReport {
  id: string;
  status: 'completed' | 'failed' | 'timed_out' | 'cancelled';
  start_time: string;
  end_time: string;
  result: ActionResult;
  error: string | null;
}

/** The playbook's columns a run's templates see (`.playbook`), as the runner reads them. */
const PLAYBOOK_FIELDS = ['id', 'name', 'namespace', 'title', 'category', 'icon', 'description'];

const MAX_TIMER_MS = 2 ** 31 - 1;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const dateOf = (value: unknown): Date | null =>
  typeof value === 'string' || value instanceof Date ? new Date(value) : null;
const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const objectOf = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** The hub's run, as JSON, in the runner's row shape. */
export function runRowOf(run: Record<string, unknown>): RunRow {
  return {
    ...(run as unknown as RunRow),
    spec: objectOf(run.spec) as RunRow['spec'],
    parameters: objectOf(run.parameters) ?? {},
    request: objectOf(run.request),
    config_id: textOf(run.config_id),
    component_id: textOf(run.component_id),
    check_id: textOf(run.check_id),
    created_by: textOf(run.created_by),
    scheduled_time: dateOf(run.scheduled_time) ?? new Date(),
    start_time: dateOf(run.start_time),
    end_time: dateOf(run.end_time),
    timeout_at: dateOf(run.timeout_at),
    created_at: dateOf(run.created_at) ?? new Date(),
  } as RunRow;
}

function actionRowOf(action: Record<string, unknown>): ActionRow {
  return {
    ...(action as unknown as ActionRow),
    result: objectOf(action.result),
    error: textOf(action.error),
    start_time: dateOf(action.start_time),
    end_time: dateOf(action.end_time),
    retry_count: Number(action.retry_count ?? 0),
  } as ActionRow;
}

export interface ActionRunnerDependencies {
  db: Db;
  log: Logger;
  executors: Record<string, ActionExecutor>;
  kube?: KubeConnection;
  /** A playbook's timeout when its spec gives none (the runner's default). */
  defaultTimeoutMs?: number;
}

/**
 * Runs one claimed action here and answers its report (never throws): completed with the
 * executor's result, or failed / timed_out with the error; secrets the run resolved are redacted
 * from both. The action's `timeout` and the run's `timeout_at` stop the executor, as the runner's.
 * A stop of this console (`stopping`) fails it: the hub would otherwise wait for its timeout. A
 * cancel at the hub (`cancelled`, its reason the error) stops it too, as `cancelled`.
 */
export async function runClaimedAction(
  claimed: ClaimedAction,
  deps: ActionRunnerDependencies,
  stopping: AbortSignal,
  cancelled?: AbortSignal,
): Promise<ActionReport> {
  const startedAt = new Date();
  const run = runRowOf(claimed.run);
  const actionId = String(claimed.action.id);
  const name = String(claimed.action.name);
  const report = (
    status: ActionReport['status'],
    result: ActionResult,
    error: string | null,
    secrets: string[],
  ) => ({
    id: actionId,
    status,
    start_time: dateOf(claimed.action.start_time)?.toISOString() ?? startedAt.toISOString(),
    end_time: new Date().toISOString(),
    result: redactSecrets(result, secrets),
    error: error === null ? null : redactSecrets(error, secrets),
  });
  const spec = (run.spec?.actions ?? []).find((action: ActionSpec) => action.name === name);
  if (!spec) return report('failed', {}, `the playbook has no action named '${name}'`, []);

  let context: RunContext | undefined;
  const controller = new AbortController();
  let why: { status: 'failed' | 'timed_out' | 'cancelled'; error: string } | undefined;
  const end = (status: 'failed' | 'timed_out' | 'cancelled', error: string) => {
    if (why) return;
    why = { status, error };
    controller.abort(new Error(error));
  };
  const timers: NodeJS.Timeout[] = [];
  const after = (ms: number, status: 'timed_out', error: string) => {
    if (ms < MAX_TIMER_MS) timers.push(setTimeout(() => end(status, error), Math.max(0, ms)));
  };
  const onStop = () => end('failed', 'the agent stopped while running this action');
  stopping.addEventListener('abort', onStop, { once: true });
  const onCancel = () => end('cancelled', messageOf(cancelled?.reason));
  cancelled?.addEventListener('abort', onCancel, { once: true });
  try {
    if (stopping.aborted) onStop();
    if (cancelled?.aborted) onCancel();
    if (spec.timeout) after(parseDuration(spec.timeout), 'timed_out', `timed out after ${spec.timeout}`);
    if (run.timeout_at) {
      const runTimeoutMs = run.spec?.timeout
        ? parseDuration(run.spec.timeout)
        : (deps.defaultTimeoutMs ?? DEFAULT_PLAYBOOK_TIMEOUT_MS);
      after(
        run.timeout_at.getTime() - Date.now(),
        'timed_out',
        `the playbook timed out after ${formatDuration(runTimeoutMs)}`,
      );
    }
    const playbook = claimed.playbook
      ? Object.fromEntries(
          PLAYBOOK_FIELDS.filter((f) => f in claimed.playbook!).map((f) => [f, claimed.playbook![f]]),
        )
      : undefined;
    // The resource rows are the hub's; a hub that does not send them gives their ids alone.
    const given = (row: Record<string, unknown> | null | undefined, id: string | null) =>
      row ?? (id ? { id } : undefined);
    context = await loadRunContext(deps.db, run, {
      kube: deps.kube,
      actions: (claimed.actions ?? []).map(actionRowOf),
      given: {
        playbook,
        config: given(claimed.config, run.config_id),
        component: given(claimed.component, run.component_id),
        check: given(claimed.check, run.check_id),
        agent: claimed.agent ?? undefined,
      },
    });
    let prepared: Awaited<ReturnType<typeof prepareAction>>;
    try {
      prepared = await prepareAction(spec, context, deps.executors, deps.kube);
    } catch (error) {
      return report('failed', {}, `this agent cannot run the action: ${messageOf(error)}`, [
        ...context.secrets,
      ]);
    }
    try {
      const result = await invokeExecutor(prepared.executor, prepared.body, {
        db: deps.db,
        kube: deps.kube,
        log: deps.log.child({ run: run.id, action: name }),
        runId: run.id,
        actionId,
        context,
        signal: controller.signal,
      });
      return why
        ? report(why.status, result, why.error, [...context.secrets])
        : report('completed', result, null, [...context.secrets]);
    } catch (error) {
      const partial = (error as { result?: unknown }).result;
      const result = objectOf(partial) ?? {};
      return report(why?.status ?? 'failed', result, why?.error ?? messageOf(error), [...context.secrets]);
    }
  } catch (error) {
    // Setting up the run's context failed (an env value that cannot be read here, a bad timeout).
    return report('failed', {}, messageOf(error), [...(context?.secrets ?? [])]);
  } finally {
    for (const timer of timers) clearTimeout(timer);
    stopping.removeEventListener('abort', onStop);
    cancelled?.removeEventListener('abort', onCancel);
  }
}

export interface ActionClaimerOptions extends ActionRunnerDependencies {
  client: HubClient;
  status: UpstreamStatus;
  retry?: RetryPolicy;
  /** How often the hub is asked whether an action running here was cancelled (default 5 s). */
  watchMs?: number;
}

const WATCH_MS = 5000;

/**
 * Claims the actions the hub addressed to this agent, one at a time, runs each and reports it;
 * claims again at once after each until the hub has none (204). While one runs, the hub is asked
 * how it stands: cancelled there (or gone), it is stopped here and its result discarded.
 */
export class ActionClaimer {
  private readonly retry: RetryPolicy;
  private readonly watchMs: number;

  constructor(private readonly options: ActionClaimerOptions) {
    this.retry = options.retry ?? DEFAULT_RETRY;
    this.watchMs = options.watchMs ?? WATCH_MS;
  }

  /** Claims, runs and reports until the hub has nothing due; answers how many ran. Throws the claim's HubError. */
  async claimAll(signal: AbortSignal): Promise<number> {
    let ran = 0;
    while (!signal.aborted) {
      const claimed = await this.options.client.claimAction(signal);
      this.options.status.answered();
      if (!claimed) break;
      const report = await this.runOne(claimed, signal);
      if (report.status === 'cancelled')
        this.options.log.info(
          { run: claimed.run.id, action: claimed.action.name, reason: report.error },
          `stopped a playbook action: ${report.error}; its result is discarded`,
        );
      else await this.report(report, signal);
      ran += 1;
    }
    return ran;
  }

  async runOne(claimed: ClaimedAction, signal: AbortSignal): Promise<ActionReport> {
    const { log } = this.options;
    log.info(
      { run: claimed.run.id, action: claimed.action.name },
      'running a playbook action the hub addressed to this agent',
    );
    const cancel = new AbortController();
    const stopWatching = this.watch(String(claimed.action.id), cancel, signal);
    try {
      return await runClaimedAction(claimed, this.options, signal, cancel.signal);
    } finally {
      stopWatching();
    }
  }

  /** Asks the hub how the action stands, every watch interval, until stopped; a cancel there aborts `cancel`. */
  private watch(id: string, cancel: AbortController, signal: AbortSignal): () => void {
    const { client } = this.options;
    let asking = false;
    let answered = true;
    const timer = setInterval(() => {
      if (asking || !answered || cancel.signal.aborted) return;
      asking = true;
      client
        .actionStanding(id, signal)
        .then((standing) => {
          if (!standing) cancel.abort(new Error('the hub no longer has this action'));
          else if (standing.status === 'cancelled' || standing.run_status === 'cancelled')
            cancel.abort(new Error('the run was cancelled'));
        })
        .catch((error: unknown) => {
          // A hub without this call: the action runs to its end (the hub ignores a late report).
          if (error instanceof HubError && error.status === 404) answered = false;
          // Otherwise (the hub away a moment) asked again at the next tick.
        })
        .finally(() => (asking = false));
    }, this.watchMs);
    return () => clearInterval(timer);
  }

  /**
   * Pushes the report until the hub takes it, pausing as the pusher does between tries. A stop
   * of this console leaves one last try, short, so that the hub hears the action ended.
   */
  async report(report: ActionReport, signal: AbortSignal): Promise<boolean> {
    const { client, status, log } = this.options;
    let sent: ActionReport = report;
    let failures = 0;
    let lastFailure: string | undefined;
    for (;;) {
      const last = signal.aborted;
      try {
        const answer = await client.push(
          { playbook_actions: [{ ...sent }] },
          last ? AbortSignal.timeout(5000) : signal,
        );
        status.pushed();
        if (answer.skipped)
          log.warn(
            { action: sent.id, status: sent.status },
            'the hub did not take the report of a playbook action: its run was cancelled there, or it has it already',
          );
        else
          log.info(
            { action: sent.id, status: sent.status },
            `reported a playbook action to the hub: ${sent.status}`,
          );
        return true;
      } catch (error) {
        if (last) {
          log.warn({ action: sent.id }, 'stopping before the hub took the result of a playbook action');
          return false;
        }
        if (signal.aborted) continue;
        if (!(error instanceof HubError)) throw error;
        if (error.kind === 'rejected') {
          status.answered();
          if (sent !== report) {
            log.warn(
              { action: sent.id, reason: error.message },
              'the hub refused the report of a playbook action',
            );
            return false;
          }
          sent = {
            ...report,
            status: 'failed',
            result: {},
            error: `the hub refused the action's result: ${error.message}`,
          };
          continue;
        }
        if (error.kind === 'refused') status.refused(error.message);
        else if (error.kind === 'unreachable') status.unreachable(error.message);
        else {
          status.answered();
          if (error.message !== lastFailure)
            log.warn({ reason: error.message }, 'reporting a playbook action to the hub failed; retrying');
        }
        lastFailure = error.message;
        failures += 1;
        try {
          await sleep(retryDelay(failures, this.retry), undefined, { signal });
        } catch {
          // Stopping: one last try follows.
        }
      }
    }
  }
}
