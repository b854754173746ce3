/**
 * GET /api/properties: the properties (feature flags and settings) as the platform lists them for
 * its own clients, which read their flags from it on every page; the console's UI reads the same
 * rows through /api/db/properties and its disabled features from whoami.
 */
import { Router } from 'express';
import { requirePermission } from '../../access/guard.js';
import type { Db } from '../db/db.js';

/** One property as the platform lists it: `local` for those set in the server's settings, else `db`. */
export interface PlatformProperty {
  name: string;
  value: string;
  source: 'local' | 'db';
  type: string;
  description: string;
}

export function createPropertiesRouter({ db }: { db: Db }): Router {
  const router = Router();
  router.get('/', requirePermission('feature_flags', 'read'), async (_req, res) => {
    const { rows } = await db.query<PlatformProperty>(
      `select name, value, case when source = 'local' then 'local' else 'db' end as source,
         '' as type, coalesce(description, '') as description
       from properties order by name`,
    );
    res.json(rows);
  });
  return router;
}
