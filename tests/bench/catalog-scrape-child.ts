/**
 * One process that scrapes a cluster twice through the scrape engine, as the server's scheduler
 * would, and prints what it measured as one line of JSON: run by catalog-scrape.ts, so that the
 * RSS read is the scrape's own (the bench's Chromium and load generator live elsewhere).
 * Env: DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL), migrated; BENCH_KUBECONFIG, a file.
 */
import { resourceUsage } from 'node:process';
import { pino } from 'pino';
import { LOCAL_AGENT } from '../../server/src/platform/agents/local-agent.js';
import {
  runScrape,
  SCRAPER_KINDS,
  type ScraperRow,
  type ScrapeSummary,
} from '../../server/src/platform/catalog/index.js';
import { openDatabase } from '../../server/src/platform/db/db.js';

export interface ScrapeMeasure {
  ms: number;
  /** The highest RSS of this process while the scrape ran, in MB. */
  peakRssMb: number;
  summary: Omit<ScrapeSummary, 'byType'>;
}

export interface ScrapeFigures {
  /** RSS once the database is open, before the first scrape, in MB. */
  startRssMb: number;
  first: ScrapeMeasure;
  second: ScrapeMeasure;
}

const MB = 1024 * 1024;
/** How often RSS is sampled: a peak shorter than this between two samples may be missed. */
const SAMPLE_MS = 10;

/**
 * Times the scrape and reads its peak RSS: the kernel's high-water mark when the scrape raised it
 * (exact), else the highest of the samples taken while it ran.
 */
async function measured(scrape: () => Promise<ScrapeSummary>): Promise<ScrapeMeasure> {
  const highWaterBefore = resourceUsage().maxRSS * 1024;
  let sampled = process.memoryUsage.rss();
  const sampler = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage.rss())), SAMPLE_MS);
  const started = performance.now();
  try {
    const { byType: _, ...summary } = await scrape();
    const ms = performance.now() - started;
    sampled = Math.max(sampled, process.memoryUsage.rss());
    const highWater = resourceUsage().maxRSS * 1024;
    const peak = highWater > highWaterBefore ? highWater : sampled;
    return { ms, peakRssMb: peak / MB, summary };
  } finally {
    clearInterval(sampler);
  }
}

const kubeconfig = process.env.BENCH_KUBECONFIG;
if (!kubeconfig) throw new Error('BENCH_KUBECONFIG is not set');
const db = await openDatabase({ dataDir: process.env.DATA_DIR ?? '', databaseUrl: process.env.DATABASE_URL });
try {
  const { rows } = await db.query<ScraperRow>(
    `insert into config_scrapers (name, spec, agent_id) values ('bench-cluster', $1, $2)
     returning id, name, namespace, agent_id, schedule, spec`,
    [JSON.stringify({ kubernetes: [{ clusterName: 'bench', kubeconfig }] }), LOCAL_AGENT],
  );
  const logger = pino({ level: 'silent' });
  const scrape = () => runScrape(rows[0]!, SCRAPER_KINDS, { db, logger });
  const startRssMb = process.memoryUsage.rss() / MB;
  const first = await measured(scrape);
  const second = await measured(scrape);
  const figures: ScrapeFigures = { startRssMb, first, second };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} finally {
  await db.close();
}
