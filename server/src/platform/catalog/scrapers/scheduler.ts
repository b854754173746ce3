/**
 * The local agent's scrapers on their schedules, as a leader-held service of the jobs registry.
 * It looks at config_scrapers every few seconds (a created, edited or deleted scraper is picked up
 * then: a new or edited one is scraped at once), runs each scraper when due (spec.schedule, else
 * the column, else the platform's `@every 60m`; `@never` only by Run now), at most `concurrency`
 * at once and one run per scraper at a time, and records each run as a `Scraper` job_histories
 * row (resource config_scraper) with its scrape_summary. The entries of kinds that can watch are
 * followed between scrapes for as long as the scraper exists, restarted with a backoff when a
 * watch ends or fails. A deleted scraper's items are soft-deleted.
 */
import type { Logger } from '../../../http/logging.js';
import type { KubeConnection } from '../../../kube/index.js';
import { LOCAL_AGENT } from '../../agents/local-agent.js';
import type { Db } from '../../db/db.js';
import { recordJob, type JobStatus } from '../../jobs/history.js';
import { Limiter } from '../../jobs/limiter.js';
import { parseSchedule, type Schedule } from '../../jobs/schedule.js';
import type { Service, ServiceContext } from '../../jobs/types.js';
import { stableJson } from './diff.js';
import { DEFAULT_BATCH_SIZE, runScrape, runWatch } from './engine.js';
import { DELETED_SCRAPER } from './persist-configs.js';
import { deleteWhere } from './persist-deletions.js';
import { NEVER, scheduleTextOf, scraperEntries, type ScraperEntry, type ScraperRow } from './spec.js';
import type { ScrapeSummary } from './summary.js';
import type { ScraperKind } from './types.js';

/** job_histories.name of a scrape, as the platform names it. */
export const SCRAPER_JOB = 'Scraper';
export const SCRAPER_RESOURCE = 'config_scraper';
const WATCH_BACKOFF_MIN_MS = 1000;
const WATCH_BACKOFF_MAX_MS = 60_000;

export interface ScraperSchedulerOptions {
  db: Db;
  logger: Logger;
  kinds: readonly ScraperKind[];
  kube?: KubeConnection;
  dataDir?: string;
  /** The directories `file` entries may read (SCRAPER_FILE_ROOTS; default none). */
  fileRoots?: readonly string[];
  /** Scrapes at once (default 4). */
  concurrency?: number;
  /** How often config_scrapers is looked at (default 2 s). */
  pollMs?: number;
  /** How often due scrapers are started (default 1 s). */
  tickMs?: number;
  batchSize?: number;
}

export interface ScrapeRun {
  status: JobStatus;
  summary: ScrapeSummary;
}

interface Scheduled {
  row: ScraperRow;
  scheduleText: string;
  schedule?: Schedule;
  nextAt: Date | null;
  version: string;
}

interface Watcher {
  fingerprint: string;
  controller: AbortController;
  done: Promise<void>;
}

type ScraperRecord = ScraperRow & { updated_at: Date };

const SCRAPER_COLUMNS = `id, name, namespace, agent_id, schedule, spec, updated_at`;

/** Run now of a scraper this console does not run. */
export class ScraperNotRunHere extends Error {
  constructor(
    message: string,
    readonly status: 404 | 422,
  ) {
    super(message);
  }
}

