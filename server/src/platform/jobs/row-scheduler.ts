/**
 * The local agent's rows of one table (scrapers, topologies...) run on their own schedules, as a
 * leader-held service of the jobs registry. It looks at the table every few seconds (a created or
 * edited row is picked up then and run at once), runs each row when due (its schedule text;
 * `@never` only by Run now), at most `concurrency` at once and one run per row at a time, and
 * records each run as a job_histories row. A schedule that cannot be read is reported once, as a
 * FAILED run, until its text changes.
 */
import type { Logger } from '../../http/logging.js';
import { LOCAL_AGENT } from '../../../../common/agents.js';
import type { Db } from '../db/db.js';
import { recordJob, type JobRecord, type JobStatus } from './history.js';
import { Limiter } from './limiter.js';
import { parseSchedule, type Schedule } from './schedule.js';
import type { Service, ServiceContext } from './types.js';

/** A schedule that only Run now starts. */
export const NEVER = '@never';

/** The columns every scheduled row has. */
export interface ScheduledRow {
  id: string;
  name: string;
  namespace: string;
  agent_id: string;
}

/** A row as the scheduler reads it: with the time it was last written. */
export type LoadedRow<Row extends ScheduledRow> = Row & { updated_at: Date };

/** What a run answers Run now with. */
export interface RowRun<Summary> {
  status: JobStatus;
  summary: Summary;
}

/** What job_histories keeps of a run, beside its name, resource, times and agent. */
export type RunRecord = Pick<JobRecord, 'status' | 'successCount' | 'errorCount' | 'errors' | 'details'>;

/** Run now of a row this console does not run: 404 for an unknown or deleted row, 422 for another agent's. */
export class RowNotRunHere extends Error {
  constructor(
    message: string,
    readonly status: 404 | 422,
  ) {
    super(message);
  }
}

/** The words the logs and Run now's answers use for a row and its run. */
export interface RowWords {
  /** One row: 'scraper'; also the log field naming it. */
  row: string;
  /** Several rows: 'scrapers'. */
  rows: string;
  /** One run: 'scrape'. */
  run: string;
  /** Why another agent's row is not run here: 'it runs there'. */
  elsewhere: string;
  /** Why the runs started by Run now are aborted when the service stops. */
  stopping: string;
}

export interface RowSchedulerOptions<Row extends ScheduledRow, Summary> {
  db: Db;
  logger: Logger;
  /** The table and the columns a run reads (besides updated_at): constants, never input. */
  table: string;
  columns: readonly string[];
  /** The job_histories name and resource_type of a run. */
  job: string;
  resourceType: string;
  words: RowWords;
  /** The schedule text of a row (NEVER: only Run now runs it). */
  scheduleOf(row: Row): string;
  /** Runs a row; a throw is the store failing under the run, recorded as `failedSummary`. */
  run(row: LoadedRow<Row>, signal: AbortSignal): Promise<Summary>;
  failedSummary(message: string): Summary;
  recordOf(summary: Summary): RunRecord;
  /** The version of a row that, once it changes, means "edited: run again at once" (default updated_at). */
  versionOf?(row: LoadedRow<Row>): string;
  /**
   * A deleted row whose items are still live (in `items`, pointing at it by `itemKey`) has them
   * removed by `remove`, after each reading of the table.
   */
  deleted?: { items: string; itemKey: string; remove(id: string): Promise<unknown> };
  /** Called with the live rows after each reading of the table. */
  afterLoad?(rows: LoadedRow<Row>[]): void;
  /** Stops what the caller runs beside the rows; awaited with the runs in flight. */
  onStop?(): Promise<void>;
  /**
   * What the poll's fingerprint covers: the live rows only, or the deleted ones too (so that a
   * deletion is noticed by the mark itself).
   */
  fingerprint: 'live rows' | 'all rows';
  /** Read the table on every poll while no row is scheduled, whatever the fingerprint says. */
  reloadWhileEmpty?: boolean;
  /** The error Run now throws for a row this console does not run (404 unknown, 422 another agent's). */
  notRunHere: typeof RowNotRunHere;
  /** Run rows on their schedules (Run now works either way). Default true. */
  enabled?: boolean;
  /** Runs at once (default 4). */
  concurrency?: number;
  /** How often the table is looked at (default 2 s). */
  pollMs?: number;
  /** How often due rows are started (default 1 s). */
  tickMs?: number;
}

interface Scheduled<Row extends ScheduledRow> {
  row: LoadedRow<Row>;
  scheduleText: string;
  schedule?: Schedule;
  nextAt: Date | null;
  version: string;
}

