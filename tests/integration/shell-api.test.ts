import { startTestServer, type TestServer } from '../support/server.js';

// The endpoints the console shell calls before any area is built: who is signed in, the
// backend version, and the kubeconfig download.
describe('shell endpoints', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ template: 'demo', env: { BASE_PATH: '/console/' } });
  });
  afterAll(() => server.stop());

  it('answers whoami with the first administrator, full permissions and no disabled features', async () => {
    const response = await server.fetch('api/auth/whoami');
    expect(response.status).toBe(200);
    const whoami = await response.json();
    expect(whoami.user).toMatchObject({ name: 'Admin' });
    expect(whoami.authMode).toBe('local');
    expect(whoami.roles).toEqual(['admin']);
    expect(whoami.permissions.connections).toEqual({ read: true, write: true });
    expect(Object.keys(whoami.permissions)).toHaveLength(21);
    expect(whoami.disabledFeatures).toEqual([]);
  });

  it('reports the features an administrator turned off through the properties table', async () => {
    const patch = await server.fetch('api/db/properties?name=eq.incidents.disable', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ value: 'true' }),
    });
    expect(patch.status).toBe(204);
    const whoami = await (await server.fetch('api/auth/whoami')).json();
    expect(whoami.disabledFeatures).toEqual(['incidents']);
  });

  it('answers the backend version from package.json', async () => {
    const response = await server.fetch('api/about');
    expect(await response.json()).toEqual({ Version: '1.0.800' });
  });

  it('says plainly why there is no kubeconfig while no cluster is connected', async () => {
    const response = await server.fetch('api/kubeconfig');
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe(
      'No Kubernetes cluster is connected to this console, so there is no kubeconfig to download.',
    );
  });

  it('accepts sign-out without a session', async () => {
    const response = await server.fetch('api/auth/logout', { method: 'POST' }, 'anonymous');
    expect(response.status).toBe(204);
  });
});
