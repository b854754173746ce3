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
import type { Db } from '../../db/db.js';
import type { JobStatus } from '../../jobs/history.js';
import { RowNotRunHere, RowScheduler, type RowRun } from '../../jobs/row-scheduler.js';
import type { Service, ServiceContext } from '../../jobs/types.js';
import { stableJson } from './diff.js';
import { DEFAULT_BATCH_SIZE, runScrape, runWatch } from './engine.js';
import { DELETED_SCRAPER } from './persist-configs.js';
import { deleteWhere } from './persist-deletions.js';
import { scheduleTextOf, scraperEntries, type ScraperEntry, type ScraperRow } from './spec.js';
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

export type ScrapeRun = RowRun<ScrapeSummary>;

interface Watcher {
  fingerprint: string;
  controller: AbortController;
  done: Promise<void>;
}

/** Run now of a scraper this console does not run. */
export class ScraperNotRunHere extends RowNotRunHere {}

function statusOf(summary: ScrapeSummary): JobStatus {
  if (!summary.errors.length) return 'SUCCESS';
  return summary.added + summary.updated + summary.unchanged + summary.deleted > 0 ? 'WARNING' : 'FAILED';
}

// The store failed under the scrape: what was written stays, the run is reported failed.
const failedScrape = (message: string): ScrapeSummary => ({
  added: 0,
  updated: 0,
  unchanged: 0,
  deleted: 0,
  changes: 0,
  errors: [message],
  byType: {},
});

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
  private readonly rows: RowScheduler<ScraperRow, ScrapeSummary>;
  private readonly watchers = new Map<string, Watcher>();
  private signal: AbortSignal | undefined;

  constructor(private readonly options: ScraperSchedulerOptions) {
    this.log = options.logger.child({ component: 'scrapers' });
    const { db, logger, kinds, kube, dataDir, fileRoots, batchSize } = options;
    this.rows = new RowScheduler<ScraperRow, ScrapeSummary>(this.name, {
      db,
      logger,
      table: 'config_scrapers',
      columns: ['id', 'name', 'namespace', 'agent_id', 'schedule', 'spec'],
      job: SCRAPER_JOB,
      resourceType: SCRAPER_RESOURCE,
      words: {
        row: 'scraper',
        rows: 'scrapers',
        run: 'scrape',
        elsewhere: 'it runs there',
        stopping: 'the scrapers are stopping',
      },
      scheduleOf: scheduleTextOf,
      run: (row, signal) =>
        runScrape(row, kinds, { db, logger, kube, dataDir, fileRoots, batchSize, signal }),
      failedSummary: failedScrape,
      recordOf: (summary) => ({
        status: statusOf(summary),
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
      }),
      // A deleted scraper's items go with it (soft-deleted, a batch per transaction), as on the platform.
      deleted: {
        items: 'configs',
        itemKey: 'scraper_id',
        remove: (id) => deleteWhere(db, id, 'true', [], DELETED_SCRAPER, batchSize ?? DEFAULT_BATCH_SIZE),
      },
      afterLoad: (rows) => this.syncWatchers(rows),
      onStop: () => this.stopWatchers(),
      fingerprint: 'live rows',
      reloadWhileEmpty: true,
      notRunHere: ScraperNotRunHere,
      concurrency: options.concurrency,
      pollMs: options.pollMs,
      tickMs: options.tickMs,
    });
  }

  start(ctx: ServiceContext): Promise<void> {
    this.signal = ctx.signal;
    return this.rows.start(ctx);
  }

  stop(): Promise<void> {
    return this.rows.stop();
  }

  /** True while a scrape of this scraper runs. */
  isRunning(id: string): boolean {
    return this.rows.isRunning(id);
  }

  /**
   * Scrapes one scraper now (after the run in flight, if any) and answers with its outcome; a
   * deleted or unknown scraper is a 404, another agent's a 422.
   */
  runNow(id: string): Promise<ScrapeRun> {
    return this.rows.runNow(id);
  }

  private async stopWatchers(): Promise<void> {
    for (const watcher of this.watchers.values()) watcher.controller.abort();
    await Promise.allSettled([...this.watchers.values()].map((w) => w.done));
    this.watchers.clear();
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
