import type { Logger } from '../../http/logging.js';
import type { JobRecord, JobStatus } from './history.js';

/** What a task's run is given. */
export interface TaskContext {
  /** Aborted when the run times out, this replica stops leading, or the service stops. */
  signal: AbortSignal;
  /** The time the run was due (its schedule's slot), not when it started. */
  dueAt: Date;
  log: Logger;
}

/** What a run reports for its job_histories row; a run that returns nothing succeeded. */
export interface TaskOutcome {
  /** Default: WARNING when it reports errors, else SUCCESS. */
  status?: JobStatus;
  successCount?: number;
  errorCount?: number;
  errors?: string[];
  details?: Record<string, unknown>;
}

/**
 * Scheduled work, run by the leading replica only, one run at a time; every run leaves a
 * job_histories row named after the task (FAILED with the error when it throws or times out).
 */
export interface Task {
  /** Unique in the registry; the job_histories name. */
  name: string;
  /** `@every 10m`, a cron line, `@hourly`...; or `every` milliseconds. */
  schedule?: string;
  every?: number;
  /** A run still going after this long is aborted and recorded FAILED (default 10 minutes). */
  timeoutMs?: number;
  resource?: JobRecord['resource'];
  run(ctx: TaskContext): Promise<TaskOutcome | void>;
}

export interface QueueContext {
  /** Aborted when the registry stops. */
  signal: AbortSignal;
  log: Logger;
}

/**
 * Work queued in a Postgres table: `claim` takes up to `limit` due items in one statement
 * (`FOR UPDATE SKIP LOCKED`, marking them taken), so no two consumers, in this replica or
 * another, get the same item; `handle` does one item and settles it in the table.
 * Consumers run in every replica.
 */
export interface QueueConsumer<Item> {
  /** For logs. */
  queue: string;
  claim(limit: number): Promise<Item[]>;
  handle(item: Item, ctx: QueueContext): Promise<void>;
  /** Items claimed at once (default 20). */
  batchSize?: number;
  /** How long an empty queue waits before it is looked at again (default 1 s). */
  pollMs?: number;
}

export interface ServiceContext {
  /** Aborted when the service is to stop. */
  signal: AbortSignal;
  log: Logger;
  /** Calls fn every ms (not twice at once) until the service stops; the registry owns the timer. */
  every(ms: number, fn: () => Promise<void> | void): void;
}

/**
 * Long-running work (informers, a scheduler of its own kind): started when this replica starts
 * leading (or, with `everyReplica`, when the registry starts) and stopped when it loses the lead
 * or shuts down.
 */
export interface Service {
  name: string;
  everyReplica?: boolean;
  start(ctx: ServiceContext): void | Promise<void>;
  /** Stops and waits for what is in flight (the registry bounds the wait). */
  stop(): Promise<void>;
}
