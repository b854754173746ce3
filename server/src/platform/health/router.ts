/**
 * /api/canary: the health dashboard's summary and Run Now (spec 1 §7), the paths the platform's
 * canary API has; the Canary spec's schema and validator are the console's own (/api/specs).
 * Mounted after the sign-in and CSRF checks; every route needs the `health` feature and read on
 * canaries.
 */
import { Router, type Response } from 'express';
import { requireAction, requireFeature, requirePermission, type FlagReader } from '../../access/guard.js';
import { HttpError } from '../../http/errors.js';
import type { Db } from '../db/db.js';
import { readSummaryQuery } from './summary-range.js';
import { healthSummary, SummaryAborted } from './summary.js';
import type { CheckResult, RunCheckResponse } from './types.js';

/** What Run Now needs of the check runner. */
export interface CheckRunner {
  /** undefined when the check does not exist or is deleted */
  runNow(checkId: string): Promise<{ result: CheckResult } | undefined>;
}

export const CHECK_NOT_FOUND = 'Check not found';
export const NO_RUNNER = 'The check runner is not running';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOUR_MS = 3_600_000;

/** Aborts when the client goes away before the answer is sent. */
function disconnectSignal(res: Response): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

async function liveCheckExists(db: Db, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const { rows } = await db.query(
    `select 1 from checks k join canaries c on c.id = k.canary_id
     where k.id = $1 and k.deleted_at is null and c.deleted_at is null`,
    [id],
  );
  return rows.length > 0;
}

export function createHealthRouter({
  db,
  flags,
  runner,
}: {
  db: Db;
  flags: FlagReader;
  runner?: CheckRunner;
}): Router {
  const router = Router();
  const healthOn = requireFeature('health', flags);
  router.use(requirePermission('canaries', 'read'), healthOn);

  router.get('/api/summary', async (req, res) => {
    const query = readSummaryQuery(req.query);
    const signal = disconnectSignal(res);
    try {
      res.json(await healthSummary(db, query, { signal }));
    } catch (error) {
      // The caller is gone: there is nobody to answer.
      if (error instanceof SummaryAborted || signal.aborted) return;
      throw error;
    }
  });

  router.post('/run/check/:id', requireAction('checks.run', flags), async (req, res) => {
    const id = String(req.params.id);
    if (!(await liveCheckExists(db, id))) throw new HttpError(404, CHECK_NOT_FOUND);
    if (!runner) throw new HttpError(503, NO_RUNNER);
    const ran = await runner.runNow(id);
    if (!ran) throw new HttpError(404, CHECK_NOT_FOUND);
    const now = new Date();
    const summary = await healthSummary(
      db,
      { from: new Date(now.getTime() - HOUR_MS), to: now, checkId: id, includeDeleted: false },
      { now },
    );
    const check = summary.checks_summary[0];
    if (!check) throw new HttpError(404, CHECK_NOT_FOUND);
    res.json({ result: ran.result, check } satisfies RunCheckResponse);
  });

  return router;
}
