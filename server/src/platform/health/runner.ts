import type { Db } from '../db/db.js';
import type { Logger } from '../../http/logging.js';
import { executeCheck, unsupportedResult, type RunnableCheck } from './execute.js';
import { runnerFor } from './kinds/index.js';
import { advisoryLeadership, soleLeadership, type Leadership } from './leader.js';
import { Limiter } from './limiter.js';
import { LOCAL_AGENT } from '../agents/local-agent.js';
import { canariesFingerprint, reconcileCanaries } from './reconcile.js';
import { recordCanaryRun, recordResult } from './results.js';
import { parseSchedule, scheduleTextOf, type Schedule } from './schedule.js';
import type { CheckResult } from './types.js';
import { runUpkeep } from './upkeep.js';

export interface CheckRunnerOptions {
  db: Db;
  logger: Logger;
  /** Schedule canaries, roll up and expire results; runNow works either way. */
  enabled: boolean;
  concurrency: number;
  statusRetentionMs: number;
  rollupRetentionMs: number;
  /** Postgres: replicas elect the one that runs checks through an advisory lock on it. */
  databaseUrl?: string;
  /** Timings, shortened by tests. */
  tickMs?: number;
  pollMs?: number;
  upkeepMs?: number;
  lockRetryMs?: number;
  stopTimeoutMs?: number;
}

/** What the API needs of the runner (AppDependencies.health). */
export interface CheckRunNow {
  /** Runs a check now; undefined when there is no such live check. */
  runNow(checkId: string): Promise<{ result: CheckResult } | undefined>;
}

interface ScheduledCanary {
  id: string;
  name: string;
  scheduleText: string;
  schedule?: Schedule;
  nextAt: Date;
  checks: (RunnableCheck & { lastRuntime: Date | null })[];
}

interface CanaryCheckRow {
  id: string;
  name: string;
  namespace: string;
  schedule: string | null;
  spec: Record<string, unknown> | null;
  check_id: string | null;
  type: string | null;
  check_name: string | null;
  check_spec: Record<string, unknown> | null;
  last_runtime: Date | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs the local agent's canaries on their schedules (one replica at a time), keeps their checks
 * in line with their specs, rolls up and expires results, and runs any check on demand.
 */
export class CheckRunner implements CheckRunNow {
  private readonly db: Db;
  private readonly log: Logger;
  private readonly limiter: Limiter;
  private readonly leadership: Leadership;
  private readonly stopper = new AbortController();
  private readonly inFlight = new Map<string, Promise<CheckResult>>();
  private readonly work = new Set<Promise<unknown>>();
  private readonly canaries = new Map<string, ScheduledCanary>();
  private readonly runningCanaries = new Set<string>();
  private readonly reportedSchedules = new Map<string, string>();
  private timers: NodeJS.Timeout[] = [];
  private vars: Record<string, string> = {};
  private fingerprint = '';
  private leading = false;
  private stopped = false;
  private polling = false;
  private upkeeping = false;

  constructor(private readonly options: CheckRunnerOptions) {
    this.db = options.db;
    this.log = options.logger.child({ component: 'check-runner' });
    this.limiter = new Limiter(options.concurrency);
    this.leadership =
      options.db.kind === 'postgres' && options.databaseUrl
        ? advisoryLeadership(options.databaseUrl)
        : soleLeadership;
  }

  /**
   * `$(CONSOLE_URL)` and `$(CONSOLE_PORT)` in canary entries become the console's own address
   * (known once it listens); then, when enabled, the runner starts leading or waiting to lead.
   */
  start(self: { consoleUrl: string; consolePort: number }): void {
    this.vars = { CONSOLE_URL: self.consoleUrl.replace(/\/+$/, ''), CONSOLE_PORT: String(self.consolePort) };
    if (this.options.enabled && !this.stopped) this.track(this.tryToLead());
  }

  /** True while this replica schedules the canaries. */
  get isLeader(): boolean {
    return this.leading;
  }

  async runNow(checkId: string): Promise<{ result: CheckResult } | undefined> {
    if (!UUID.test(checkId)) return undefined;
    const { rows } = await this.db.query<{
      id: string;
      type: string;
      name: string;
      spec: RunnableCheck['spec'];
    }>('select id, type, name, spec from checks where id = $1 and deleted_at is null', [checkId]);
    const check = rows[0];
    if (!check) return undefined;
    if (!runnerFor(check.type)) return { result: unsupportedResult(check.type) };
    const canary = [...this.canaries.values()].find((c) => c.checks.some((k) => k.id === checkId));
    const result = await (this.inFlight.get(checkId) ?? this.runCheck(check, canary?.nextAt ?? null));
    return { result };
  }

