import type { Role } from '../../server/src/access/roles.js';
import { startTestServer, type TestServer } from '../support/server.js';
import {
  createLocalUser,
  jsonRequest,
  LOCAL_USER_PASSWORD,
  messageOf,
  SessionClient,
  sha256,
  signIn,
  withToken,
} from '../support/session.js';

/**
 * What people do with their accounts, against the real server in local mode: personal
 * API tokens, changing a password, invitations, and the users page's list, edit and delete.
 */

const NO_ROW = 'ffffffff-ffff-4fff-bfff-ffffffffffff';
const BAD_TOKEN = 'The API token is not valid, was revoked or has expired.';
const INVITE_INVALID = 'This invite link is not valid or has expired.';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ template: 'empty', env: { BASE_PATH: '/console/' } });
});
afterAll(() => server?.stop());

describe('API tokens', () => {
  let viewer: SessionClient;
  let viewerId: string;
  beforeAll(async () => {
    viewerId = await createLocalUser(server, 'vic', 'viewer');
    viewer = await signIn(server, 'vic', LOCAL_USER_PASSWORD);
  });

  const createToken = async (body: unknown) => {
    const response = await viewer.send('POST', 'api/auth/create_token', body);
    expect(response.status).toBe(201);
    return (await response.json()) as { id: string; token: string; name: string; expiresAt: string | null };
  };

  it("shows a new token once, stores only its sha256, and lets it act with its owner's roles", async () => {
    const created = await createToken({ name: 'ci script' });
    expect(created).toEqual({
      id: expect.any(String),
      token: expect.stringMatching(/^ocp_/),
      name: 'ci script',
      expiresAt: null,
      message: 'success',
      payload: { token: created.token },
    });
    const stored = await server.db.query(`select token_hash from _api_tokens where id = $1`, [created.id]);
    expect(stored.rows).toEqual([{ token_hash: sha256(created.token) }]);

    const whoami = await withToken(server, created.token, 'api/auth/whoami');
    expect(await whoami.json()).toMatchObject({ user: { id: viewerId }, roles: ['viewer'] });
    expect((await withToken(server, created.token, 'api/db/incidents?limit=1')).status).toBe(200);
    const patch = await withToken(
      server,
      created.token,
      `api/db/incidents?id=eq.${NO_ROW}`,
      jsonRequest('PATCH', { description: 'not allowed' }),
    );
    expect(patch.status).toBe(403);
    expect(await messageOf(patch)).toBe('You may not change incident');

    const list = await viewer.fetch('api/auth/tokens');
    const text = await list.text();
    expect(text).not.toContain(created.token);
    const { payload } = JSON.parse(text) as { payload: Record<string, unknown>[] };
    expect(payload).toEqual([
      expect.objectContaining({
        id: created.id,
        name: 'ci script',
        createdAt: expect.any(String),
        expiresAt: null,
        lastUsedAt: expect.any(String),
      }),
    ]);
  });

  it('revokes a token: 204, then its requests get 401', async () => {
    const { id, token } = await createToken({ name: 'to revoke' });
    expect((await withToken(server, token, 'api/auth/whoami')).status).toBe(200);
    expect((await viewer.send('DELETE', `api/auth/tokens/${id}`)).status).toBe(204);
    const refused = await withToken(server, token, 'api/auth/whoami');
    expect(refused.status).toBe(401);
    expect(await messageOf(refused)).toBe(BAD_TOKEN);
    const listed = (await (await viewer.fetch('api/auth/tokens')).json()) as { payload: { name: string }[] };
    expect(listed.payload.map((listedToken) => listedToken.name)).not.toContain('to revoke');
  });

  it('takes an expiry in the future, refuses one in the past with 422, and stops an expired token', async () => {
    const past = await viewer.send('POST', 'api/auth/create_token', {
      name: 'old',
      expiry: '2001-01-01T00:00:00Z',
    });
    expect(past.status).toBe(422);
    expect(await messageOf(past)).toBe('The token expiry must be in the future.');

    const expiry = new Date(Date.now() + 86_400_000).toISOString();
    const { id, token, expiresAt } = await createToken({ name: 'expiring', expiry });
    expect(expiresAt).toBe(expiry);
    expect((await withToken(server, token, 'api/auth/whoami')).status).toBe(200);
    await server.db.query(`update _api_tokens set expires_at = now() - interval '1 second' where id = $1`, [
      id,
    ]);
    expect((await withToken(server, token, 'api/auth/whoami')).status).toBe(401);
  });

  it("answers 404 for another person's token and leaves it working", async () => {
    const adminToken = await server.tokenFor('admin');
    const { rows } = await server.db.query<{ id: string }>(
      `select id from _api_tokens where token_hash = $1`,
      [sha256(adminToken)],
    );
    const response = await viewer.send('DELETE', `api/auth/tokens/${rows[0]!.id}`);
    expect(response.status).toBe(404);
    expect(await messageOf(response)).toBe('You have no such API token.');
    expect((await server.fetch('api/auth/whoami')).status).toBe(200);
  });

  it.each([`ocp_${'x'.repeat(43)}`, 'not-a-token'])('answers the Bearer token %s with 401', async (token) => {
    const response = await withToken(server, token, 'api/db/checks');
    expect(response.status).toBe(401);
    expect(await messageOf(response)).toBe(BAD_TOKEN);
  });
});

