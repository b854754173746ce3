import type { Feature } from '../../server/src/access/features.js';
import { eventually } from './eventually.js';
import type { TestServer } from './server.js';

/**
 * Turns a feature off (or back on) by writing its `{feature}.disable` row in the database, as
 * another writer would, and waits until the console knows: it learns of the change from the
 * database's notification, which may come after the next request (on PostgreSQL especially).
 * Read through whoami, which answers from the same flags the guard uses.
 */
export async function setFeatureBehindConsole(server: TestServer, feature: Feature, off: boolean) {
  const name = `${feature}.disable`;
  if (off) await server.db.query(`insert into properties (name, value) values ($1, 'true')`, [name]);
  else await server.db.query(`delete from properties where name = $1`, [name]);
  await eventually(async () => {
    const whoami = (await (await server.fetch('api/auth/whoami')).json()) as { disabledFeatures: Feature[] };
    expect(whoami.disabledFeatures.includes(feature)).toBe(off);
  });
}
