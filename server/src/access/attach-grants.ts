import type { RequestHandler } from 'express';
import type { GrantCache } from './grant-cache.js';
import { inForce, withGrants } from './grants.js';

/**
 * After sign-in: the caller's grants (kept per person, grant-cache.ts), those still in force
 * applied to their permissions, so every guard, and whoami, decide with them.
 */
export function attachGrants(grants: Pick<GrantCache, 'get'>): RequestHandler {
  return (req, _res, next) => {
    const user = req.user;
    if (!user) return next();
    grants.get(user.id).then((all) => {
      const current = inForce(all);
      req.user = {
        ...user,
        grants: current,
        permissions: withGrants(user.permissions, user.roles, current),
      };
      next();
    }, next);
  };
}
