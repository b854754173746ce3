import { startTestServer, type TestServer } from '../support/server.js';
import { jsonRequest, messageOf } from '../support/session.js';
import { eventually } from '../support/eventually.js';

/**
 * Feature flags (spec 1 §6, spec 3 §2.3) against the real server: flags the operator
 * sets with FEATURE_FLAGS are shown and read-only, flags made in the UI are written by those who
 * may, and `{feature}.disable` turns an area's data off and on without a restart.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    template: 'empty',
    env: { FEATURE_FLAGS: 'logs.disable=true,custom.flag=x' },
  });
});
afterAll(() => server?.stop());

const flags = async () => {
  const response = await server.fetch('api/db/properties?order=name.asc');
  expect(response.status).toBe(200);
  return (await response.json()) as { name: string; value: string; source: string }[];
};
const disabledFeatures = async () => (await (await server.fetch('api/auth/whoami')).json()).disabledFeatures;

/** Turns an area off as an administrator does on the flags page: a new `{area}.disable` flag. */
async function disableArea(area: string) {
  const response = await server.fetch(
    'api/db/properties',
    jsonRequest('POST', { name: `${area}.disable`, value: 'true' }),
  );
  expect(response.status).toBe(201);
}

/** Turns it on again: the flag set to false. */
async function enableArea(area: string) {
  const response = await server.fetch(
    `api/db/properties?name=eq.${area}.disable`,
    jsonRequest('PATCH', { value: 'false' }),
  );
  expect(response.status).toBe(204);
}

/** Waits until `path` is refused with `message` (the flag is read again within a moment). */
async function refusedSoon(path: string, message: string) {
  await eventually(async () => {
    const refused = await server.fetch(path);
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe(message);
  });
}

it("lists FEATURE_FLAGS as flags with source 'local'", async () => {
  expect(await flags()).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ name: 'custom.flag', value: 'x', source: 'local' }),
      expect.objectContaining({ name: 'logs.disable', value: 'true', source: 'local' }),
    ]),
  );
});

it.each([
  ['PATCH a local flag', 'api/db/properties?name=eq.logs.disable', 'PATCH', { value: 'false' }],
  ['PATCH every flag at once', 'api/db/properties?name=like.*', 'PATCH', { description: 'mine now' }],
  ['DELETE a local flag', 'api/db/properties?name=eq.custom.flag', 'DELETE', undefined],
  [
    "POST a flag with source 'local'",
    'api/db/properties',
    'POST',
    { name: 'sneaky.flag', value: '1', source: 'local' },
  ],
])('refuses to %s with 403', async (_case, path, method, body) => {
  const before = await flags();
  const response = await server.fetch(path, jsonRequest(method, body));
  expect(response.status).toBe(403);
  expect(await messageOf(response)).toBe('Cannot edit local feature flags');
  expect(await flags()).toEqual(before);
});

it.each(['admin', 'editor'] as const)('lets %s add, change and remove a flag', async (role) => {
  const name = `ui.flag.${role}`;
  const post = await server.fetch(
    'api/db/properties',
    jsonRequest('POST', { name, value: '1', description: 'd' }),
    role,
  );
  expect(post.status).toBe(201);
  const patch = await server.fetch(
    `api/db/properties?name=eq.${name}`,
    jsonRequest('PATCH', { value: '2' }),
    role,
  );
  expect(patch.status).toBe(204);
  expect((await flags()).find((flag) => flag.name === name)).toMatchObject({ value: '2', source: 'UI' });
  expect((await server.fetch(`api/db/properties?name=eq.${name}`, jsonRequest('DELETE'), role)).status).toBe(
    204,
  );
  expect((await flags()).map((flag) => flag.name)).not.toContain(name);
});

it('refuses a viewer any change to a flag', async () => {
  await server.fetch('api/db/properties', jsonRequest('POST', { name: 'ui.kept', value: '1' }));
  for (const [path, method, body] of [
    ['api/db/properties', 'POST', { name: 'ui.viewer', value: '1' }],
    ['api/db/properties?name=eq.ui.kept', 'PATCH', { value: '2' }],
    ['api/db/properties?name=eq.ui.kept', 'DELETE', undefined],
  ] as const) {
    const response = await server.fetch(path, jsonRequest(method, body), 'viewer');
    expect(response.status).toBe(403);
    expect(await messageOf(response)).toBe('You may not change feature_flags');
  }
  expect((await flags()).filter((flag) => flag.name.startsWith('ui.'))).toMatchObject([
    { name: 'ui.kept', value: '1' },
  ]);
});

it('turns off the area of a local flag: whoami lists it and its data is refused', async () => {
  expect(await disabledFeatures()).toContain('logs');
  const response = await server.fetch('api/db/logging_backends');
  expect(response.status).toBe(403);
  expect(await messageOf(response)).toBe('Logs is disabled');
});

it('turns incidents off and on again through the properties table, without a restart', async () => {
  expect((await server.fetch('api/db/incidents?limit=1')).status).toBe(200);
  await disableArea('incidents');
  expect(await disabledFeatures()).toContain('incidents');
  await refusedSoon('api/db/incidents?limit=1', 'Incidents is disabled');

  await enableArea('incidents');
  expect(await disabledFeatures()).not.toContain('incidents');
  await eventually(async () => expect((await server.fetch('api/db/incidents?limit=1')).status).toBe(200));
});

it("names rows' agents in every area while the agents area is off, and keeps the agents themselves refused", async () => {
  await disableArea('agents');
  await refusedSoon('api/db/agents?select=id', 'Agents is disabled');
  // The catalog list, the check drawer and the jobs page embed the agent's name.
  for (const path of [
    'api/db/configs?select=id,agent:agent_id(id,name)&limit=1',
    'api/db/canaries?select=id,agent:agent_id(id,name)&limit=1',
    'api/db/job_histories?select=id,agent:agent_id(id,name)&limit=1',
  ])
    expect({ path, status: (await server.fetch(path)).status }).toEqual({ path, status: 200 });
  // More of an agent than its name is the agents area's.
  const more = await server.fetch('api/db/configs?select=id,agent:agent_id(id,name,properties)&limit=1');
  expect(more.status).toBe(403);
  expect(await messageOf(more)).toBe('Agents is disabled');

  await enableArea('agents');
});
