/**
 * The teams' writes as the UI makes them, against the real server on both back ends: created with
 * source UI, renamed, soft-deleted; a duplicate name is a 409 that names it, a spec the responders
 * or notifications could not use a 422 with its path; GitOps teams are read-only; who may write;
 * and a deleted team is gone from the list, from new responders and from notification recipients.
 */
import { listRecipients } from '../../server/src/platform/notifications/engine/recipients.js';
import type { NotificationRule } from '../../server/src/platform/notifications/engine/match.js';
import { NAME_REQUIRED, nameTaken } from '../../server/src/platform/teams/rules.js';
import { availableBackends } from '../support/databases.js';
import { sqlOf, type Sql } from '../support/health-data.js';
import { jsonCaller } from '../support/json-call.js';
import { startTestServer, type Caller, type TestServer } from '../support/server.js';

describe.each(availableBackends())('teams API on %s', (backend) => {
  let server: TestServer;
  let sql: Sql;

  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'empty' });
    sql = sqlOf(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const call = jsonCaller(() => server);
  const create = async (fields: Record<string, unknown>, as: Caller = 'admin') => {
    const answer = await call('POST', 'api/db/teams', fields, as);
    return { ...answer, row: (Array.isArray(answer.body) ? answer.body[0] : answer.body) as Team };
  };
  const patch = (id: string, fields: Record<string, unknown>, as: Caller = 'admin') =>
    call('PATCH', `api/db/teams?id=eq.${id}`, fields, as);
  const liveNames = async () =>
    ((await call('GET', 'api/db/teams?deleted_at=is.null&order=name.asc')).body as Team[]).map((t) => t.name);

  interface Team {
    id: string;
    name: string;
    icon: string | null;
    spec: unknown;
    source: string;
    created_by: string | null;
    deleted_at: string | null;
  }

  it('creates a team with source UI and its creator, then renames it and changes its icon', async () => {
    const creator = await server.personFor('admin');
    const made = await create({
      name: 'Payments',
      icon: 'https://icons.example.com/pay.svg',
      source: 'UI',
      created_by: creator,
    });
    expect(made.status).toBe(201);
    expect(made.row).toMatchObject({ name: 'Payments', source: 'UI', created_by: creator, deleted_at: null });

    const renamed = await patch(made.row.id, { name: 'Billing', icon: 'data:image/png;base64,AAAA' });
    expect(renamed.status).toBeLessThan(300);
    const [row] = await sql<Team>(`select name, icon from teams where id = $1`, [made.row.id]);
    expect(row).toEqual({ name: 'Billing', icon: 'data:image/png;base64,AAAA' });
  });

  it('refuses a name a live team has, with 409 naming it, also on rename; a deleted team frees it', async () => {
    const first = await create({ name: 'Storage' });
    expect(first.status).toBe(201);
    expect(await create({ name: 'Storage' })).toMatchObject({
      status: 409,
      body: { message: nameTaken('Storage') },
    });
    const other = await create({ name: 'Network' });
    expect(await patch(other.row.id, { name: 'Storage' })).toMatchObject({
      status: 409,
      body: { message: nameTaken('Storage') },
    });
    // Saving a team under its own name is no clash.
    expect((await patch(first.row.id, { name: 'Storage', icon: null })).status).toBeLessThan(300);

    expect((await patch(first.row.id, { deleted_at: new Date().toISOString() })).status).toBeLessThan(300);
    expect((await create({ name: 'Storage' })).status).toBe(201);
  });

  it('refuses a team without a name', async () => {
    expect(await create({ name: '  ' })).toMatchObject({ status: 422, body: { message: NAME_REQUIRED } });
    expect(await create({ icon: 'x' })).toMatchObject({ status: 422, body: { message: NAME_REQUIRED } });
  });

  it('refuses a spec the responders or notifications could not use, with its path', async () => {
    const team = await create({ name: 'Spec checks' });
    const spec = async (value: unknown) => {
      const answer = await patch(team.row.id, { spec: value });
      return { status: answer.status, message: (answer.body as { message?: string } | undefined)?.message };
    };
    expect(await spec({ responder_clients: { jira: { values: { projekt: 'OPS' } } } })).toEqual({
      status: 422,
      message: "spec: responder_clients.jira.values: must NOT have additional property 'projekt'",
    });
    expect(await spec({ responder_clients: { pagerduty: {} } })).toEqual({
      status: 422,
      message: "spec: responder_clients: must NOT have additional property 'pagerduty'",
    });
    expect(await spec({ responder_clients: { jira: { linkUrl: 'javascript:alert(1)' } } })).toMatchObject({
      status: 422,
      message: expect.stringContaining('responder_clients.jira.linkUrl'),
    });
    expect(await spec({ notifications: [{ properties: {} }] })).toMatchObject({
      status: 422,
      message: expect.stringContaining('notifications[0]'),
    });
    const [row] = await sql<{ spec: unknown }>(`select spec from teams where id = $1`, [team.row.id]);
    expect(row!.spec).toEqual({});

    const good = {
      responder_clients: {
        jira: {
          connection: 'connection://default/jira',
          values: { project: 'OPS' },
          defaults: { priority: 'High', summary: '{{.incident.title}}' },
          linkUrl: 'https://acme.atlassian.net/browse/{{.external_id}}',
        },
      },
      notifications: [{ connection: 'connection://default/slack' }, { url: 'generic+https://hooks.example' }],
    };
    expect((await spec(good)).status).toBeLessThan(300);
  });

  it("marks a bad spec at its line for the editor, with the Team schema's message", async () => {
    const yaml = 'responder_clients:\n  jira:\n    defaults:\n      projekt: OPS\n';
    const answer = await call('POST', 'api/specs/teams/validate', { yaml });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        valid: false,
        errors: [
          {
            line: 4,
            path: '/responder_clients/jira/defaults/projekt',
            message: "responder_clients.jira.defaults: must NOT have additional property 'projekt'",
          },
        ],
      },
    });
    expect((await call('POST', 'api/specs/teams/validate', { yaml: 'notifications: []\n' })).body).toEqual({
      valid: true,
      errors: [],
    });
  });

  it('keeps GitOps teams read-only and refuses another source', async () => {
    const [row] = await sql<{ id: string }>(
      `insert into teams (name, source) values ('From Git', 'KubernetesCRD') returning id`,
    );
    expect(await patch(row!.id, { icon: 'x' })).toMatchObject({
      status: 409,
      body: { message: 'Cannot change team From Git: it comes from KubernetesCRD and is read-only here' },
    });
    expect(await patch(row!.id, { deleted_at: new Date().toISOString() })).toMatchObject({ status: 409 });
    expect((await create({ name: 'Sneaky', source: 'KubernetesCRD' })).status).toBe(422);
  });

  it('lets only those who write identities change teams', async () => {
    expect((await create({ name: 'By an editor' }, 'editor')).status).toBe(403);
    expect(await liveNames()).not.toContain('By an editor');
  });

  it('hides a deleted team from the list, from new responders and from notification recipients', async () => {
    const team = await create({
      name: 'Gone Soon',
      spec: { notifications: [{ connection: 'connection://default/slack' }] },
    });
    const rule = {
      team_id: team.row.id,
      person_id: null,
      custom_services: null,
    } as unknown as NotificationRule;
    expect((await listRecipients(server.db, rule))[0]).toMatchObject({ key: 'team:0' });

    expect((await patch(team.row.id, { deleted_at: new Date().toISOString() })).status).toBeLessThan(300);
    expect(await liveNames()).not.toContain('Gone Soon');
    expect(await listRecipients(server.db, rule)).toEqual([
      { key: 'team', recipient: 'a deleted team', personId: null },
    ]);

    const [incident] = await sql<{ id: string }>(
      `insert into incidents (title, type, severity, status) values ('Disk full', 'availability', 'high', 'open')
        returning id`,
    );
    const responder = await call('POST', 'api/db/responders', {
      incident_id: incident!.id,
      type: 'team',
      team_id: team.row.id,
    });
    expect(responder).toMatchObject({
      status: 422,
      body: { message: 'The team does not exist or was deleted' },
    });
  });
});
