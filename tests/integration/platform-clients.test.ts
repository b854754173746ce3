/**
 * The platform's own clients against the console, unmodified (docs/api.md, "The platform's own
 * clients"): its web UI built in basic-auth mode signs in with POST /api/auth/login and reads
 * whoami's `payload`, its properties, tokens and the relations its screens load; scripts written
 * for it call with HTTP Basic credentials. Every call of tests/support/platform-ui-calls.ts is
 * replayed on the demo data.
 */
import type { PlatformWhoami, WhoamiAnswer } from '../../server/src/auth/whoami.js';
import { CSRF_MESSAGE } from '../../server/src/http/csrf.js';
import { grantsKnown } from '../support/grants.js';
import { PLATFORM_UI_CALLS, valueAt, type CallContext } from '../support/platform-ui-calls.js';
import { startTestServer, ADMIN_PASSWORD, type TestServer } from '../support/server.js';
import {
  createLocalUser,
  jsonRequest,
  LOCAL_USER_PASSWORD,
  messageOf,
  SessionClient,
} from '../support/session.js';

const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' };
const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ template: 'demo' });
});
afterAll(async () => {
  await server?.stop();
});

const json = async <T>(response: Response): Promise<T> => {
  expect(response.status).toBeLessThan(300);
  return (await response.json()) as T;
};
const get = <T>(path: string, as: Parameters<TestServer['fetch']>[2] = 'admin') =>
  server.fetch(path, undefined, as).then((response) => json<T>(response));

/** A session as the platform's UI holds one: signed in by POST /api/auth/login, no CSRF header. */
async function platformUiSession(username: string, password: string) {
  const session = new SessionClient(server);
  const response = await session.login(username, password);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ message: 'logged in', csrfToken: expect.any(String) });
  return {
    session,
    /** A request as the platform's axios sends it from the console's origin: JSON, no X-CSRF-Token. */
    send: (method: string, path: string, body?: unknown, headers: Record<string, string> = SAME_ORIGIN) => {
      const init = jsonRequest(method, body);
      return session.fetch(path, { ...init, headers: { ...init.headers, ...headers } }, { csrf: null });
    },
  };
}

describe('whoami', () => {
  it("answers in the platform's envelope beside the console's own fields", async () => {
    const whoami = await get<WhoamiAnswer>('api/auth/whoami');
    const adminId = await server.personFor('admin');
    expect(whoami).toMatchObject({
      message: 'success',
      payload: {
        user: { id: adminId, name: whoami.user.name },
        roles: ['admin'],
        permissions: [{ subject: adminId, object: '*', action: '*' }],
      },
      user: { id: adminId },
      roles: ['admin'],
      permissions: { identities: { read: true, write: true } },
      authMode: 'local',
      consoleUserId: adminId,
    });
    expect(Array.isArray(whoami.disabledFeatures)).toBe(true);
    expect(whoami.actions).toContain('people.invite');
    expect(Array.isArray(whoami.grants)).toBe(true);
  });

  it("lists a viewer's permissions per resource and action, with their grants and denies", async () => {
    const viewerId = await server.personFor('viewer');
    const { rows } = await server.db.query<{ id: string }>(`select id from configs order by name limit 1`);
    const configId = rows[0]!.id;
    await server.db.query(
      `insert into permissions (action, deny, config_id, object, person_id)
       values ('read', true, $1, null, $2), ('playbook:run', false, null, 'playbooks', $2)`,
      [configId, viewerId],
    );
    await grantsKnown(server, ['viewer']);
    const { payload } = await get<{ payload: PlatformWhoami }>('api/auth/whoami', 'viewer');
    expect(payload.roles).toEqual(['viewer']);
    const listed = payload.permissions.map(
      ({ object, action, deny }) => `${object} ${action}${deny ? ' deny' : ''}`,
    );
    expect(listed).toEqual(
      expect.arrayContaining([
        'canaries read',
        'incident read',
        `config:${configId} read deny`,
        'playbooks playbook:run',
      ]),
    );
    expect(listed).not.toContain('identities read');
    expect(listed.filter((entry) => /create|update|delete/.test(entry))).toEqual([]);
    expect(new Set(payload.permissions.map((permission) => permission.subject))).toEqual(new Set([viewerId]));
  });
});

