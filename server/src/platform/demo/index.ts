import type { Db } from '../db/db.js';
import { loadCatalog } from './catalog.js';
import { loadCatalogEvents } from './catalog-events.js';
import { emptyRefs, type DemoContext } from './context.js';
import { loadHealth } from './health.js';
import { loadLiveLogs } from './live-logs.js';
import { loadLiveScraper } from './live-scraper.js';
import { loadIncidents } from './incidents.js';
import { loadNotifications } from './notifications.js';
import { loadPlaybooks } from './playbooks.js';
import { loadConnections, loadSettings } from './settings.js';
import { loadPeople } from './people.js';
import { Clock, Random } from './random.js';
import { loadTopology } from './topology.js';
import { Writer } from './writer.js';

export interface DemoOptions {
  /** PRNG seed; the same seed and "now" give the same data. */
  seed?: number;
  /** The instant the data is relative to; default the load time, to the second. */
  now?: Date;
  /** Called per stage with its duration, for diagnostics. */
  onStage?: (stage: string, ms: number) => void;
  /**
   * A directory the catalog's file scrapers and file log backends may read: a scraper and a log
   * backend the console runs read files written there.
   */
  filesDir?: string;
}

export const DEFAULT_SEED = 20240611;

/**
 * Loads a small company's platform ("Acme") into an empty, migrated database, in one
 * transaction. Returns the rows written per table.
 */
export async function loadDemoData(db: Db, options: DemoOptions = {}): Promise<Record<string, number>> {
  const now = options.now ?? new Date(Math.floor(Date.now() / 1000) * 1000);
  const root = new Random(options.seed ?? DEFAULT_SEED);
  return db.transaction(async (tx) => {
    // The demo's rows are history, not news: no platform event for each config it creates
    // (its own event_queue rows stay, for the Event Queue page).
    await tx.query(`set local ops_console.platform_events = 'off'`);
    const w = new Writer(tx);
    await w.introspect();
    const ctx: DemoContext = { w, r: root, clock: new Clock(now), refs: emptyRefs() };
    const stage = async <T>(name: string, fn: (c: DemoContext) => Promise<T>): Promise<T> => {
      const started = performance.now();
      const result = await fn({ ...ctx, r: root.fork(name) });
      options.onStage?.(name, Math.round(performance.now() - started));
      return result;
    };
    await stage('people', loadPeople);
    const items = await stage('catalog', loadCatalog);
    await stage('catalog-events', (c) => loadCatalogEvents(c, items));
    const { filesDir } = options;
    if (filesDir) await stage('live-scraper', (c) => loadLiveScraper(c, filesDir));
    if (filesDir) await stage('live-logs', (c) => loadLiveLogs(c, filesDir));
    await stage('topology', (c) => loadTopology(c, items));
    await stage('health', (c) => loadHealth(c, items));
    await stage('connections', loadConnections);
    await stage('incidents', loadIncidents);
    await stage('notifications', loadNotifications);
    await stage('playbooks', loadPlaybooks);
    await stage('settings', loadSettings);
    return { ...w.counts };
  });
}
