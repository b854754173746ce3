/**
 * /api/catalog: the platform's catalog calls (docs/catalog-api.md). POST /summary groups the
 * items, POST /changes searches the changes. Both read the catalog: the catalog feature must be
 * on and the caller must read the catalog's resource; a malformed request is answered 422.
 */
import { Router } from 'express';
import { requireFeature, requirePermission, type FlagReader } from '../../access/guard.js';
import type { Db } from '../db/db.js';
import { changesQueryOf, findCatalogChanges } from './changes.js';
import { catalogSummary, summaryQueryOf } from './summary.js';

export function createCatalogRouter({ db, flags }: { db: Db; flags: FlagReader }): Router {
  const router = Router();
  router.use(requireFeature('config', flags), requirePermission('database', 'read'));

  router.post('/summary', async (req, res) => {
    const query = summaryQueryOf(req.body);
    res.json(await catalogSummary(db, query));
  });

  router.post('/changes', async (req, res) => {
    const query = changesQueryOf(req.body);
    res.json(await findCatalogChanges(db, query));
  });

  return router;
}