describe('sign-in as the platform UI does it in its basic-auth mode', () => {
  beforeAll(async () => {
    await createLocalUser(server, 'pui-editor', 'editor');
  });

  it('signs in with JSON, then every call goes with the session cookie', async () => {
    const { session } = await platformUiSession('pui-editor', LOCAL_USER_PASSWORD);
    const whoami = await json<{ payload: PlatformWhoami }>(await session.fetch('api/auth/whoami'));
    expect(whoami.payload).toMatchObject({ user: { name: 'pui-editor Local' }, roles: ['editor'] });
  });

  it("answers a wrong password with the message the platform's login page shows", async () => {
    const response = await new SessionClient(server).login('pui-editor', 'not-the-password');
    expect(response.status).toBe(401);
    expect(await messageOf(response)).toBe('Wrong username or password.');
  });

  it('takes its writes without a CSRF header from its own origin, and refuses them from another site', async () => {
    const ui = await platformUiSession('pui-editor', LOCAL_USER_PASSWORD);
    const created = await ui.send('POST', 'api/auth/create_token', {
      name: 'from the platform UI',
      expiry: '720h',
    });
    expect(created.status).toBe(201);
    const elsewhere: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      {},
    ];
    for (const headers of elsewhere) {
      const refused = await ui.send('POST', 'api/auth/create_token', { name: 'forged' }, headers);
      expect(refused.status).toBe(403);
      expect(await messageOf(refused)).toBe(CSRF_MESSAGE);
    }
    const { rows } = await server.db.query(`select name from _api_tokens where name = 'forged'`);
    expect(rows).toEqual([]);
  });
});

