/**
 * Every call of the catalog's Scrapers tab and scraper page (spec 3 §2.1, §7): the scrapers with
 * their latest job, a scraper's latest job, and the platform's "run now".
 */
import { apiJson, db } from '../../../api/index.js';

/** Spec 3 §9: resource lists show at most 100 rows. */
export const SCRAPER_LIST_LIMIT = 100;

/** A row of config_scrapers_with_status: the scraper and its latest job. */
export interface ScraperRow {
  id: string;
  name: string;
  namespace?: string | null;
  source?: string | null;
  schedule?: string | null;
  job_status?: string | null;
  job_details?: unknown;
  last_runtime?: string | null;
  created_by?: { id: string; name: string } | null;
  created_at: string;
  updated_at?: string | null;
}

/** The latest job_histories row of a scraper, as the run's summary reads it. */
export interface ScraperJob {
  id: string;
  status: string;
  success_count?: number | null;
  error_count?: number | null;
  details?: unknown;
  created_at: string;
}

export const scrapersKey = 'config_scrapers_with_status?deleted_at=is.null&order=name.asc';

export const listScrapers = () =>
  db
    .from('config_scrapers_with_status')
    .select(
      'id,name,namespace,source,schedule,job_status,last_runtime,created_at,updated_at,created_by(id,name)',
    )
    .is('deleted_at', null)
    .order('name', { ascending: true })
    .limit(SCRAPER_LIST_LIMIT)
    .overrideTypes<ScraperRow[], { merge: false }>();

export async function latestScraperJob(scraperId: string): Promise<ScraperJob | null> {
  const { data, error } = await db
    .from('job_histories')
    .select('id,status,success_count,error_count,details,created_at')
    .eq('resource_id', scraperId)
    .order('created_at', { ascending: false })
    .limit(1)
    .overrideTypes<ScraperJob[], { merge: false }>();
  if (error) return null;
  return data[0] ?? null;
}

/** POST /api/config/run/{id}: the platform scrapes at once and answers when the run has ended. */
export const runScraper = (scraperId: string) =>
  apiJson<unknown>(`api/config/run/${encodeURIComponent(scraperId)}`, { method: 'POST' });

/** The SWR keys a run changes: the scraper's job history and the lists showing its status. */
export const isTouchedByRun = (scraperId: string) => (key: unknown) =>
  typeof key === 'string' &&
  (key.startsWith(`job_histories?resource_id=eq.${scraperId}`) ||
    key.startsWith('config_scrapers_with_status') ||
    key.startsWith('integrations_with_status'));
