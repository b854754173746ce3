import type { Logger } from '../../http/logging.js';
import type { Db } from '../db/db.js';
import { parseSchedule, type Schedule } from '../jobs/schedule.js';
import type { Service, ServiceContext } from '../jobs/types.js';
import { unsupportedResult, type RunnableCheck } from './execute.js';
import { isPassiveKind, runnerFor } from './kinds/index.js';
import { LOCAL_AGENT } from '../../../../common/agents.js';
import { canariesFingerprint, reconcileCanaries } from './reconcile.js';
import { recordCanaryRun, recordResult } from './results.js';
import { scheduleTextOf } from './schedule.js';
import type { CheckResult } from './types.js';

/** What the scheduler needs of the check runner. */
export interface CheckExecutor {
  /** $(CONSOLE_URL) and friends, filled into canary entries. */
  readonly vars: Record<string, string>;
  isRunning(checkId: string): boolean;
  runCheck(check: RunnableCheck, nextRuntime: Date | null): Promise<CheckResult>;
}

export interface ScheduledCanary {
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
  labels: Record<string, string> | null;
  schedule: string | null;
  spec: Record<string, unknown> | null;
  check_id: string | null;
  type: string | null;
  check_name: string | null;
  check_spec: Record<string, unknown> | null;
  last_runtime: Date | null;
}

export interface CanarySchedulerOptions {
  db: Db;
  logger: Logger;
  runner: CheckExecutor;
  tickMs?: number;
  pollMs?: number;
}

/**
 * The local agent's canaries on their schedules, as a leader-held service of the jobs registry:
 * it keeps checks in line with the canaries' specs (looking every 2 s for a change) and starts
 * each canary's checks when due, writing one CanaryRun job per run.
 */
export class CanaryScheduler implements Service {
  readonly name = 'canary-scheduler';
  private readonly db: Db;
  private readonly log: Logger;
  private readonly canaries = new Map<string, ScheduledCanary>();
  private readonly runningCanaries = new Map<string, Promise<void>>();
  private readonly reportedSchedules = new Map<string, string>();
  private fingerprint = '';
  private polling: Promise<void> | undefined;
  private signal: AbortSignal | undefined;

  constructor(private readonly options: CanarySchedulerOptions) {
    this.db = options.db;
    this.log = options.logger.child({ component: 'check-runner' });
  }

  /** True while this replica schedules the canaries. */
  get running(): boolean {
    return this.signal !== undefined && !this.signal.aborted;
  }

  /** When the canary holding a check next runs, if it is scheduled here. */
  nextRunOf(checkId: string): Date | null {
    const canary = [...this.canaries.values()].find((c) => c.checks.some((k) => k.id === checkId));
    return canary?.nextAt ?? null;
  }

  async start(ctx: ServiceContext): Promise<void> {
    this.signal = ctx.signal;
    this.log.info('running health checks in this replica');
    ctx.every(this.options.tickMs ?? 1000, () => this.tick());
    ctx.every(this.options.pollMs ?? 2000, () => this.poll());
    await this.poll();
  }

  async stop(): Promise<void> {
    await this.polling;
    this.canaries.clear();
    this.fingerprint = '';
    await Promise.allSettled([...this.runningCanaries.values()]);
  }

  private get stopped(): boolean {
    return !this.running;
  }

  /** Reconciles and reloads the schedule when the local canaries changed (once at a time). */
  private poll(): Promise<void> {
    this.polling ??= this.reload().finally(() => (this.polling = undefined));
    return this.polling;
  }

  private async reload(): Promise<void> {
    if (this.stopped) return;
    try {
      const fingerprint = await canariesFingerprint(this.db);
      if (fingerprint === this.fingerprint) return;
      const { changed } = await reconcileCanaries(this.db, this.options.runner.vars);
      await this.reportUnsupported(changed.map((c) => c.id));
      await this.loadSchedule();
      this.fingerprint = fingerprint;
    } catch (error) {
      if (!this.stopped) this.log.warn({ err: error }, 'reading canaries failed');
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
      `select c.id, c.name, c.namespace, c.labels, c.schedule, c.spec, k.id as check_id, k.type, k.name as check_name,
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
        canary = await this.scheduled(row, now);
        loaded.set(row.id, canary);
      }
      if (row.check_id && row.type && runnerFor(row.type) && !isPassiveKind(row.type))
        canary.checks.push({
          id: row.check_id,
          type: row.type,
          name: row.check_name ?? '',
          spec: row.check_spec,
          canary: { id: row.id, name: row.name, namespace: row.namespace, labels: row.labels },
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

  private async scheduled(row: CanaryCheckRow, now: Date): Promise<ScheduledCanary> {
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
        await recordCanaryRun(this.db, {
          canaryId: row.id,
          canaryName: canary.name,
          agentId: LOCAL_AGENT,
          started: now,
          ended: now,
          successCount: 0,
          errorCount: 1,
          errors: [reason],
          failed: true,
        }).catch((err: unknown) => this.log.warn({ err }, 'recording a canary error failed'));
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
    if (this.stopped) return;
    const now = new Date();
    for (const canary of this.canaries.values())
      if (
        canary.schedule &&
        !this.runningCanaries.has(canary.id) &&
        canary.nextAt <= now &&
        canary.checks.length
      ) {
        const run = this.runCanary(canary, now).finally(() => this.runningCanaries.delete(canary.id));
        this.runningCanaries.set(canary.id, run);
      }
  }

  private async runCanary(canary: ScheduledCanary, now: Date): Promise<void> {
    const { runner } = this.options;
    const next = canary.schedule!.next(now);
    canary.nextAt = next;
    const started = new Date();
    try {
      // A check still running (a Run Now, a slow previous run) is not started again.
      const due = canary.checks.filter((check) => !runner.isRunning(check.id));
      const results = await Promise.all(due.map((check) => runner.runCheck(check, next)));
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
    }
  }
}
