import { loadGrants, type Grant } from '../../server/src/access/grants.js';
import type { Role } from '../../server/src/access/roles.js';
import type { Whoami } from '../../server/src/auth/whoami.js';
import { eventually } from './eventually.js';
import type { TestServer } from './server.js';

const sorted = (grants: readonly Grant[]) => grants.map((grant) => JSON.stringify(grant)).sort();

/**
 * Waits until the console knows the grants the database holds now for the people behind these
 * roles, after a write behind its back (direct SQL): it learns of such a change from the
 * database's notification, which may come after the next request (on PostgreSQL especially).
 * Read through whoami, which answers from the same grants the guard uses (an admin's denies,
 * which never bind them, are not listed).
 */
export async function grantsKnown(server: TestServer, roles: readonly Role[]): Promise<void> {
  await eventually(async () => {
    for (const role of roles) {
      const held = await loadGrants(server.db, await server.personFor(role));
      const binding = role === 'admin' ? held.filter((grant) => !grant.deny) : held;
      const whoami = (await (await server.fetch('api/auth/whoami', undefined, role)).json()) as Whoami;
      expect(sorted(whoami.grants)).toEqual(sorted(binding));
    }
  });
}