function statusOf(summary: ScrapeSummary): JobStatus {
  if (!summary.errors.length) return 'SUCCESS';
  return summary.added + summary.updated + summary.unchanged + summary.deleted > 0 ? 'WARNING' : 'FAILED';
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export class ScraperScheduler implements Service {
  readonly name = 'config-scrapers';
  private readonly log: Logger;
  private readonly limiter: Limiter;
  private scheduled = new Map<string, Scheduled>();
  private readonly running = new Map<string, Promise<ScrapeRun>>();
  private readonly watchers = new Map<string, Watcher>();
  private readonly reportedSchedules = new Map<string, string>();
  private fingerprint = '';
  private polling: Promise<void> | undefined;
  private signal: AbortSignal | undefined;
  /** Aborts the runs started outside a leader term (Run now) when the service stops. */
  private standalone = new AbortController();

  constructor(private readonly options: ScraperSchedulerOptions) {
    this.log = options.logger.child({ component: 'scrapers' });
    this.limiter = new Limiter(Math.max(1, options.concurrency ?? 4));
  }

  private get active(): boolean {
    return this.signal !== undefined && !this.signal.aborted;
  }

  async start(ctx: ServiceContext): Promise<void> {
    this.signal = ctx.signal;
    ctx.every(this.options.pollMs ?? 2000, () => this.poll());
    ctx.every(this.options.tickMs ?? 1000, () => this.tick());
    await this.poll();
  }

  async stop(): Promise<void> {
    await this.polling;
    this.standalone.abort(new Error('the scrapers are stopping'));
    for (const watcher of this.watchers.values()) watcher.controller.abort();
    await Promise.allSettled([...this.running.values(), ...[...this.watchers.values()].map((w) => w.done)]);
    this.watchers.clear();
    this.scheduled.clear();
    this.fingerprint = '';
    this.standalone = new AbortController();
  }

  /** True while a scrape of this scraper runs. */
  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  /**
   * Scrapes one scraper now (after the run in flight, if any) and answers with its outcome; a
   * deleted or unknown scraper is a 404, another agent's a 422.
   */
  async runNow(id: string): Promise<ScrapeRun> {
    const { rows } = await this.options.db.query<
      ScraperRecord & { deleted_at: Date | null; agent_name: string | null }
    >(
      `select s.${SCRAPER_COLUMNS.split(', ').join(', s.')}, s.deleted_at, a.name as agent_name
         from config_scrapers s left join agents a on a.id = s.agent_id where s.id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row || row.deleted_at) throw new ScraperNotRunHere(`scraper with id=${id} was not found`, 404);
    if (row.agent_id !== LOCAL_AGENT)
      throw new ScraperNotRunHere(
        `The scraper ${row.namespace}/${row.name} belongs to the agent ${row.agent_name ?? row.agent_id}: it runs there, not in this console`,
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
    try {
      const { rows: marks } = await this.options.db.query<{ mark: string | null }>(
        `select string_agg(id::text || '@' || updated_at::text, ',' order by id) as mark
           from config_scrapers where agent_id = $1 and deleted_at is null`,
        [LOCAL_AGENT],
      );
      const mark = marks[0]?.mark ?? '';
      if (mark === this.fingerprint && this.scheduled.size) return;
      await this.load();
      this.fingerprint = mark;
    } catch (error) {
      if (this.active) this.log.warn({ err: error }, 'reading the scrapers failed');
    }
  }

  private async load(): Promise<void> {
    const { db } = this.options;
    const { rows } = await db.query<ScraperRecord>(
      `select ${SCRAPER_COLUMNS} from config_scrapers where agent_id = $1 and deleted_at is null order by id`,
      [LOCAL_AGENT],
    );
    const { rows: lastRuns } = await db.query<{ resource_id: string; time_start: Date }>(
      `select resource_id, max(time_start) as time_start from job_histories
        where name = $1 and resource_type = $2 and resource_id = any($3::text[])
        group by resource_id`,
      [SCRAPER_JOB, SCRAPER_RESOURCE, rows.map((r) => r.id)],
    );
    const lastRun = new Map(lastRuns.map((r) => [r.resource_id, r.time_start]));
    const now = new Date();
    const next = new Map<string, Scheduled>();
    for (const row of rows) {
      const scheduleText = scheduleTextOf(row);
      const version = `${row.updated_at.getTime()}`;
      const previous = this.scheduled.get(row.id);
      const scheduled: Scheduled = { row, scheduleText, nextAt: null, version };
      if (scheduleText !== NEVER) {
        try {
          scheduled.schedule = parseSchedule(scheduleText);
          this.reportedSchedules.delete(row.id);
        } catch (error) {
          await this.reportSchedule(row, scheduleText, (error as Error).message);
        }
      }
      if (scheduled.schedule) {
        if (previous && previous.version === version && previous.scheduleText === scheduleText)
          scheduled.nextAt = previous.nextAt;
        else if (previous)
          scheduled.nextAt = now; // edited: scraped again at once
        else {
          const last = lastRun.get(row.id);
          const due = last ? scheduled.schedule.next(last) : now;
          scheduled.nextAt = due < now ? now : due;
        }
      }
      next.set(row.id, scheduled);
    }
    this.scheduled = next;
    this.syncWatchers(rows);
    await this.removeItemsOfDeletedScrapers();
  }

  /** A deleted scraper's items go with it (soft-deleted, a batch per transaction), as on the platform. */
  private async removeItemsOfDeletedScrapers(): Promise<void> {
    const { db, batchSize } = this.options;
    const { rows } = await db.query<{ id: string }>(
      `select s.id from config_scrapers s
        where s.agent_id = $1 and s.deleted_at is not null
          and exists (select 1 from configs c where c.scraper_id = s.id and c.deleted_at is null)`,
      [LOCAL_AGENT],
    );
    for (const { id } of rows)
      await deleteWhere(db, id, 'true', [], DELETED_SCRAPER, batchSize ?? DEFAULT_BATCH_SIZE);
  }

  private async reportSchedule(row: ScraperRow, text: string, reason: string): Promise<void> {
    if (this.reportedSchedules.get(row.id) === text) return;
    this.reportedSchedules.set(row.id, text);
    const now = new Date();
    const message = `not scheduled: invalid schedule: ${reason}`;
    this.log.warn({ scraper: `${row.namespace}/${row.name}` }, message);
    await recordJob(this.options.db, {
      name: SCRAPER_JOB,
      resource: { type: SCRAPER_RESOURCE, id: row.id, name: row.name },
      status: 'FAILED',
      started: now,
      ended: now,
      errorCount: 1,
      errors: [message],
      agentId: LOCAL_AGENT,
    }).catch((err: unknown) => this.log.warn({ err }, 'recording a scraper error failed'));
  }

  private tick(): void {
    if (!this.active) return;
    const now = new Date();
    for (const scheduled of this.scheduled.values()) {
      if (!scheduled.schedule || !scheduled.nextAt || scheduled.nextAt > now) continue;
      if (this.running.has(scheduled.row.id)) continue;
      scheduled.nextAt = scheduled.schedule.next(now);
      void this.execute(scheduled.row).catch(() => undefined);
    }
  }

  private execute(row: ScraperRow): Promise<ScrapeRun> {
    const run = this.limiter
      .run(() => this.scrapeAndRecord(row))
      .finally(() => {
        if (this.running.get(row.id) === run) this.running.delete(row.id);
      });
    this.running.set(row.id, run);
    return run;
  }

  private async scrapeAndRecord(row: ScraperRow): Promise<ScrapeRun> {
    const { db, logger, kinds, kube, dataDir, fileRoots, batchSize } = this.options;
    const started = new Date();
    const signal = this.active ? this.signal! : this.standalone.signal;
    let summary: ScrapeSummary;
    let status: JobStatus;
    try {
      summary = await runScrape(row, kinds, { db, logger, kube, dataDir, fileRoots, batchSize, signal });
      status = statusOf(summary);
    } catch (error) {
      // The store failed under the scrape: what was written stays, the run is reported failed.
      this.log.warn({ err: error, scraper: `${row.namespace}/${row.name}` }, 'a scrape failed');
      summary = {
        added: 0,
        updated: 0,
        unchanged: 0,
        deleted: 0,
        changes: 0,
        errors: [(error as Error).message],
        byType: {},
      };
      status = 'FAILED';
    }
    await recordJob(db, {
      name: SCRAPER_JOB,
      resource: { type: SCRAPER_RESOURCE, id: row.id, name: row.name },
      status,
      started,
      ended: new Date(),
      successCount: summary.added + summary.updated + summary.unchanged,
      errorCount: summary.errors.length,
      errors: summary.errors,
      details: {
        scrape_summary: summary.byType,
        summary: {
          added: summary.added,
          updated: summary.updated,
          unchanged: summary.unchanged,
          deleted: summary.deleted,
          changes: summary.changes,
        },
      },
      agentId: LOCAL_AGENT,
    }).catch((err: unknown) => this.log.warn({ err }, 'recording a scrape failed'));
    return { status, summary };
  }

  /** One watcher per entry of a kind that watches, for each scraper; an edited entry's is restarted. */
  private syncWatchers(rows: ScraperRow[]): void {
    const wanted = new Map<
      string,
      { row: ScraperRow; entry: ScraperEntry; kind: ScraperKind; fingerprint: string }
    >();
    for (const row of rows)
      for (const entry of scraperEntries(row.spec).entries) {
        const kind = this.options.kinds.find((k) => k.kind === entry.kind);
        if (!kind?.watch) continue;
        wanted.set(`${row.id}/${entry.kind}/${entry.index}`, {
          row,
          entry,
          kind,
          fingerprint: stableJson([row.name, row.namespace, entry.entry]),
        });
      }
    for (const [key, watcher] of this.watchers)
      if (wanted.get(key)?.fingerprint !== watcher.fingerprint) {
        watcher.controller.abort();
        this.watchers.delete(key);
      }
    for (const [key, want] of wanted) {
      if (this.watchers.has(key) || !this.signal) continue;
      const controller = new AbortController();
      const signal = AbortSignal.any([controller.signal, this.signal]);
      const done = this.follow(want.row, want.entry, want.kind, signal);
      this.watchers.set(key, { fingerprint: want.fingerprint, controller, done });
    }
  }

  private async follow(
    row: ScraperRow,
    entry: ScraperEntry,
    kind: ScraperKind,
    signal: AbortSignal,
  ): Promise<void> {
    const { db, logger, kube, dataDir, fileRoots, batchSize } = this.options;
    const name = `${row.namespace}/${row.name} ${entry.kind}[${entry.index}]`;
    let backoff = WATCH_BACKOFF_MIN_MS;
    while (!signal.aborted) {
      const began = Date.now();
      try {
        await runWatch(row, entry, kind, {
          db,
          logger,
          kube,
          dataDir,
          fileRoots,
          batchSize,
          signal,
          onUpdate: (summary) => {
            if (summary.errors.length)
              this.log.warn({ scraper: name, errors: summary.errors }, 'a watch update had errors');
          },
        });
      } catch (error) {
        if (!signal.aborted) this.log.warn({ err: error, scraper: name }, 'a watch failed');
      }
      if (signal.aborted) return;
      backoff =
        Date.now() - began > WATCH_BACKOFF_MAX_MS
          ? WATCH_BACKOFF_MIN_MS
          : Math.min(backoff * 2, WATCH_BACKOFF_MAX_MS);
      await wait(backoff, signal);
    }
  }
}
