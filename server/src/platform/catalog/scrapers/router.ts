/**
 * /api/config: the platform's scraper calls. POST /run/{id} scrapes a scraper at once (config-db's
 * Run now) and answers when the scrape is done, with what it did. It needs write on
 * config_scrapers; a scraper of another agent runs there, so it is refused (422).
 */
import { Router } from 'express';
import { requireFeature, requirePermission, type FlagReader } from '../../../access/guard.js';
import { HttpError } from '../../../http/errors.js';
import { UUID } from '../../../lib/uuid.js';
import { ScraperNotRunHere, type ScraperScheduler } from './scheduler.js';
import type { TypeSummary } from './summary.js';

/** The answer of POST /api/config/run/{id}. */
export interface RunScraperResponse extends TypeSummary {
  message: 'success';
  /** The job_histories status the run was recorded with. */
  status: 'SUCCESS' | 'WARNING' | 'FAILED' | 'STOPPED';
  changes: number;
  errors: string[];
  /** Per config type, as job history shows it. */
  scrape_summary: Record<string, TypeSummary>;
}

export function createScraperRouter({
  flags,
  scrapers,
}: {
  flags: FlagReader;
  scrapers?: Pick<ScraperScheduler, 'runNow'>;
}): Router {
  const router = Router();
  router.use(requireFeature('settings.config_scraper', flags));
  router.post('/run/:id', requirePermission('config_scrapers', 'write'), async (req, res) => {
    const id = String(req.params.id);
    if (!UUID.test(id)) throw new HttpError(400, `'${id}' is not a scraper id`);
    if (!scrapers) throw new HttpError(503, 'Scrapers do not run in this console process');
    let run;
    try {
      run = await scrapers.runNow(id);
    } catch (error) {
      if (error instanceof ScraperNotRunHere) throw new HttpError(error.status, error.message);
      throw error;
    }
    const { summary, status } = run;
    const body: RunScraperResponse = {
      message: 'success',
      status,
      added: summary.added,
      updated: summary.updated,
      unchanged: summary.unchanged,
      deleted: summary.deleted,
      changes: summary.changes,
      errors: summary.errors,
      scrape_summary: summary.byType,
    };
    res.json(body);
  });
  return router;
}