describe('HTTP Basic credentials, as scripts written for the platform send them', () => {
  beforeAll(async () => {
    await createLocalUser(server, 'script-viewer', 'viewer');
    await createLocalUser(server, 'script-locked', 'viewer');
  });

  it('act as the local user on any /api call', async () => {
    const headers = { Authorization: basic('script-viewer', LOCAL_USER_PASSWORD) };
    const incidents = await fetch(server.at('api/db/incidents?select=id&limit=1'), { headers });
    expect(incidents.status).toBe(200);
    const whoami = await json<WhoamiAnswer>(await fetch(server.at('api/auth/whoami'), { headers }));
    expect(whoami.payload.roles).toEqual(['viewer']);
    const write = await fetch(server.at('api/db/incidents?id=eq.00000000-0000-0000-0000-000000000000'), {
      ...jsonRequest('PATCH', { title: 'no' }),
      headers: { ...headers, 'Content-Type': 'application/json' },
    });
    expect(write.status).toBe(403);
    expect(await messageOf(write)).toBe('You may not change incident');
  });

  it('refuse wrong credentials with 401, and lock the user after five failures', async () => {
    const call = (password: string) =>
      fetch(server.at('api/db/incidents?limit=1'), {
        headers: { Authorization: basic('script-locked', password) },
      });
    for (let attempt = 0; attempt < 5; attempt++) {
      const refused = await call('wrong-password');
      expect(refused.status).toBe(401);
      expect(await messageOf(refused)).toBe('Wrong username or password.');
    }
    const locked = await call(LOCAL_USER_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('sign a script in with POST /api/auth/login', async () => {
    const response = await fetch(server.at('api/auth/login'), {
      method: 'POST',
      headers: { Authorization: basic('admin', ADMIN_PASSWORD) },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ message: 'logged in' });
    expect(response.headers.getSetCookie().join()).toContain('ops_console_session=');
  });

  it('never act for a browser: its requests go with the session cookie', async () => {
    const headers = {
      Authorization: basic('script-viewer', LOCAL_USER_PASSWORD),
      'Sec-Fetch-Site': 'cross-site',
    };
    const response = await fetch(server.at('api/db/incidents?limit=1'), { headers });
    expect(response.status).toBe(401);
    expect(await messageOf(response)).toBe('Please sign in.');
  });

  it('refuse a state-changing request whose Origin is another site', async () => {
    const response = await fetch(server.at('api/auth/create_token'), {
      ...jsonRequest('POST', { name: 'forged by an old browser' }),
      headers: {
        Authorization: basic('script-viewer', LOCAL_USER_PASSWORD),
        'Content-Type': 'application/json',
        Origin: 'https://evil.example',
      },
    });
    expect(response.status).toBe(403);
    expect(await messageOf(response)).toBe(CSRF_MESSAGE);
  });

  it('leave a check webhook to its own token', async () => {
    const response = await fetch(server.at('api/canary/webhook/no-such-check'), {
      ...jsonRequest('POST', {}),
      headers: { Authorization: basic('not-a-user', 'whatever'), 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(404);
    expect(await messageOf(response)).toBe("No webhook check 'no-such-check'");
  });
});

describe('/api/properties', () => {
  it('lists the properties as the platform does, for every role', async () => {
    for (const role of ['admin', 'viewer'] as const) {
      const properties = await get<Record<string, string>[]>('api/properties', role);
      expect(properties).toEqual(
        expect.arrayContaining([
          {
            name: 'health.disable',
            value: expect.any(String),
            source: 'db',
            type: '',
            description: expect.any(String),
          },
        ]),
      );
      for (const property of properties) expect(['db', 'local']).toContain(property.source);
    }
  });
});

describe('API tokens as the platform lists, makes and deletes them', () => {
  it('makes one for a duration, lists it with its person, and deletes it by the platform’s path', async () => {
    const viewerId = await server.personFor('viewer');
    const made = await server.fetch(
      'api/auth/create_token',
      jsonRequest('POST', { name: 'agent-1', expiry: '30d' }),
      'viewer',
    );
    expect(made.status).toBe(201);
    const { payload, id } = (await made.json()) as { id: string; payload: { token: string } };
    expect(payload.token).toMatch(/^ocp_/);

    const listed = await get<{ message: string; payload: Record<string, unknown>[] }>(
      'api/auth/tokens',
      'viewer',
    );
    expect(listed.message).toBe('success');
    const token = listed.payload.find((row) => row.id === id)!;
    expect(token).toMatchObject({
      name: 'agent-1',
      person_id: viewerId,
      person: { id: viewerId, name: 'Viewer Tester', properties: {} },
      created_at: expect.any(String),
    });
    const days =
      (Date.parse(token.expires_at as string) - Date.parse(token.created_at as string)) / 86_400_000;
    expect(days).toBeCloseTo(30, 1);

    const deleted = await server.fetch(`api/auth/token/${id}`, { method: 'DELETE' }, 'viewer');
    expect(await json(deleted)).toEqual({ message: 'success' });
    const after = await get<{ payload: { id: string }[] }>('api/auth/tokens', 'viewer');
    expect(after.payload.map((row) => row.id)).not.toContain(id);
  });

  it('refuses an expiry that is neither a date nor a duration', async () => {
    const response = await server.fetch(
      'api/auth/create_token',
      jsonRequest('POST', { name: 'x', expiry: 'soon' }),
      'viewer',
    );
    expect(response.status).toBe(422);
    expect(await messageOf(response)).toBe('The token expiry is not a valid date or duration.');
  });
});

describe('the relations the platform UI reads', () => {
  it('people_roles: each person with the roles they act with, none meaning viewer', async () => {
    const [admin, viewer] = [await server.personFor('admin'), await server.personFor('viewer')];
    const { rows } = await server.db.query<{ id: string }>(
      `insert into people (name, email, roles) values ('No Roles', 'no.roles@example.com', '{}') returning id`,
    );
    const rolesOf = await get<{ id: string; roles: string[] }[]>(
      `api/db/people_roles?id=in.(${admin},${viewer},${rows[0]!.id})&select=id,roles&order=name.asc`,
    );
    expect(rolesOf).toEqual([
      { id: admin, roles: ['admin'] },
      { id: rows[0]!.id, roles: ['viewer'] },
      { id: viewer, roles: ['viewer'] },
    ]);
    const admins = await get<{ id: string }[]>('api/db/people_roles?roles=cs.{admin}&select=id');
    expect(admins.map((row) => row.id)).toContain(admin);
  });

  it('permissions_summary: each grant with its subject and resource named', async () => {
    const teamId = (await server.db.query<{ id: string }>(`select id from teams order by name limit 1`))
      .rows[0]!.id;
    const playbook = (
      await server.db.query<{ id: string; title: string | null; name: string }>(
        `select id, title, name from playbooks where deleted_at is null order by name limit 1`,
      )
    ).rows[0]!;
    const { rows } = await server.db.query<{ id: string }>(
      `insert into permissions (action, playbook_id, team_id, description)
       values ('playbook:run', $1, $2, 'the team runs it') returning id`,
      [playbook.id, teamId],
    );
    const [row] = await get<Record<string, unknown>[]>(
      `api/db/permissions_summary?id=eq.${rows[0]!.id}&select=*,created_by(id,name,avatar)&deleted_at=is.null`,
    );
    expect(row).toMatchObject({
      action: 'playbook:run',
      subject: teamId,
      subject_type: 'team',
      team: { id: teamId },
      person: null,
      playbook_object: { id: playbook.id, name: playbook.title ?? playbook.name },
      deny: false,
      deleted_at: null,
    });
    const byTeam = await get<{ id: string }[]>(`api/db/permissions_summary?team_id=eq.${teamId}&select=id`);
    expect(byTeam.map((grant) => grant.id)).toContain(rows[0]!.id);
  });

  it('playbook_names: the playbooks not deleted', async () => {
    const { rows } = await server.db.query<{ id: string; deleted: boolean }>(
      `select id, deleted_at is not null as deleted from playbooks`,
    );
    const names = await get<{ id: string }[]>(
      'api/db/playbook_names?select=id,name,title,icon,category&order=title.asc',
    );
    expect(names.map((row) => row.id).sort()).toEqual(
      rows
        .filter((row) => !row.deleted)
        .map((row) => row.id)
        .sort(),
    );
  });

  it('job_history_summary: the runs of each job name, kept as runs start, end and go', async () => {
    const name = 'platform-clients-job';
    const summary = () => get<Record<string, unknown>[]>(`api/db/job_history_summary?name=eq.${name}`);
    await server.db.query(
      `insert into job_histories (name, status, duration_millis, created_at) values
         ($1, 'SUCCESS', 100, '2024-01-01T00:00:00Z'), ($1, 'FAILED', 300, '2024-01-02T00:00:00Z'),
         ($1, 'STOPPED', null, '2024-01-03T00:00:00Z'), ($1, 'RUNNING', null, '2024-01-04T00:00:00Z')`,
      [name],
    );
    expect(await summary()).toEqual([
      {
        name,
        total: 4,
        running: 1,
        success: 1,
        warning: 0,
        failed: 1,
        stale: 0,
        skipped: 0,
        stopped: 1,
        last_run_at: '2024-01-04T00:00:00+00:00',
        average_duration: 200,
      },
    ]);
    await server.db.query(
      `update job_histories set status = 'WARNING', duration_millis = 500 where name = $1 and status = 'RUNNING'`,
      [name],
    );
    expect(await summary()).toEqual([
      expect.objectContaining({ running: 0, warning: 1, average_duration: 300 }),
    ]);
    await server.db.query(`delete from job_histories where name = $1 and created_at >= '2024-01-03'`, [name]);
    expect(await summary()).toEqual([
      expect.objectContaining({ total: 2, stopped: 0, warning: 0, last_run_at: '2024-01-02T00:00:00+00:00' }),
    ]);
    await server.db.query(`delete from job_histories where name = $1`, [name]);
    expect(await summary()).toEqual([]);
  });

  it('job_history_summary: a statement of many runs over several names, counted once per statement', async () => {
    const names = ['platform-clients-bulk-a', 'platform-clients-bulk-b'];
    const summary = () =>
      get<Record<string, unknown>[]>(
        `api/db/job_history_summary?name=in.(${names.join(',')})&order=name&select=name,total,success,failed,last_run_at`,
      );
    await server.db.query(
      `insert into job_histories (name, status, duration_millis, created_at)
       select ($1::text[])[1 + g % 2], case when g % 4 = 0 then 'FAILED' else 'SUCCESS' end, 10,
              timestamptz '2024-01-01T00:00:00Z' + make_interval(mins => g)
       from generate_series(1, 2000) g`,
      [names],
    );
    expect(await summary()).toEqual([
      { name: names[0], total: 1000, success: 500, failed: 500, last_run_at: '2024-01-02T09:20:00+00:00' },
      { name: names[1], total: 1000, success: 1000, failed: 0, last_run_at: '2024-01-02T09:19:00+00:00' },
    ]);
    // Runs move from one name to the other, and each name's newest runs go.
    await server.db.query(
      `update job_histories set name = $2, status = 'SUCCESS' where name = $1 and created_at < '2024-01-01T01:00:00Z'`,
      names,
    );
    await server.db.query(`update job_histories set details = '{}' where name = any($1)`, [names]);
    await server.db.query(
      `delete from job_histories where name = any($1) and created_at > '2024-01-02T00:00:00Z'`,
      [names],
    );
    expect(await summary()).toEqual([
      { name: names[0], total: 691, success: 345, failed: 346, last_run_at: '2024-01-02T00:00:00+00:00' },
      { name: names[1], total: 749, success: 749, failed: 0, last_run_at: '2024-01-01T23:59:00+00:00' },
    ]);
    // Per row, each run rewrote its name's counts: a statement of n runs cost n² row versions.
    const { rows } = await server.db.query<{ name: string; per_row: boolean }>(
      `select tgname as name, (tgtype & 1) = 1 as per_row from pg_trigger
       where tgrelid = 'job_histories'::regclass and tgname like 'job_histories_counts_%' order by tgname`,
    );
    expect(rows).toEqual(
      ['deleted', 'inserted', 'truncated', 'updated'].map((op) => ({
        name: `job_histories_counts_${op}`,
        per_row: false,
      })),
    );
    await server.db.query(`delete from job_histories where name = any($1)`, [names]);
    expect(await summary()).toEqual([]);
  });

  it('rpc get_parents_by_location: the ancestors of an item, root first', async () => {
    const { rows } = await server.db.query<{ id: string; path: string }>(
      `select id, path from configs where path like '%.%' and deleted_at is null order by name limit 1`,
    );
    const item = rows[0]!;
    const ancestors = item.path.split('.');
    const parents = await get<{ id: string; name: string; type: string }[]>(
      `api/db/rpc/get_parents_by_location?config_id=${item.id}`,
    );
    expect(parents.map((parent) => parent.id)).toEqual(ancestors);
    const parent = ancestors.at(-1)!;
    const { external_id: aliases } = (
      await server.db.query<{ external_id: string[] }>(`select external_id from configs where id = $1`, [
        parent,
      ])
    ).rows[0]!;
    const byAlias = (prefix: string) =>
      get<{ id: string }[]>(
        `api/db/rpc/get_parents_by_location?config_id=${item.id}&alias_prefix=${encodeURIComponent(prefix)}`,
      ).then((rows) => rows.map((row) => row.id));
    expect(await byAlias(aliases[0]!)).toContain(parent);
    expect(await byAlias('no-such-alias/')).toEqual([]);
    expect(
      await get('api/db/rpc/get_parents_by_location?config_id=00000000-0000-0000-0000-000000000000'),
    ).toEqual([]);
  });

  it('config_items: the catalog under the platform’s name, read-only', async () => {
    const [item] = await get<{ id: string; name: string }[]>(
      'api/db/config_items?select=id,name&order=name.asc&limit=1',
    );
    const [config] = await get<{ id: string; name: string }[]>(
      'api/db/configs?select=id,name&order=name.asc&limit=1',
    );
    expect(item).toEqual(config);
    const write = await server.fetch(
      `api/db/config_items?id=eq.${item!.id}`,
      jsonRequest('PATCH', { name: 'renamed' }),
    );
    expect(write.status).toBe(405);
  });

  it('refuses writes through the views that only read', async () => {
    for (const view of ['people_roles', 'playbook_names', 'permissions_summary', 'job_history_summary']) {
      const response = await server.fetch(
        `api/db/${view}?name=eq.nobody`,
        jsonRequest('PATCH', { name: 'x' }),
      );
      expect(response.status).toBe(405);
    }
  });
});

describe('access', () => {
  it.each([
    // The people and their emails.
    ['people_roles', /^You may not read identities$/],
    ['permission_subjects', /^You may not read identities$/],
  ])('refuses a viewer %s', async (relation, message) => {
    const response = await server.fetch(`api/db/${relation}?limit=1`, undefined, 'viewer');
    expect(response.status).toBe(403);
    expect(await messageOf(response)).toMatch(message);
  });

  it('lets a viewer read the grants, with no email and no connection but its id', async () => {
    const response = await server.fetch('api/db/permissions_summary?limit=50', undefined, 'viewer');
    expect(response.status).toBe(200);
    const rows = (await response.json()) as {
      person: Record<string, unknown> | null;
      connection_object: Record<string, unknown> | null;
    }[];
    expect(rows.some((row) => row.person)).toBe(true);
    for (const row of rows) {
      if (row.person) expect(Object.keys(row.person).sort()).toEqual(['avatar', 'id', 'name']);
      if (row.connection_object) expect(Object.keys(row.connection_object)).toEqual(['id']);
    }
  });

  it('lets a viewer read what every screen needs', async () => {
    for (const path of [
      'api/db/playbook_names?limit=1',
      'api/db/job_history_summary?limit=1',
      'api/db/views_summary',
      'api/properties',
      'api/canary/about',
    ])
      expect((await server.fetch(path, undefined, 'viewer')).status).toBe(200);
  });

  it("serves canary-checker's /db, where older builds read components, with the same guard", async () => {
    const path = 'components?select=id,name&order=name.asc&limit=5';
    const [old, current] = await Promise.all([get(`api/canary/db/${path}`), get(`api/db/${path}`)]);
    expect(old).toEqual(current);
    const refused = await server.fetch('api/canary/db/people_roles', undefined, 'viewer');
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe('You may not read identities');
  });

  it('asks for a sign-in before anything', async () => {
    for (const path of ['api/properties', 'api/db/people_roles', 'api/auth/tokens'])
      expect((await server.fetch(path, undefined, 'anonymous')).status).toBe(401);
  });
});

describe("the platform UI's calls as its screens load, on the demo data", () => {
  let context: CallContext;
  let ui: Awaited<ReturnType<typeof platformUiSession>>;
  beforeAll(async () => {
    ui = await platformUiSession('admin', ADMIN_PASSWORD);
    await ui.send('POST', 'api/auth/create_token', { name: 'listed on the tokens screen', expiry: '' });
    const { rows } = await server.db.query<{ id: string }>(
      `select id from configs where path like '%.%' and deleted_at is null order by name limit 1`,
    );
    context = { me: await server.personFor('admin'), configId: rows[0]!.id };
  });

  it.each(
    PLATFORM_UI_CALLS.map(
      (call) => [call.screen, `${call.method} ${call.path({ me: 'me', configId: 'id' })}`, call] as const,
    ),
  )('%s: %s', async (_screen, _label, call) => {
    const response = await ui.send(call.method, call.path(context), call.body, {
      ...SAME_ORIGIN,
      ...call.headers,
    });
    expect({ status: response.status, ok: response.status >= 200 && response.status < 300 }).toEqual({
      status: response.status,
      ok: true,
    });
    const answer: unknown = await response.json();
    const rows = call.in === 'object' ? (call.rowsAt ? valueAt(answer, call.rowsAt) : undefined) : answer;
    if (call.in === 'object' && !call.rowsAt) {
      for (const field of call.reads)
        expect({ field, value: valueAt(answer, field) }).not.toEqual({ field, value: undefined });
      return;
    }
    expect(Array.isArray(rows)).toBe(true);
    const list = rows as unknown[];
    if (!call.mayBeEmpty) expect(list.length).toBeGreaterThan(0);
    for (const row of list.slice(0, 5))
      for (const field of call.reads)
        expect({ field, value: valueAt(row, field) }).not.toEqual({ field, value: undefined });
  });
});
