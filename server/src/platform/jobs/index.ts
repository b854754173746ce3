/**
 * One home for background work (DESIGN §1, "Background work and events"). Every area registers
 * its work with the replica's JobRegistry instead of running timers or leader loops of its own:
 *  - tasks `{name, schedule | every, timeoutMs, run(ctx)}`: run by the replica holding the jobs
 *    advisory lock (PGlite: the only one), one run at a time, each leaving a job_histories row;
 *  - queue consumers `{queue, claim(limit), handle(item)}` over Postgres tables claimed with
 *    FOR UPDATE SKIP LOCKED, in every replica; platform events (event_queue) are one of them,
 *    with consumers registered by event name (`jobs.events.on('check.failed', handler)`);
 *  - services `{name, start(ctx), stop()}`: long-running work (informers, the canary scheduler)
 *    started when the replica leads and stopped when it loses the lead or shuts down.
 * server.ts starts the registry once the service listens and stops it, bounded, on shutdown.
 * The choice of our own tables over a queue library is in docs/decisions.md ("Background jobs").
 */
export { backoffAfter, type EventHandler, type EventQueueOptions, type PlatformEvent } from './events.js';
export { recordJob, type JobRecord, type JobStatus } from './history.js';
export { Limiter } from './limiter.js';
export { claimStatement } from './queue.js';
export { JobRegistry, type JobRegistryOptions } from './registry.js';
export { parseInterval, parseSchedule, ScheduleError, type Schedule } from './schedule.js';
export type {
  QueueConsumer,
  QueueContext,
  Service,
  ServiceContext,
  Task,
  TaskContext,
  TaskOutcome,
} from './types.js';
