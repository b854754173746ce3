/**
 * GET /api/canary/api/topology (spec 3 §7): the topology page's components, as the platform's
 * canary API answers them. Mounted on /canary before the health area's router, which would
 * otherwise ask for read on canaries and the health feature; this route needs read on
 * topologies and the topology feature, and answers only its own path.
 */
import { Router } from 'express';
import { requireFeature, requirePermission, type FlagReader } from '../../access/guard.js';
import { sendWhole } from '../../http/send.js';
import type { Db } from '../db/db.js';
import { readTopologyQuery } from './options.js';
import { queryTopologyJson } from './query.js';

export function createTopologyRouter({ db, flags }: { db: Db; flags: FlagReader }): Router {
  const router = Router();
  const guards = [requirePermission('topologies', 'read'), requireFeature('topology', flags)];
  router.get('/api/topology', ...guards, async (req, res) => {
    const options = readTopologyQuery(req.query);
    sendWhole(req, res.type('application/json'), await queryTopologyJson(db, options));
  });
  return router;
}
