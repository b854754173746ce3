import { availableBackends } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { jsonRequest } from '../support/session.js';

/**
 * One read of the feature flags serves requests for a few seconds (5 s): a flag changed through
 * the API applies on the next request, and one changed by any other writer within moments.
 */

/** Well within the shared read's lifetime: only a notification can end it this soon. */
const SOON_MS = 1500;

describe.each(availableBackends())('the feature flag cache on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'empty' });
  });
  afterAll(() => server?.stop());

  const incidents = async () => (await server.fetch('api/db/incidents?limit=1')).status;

  it('applies a flag written through the API on the next request', async () => {
    expect(await incidents()).toBe(200);
    const post = await server.fetch(
      'api/db/properties',
      jsonRequest('POST', { name: 'incidents.disable', value: 'true' }),
    );
    expect(post.status).toBe(201);
    expect(await incidents()).toBe(403);
    const removed = await server.fetch('api/db/properties?name=eq.incidents.disable', jsonRequest('DELETE'));
    expect(removed.status).toBeLessThan(300);
    expect(await incidents()).toBe(200);
  });

  it('applies a flag another writer sets in the database within moments', async () => {
    expect(await incidents()).toBe(200);
    await server.db.query(`insert into properties (name, value) values ('incidents.disable', 'true')`);
    await eventually(async () => expect(await incidents()).toBe(403), SOON_MS);
    await server.db.query(`delete from properties where name = 'incidents.disable'`);
    await eventually(async () => expect(await incidents()).toBe(200), SOON_MS);
  });
});
