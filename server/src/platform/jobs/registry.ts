import type { Logger } from '../../http/logging.js';
import type { Db } from '../db/db.js';
import { PlatformEvents, type EventQueueOptions } from './events.js';
import { advisoryLeadership, Election, soleLeadership, type Leadership } from './leader.js';
import { QueueLoop } from './queue.js';
import { ScheduledTask } from './tasks.js';
import { Timers } from './timers.js';
import type { QueueConsumer, Service, Task } from './types.js';

export interface JobRegistryOptions {
  db: Db;
  logger: Logger;
  /** Postgres: replicas elect the one that runs the leader-held work through an advisory lock. */
  databaseUrl?: string;
  /** How often a replica that does not lead asks for the lock (default 15 s). */
  leaderRetryMs?: number;
  /** How long stop() waits for work in flight before giving up on it (default 5 s). */
  stopTimeoutMs?: number;
  events?: EventQueueOptions;
  /** The replica's name in job_histories (default: the host name). */
  hostname?: string;
}

/** One leader term: its abort signal and the intervals of its services. */
interface Term {
  controller: AbortController;
  timers: Timers;
  started: Promise<void>[];
}

/**
 * The background work of one replica: tasks and leader-held services run in the replica that
 * leads; queue consumers (the platform events dispatcher among them) and every-replica services
 * run in each. Register everything, then start(); stop() is bounded.
 */
export class JobRegistry {
  /** Consumers of platform events register here: `jobs.events.on('check.failed', handler)`. */
  readonly events = new PlatformEvents();
  private readonly log: Logger;
  private readonly leadership: Leadership;
  private readonly election: Election;
  private readonly tasks: ScheduledTask[] = [];
  private readonly services: Service[] = [];
  private readonly queues: QueueLoop<unknown>[] = [];
  private readonly replica = new AbortController();
  private readonly replicaTimers: Timers;
  private term: Term | undefined;
  private started = false;
  private stopping: Promise<void> | undefined;

  constructor(private readonly options: JobRegistryOptions) {
    this.log = options.logger.child({ component: 'jobs' });
    this.replicaTimers = new Timers(this.log);
    this.leadership =
      options.db.kind === 'postgres' && options.databaseUrl
        ? advisoryLeadership(options.databaseUrl)
        : soleLeadership;
    this.election = new Election({
      leadership: this.leadership,
      log: this.log,
      retryMs: options.leaderRetryMs ?? 15_000,
      onLead: () => this.lead(),
      onFollow: (reason) => this.follow(reason),
    });
  }

  /** True while this replica runs the tasks and leader-held services. */
  get isLeader(): boolean {
    return this.election.isLeader;
  }

  addTask(task: Task): void {
    this.refuseLate(task.name);
    if (this.tasks.some((known) => known.task.name === task.name))
      throw new Error(`a task named ${task.name} is already registered`);
    const { db, hostname } = this.options;
    this.tasks.push(new ScheduledTask(task, { db, log: this.log, hostname }));
  }

  /** Returns `wake()`, which has the consumer look at its queue now rather than after its poll interval. */
  addQueueConsumer<Item>(consumer: QueueConsumer<Item>): { wake(): void } {
    this.refuseLate(consumer.queue);
    const loop = new QueueLoop(consumer, this.log.child({ queue: consumer.queue }));
    this.queues.push(loop as QueueLoop<unknown>);
    return { wake: () => loop.wake() };
  }

  addService(service: Service): void {
    this.refuseLate(service.name);
    this.services.push(service);
  }

  /** Starts the every-replica work and asks to lead. */
  start(): void {
    if (this.started || this.stopping) return;
    const { db, events } = this.options;
    this.addQueueConsumer(this.events.consumer(db, events));
    this.started = true;
    for (const queue of this.queues) queue.start(this.replica.signal);
    for (const service of this.services.filter((s) => s.everyReplica))
      void this.startService(service, this.replica.signal, this.replicaTimers);
    this.election.start();
  }

  /**
   * Stops scheduling and claiming, aborts what runs, waits for it (at most stopTimeoutMs) and
   * releases the leadership.
   */
  stop(): Promise<void> {
    this.stopping ??= this.stopAll();
    return this.stopping;
  }

  private async stopAll(): Promise<void> {
    const reason = new Error('the jobs are stopping');
    this.replica.abort(reason);
    const everything = Promise.allSettled([
      this.election.stop(reason),
      ...this.queues.map((queue) => queue.stop()),
      this.replicaTimers.clear(),
      ...this.services.filter((s) => s.everyReplica).map((service) => service.stop()),
    ]);
    if (!(await this.settledWithin(everything))) {
      this.log.warn('background work did not stop in time; leaving it behind');
      await this.leadership.release();
    }
  }

  /** Waits for work to settle, at most stopTimeoutMs; false when it did not. */
  private async settledWithin(work: Promise<unknown>): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<'late'>(
      (resolve) => (timer = setTimeout(() => resolve('late'), this.options.stopTimeoutMs ?? 5000)),
    );
    const outcome = await Promise.race([work, bound]);
    clearTimeout(timer);
    return outcome !== 'late';
  }

  private refuseLate(name: string): void {
    if (this.started) throw new Error(`${name}: register background work before the registry starts`);
  }

  private lead(): void {
    const term: Term = { controller: new AbortController(), timers: new Timers(this.log), started: [] };
    this.term = term;
    for (const task of this.tasks) void task.start(term.controller.signal);
    for (const service of this.services.filter((s) => !s.everyReplica))
      term.started.push(this.startService(service, term.controller.signal, term.timers));
  }

  private async follow(reason: Error): Promise<void> {
    const term = this.term;
    if (!term) return;
    this.term = undefined;
    term.controller.abort(reason);
    // Bounded like a stop: a run that ignores its abort must not keep this replica from leading again.
    await this.settledWithin(
      Promise.allSettled([
        term.timers.clear(),
        ...this.tasks.map((task) => task.stop()),
        ...this.services
          .filter((s) => !s.everyReplica)
          .map((service, i) => term.started[i]!.then(() => service.stop())),
      ]),
    );
  }

  private async startService(service: Service, signal: AbortSignal, timers: Timers): Promise<void> {
    const log = this.log.child({ service: service.name });
    try {
      await service.start({ signal, log, every: (ms, fn) => timers.every(ms, fn) });
    } catch (error) {
      log.error({ err: error }, 'a background service could not start');
    }
  }
}
