import { startServer, type RunningServer } from '../../server/src/server.js';
import { availableBackends } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/server.js';
import {
  createLocalUser,
  LOCAL_USER_PASSWORD,
  SessionClient,
  signIn,
  withToken,
} from '../support/session.js';

/**
 * Who a session or a token acts for is cached for a few seconds: every change that refuses a
 * sign-in or changes a person's roles still applies on the next request, whoever made it.
 */

const createToken = async (session: SessionClient) => {
  const response = await session.send('POST', 'api/auth/create_token', { name: 'cached' });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; token: string };
};

/** Well within the cache's lifetime (5 s): only a notification can end an entry this soon. */
const SOON_MS = 1500;

/** Two requests, so the second is answered from the cache. */
const warm = async (use: () => Promise<Response>) => {
  for (let i = 0; i < 2; i++) expect((await use()).status).toBe(200);
};

describe.each(availableBackends())('the sign-in cache on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'empty' });
  });
  afterAll(() => server?.stop());

  it('refuses a signed-out session and a revoked token on the next request', async () => {
    await createLocalUser(server, `out-${backend}`, 'viewer');
    const session = await signIn(server, `out-${backend}`, LOCAL_USER_PASSWORD);
    const { id, token } = await createToken(session);
    await warm(() => withToken(server, token, 'api/about'));
    expect((await session.send('DELETE', `api/auth/tokens/${id}`)).status).toBe(204);
    expect((await withToken(server, token, 'api/about')).status).toBe(401);

    const cookies = session.cookies;
    await warm(() => session.fetch('api/about'));
    expect((await session.send('POST', 'api/auth/logout')).status).toBe(204);
    expect((await new SessionClient(server, cookies).fetch('api/about')).status).toBe(401);
  });

  it("applies a role change and a deactivation on the person's next request", async () => {
    const personId = await createLocalUser(server, `edit-${backend}`, 'editor');
    const person = await signIn(server, `edit-${backend}`, LOCAL_USER_PASSWORD);
    const admin = await signIn(server, 'admin', ADMIN_PASSWORD);
    const rolesOf = async () =>
      ((await (await person.fetch('api/auth/whoami')).json()) as { roles: string[] }).roles;
    await warm(() => person.fetch('api/auth/whoami'));
    expect(await rolesOf()).toEqual(['editor']);

    const edit = (role: string, active: boolean) =>
      admin.send('PATCH', `api/people/users/${personId}`, {
        firstName: 'Edit',
        lastName: 'Local',
        email: `edit-${backend}@example.com`,
        role,
        active,
      });
    expect((await edit('viewer', true)).status).toBe(200);
    expect(await rolesOf()).toEqual(['viewer']);
    expect((await edit('viewer', false)).status).toBe(200);
    expect((await person.fetch('api/auth/whoami')).status).toBe(401);
  });

  it('follows a change another writer makes in the database, within moments', async () => {
    const personId = await createLocalUser(server, `other-${backend}`, 'editor');
    const person = await signIn(server, `other-${backend}`, LOCAL_USER_PASSWORD);
    await warm(() => person.fetch('api/about'));
    await server.db.query(`update people set deleted_at = now() where id = $1`, [personId]);
    await eventually(async () => expect((await person.fetch('api/about')).status).toBe(401), SOON_MS);
  });
});

const onPostgres = availableBackends().includes('postgres') ? describe : describe.skip;

onPostgres('the sign-in cache across two replicas on PostgreSQL', () => {
  let a: TestServer;
  let b: RunningServer;
  beforeAll(async () => {
    a = await startTestServer({ backend: 'postgres', template: 'empty' });
    b = await startServer(a.config);
  });
  afterAll(async () => {
    await b?.close();
    await a?.stop();
  });

  it('refuses on replica B a session signed out and a token revoked on replica A', async () => {
    const onB = { at: (path: string) => new URL(path, `http://127.0.0.1:${b.port}/`).href };
    await createLocalUser(a, 'replica', 'viewer');
    const session = await signIn(a, 'replica', LOCAL_USER_PASSWORD);
    const { id, token } = await createToken(session);
    const cookies = session.cookies;
    const onReplicaB = new SessionClient(onB, cookies);
    await warm(() => onReplicaB.fetch('api/about'));
    await warm(() => withToken(onB, token, 'api/about'));

    expect((await session.send('DELETE', `api/auth/tokens/${id}`)).status).toBe(204);
    await eventually(
      async () => expect((await withToken(onB, token, 'api/about')).status).toBe(401),
      SOON_MS,
    );
    expect((await session.send('POST', 'api/auth/logout')).status).toBe(204);
    await eventually(async () => expect((await onReplicaB.fetch('api/about')).status).toBe(401), SOON_MS);
  });
});