  /** Stops scheduling, aborts runs in flight and waits for them (bounded), gives up leadership. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.clearTimers();
    this.stopper.abort(new Error('the check runner is stopping'));
    const settled = Promise.allSettled([...this.work, ...this.inFlight.values()]);
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>(
      (resolve) => (timer = setTimeout(resolve, this.options.stopTimeoutMs ?? 5000)),
    );
    await Promise.race([settled, bound]);
    clearTimeout(timer);
    await this.leadership.release();
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.work.add(promise);
    void promise.finally(() => this.work.delete(promise)).catch(() => {});
    return promise;
  }

  private every(ms: number, fn: () => void): void {
    const timer = setInterval(fn, ms);
    timer.unref();
    this.timers.push(timer);
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }

  private async tryToLead(): Promise<void> {
    if (this.stopped) return;
    let acquired = false;
    try {
      acquired = await this.leadership.acquire((error) => this.lostLead(error));
    } catch (error) {
      this.log.warn({ err: error }, 'could not ask for the check runner lock; trying again');
    }
    if (this.stopped) return void (await this.leadership.release());
    if (!acquired) {
      const retry = setTimeout(() => this.track(this.tryToLead()), this.options.lockRetryMs ?? 15_000);
      retry.unref();
      this.timers.push(retry);
      return;
    }
    this.leading = true;
    this.log.info('running health checks in this replica');
    this.every(this.options.tickMs ?? 1000, () => this.tick());
    this.every(this.options.pollMs ?? 2000, () => this.track(this.poll()));
    this.every(this.options.upkeepMs ?? 600_000, () => this.track(this.upkeep()));
    await Promise.all([this.poll(), this.upkeep()]);
  }

  private lostLead(error: Error): void {
    if (this.stopped || !this.leading) return;
    this.log.warn({ err: error }, 'lost the check runner lock; another replica may take over');
    this.leading = false;
    this.clearTimers();
    this.canaries.clear();
    this.fingerprint = '';
    this.track(this.tryToLead());
  }

  private async upkeep(): Promise<void> {
    if (this.upkeeping || this.stopped) return;
    this.upkeeping = true;
    try {
      const outcome = await runUpkeep(this.db, new Date(), this.options);
      this.log.debug(outcome, 'check results rolled up and expired');
    } catch (error) {
      if (!this.stopped) this.log.warn({ err: error }, 'rolling up or expiring check results failed');
    } finally {
      this.upkeeping = false;
    }
  }

  /** Reconciles and reloads the schedule when the local canaries changed. */
  private async poll(): Promise<void> {
    if (this.polling || this.stopped || !this.leading) return;
    this.polling = true;
    try {
      const fingerprint = await canariesFingerprint(this.db);
      if (fingerprint === this.fingerprint) return;
      const { changed } = await reconcileCanaries(this.db, this.vars);
      await this.reportUnsupported(changed.map((c) => c.id));
      await this.loadSchedule();
      this.fingerprint = fingerprint;
    } catch (error) {
      if (!this.stopped) this.log.warn({ err: error }, 'reading canaries failed');
    } finally {
      this.polling = false;
    }
  }

  /** One status for a check of a kind that is not run: when first seen or changed, never per tick. */
  private async reportUnsupported(changedIds: string[]): Promise<void> {
    const { rows } = await this.db.query<{ id: string; type: string }>(
      `select k.id, k.type from checks k join canaries c on c.id = k.canary_id
        where c.agent_id = $1 and c.deleted_at is null and k.deleted_at is null
          and (k.status is null or k.id = any($2::uuid[]))`,
      [LOCAL_AGENT, changedIds],
    );
    for (const row of rows)
      if (!runnerFor(row.type)) await recordResult(this.db, row.id, unsupportedResult(row.type), null);
  }

