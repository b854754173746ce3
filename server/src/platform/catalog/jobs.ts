/**
 * The catalog's background work: the scrapers of the local agent on their schedules, with the
 * watches of the kinds that follow their source (a leader-held service of the jobs registry).
 */
import type { JobRegistry } from '../jobs/registry.js';
import { ScraperScheduler, type ScraperSchedulerOptions } from './scrapers/scheduler.js';

export type CatalogWorkDependencies = ScraperSchedulerOptions;

export interface CatalogWork {
  /** Runs a scraper at once (Run now); see ScraperScheduler.runNow. */
  scrapers: ScraperScheduler;
}

export function registerCatalogWork(jobs: JobRegistry, deps: CatalogWorkDependencies): CatalogWork {
  const scrapers = new ScraperScheduler(deps);
  jobs.addService(scrapers);
  return { scrapers };
}
