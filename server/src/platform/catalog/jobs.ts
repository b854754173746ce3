/**
 * The catalog's background work: the scrapers of the local agent on their schedules, with the
 * watches of the kinds that follow their source (a leader-held service of the jobs registry), and
 * the task that keeps the summary's 30-day change counts moving.
 */
import type { JobRegistry } from '../jobs/registry.js';
import { changeCountsTask } from './change-counts.js';
import { ScraperScheduler, type ScraperSchedulerOptions } from './scrapers/scheduler.js';

export type CatalogWorkDependencies = ScraperSchedulerOptions;

export interface CatalogWork {
  /** Runs a scraper at once (Run now); see ScraperScheduler.runNow. */
  scrapers: ScraperScheduler;
}

export function registerCatalogWork(jobs: JobRegistry, deps: CatalogWorkDependencies): CatalogWork {
  const scrapers = new ScraperScheduler(deps);
  jobs.addService(scrapers);
  jobs.addTask(changeCountsTask(deps.db));
  return { scrapers };
}