/**
 * When a row is next due: an unchanged row keeps its time, an edited one runs at once, one seen
 * for the first time runs when its last recorded run says (at once when that time has passed).
 */
export function nextRunAt(
  schedule: Schedule,
  now: Date,
  previous: { nextAt: Date | null; edited: boolean } | undefined,
  lastRun: Date | undefined,
): Date | null {
  if (previous) return previous.edited ? now : previous.nextAt;
  const due = lastRun ? schedule.next(lastRun) : now;
  return due < now ? now : due;
}

export class RowScheduler<Row extends ScheduledRow, Summary> implements Service {
  readonly name: string;
  private readonly log: Logger;
  private readonly limiter: Limiter;
  private scheduled = new Map<string, Scheduled<Row>>();
  private readonly running = new Map<string, Promise<RowRun<Summary>>>();
  private readonly reportedSchedules = new Map<string, string>();
  private fingerprint = '';
  private polling: Promise<void> | undefined;
  private signal: AbortSignal | undefined;
  /** Aborts the runs started outside a leader term (Run now) when the service stops. */
  private standalone = new AbortController();

  constructor(
    name: string,
    private readonly options: RowSchedulerOptions<Row, Summary>,
  ) {
    this.name = name;
    this.log = options.logger.child({ component: options.words.rows });
    this.limiter = new Limiter(Math.max(1, options.concurrency ?? 4));
  }

  private get active(): boolean {
    return this.signal !== undefined && !this.signal.aborted;
  }

  /** The columns a run reads, each behind `prefix`. */
  private columnList(prefix = ''): string {
    return [...this.options.columns, 'updated_at'].map((column) => `${prefix}${column}`).join(', ');
  }

  async start(ctx: ServiceContext): Promise<void> {
    this.signal = ctx.signal;
    ctx.every(this.options.pollMs ?? 2000, () => this.poll());
    ctx.every(this.options.tickMs ?? 1000, () => this.tick());
    await this.poll();
  }

  async stop(): Promise<void> {
    await this.polling;
    this.standalone.abort(new Error(this.options.words.stopping));
    await Promise.allSettled([...this.running.values(), this.options.onStop?.()]);
    this.scheduled.clear();
    this.fingerprint = '';
    this.standalone = new AbortController();
  }

