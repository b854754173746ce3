import type { Logger } from '../../http/logging.js';
import type { KubeConnection } from '../../kube/index.js';
import type { Db } from '../db/db.js';
import { Limiter } from '../jobs/limiter.js';
import type { JobRegistry } from '../jobs/registry.js';
import { executeCheck, unsupportedResult, type RunnableCheck } from './execute.js';
import { isPassiveKind, runnerFor } from './kinds/index.js';
import { latestResult, recordResult } from './results.js';
import { CanaryScheduler, type CheckExecutor } from './scheduler.js';
import type { CheckResult } from './types.js';
import { runUpkeep } from './upkeep.js';
import { UUID } from '../../lib/uuid.js';

export interface CheckRunnerOptions {
  db: Db;
  logger: Logger;
  /** Schedule canaries, roll up and expire results; runNow works either way. */
  enabled: boolean;
  concurrency: number;
  statusRetentionMs: number;
  rollupRetentionMs: number;
  /** The cluster the checks' secret and config map references are read from. */
  kube?: KubeConnection;
  /** Timings, shortened by tests. */
  tickMs?: number;
  pollMs?: number;
  upkeepMs?: number;
  stopTimeoutMs?: number;
}

/** What the API needs of the runner (AppDependencies.health). */
export interface CheckRunNow {
  /** Runs a check now; undefined when there is no such live check. */
  runNow(checkId: string): Promise<{ result: CheckResult } | undefined>;
}

/**
 * Runs checks within the concurrency limit, on demand (Run Now, in any replica) and for the
 * canary scheduler, which the jobs registry runs in the leading replica along with the upkeep
 * of results (rollups and retention).
 */
export class CheckRunner implements CheckRunNow, CheckExecutor {
  private readonly db: Db;
  private readonly limiter: Limiter;
  private readonly stopper = new AbortController();
  private readonly inFlight = new Map<string, Promise<CheckResult>>();
  private readonly scheduler: CanaryScheduler;
  private stopped = false;
  vars: Record<string, string> = {};

  constructor(private readonly options: CheckRunnerOptions) {
    this.db = options.db;
    this.limiter = new Limiter(options.concurrency);
    this.scheduler = new CanaryScheduler({
      db: options.db,
      logger: options.logger,
      runner: this,
      tickMs: options.tickMs,
      pollMs: options.pollMs,
    });
  }

  /**
   * Its background work: stopping the checks in flight with the registry, and when enabled the
   * canary scheduler and the 'CheckResultsUpkeep' task (at start, then every 10 minutes).
   */
  register(jobs: JobRegistry): void {
    jobs.addService({ name: 'check-runs', everyReplica: true, start: () => {}, stop: () => this.stop() });
    if (!this.options.enabled) return;
    jobs.addService(this.scheduler);
    const { db, statusRetentionMs, rollupRetentionMs } = this.options;
    jobs.addTask({
      name: 'CheckResultsUpkeep',
      every: this.options.upkeepMs ?? 600_000,
      run: async () => ({
        details: await runUpkeep(db, new Date(), { statusRetentionMs, rollupRetentionMs }),
      }),
    });
  }

  /** `$(CONSOLE_URL)` and `$(CONSOLE_PORT)` in canary entries become the console's own address. */
  setConsoleAddress(self: { consoleUrl: string; consolePort: number }): void {
    this.vars = { CONSOLE_URL: self.consoleUrl.replace(/\/+$/, ''), CONSOLE_PORT: String(self.consolePort) };
  }

  /** True while this replica schedules the canaries. */
  get isLeader(): boolean {
    return this.scheduler.running;
  }

  isRunning(checkId: string): boolean {
    return this.inFlight.has(checkId);
  }

  async runNow(checkId: string): Promise<{ result: CheckResult } | undefined> {
    if (!UUID.test(checkId)) return undefined;
    const { rows } = await this.db.query<{
      id: string;
      type: string;
      name: string;
      spec: RunnableCheck['spec'];
      canary_id: string;
      canary_name: string;
      canary_namespace: string | null;
      canary_labels: Record<string, string> | null;
    }>(
      `select k.id, k.type, k.name, k.spec, c.id as canary_id, c.name as canary_name,
              c.namespace as canary_namespace, c.labels as canary_labels
         from checks k join canaries c on c.id = k.canary_id
        where k.id = $1 and k.deleted_at is null`,
      [checkId],
    );
    const row = rows[0];
    if (!row) return undefined;
    const check: RunnableCheck = {
      id: row.id,
      type: row.type,
      name: row.name,
      spec: row.spec,
      canary: {
        id: row.canary_id,
        name: row.canary_name,
        namespace: row.canary_namespace,
        labels: row.canary_labels,
      },
    };
    if (!runnerFor(check.type)) return { result: unsupportedResult(check.type) };
    // Nothing to run: its latest result, or (not stored) why it has none yet.
    if (isPassiveKind(check.type))
      return {
        result:
          (await latestResult(this.db, check.id)) ??
          (await executeCheck(check, { db: this.db, stopSignal: this.stopper.signal, vars: this.vars })),
      };
    const result = await (this.inFlight.get(checkId) ??
      this.runCheck(check, this.scheduler.nextRunOf(checkId)));
    return { result };
  }

  /** Aborts the checks in flight and waits for them (bounded), storing none of their results. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.stopper.abort(new Error('the check runner is stopping'));
    const settled = Promise.allSettled([...this.inFlight.values()]);
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>(
      (resolve) => (timer = setTimeout(resolve, this.options.stopTimeoutMs ?? 5000)),
    );
    await Promise.race([settled, bound]);
    clearTimeout(timer);
  }

  /** Runs a check within the concurrency limit and stores its result (not when stopping). */
  runCheck(check: RunnableCheck, nextRuntime: Date | null): Promise<CheckResult> {
    const run = this.limiter
      .run(() =>
        executeCheck(check, {
          db: this.db,
          stopSignal: this.stopper.signal,
          vars: this.vars,
          kube: this.options.kube,
        }),
      )
      .then(async (result) => {
        if (!this.stopped) await recordResult(this.db, check.id, result, nextRuntime);
        return result;
      })
      .finally(() => this.inFlight.delete(check.id));
    this.inFlight.set(check.id, run);
    return run;
  }
}
