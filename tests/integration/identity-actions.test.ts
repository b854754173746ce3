import { startTestServer, type TestServer } from '../support/server.js';
import { jsonRequest, messageOf } from '../support/session.js';

/**
 * whoami lists the actions a person may take (server/src/access/actions.ts), and the routes that
 * take one refuse it by the same rule. The expected lists are spec 1-3 §6 read role by role.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ template: 'empty' });
});
afterAll(() => server?.stop());

const actionsOf = async (role: 'admin' | 'viewer') =>
  (await (await server.fetch('api/auth/whoami', {}, role)).json()).actions as string[];

const NO_CHECK = 'ffffffff-ffff-4fff-bfff-ffffffffffff';

it('lists every action for an admin', async () => {
  expect(await actionsOf('admin')).toEqual([
    'checks.run',
    'playbooks.run',
    'playbooks.approve',
    'incidents.attach',
    'logs.view',
    'silences.delete',
    'agents.manage',
    'people.invite',
    'people.update',
    'people.assignRole',
    'people.delete',
    'settings.view',
  ]);
});

it('lists only viewing logs for a viewer, whom Run Now and the users routes refuse', async () => {
  expect(await actionsOf('viewer')).toEqual(['logs.view']);
  const run = await server.fetch(`api/canary/run/check/${NO_CHECK}`, jsonRequest('POST', {}), 'viewer');
  expect(run.status).toBe(403);
  expect(await messageOf(run)).toBe('You may not run checks');
  const invite = await server.fetch(
    'api/auth/invite_user',
    jsonRequest('POST', { firstName: 'A', lastName: 'B', email: 'a@b.io', role: 'viewer' }),
    'viewer',
  );
  expect(invite.status).toBe(403);
});

it('drops the actions of a feature that is turned off, and the route refuses them', async () => {
  const off = await server.fetch(
    'api/db/properties',
    jsonRequest('POST', { name: 'health.disable', value: 'true' }),
  );
  expect(off.status).toBe(201);
  try {
    const actions = await actionsOf('admin');
    expect(actions).not.toContain('checks.run');
    expect(actions).toContain('incidents.attach');
    const run = await server.fetch(`api/canary/run/check/${NO_CHECK}`, jsonRequest('POST', {}));
    expect(run.status).toBe(403);
    expect(await messageOf(run)).toBe('Health is disabled');
  } finally {
    await server.fetch('api/db/properties?name=eq.health.disable', jsonRequest('DELETE'));
  }
  expect(await actionsOf('admin')).toContain('checks.run');
});
