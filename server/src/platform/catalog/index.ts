/** The catalog area's server side: its background work, its routers, its /api/db rules, the scrape engine and its kinds. */
export { registerCatalogWork, type CatalogWork, type CatalogWorkDependencies } from './jobs.js';
export { createScraperRouter, type RunScraperResponse } from './scrapers/router.js';
export { persistOutput, runScrape, runWatch, type ScrapeDependencies } from './scrapers/engine.js';
export { SCRAPER_JOB, SCRAPER_RESOURCE, ScraperScheduler, type ScrapeRun } from './scrapers/scheduler.js';
export { DEFAULT_SCRAPE_SCHEDULE, type ScraperRow } from './scrapers/spec.js';
export type { ScrapeSummary, TypeSummary } from './scrapers/summary.js';
export type * from './scrapers/types.js';
export { createCatalogRouter } from './router.js';
export { catalogWriteRules } from './rules.js';
export { SCRAPER_KINDS } from './scrapers/kinds/index.js';
