import type { Role } from '../../server/src/access/roles.js';
import type { Whoami } from '../../server/src/auth/whoami.js';
import { availableBackends } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { grantsKnown } from '../support/grants.js';
import { sqlOf, uniqueName, type Sql } from '../support/health-data.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { jsonRequest, messageOf } from '../support/session.js';
import { ACTION_REQUIRED, ONE_RESOURCE, ONE_SUBJECT } from '../../server/src/platform/permissions/rules.js';

/**
 * Grants and denies of the permissions table on the real server (docs/access.md, "Grants"):
 * per playbook run, per config read, through a team, expiry by `until`, and whoami listing what
 * is in force. Each process keeps them per person: a change through the API applies to the next
 * request; a change written behind the console's back (the SQL here) applies once the database's
 * notification arrives, which the tests wait for through whoami (grantsKnown).
 */
describe.each(availableBackends())('permission grants on %s', (backend) => {
  let server: TestServer;
  let sql: Sql;
  let viewer: string;
  let granted: string;
  let other: string;
  let hidden: string;
  let visible: string;
  let connection: string;
  let team: string;

  /** The roles whose people these tests give grants to. */
  const known = () => grantsKnown(server, ['viewer', 'editor', 'admin']);
  const call = (method: string, path: string, body?: unknown, as: Role = 'admin') =>
    server.fetch(path, jsonRequest(method, body), as);
  const run = (playbookId: string, as: Role = 'viewer') =>
    call('POST', 'api/playbook/run', { id: playbookId }, as);
  const grant = async (fields: Record<string, unknown>) => {
    const names = Object.keys(fields);
    const rows = await sql<{ id: string }>(
      `insert into permissions (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})
       returning id`,
      Object.values(fields),
    );
    await known();
    return rows[0]!.id;
  };
  /**
   * Runs fn with the database's announcements of grant changes off, so what it sees of the
   * console's own writes is the writing process forgetting its grants, not the notification.
   */
  const unannounced = async (fn: () => Promise<void>) => {
    const triggers = ['permissions permissions_grants_changes', 'team_members team_members_grants_changes'];
    for (const trigger of triggers) await sql(`alter table ${trigger.replace(' ', ' disable trigger ')}`);
    try {
      await fn();
    } finally {
      for (const trigger of triggers) await sql(`alter table ${trigger.replace(' ', ' enable trigger ')}`);
    }
  };
  /** A write behind the console's back, once the console knows of it. */
  const sqlKnown = async (text: string, params?: unknown[]) => {
    await sql(text, params);
    await known();
  };
  const configNames = async (as: Role) => {
    const response = await call(
      'GET',
      `api/db/configs?select=id&id=in.(${hidden},${visible})`,
      undefined,
      as,
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: string }[]).map((row) => row.id).sort();
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'empty', env: { PLAYBOOK_RUNNER_ENABLED: 'false' } });
    sql = sqlOf(server);
    viewer = await server.personFor('viewer');
    const playbook = async (name: string) =>
      (
        await sql<{ id: string }>(`insert into playbooks (name, spec) values ($1, $2::jsonb) returning id`, [
          uniqueName(name),
          JSON.stringify({ actions: [{ name: 'echo', exec: { script: 'echo hi' } }] }),
        ])
      )[0]!.id;
    granted = await playbook('granted');
    other = await playbook('other');
    const config = async (name: string) =>
      (
        await sql<{ id: string }>(
          `insert into configs (name, type) values ($1, 'Kubernetes::Pod') returning id`,
          [uniqueName(name)],
        )
      )[0]!.id;
    hidden = await config('hidden');
    visible = await config('visible');
    connection = (
      await sql<{ id: string }>(
        `insert into connections (name, type, url) values ($1, 'http', 'http://example.test') returning id`,
        [uniqueName('conn')],
      )
    )[0]!.id;
    team = (
      await sql<{ id: string }>(`insert into teams (name) values ($1) returning id`, [uniqueName('ops')])
    )[0]!.id;
  });
  afterAll(() => server?.stop());
  afterEach(() => sqlKnown('delete from permissions'));

  it('lets a viewer with playbook:run on one playbook run it and no other', async () => {
    expect((await run(granted)).status).toBe(403);
    await grant({ action: 'playbook:run', playbook_id: granted, person_id: viewer });
    expect((await run(granted)).status).toBe(201);
    const refused = await run(other);
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe('You may not change playbook_runs');
  });

  it('refuses a playbook to an editor denied it, and an admin never', async () => {
    const editor = await server.personFor('editor');
    await grant({ action: 'playbook:run', playbook_id: granted, person_id: editor, deny: true });
    const denied = await run(granted, 'editor');
    expect(denied.status).toBe(403);
    expect(await messageOf(denied)).toBe('You may not run this playbook');
    expect((await run(other, 'editor')).status).toBe(201);
    await grant({ action: '*', object: 'playbooks', person_id: await server.personFor('admin'), deny: true });
    expect((await run(granted, 'admin')).status).toBe(201);
    const admin = (await (await call('GET', 'api/auth/whoami', undefined, 'admin')).json()) as Whoami;
    expect(admin.grants).toEqual([]);
  });

  it('hides a denied config from a role that could read it, but not from an admin', async () => {
    expect(await configNames('viewer')).toEqual([hidden, visible].sort());
    await grant({ action: 'read', config_id: hidden, person_id: viewer, deny: true });
    expect(await configNames('viewer')).toEqual([visible]);
    expect(await configNames('admin')).toEqual([hidden, visible].sort());
    const counted = await call('GET', 'api/db/configs?select=id&id=eq.' + hidden, undefined, 'viewer');
    expect(await counted.json()).toEqual([]);
  });

  it('gives through a team', async () => {
    await sqlKnown('insert into team_members (team_id, person_id) values ($1, $2)', [team, viewer]);
    try {
      await grant({ action: 'playbook:run', playbook_id: granted, team_id: team });
      expect((await run(granted)).status).toBe(201);
      await sqlKnown('update teams set deleted_at = now() where id = $1', [team]);
      expect((await run(granted)).status).toBe(403);
    } finally {
      await sql('update teams set deleted_at = null where id = $1', [team]);
      await sqlKnown('delete from team_members where team_id = $1', [team]);
    }
  });

  it('stops applying once until has passed, with no restart and no write', async () => {
    const until = new Date(Date.now() + 5000).toISOString();
    const written = await call('POST', 'api/db/permissions', {
      action: 'playbook:run',
      playbook_id: granted,
      person_id: viewer,
      until,
    });
    expect(written.status).toBe(201);
    expect((await run(granted)).status).toBe(201);
    await eventually(async () => expect((await run(granted)).status).toBe(403));
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(until));
    const whoami = (await (await call('GET', 'api/auth/whoami', undefined, 'viewer')).json()) as Whoami;
    expect(whoami.grants).toEqual([]);
  });

  it('applies a grant written through the API to the very next request', async () => {
    const grants = 'api/db/permissions';
    await unannounced(async () => {
      for (let round = 0; round < 3; round++) {
        expect((await run(granted)).status).toBe(403);
        const posted = await call(
          'POST',
          grants,
          { action: 'playbook:run', playbook_id: granted, person_id: viewer },
          'admin',
        );
        expect(posted.status).toBe(201);
        expect((await run(granted)).status).toBe(201);
        const denied = await call('PATCH', `api/db/permissions?playbook_id=eq.${granted}`, { deny: true });
        expect(denied.status).toBe(204);
        expect((await run(granted)).status).toBe(403);
        await call('PATCH', `api/db/permissions?playbook_id=eq.${granted}`, { deny: false });
        expect((await run(granted)).status).toBe(201);
        const removed = await call('DELETE', `api/db/permissions?playbook_id=eq.${granted}`);
        expect(removed.status).toBe(204);
      }
      expect((await run(granted)).status).toBe(403);
    });
  });

  it("stops a grant removed behind the console's back once whoami no longer lists it", async () => {
    await grant({ action: 'playbook:run', playbook_id: granted, person_id: viewer });
    expect((await run(granted)).status).toBe(201);
    await sql('delete from permissions where playbook_id = $1', [granted]);
    await eventually(async () => {
      const whoami = (await (await call('GET', 'api/auth/whoami', undefined, 'viewer')).json()) as Whoami;
      expect(whoami.grants).toEqual([]);
    });
    expect((await run(granted)).status).toBe(403);
  });

  it('follows team membership, through the API at once and behind its back once known', async () => {
    await grant({ action: 'playbook:run', playbook_id: granted, team_id: team });
    const membership = `api/db/team_members?team_id=eq.${team}&person_id=eq.${viewer}`;
    try {
      await unannounced(async () => {
        expect((await run(granted)).status).toBe(403);
        const joined = await call('POST', 'api/db/team_members', { team_id: team, person_id: viewer });
        expect(joined.status).toBe(201);
        expect((await run(granted)).status).toBe(201);
        expect((await call('DELETE', membership)).status).toBe(204);
        expect((await run(granted)).status).toBe(403);
      });
      await sqlKnown('insert into team_members (team_id, person_id) values ($1, $2)', [team, viewer]);
      expect((await run(granted)).status).toBe(201);
      await sqlKnown('delete from team_members where team_id = $1', [team]);
      expect((await run(granted)).status).toBe(403);
    } finally {
      await sqlKnown('delete from team_members where team_id = $1', [team]);
    }
  });

  it("reads a person's grants once for many requests, and again after a change", async () => {
    await grant({ action: 'read', object: 'catalog', person_id: viewer });
    const db = server.db as { query: typeof server.db.query };
    const query = db.query;
    let reads = 0;
    db.query = ((text: string, params?: readonly unknown[]) => {
      if (text.includes('from permissions')) reads++;
      return query.call(server.db, text, params);
    }) as typeof query;
    try {
      for (let i = 0; i < 20; i++) expect(await configNames('viewer')).toHaveLength(2);
      expect(reads).toBeLessThanOrEqual(1);
      await call('PATCH', `api/db/permissions?person_id=eq.${viewer}`, { description: 'changed' });
      reads = 0;
      await configNames('viewer');
      expect(reads).toBe(1);
    } finally {
      db.query = query;
    }
  });

  it('lets a viewer read one connection granted to them, and only that one', async () => {
    expect((await call('GET', 'api/db/connections?select=id,name', undefined, 'viewer')).status).toBe(403);
    await grant({ action: 'read', connection_id: connection, person_id: viewer });
    const response = await call('GET', 'api/db/connections?select=id', undefined, 'viewer');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ id: connection }]);
  });

  it('lists the effective grants in whoami, the team ones included', async () => {
    await sqlKnown('insert into team_members (team_id, person_id) values ($1, $2)', [team, viewer]);
    try {
      await grant({ action: 'playbook:run', playbook_id: granted, person_id: viewer });
      await grant({ action: 'read', config_id: hidden, team_id: team, deny: true });
      await grant({ action: 'read', object: 'connection', person_id: viewer });
      await grant({
        action: 'read',
        object: 'catalog',
        person_id: viewer,
        until: new Date(Date.now() - 1000).toISOString(),
      });
      const whoami = (await (await call('GET', 'api/auth/whoami', undefined, 'viewer')).json()) as Whoami;
      expect(whoami.grants).toEqual(
        expect.arrayContaining([
          { action: 'playbook:run', kind: 'playbook', id: granted, deny: false },
          { action: 'read', kind: 'config', id: hidden, deny: true },
          { action: 'read', kind: 'object', id: 'connection', deny: false },
        ]),
      );
      expect(whoami.grants).toHaveLength(3);
      expect(whoami.permissions.connections.read).toBe(true);
    } finally {
      await sqlKnown('delete from team_members where team_id = $1', [team]);
    }
  });

  describe('single-row writes of components', () => {
    const component = async (name: string) =>
      (
        await sql<{ id: string }>(`insert into components (name, type) values ($1, 'Service') returning id`, [
          uniqueName(name),
        ])
      )[0]!.id;
    const describeComponent = (id: string, as: Role) =>
      call('PATCH', `api/db/components?id=eq.${id}`, { description: `changed by ${as}` }, as);
    const descriptionOf = async (id: string) =>
      (
        await sql<{ description: string | null }>(`select description from components where id = $1`, [id])
      )[0]!.description;

    it('lets a viewer update the one component granted to them, and no other', async () => {
      const mine = await component('mine');
      const theirs = await component('theirs');
      expect((await describeComponent(mine, 'viewer')).status).toBe(403);
      await grant({ action: 'update', component_id: mine, person_id: viewer });
      expect((await describeComponent(mine, 'viewer')).status).toBe(204);
      expect(await descriptionOf(mine)).toBe('changed by viewer');
      const refused = await describeComponent(theirs, 'viewer');
      expect(refused.status).toBe(403);
      expect(await descriptionOf(theirs)).toBeNull();
      // A filter reaching beyond the granted row is refused whole: nothing is written.
      const wide = await call(
        'PATCH',
        `api/db/components?id=in.(${mine},${theirs})`,
        { description: 'both' },
        'viewer',
      );
      expect(wide.status).toBe(403);
      expect(await messageOf(wide)).toBe('You may not update this component');
      expect(await descriptionOf(mine)).toBe('changed by viewer');
    });

    it('refuses an update or delete denied on one component to an editor, never to an admin', async () => {
      const editor = await server.personFor('editor');
      const guarded = await component('guarded');
      const open = await component('open');
      await grant({ action: 'update', component_id: guarded, person_id: editor, deny: true });
      await grant({ action: 'delete', component_id: guarded, person_id: editor, deny: true });
      const refused = await describeComponent(guarded, 'editor');
      expect(refused.status).toBe(403);
      expect(await messageOf(refused)).toBe('You may not update this component');
      expect((await describeComponent(open, 'editor')).status).toBe(204);
      const deleted = await call('DELETE', `api/db/components?id=eq.${guarded}`, undefined, 'editor');
      expect(deleted.status).toBe(403);
      expect(await messageOf(deleted)).toBe('You may not delete this component');
      expect(await sql(`select id from components where id = $1`, [guarded])).toHaveLength(1);
      await grant({
        action: '*',
        component_id: guarded,
        person_id: await server.personFor('admin'),
        deny: true,
      });
      expect((await describeComponent(guarded, 'admin')).status).toBe(204);
    });
  });

  describe('writes through /api/db', () => {
    const post = (body: unknown) =>
      call('POST', 'api/db/permissions', body, 'admin').then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }));

    it('takes exactly one resource and one subject, an action of the list, and names the writer', async () => {
      const admin = await server.personFor('admin');
      const base = { action: 'playbook:run', playbook_id: granted, person_id: viewer };
      expect(await post({ ...base, config_id: hidden })).toMatchObject({
        status: 422,
        body: { message: ONE_RESOURCE },
      });
      expect(await post({ action: 'read', person_id: viewer })).toMatchObject({
        status: 422,
        body: { message: ONE_RESOURCE },
      });
      expect(await post({ ...base, team_id: team })).toMatchObject({
        status: 422,
        body: { message: ONE_SUBJECT },
      });
      expect(await post({ ...base, action: 'run' })).toMatchObject({
        status: 422,
        body: { message: ACTION_REQUIRED },
      });
      const response = await call('POST', 'api/db/permissions', { ...base, created_by: viewer }, 'admin');
      expect(response.status).toBe(201);
      const [row] = await sql<{ id: string; created_by: string; source: string }>(
        'select id, created_by, source from permissions',
      );
      expect(row).toMatchObject({ created_by: admin, source: 'UI' });
      const patched = await call(
        'PATCH',
        `api/db/permissions?id=eq.${row!.id}`,
        { deny: true, updated_by: viewer },
        'admin',
      );
      expect(patched.status).toBe(204);
      expect(await sql('select updated_by, deny from permissions')).toEqual([
        { updated_by: admin, deny: true },
      ]);
      const moved = await call('PATCH', `api/db/permissions?id=eq.${row!.id}`, { team_id: team }, 'admin');
      expect(moved.status).toBe(422);
      expect((await call('DELETE', `api/db/permissions?id=eq.${row!.id}`, undefined, 'admin')).status).toBe(
        204,
      );
      expect(await sql('select id from permissions')).toEqual([]);
    });

    it('keeps GitOps permissions read-only, and refuses writers without write on permissions', async () => {
      const id = await grant({
        action: 'read',
        object: 'catalog',
        person_id: viewer,
        source: 'KubernetesCRD',
      });
      const refused = await call('PATCH', `api/db/permissions?id=eq.${id}`, { deny: true }, 'admin');
      expect(refused.status).toBe(409);
      expect((await call('DELETE', `api/db/permissions?id=eq.${id}`, undefined, 'admin')).status).toBe(409);
      const viewerPost = await call(
        'POST',
        'api/db/permissions',
        { action: 'read', object: 'catalog', person_id: viewer },
        'viewer',
      );
      expect(viewerPost.status).toBe(403);
    });
  });
});