it('changes a password: the current one must be right, and every other session ends', async () => {
  await createLocalUser(server, 'cora', 'editor');
  const mine = await signIn(server, 'cora', LOCAL_USER_PASSWORD);
  const other = await signIn(server, 'cora', LOCAL_USER_PASSWORD);
  const change = (currentPassword: string, newPassword: string) =>
    mine.send('POST', 'api/auth/change_password', { currentPassword, newPassword });

  const wrong = await change('not-the-password', 'new-password-1');
  expect(wrong.status).toBe(422);
  expect(await messageOf(wrong)).toBe('The current password is not correct.');
  const short = await change(LOCAL_USER_PASSWORD, 'short');
  expect(short.status).toBe(422);
  expect(await messageOf(short)).toBe('The password must be at least 8 characters long.');

  expect((await change(LOCAL_USER_PASSWORD, 'new-password-1')).status).toBe(204);
  expect((await other.fetch('api/auth/whoami')).status).toBe(401);
  expect((await mine.fetch('api/auth/whoami')).status).toBe(200);
  expect((await new SessionClient(server).login('cora', LOCAL_USER_PASSWORD)).status).toBe(401);
  expect((await new SessionClient(server).login('cora', 'new-password-1')).status).toBe(200);
});

describe('invitations and users', () => {
  const form = { firstName: 'Ina', lastName: 'Vite', email: 'ina.vite@example.com', role: 'responder' };
  const invite = (body: unknown, as: Role = 'admin') =>
    server.fetch('api/auth/invite_user', jsonRequest('POST', body), as);
  const anonymously = (path: string, body: unknown) =>
    server.fetch(path, jsonRequest('POST', body), 'anonymous');
  const tokenOf = (link: string) => link.split('#')[1]!;
  const listUsers = async () => (await (await server.fetch('api/people/users')).json()) as { id: string }[];
  let link: string;
  let invitedId: string;
  let invited: SessionClient;

  it('invites a user: 201 with a link to share, the token in its fragment', async () => {
    const response = await invite(form);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.link).toMatch(new RegExp(`^${server.at('invite')}#[A-Za-z0-9_-]{20,}$`));
    expect(body.user).toEqual({
      id: expect.any(String),
      traits: { name: { first: 'Ina', last: 'Vite' }, email: form.email },
      roles: ['responder'],
      state: 'active',
      created_at: expect.any(String),
    });
    link = body.link;
    invitedId = body.user.id;
  });

  it.each([
    [{ firstName: '' }, 'Please provide valid first name'],
    [{ firstName: '   ' }, 'Please provide valid first name'],
    [{ lastName: undefined }, 'Please provide valid last name'],
    [{ email: '' }, 'Please provide valid email'],
    [{ email: 'not-an-email' }, 'Entered value does not match email format'],
    [{ email: 'two@at@example.com' }, 'Entered value does not match email format'],
    [{ role: '' }, 'Please select any role'],
    [{ role: 'root' }, 'Please select any role'],
  ])('refuses %j with 422 and the text of spec 3 §5', async (change, message) => {
    const response = await invite({ ...form, email: 'never.created@example.com', ...change });
    expect(response.status).toBe(422);
    expect(await messageOf(response)).toBe(message);
    const { rows } = await server.db.query(`select 1 from people where email = 'never.created@example.com'`);
    expect(rows).toEqual([]);
  });

  it('refuses an email that is taken (in any case) with 409, and an editor with 403', async () => {
    const taken = await invite({ ...form, email: 'INA.Vite@example.com' });
    expect(taken.status).toBe(409);
    expect(await messageOf(taken)).toBe('A user with the email INA.Vite@example.com already exists.');
    const editor = await invite({ ...form, email: 'by.editor@example.com' }, 'editor');
    expect(editor.status).toBe(403);
    expect(await messageOf(editor)).toBe('You may not change identities');
  });

  it('shows the invitation to whoever has the link, and keeps it through a refused password', async () => {
    const lookup = await anonymously('api/auth/invite/lookup', { token: tokenOf(link) });
    expect(lookup.status).toBe(200);
    expect(await lookup.json()).toEqual({
      firstName: 'Ina',
      lastName: 'Vite',
      email: form.email,
      mode: 'local',
    });

    const short = await anonymously('api/auth/invite/accept', { token: tokenOf(link), password: 'short' });
    expect(short.status).toBe(422);
    expect(await messageOf(short)).toBe('The password must be at least 8 characters long.');
    expect((await anonymously('api/auth/invite/lookup', { token: tokenOf(link) })).status).toBe(200);
  });

  it('accepts the invitation once, signed in with the invited role; then the email signs in', async () => {
    invited = new SessionClient(server);
    const accepted = await invited.send('POST', 'api/auth/invite/accept', {
      token: tokenOf(link),
      password: 'ina-password',
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ csrfToken: invited.csrfToken });
    expect(await (await invited.fetch('api/auth/whoami')).json()).toMatchObject({
      user: { id: invitedId, name: 'Ina Vite', email: form.email },
      roles: ['responder'],
    });

    for (const path of ['api/auth/invite/accept', 'api/auth/invite/lookup']) {
      const again = await anonymously(path, { token: tokenOf(link), password: 'other-password' });
      expect(again.status).toBe(404);
      expect(await messageOf(again)).toBe(INVITE_INVALID);
    }
    expect((await new SessionClient(server).login(form.email, 'ina-password')).status).toBe(200);
  });

  it('lists users to admins and editors, not to responders or viewers', async () => {
    expect((await listUsers()).find((user) => user.id === invitedId)).toEqual({
      id: invitedId,
      traits: { name: { first: 'Ina', last: 'Vite' }, email: form.email },
      roles: ['responder'],
      state: 'active',
      created_at: expect.any(String),
    });
    expect((await server.fetch('api/people/users', {}, 'editor')).status).toBe(200);
    for (const role of ['responder', 'viewer'] as const) {
      const refused = await server.fetch('api/people/users', {}, role);
      expect(refused.status).toBe(403);
      expect(await messageOf(refused)).toBe('You may not read identities');
    }
  });

  it("edits a user's name, email and role; deactivating them ends their sessions and tokens", async () => {
    const changes = {
      firstName: 'Ina',
      lastName: 'Changed',
      email: 'ina.changed@example.com',
      role: 'editor',
    };
    const edit = (active: boolean) =>
      server.fetch(`api/people/users/${invitedId}`, jsonRequest('PATCH', { ...changes, active }));
    const created = await invited.send('POST', 'api/auth/create_token', { name: 'mine' });
    const { token } = (await created.json()) as { token: string };

    const edited = await edit(true);
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      traits: { name: { first: 'Ina', last: 'Changed' }, email: 'ina.changed@example.com' },
      roles: ['editor'],
      state: 'active',
    });
    expect(await (await invited.fetch('api/auth/whoami')).json()).toMatchObject({
      user: { name: 'Ina Changed', email: 'ina.changed@example.com' },
      roles: ['editor'],
    });
    // An invited person signs in with their email: the new one, no longer the old one.
    expect((await new SessionClient(server).login('ina.changed@example.com', 'ina-password')).status).toBe(
      200,
    );
    expect((await new SessionClient(server).login(form.email, 'ina-password')).status).toBe(401);
    const byEditor = await server.fetch(
      `api/people/users/${invitedId}`,
      jsonRequest('PATCH', changes),
      'editor',
    );
    expect(byEditor.status).toBe(403);
    expect(await messageOf(byEditor)).toBe('You may not change identities');

    const deactivated = await edit(false);
    expect(deactivated.status).toBe(200);
    expect((await deactivated.json()).state).toBe('inactive');
    expect((await invited.fetch('api/auth/whoami')).status).toBe(401);
    expect((await withToken(server, token, 'api/auth/whoami')).status).toBe(401);
  });

  it("stops a deactivated person's open invitation", async () => {
    const created = await invite({ ...form, email: 'dora.deact@example.com' });
    const { link: open, user } = (await created.json()) as { link: string; user: { id: string } };
    const deactivate = await server.fetch(
      `api/people/users/${user.id}`,
      jsonRequest('PATCH', { ...form, email: 'dora.deact@example.com', active: false }),
    );
    expect(deactivate.status).toBe(200);
    for (const path of ['api/auth/invite/lookup', 'api/auth/invite/accept']) {
      const refused = await anonymously(path, { token: tokenOf(open), password: 'dora-password' });
      expect(refused.status).toBe(404);
    }
  });

  it('does not let an administrator deactivate, demote or delete themselves', async () => {
    const adminId = await server.personFor('admin');
    const self = { firstName: 'Admin', lastName: 'User', email: 'admin@example.com' };
    for (const change of [
      { role: 'admin', active: false },
      { role: 'editor', active: true },
    ]) {
      const response = await server.fetch(
        `api/people/users/${adminId}`,
        jsonRequest('PATCH', { ...self, ...change }),
      );
      expect(response.status).toBe(409);
      expect(await messageOf(response)).toBe('You cannot remove your own admin role or deactivate yourself.');
    }
    const deleted = await server.fetch(`api/people/users/${adminId}`, jsonRequest('DELETE'));
    expect(deleted.status).toBe(409);
    expect(await messageOf(deleted)).toBe('You cannot delete your own user.');
    expect(await (await server.fetch('api/auth/whoami')).json()).toMatchObject({ roles: ['admin'] });
  });

  it('deletes a user: their session ends, they cannot sign in, are not listed, and can be invited again', async () => {
    const dora = { firstName: 'Dora', lastName: 'Gone', email: 'dora.gone@example.com', role: 'viewer' };
    const first = await (await invite(dora)).json();
    const session = new SessionClient(server);
    const accept = (link: string) =>
      session.send('POST', 'api/auth/invite/accept', { token: tokenOf(link), password: 'dora-password' });
    expect((await accept(first.link)).status).toBe(200);
    const remove = (as: Role = 'admin') =>
      server.fetch(`api/people/users/${first.user.id}`, jsonRequest('DELETE'), as);
    expect((await remove('editor')).status).toBe(403);

    expect((await remove()).status).toBe(204);
    expect((await session.fetch('api/auth/whoami')).status).toBe(401);
    expect((await new SessionClient(server).login(dora.email, 'dora-password')).status).toBe(401);
    expect((await listUsers()).map((user) => user.id)).not.toContain(first.user.id);
    expect((await remove()).status).toBe(404);

    const again = await invite(dora);
    expect(again.status).toBe(201);
    const second = await again.json();
    expect(second.user.id).not.toBe(first.user.id);
    expect((await accept(second.link)).status).toBe(200);
    expect((await (await session.fetch('api/auth/whoami')).json()).user.id).toBe(second.user.id);
  });
});
