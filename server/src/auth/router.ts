import { Router } from 'express';
import { disabledFeatures } from '../access/features.js';
import { effectiveRoles, permissionsFor } from '../access/roles.js';
import type { Db } from '../platform/db/db.js';
import type { Whoami } from './whoami.js';

/**
 * Until sign-in exists (the identity issue), every request acts as this built-in
 * administrator: the console has no users to tell apart yet.
 */
export const LOCAL_ADMIN = {
  id: '00000000-0000-0000-0000-000000000001',
  name: 'Local Admin',
  email: null,
  avatar: null,
  roles: ['admin'],
} as const;

async function readFlags(db: Db): Promise<Map<string, string>> {
  const { rows } = await db.query<{ name: string; value: string }>(
    `select name, value from properties where name like '%.disable'`,
  );
  return new Map(rows.map((row) => [row.name, row.value]));
}

/** /api/auth: who the caller is and what they may do. */
export function createAuthRouter({ db }: { db: Db }): Router {
  const router = Router();

  router.get('/whoami', async (_req, res) => {
    const { roles, ...user } = LOCAL_ADMIN;
    const body: Whoami = {
      user,
      roles: effectiveRoles(roles),
      permissions: permissionsFor(roles),
      disabledFeatures: disabledFeatures(await readFlags(db)),
    };
    res.json(body);
  });

  // Nothing to end while there are no sessions; the UI goes to the sign-in page after this.
  router.post('/logout', (_req, res) => {
    res.status(204).end();
  });

  return router;
}