  private async loadSchedule(): Promise<void> {
    const { rows } = await this.db.query<CanaryCheckRow>(
      `select c.id, c.name, c.namespace, c.schedule, c.spec, k.id as check_id, k.type, k.name as check_name,
              k.spec as check_spec, k.last_runtime
         from canaries c
         left join checks k on k.canary_id = c.id and k.deleted_at is null
        where c.agent_id = $1 and c.deleted_at is null
        order by c.id, k.name`,
      [LOCAL_AGENT],
    );
    const now = new Date();
    const loaded = new Map<string, ScheduledCanary>();
    for (const row of rows) {
      let canary = loaded.get(row.id);
      if (!canary) {
        canary = this.scheduled(row, now);
        loaded.set(row.id, canary);
      }
      if (row.check_id && row.type && runnerFor(row.type))
        canary.checks.push({
          id: row.check_id,
          type: row.type,
          name: row.check_name ?? '',
          spec: row.check_spec,
          lastRuntime: row.last_runtime,
        });
    }
    for (const canary of loaded.values()) {
      const previous = this.canaries.get(canary.id);
      if (!canary.schedule) continue;
      const added = (id: string) => !previous?.checks.some((k) => k.id === id);
      if (!previous || previous.scheduleText !== canary.scheduleText)
        canary.nextAt = this.firstRun(canary, now);
      else if (canary.checks.some((k) => !k.lastRuntime && added(k.id))) canary.nextAt = now;
      else canary.nextAt = previous.nextAt;
    }
    this.canaries.clear();
    for (const [id, canary] of loaded) this.canaries.set(id, canary);
  }

  private scheduled(row: CanaryCheckRow, now: Date): ScheduledCanary {
    const scheduleText = scheduleTextOf(row);
    const canary: ScheduledCanary = {
      id: row.id,
      name: `${row.namespace}/${row.name}`,
      scheduleText,
      nextAt: now,
      checks: [],
    };
    try {
      canary.schedule = parseSchedule(scheduleText);
      this.reportedSchedules.delete(row.id);
    } catch (error) {
      if (this.reportedSchedules.get(row.id) !== scheduleText) {
        this.reportedSchedules.set(row.id, scheduleText);
        const reason = `not scheduled: invalid schedule: ${(error as Error).message}`;
        this.log.warn({ canary: canary.name }, reason);
        this.track(
          recordCanaryRun(this.db, {
            canaryId: row.id,
            canaryName: canary.name,
            agentId: LOCAL_AGENT,
            started: now,
            ended: now,
            successCount: 0,
            errorCount: 1,
            errors: [reason],
            failed: true,
          }).catch((err: unknown) => this.log.warn({ err }, 'recording a canary error failed')),
        );
      }
    }
    return canary;
  }

  /** Right away when a check never ran or its next run is overdue; else on schedule after the latest run. */
  private firstRun(canary: ScheduledCanary, now: Date): Date {
    if (canary.checks.length === 0 || canary.checks.some((k) => !k.lastRuntime)) return now;
    const latest = new Date(Math.max(...canary.checks.map((k) => k.lastRuntime!.getTime())));
    const next = canary.schedule!.next(latest);
    return next < now ? now : next;
  }

  private tick(): void {
    if (this.stopped || !this.leading) return;
    const now = new Date();
    for (const canary of this.canaries.values())
      if (
        canary.schedule &&
        !this.runningCanaries.has(canary.id) &&
        canary.nextAt <= now &&
        canary.checks.length
      )
        this.track(this.runCanary(canary, now));
  }

  private async runCanary(canary: ScheduledCanary, now: Date): Promise<void> {
    this.runningCanaries.add(canary.id);
    const next = canary.schedule!.next(now);
    canary.nextAt = next;
    const started = new Date();
    try {
      // A check still running (a Run Now, a slow previous run) is not started again.
      const due = canary.checks.filter((check) => !this.inFlight.has(check.id));
      const results = await Promise.all(due.map((check) => this.runCheck(check, next)));
      if (this.stopped) return;
      const failed = due.filter((_, i) => !results[i]!.status);
      await recordCanaryRun(this.db, {
        canaryId: canary.id,
        canaryName: canary.name,
        agentId: LOCAL_AGENT,
        started,
        ended: new Date(),
        successCount: due.length - failed.length,
        errorCount: failed.length,
        errors: failed.map((check) => `${check.name}: ${results[due.indexOf(check)]!.error ?? 'failed'}`),
      });
    } catch (error) {
      if (!this.stopped) this.log.warn({ err: error, canary: canary.name }, 'running a canary failed');
    } finally {
      this.runningCanaries.delete(canary.id);
    }
  }

  /** Runs a check within the concurrency limit and stores its result (not when stopping). */
  private runCheck(check: RunnableCheck, nextRuntime: Date | null): Promise<CheckResult> {
    const run = this.limiter
      .run(() => executeCheck(check, { db: this.db, stopSignal: this.stopper.signal, vars: this.vars }))
      .then(async (result) => {
        if (!this.stopped) await recordResult(this.db, check.id, result, nextRuntime);
        return result;
      })
      .finally(() => this.inFlight.delete(check.id));
    this.inFlight.set(check.id, run);
    return run;
  }
}