  /** True while a run of this row is in flight. */
  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  /** Runs one row now (after the run in flight, if any) and answers with its outcome. */
  async runNow(id: string): Promise<RowRun<Summary>> {
    const { db, table, words, notRunHere } = this.options;
    const { rows } = await db.query<LoadedRow<Row> & { deleted_at: Date | null; agent_name: string | null }>(
      `select ${this.columnList('r.')}, r.deleted_at, a.name as agent_name
         from ${table} r left join agents a on a.id = r.agent_id where r.id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row || row.deleted_at) throw new notRunHere(`${words.row} with id=${id} was not found`, 404);
    if (row.agent_id !== LOCAL_AGENT)
      throw new notRunHere(
        `The ${words.row} ${row.namespace}/${row.name} belongs to the agent ${row.agent_name ?? row.agent_id}: ${words.elsewhere}, not in this console`,
        422,
      );
    await this.running.get(id)?.catch(() => undefined);
    return this.execute(row);
  }

  private poll(): Promise<void> {
    this.polling ??= this.reload().finally(() => (this.polling = undefined));
    return this.polling;
  }

  private async reload(): Promise<void> {
    if (!this.active) return;
    const { db, table, fingerprint, reloadWhileEmpty } = this.options;
    try {
      const { rows: marks } = await db.query<{ mark: string | null }>(
        fingerprint === 'all rows'
          ? `select string_agg(id::text || '@' || updated_at::text || '@' || coalesce(deleted_at::text, ''), ',' order by id) as mark
               from ${table} where agent_id = $1`
          : `select string_agg(id::text || '@' || updated_at::text, ',' order by id) as mark
               from ${table} where agent_id = $1 and deleted_at is null`,
        [LOCAL_AGENT],
      );
      const mark = marks[0]?.mark ?? '';
      if (mark === this.fingerprint && (!reloadWhileEmpty || this.scheduled.size)) return;
      await this.load();
      this.fingerprint = mark;
    } catch (error) {
      if (this.active) this.log.warn({ err: error }, `reading the ${this.options.words.rows} failed`);
    }
  }

  private async load(): Promise<void> {
    const { db, table, job, resourceType, scheduleOf } = this.options;
    const { rows } = await db.query<LoadedRow<Row>>(
      `select ${this.columnList()} from ${table} where agent_id = $1 and deleted_at is null order by id`,
      [LOCAL_AGENT],
    );
    const { rows: lastRuns } = await db.query<{ resource_id: string; time_start: Date }>(
      `select resource_id, max(time_start) as time_start from job_histories
        where name = $1 and resource_type = $2 and resource_id = any($3::text[])
        group by resource_id`,
      [job, resourceType, rows.map((r) => r.id)],
    );
    const lastRun = new Map(lastRuns.map((r) => [r.resource_id, r.time_start]));
    const versionOf = this.options.versionOf ?? ((row: LoadedRow<Row>) => `${row.updated_at.getTime()}`);
    const now = new Date();
    const next = new Map<string, Scheduled<Row>>();
    for (const row of rows) {
      const scheduleText = scheduleOf(row);
      const version = versionOf(row);
      const scheduled: Scheduled<Row> = { row, scheduleText, nextAt: null, version };
      if (scheduleText !== NEVER) {
        try {
          scheduled.schedule = parseSchedule(scheduleText);
          this.reportedSchedules.delete(row.id);
        } catch (error) {
          await this.reportSchedule(row, scheduleText, (error as Error).message);
        }
      }
      if (scheduled.schedule) {
        const previous = this.scheduled.get(row.id);
        scheduled.nextAt = nextRunAt(
          scheduled.schedule,
          now,
          previous && {
            nextAt: previous.nextAt,
            edited: previous.version !== version || previous.scheduleText !== scheduleText,
          },
          lastRun.get(row.id),
        );
      }
      next.set(row.id, scheduled);
    }
    this.scheduled = next;
    this.options.afterLoad?.(rows);
    await this.removeItemsOfDeletedRows();
  }

  private async removeItemsOfDeletedRows(): Promise<void> {
    const { db, table, deleted } = this.options;
    if (!deleted) return;
    const { rows } = await db.query<{ id: string }>(
      `select r.id from ${table} r
        where r.agent_id = $1 and r.deleted_at is not null
          and exists (select 1 from ${deleted.items} i where i.${deleted.itemKey} = r.id and i.deleted_at is null)`,
      [LOCAL_AGENT],
    );
    for (const { id } of rows) await deleted.remove(id);
  }

  private async reportSchedule(row: Row, text: string, reason: string): Promise<void> {
    if (this.reportedSchedules.get(row.id) === text) return;
    this.reportedSchedules.set(row.id, text);
    const now = new Date();
    const message = `not scheduled: invalid schedule: ${reason}`;
    this.log.warn({ [this.options.words.row]: `${row.namespace}/${row.name}` }, message);
    await recordJob(this.options.db, {
      name: this.options.job,
      resource: { type: this.options.resourceType, id: row.id, name: row.name },
      status: 'FAILED',
      started: now,
      ended: now,
      errorCount: 1,
      errors: [message],
      agentId: LOCAL_AGENT,
    }).catch((err: unknown) => this.log.warn({ err }, `recording a ${this.options.words.row} error failed`));
  }

  private tick(): void {
    if (!this.active || this.options.enabled === false) return;
    const now = new Date();
    for (const scheduled of this.scheduled.values()) {
      if (!scheduled.schedule || !scheduled.nextAt || scheduled.nextAt > now) continue;
      if (this.running.has(scheduled.row.id)) continue;
      scheduled.nextAt = scheduled.schedule.next(now);
      void this.execute(scheduled.row).catch(() => undefined);
    }
  }

  private execute(row: LoadedRow<Row>): Promise<RowRun<Summary>> {
    const run = this.limiter
      .run(() => this.runAndRecord(row))
      .finally(() => {
        if (this.running.get(row.id) === run) this.running.delete(row.id);
      });
    this.running.set(row.id, run);
    return run;
  }

  private async runAndRecord(row: LoadedRow<Row>): Promise<RowRun<Summary>> {
    const { db, job, resourceType, words } = this.options;
    const started = new Date();
    const signal = this.active ? this.signal! : this.standalone.signal;
    let summary: Summary;
    try {
      summary = await this.options.run(row, signal);
    } catch (error) {
      this.log.warn({ err: error, [words.row]: `${row.namespace}/${row.name}` }, `a ${words.run} failed`);
      summary = this.options.failedSummary((error as Error).message);
    }
    const record = this.options.recordOf(summary);
    await recordJob(db, {
      name: job,
      resource: { type: resourceType, id: row.id, name: row.name },
      started,
      ended: new Date(),
      ...record,
      agentId: LOCAL_AGENT,
    }).catch((err: unknown) => this.log.warn({ err }, `recording a ${words.run} failed`));
    return { status: record.status, summary };
  }
}
