import type { Logger } from '../../http/logging.js';
import type { Db } from '../db/db.js';
import { lastStartOf, recordJob, type JobRecord } from './history.js';
import { intervalSchedule, parseSchedule, type Schedule } from './schedule.js';
import type { Task, TaskOutcome } from './types.js';

const DEFAULT_TIMEOUT_MS = 10 * 60_000;
/** setTimeout's longest delay is about 24 days; a far run is re-planned on waking. */
const LONGEST_WAIT_MS = 3_600_000;

class TaskTimeout extends Error {}

/** A task's schedule, read when it is registered so a bad one fails the start. */
export function scheduleOf(task: Task): Schedule {
  if ((task.every === undefined) === (task.schedule === undefined))
    throw new Error(`task ${task.name}: give a schedule or every, not both or neither`);
  return task.every !== undefined ? intervalSchedule(task.every) : parseSchedule(task.schedule!);
}

type Result = Pick<JobRecord, 'status' | 'successCount' | 'errorCount' | 'errors' | 'details'>;

/** The job_histories fields of a run that returned (pure). */
export function resultOf(outcome: TaskOutcome | void): Result {
  const { status, successCount, errorCount, errors, details } = outcome ?? {};
  const failures = errorCount ?? errors?.length ?? 0;
  return {
    status: status ?? (failures > 0 ? 'WARNING' : 'SUCCESS'),
    successCount: successCount ?? 0,
    errorCount: failures,
    errors,
    details,
  };
}

/** The job_histories fields of a run that threw or was aborted (pure). */
export function failureOf(error: unknown, signal: AbortSignal): Result {
  const reason = signal.aborted ? signal.reason : error;
  const message = reason instanceof Error ? reason.message : String(reason);
  const stopped = signal.aborted && !(reason instanceof TaskTimeout);
  return { status: stopped ? 'STOPPED' : 'FAILED', errorCount: 1, errors: [message] };
}

const whenAborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

/** One registered task while this replica leads: its timer, its run in flight. */
export class ScheduledTask {
  readonly schedule: Schedule;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    readonly task: Task,
    private readonly deps: { db: Db; log: Logger; hostname?: string },
  ) {
    this.schedule = scheduleOf(task);
  }

  /**
   * Plans the first run of a term (which lasts until `term` aborts): when the latest run
   * recorded, by any replica, says it is due; at once when it never ran.
   */
  async start(term: AbortSignal): Promise<void> {
    const last = await lastStartOf(this.deps.db, this.task.name).catch(() => undefined);
    if (term.aborted) return;
    this.plan(last ? this.schedule.next(last) : new Date(), term);
  }

  /** Stops planning; resolves once the run in flight (aborted by the term) has settled. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private plan(dueAt: Date, term: AbortSignal): void {
    const wait = Math.min(Math.max(0, dueAt.getTime() - Date.now()), LONGEST_WAIT_MS);
    this.timer = setTimeout(() => {
      if (term.aborted) return;
      if (Date.now() < dueAt.getTime()) return this.plan(dueAt, term);
      this.running = this.runOnce(dueAt, term).finally(() => {
        this.running = undefined;
        if (term.aborted) return;
        // A run that overran its next slots skips them rather than running back to back.
        const next = this.schedule.next(dueAt);
        this.plan(next.getTime() < Date.now() ? this.schedule.next(new Date()) : next, term);
      });
    }, wait);
    this.timer.unref();
  }

  /** Runs once, records the run, and waits for the run to settle even when it ignored its abort. */
  private async runOnce(dueAt: Date, term: AbortSignal): Promise<void> {
    const { task, deps } = this;
    const timeoutMs = task.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const controller = new AbortController();
    const stop = () => controller.abort(term.reason);
    term.addEventListener('abort', stop, { once: true });
    const timer = setTimeout(
      () => controller.abort(new TaskTimeout(`timed out after ${timeoutMs}ms`)),
      timeoutMs,
    );
    const started = new Date();
    const run = Promise.resolve().then(() =>
      task.run({ signal: controller.signal, dueAt, log: deps.log.child({ task: task.name }) }),
    );
    let result: Result;
    try {
      result = resultOf(await Promise.race([run, whenAborted(controller.signal)]));
    } catch (error) {
      result = failureOf(error, controller.signal);
    } finally {
      clearTimeout(timer);
      term.removeEventListener('abort', stop);
    }
    if (result.status === 'FAILED') deps.log.warn({ task: task.name, errors: result.errors }, 'task failed');
    await recordJob(deps.db, {
      ...result,
      name: task.name,
      resource: task.resource,
      started,
      ended: new Date(),
      hostname: deps.hostname,
    }).catch((error: unknown) =>
      deps.log.warn({ err: error, task: task.name }, 'recording a task run failed'),
    );
    await run.catch(() => {});
  }
}
