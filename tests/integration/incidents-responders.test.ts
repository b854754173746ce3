import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { availableBackends } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { sqlOf, type Sql } from '../support/health-data.js';
import { startTestServer, type Caller, type TestServer } from '../support/server.js';

/**
 * Team responders delivered to their external system (spec 2 §2-§7), against the real server on
 * both back ends: the email responder's message reaches a real SMTP server started here
 * (smtp-server), and the ticket systems are a local HTTP stand-in that records what it is sent,
 * since the real Jira and ServiceNow cannot run in a test. Also the responder calls of §7 as the
 * UI makes them, and the refusals.
 */

interface Recorded {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/** A stand-in for Jira and ServiceNow: records every request and answers as `answer` says. */
async function startTicketStandIn(
  answer: (request: Recorded, seen: Recorded[]) => { status: number; body: unknown },
) {
  const seen: Recorded[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      const request: Recorded = {
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      seen.push(request);
      const { status, body } = answer(request, seen);
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A real SMTP server that keeps every message it accepts (envelope and raw text). */
async function startSmtpPeer() {
  const messages: { from: string; to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const JIRA_TOKEN = 'jira-api-token-not-to-be-seen';
const SNOW_PASSWORD = 'servicenow-password-not-to-be-seen';

interface ResponderRow {
  id: string;
  type: string;
  external_id: string | null;
  properties: Record<string, unknown>;
  delivery_status: string | null;
  delivery_attempts: number;
  delivery_error: string | null;
  deleted_at: string | null;
}

describe.each(availableBackends())('incident responders on %s', (backend) => {
  let server: TestServer;
  let sql: Sql;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let jira: Awaited<ReturnType<typeof startTicketStandIn>>;
  let snow: Awaited<ReturnType<typeof startTicketStandIn>>;
  let incident: { id: string; incident_id: string };
  let teamId: string;
  let emptyTeamId: string;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    jira = await startTicketStandIn((request) =>
      request.path === '/rest/api/2/issue'
        ? { status: 201, body: { id: '10001', key: 'OPS-1', self: `${jira.url}/rest/api/2/issue/10001` } }
        : { status: 404, body: {} },
    );
    // Down for the first try (echoing what it was sent, as some proxies do), up for the next.
    snow = await startTicketStandIn((request, seen) =>
      seen.length === 1
        ? { status: 503, body: { error: `service unavailable; you sent ${request.authorization}` } }
        : { status: 201, body: { result: { number: 'INC0010001', sys_id: 'a1b2c3' } } },
    );
    server = await startTestServer({ backend, template: 'empty' });
    sql = sqlOf(server);
    await sql(
      `insert into connections (name, type, url, username, password, properties) values
        ('mail', 'email', $1, null, null, '{"fromName": "Ops Console", "encryptionMethod": "None"}'),
        ('jira', 'http', $2, 'bot@acme.example', $3, '{}'),
        ('snow', 'http', $4, 'ops', $5, '{}')`,
      [`smtp://127.0.0.1:${smtp.port}/?from=ops@acme.example`, jira.url, JIRA_TOKEN, snow.url, SNOW_PASSWORD],
    );
    const spec = {
      responder_clients: {
        email: {
          connection: 'connection://mail',
          defaults: { to: 'oncall@acme.example', subject: '[{{.incident.severity}}] {{.incident.title}}' },
        },
        jira: {
          connection: 'connection://default/jira',
          values: { project: 'OPS', issueType: 'Incident' },
          defaults: { priority: 'High' },
          linkUrl: 'https://acme.atlassian.net/browse/{{.external_id}}',
        },
        service_now: { connection: 'connection://snow', values: { category: 'Network' } },
      },
    };
    teamId = (
      await sql<{ id: string }>(`insert into teams (name, spec) values ('Platform', $1) returning id`, [spec])
    )[0]!.id;
    emptyTeamId = (await sql<{ id: string }>(`insert into teams (name) values ('Nobody') returning id`))[0]!
      .id;
    incident = (
      await sql<{ id: string; incident_id: string }>(
        `insert into incidents (title, severity) values ('Checkout is down', 'high') returning id, incident_id`,
      )
    )[0]!;
  });
  afterAll(async () => {
    await server?.stop();
    await Promise.all([smtp?.close(), jira?.close(), snow?.close()]);
  });

  const post = (body: unknown, as: Caller = 'responder') =>
    server.fetch(
      'api/db/responders?select=*',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
        body: JSON.stringify(body),
      },
      as,
    );
  const added = async (body: Record<string, unknown>): Promise<ResponderRow> => {
    const response = await post({
      incident_id: incident.id,
      created_by: await server.personFor('responder'),
      ...body,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as ResponderRow[])[0]!;
  };
  const row = async (id: string) =>
    (await sql<ResponderRow>(`select * from responders where id = $1`, [id]))[0]!;

  it('sends the email responder through the SMTP connection with the template fields filled', async () => {
    const responder = await added({
      type: 'email',
      team_id: teamId,
      properties: {
        responderType: 'email',
        to: 'oncall@acme.example',
        subject: `[high] Checkout is down`,
        body: `Please look at ${incident.incident_id}: payments fail since 10:02.`,
      },
    });
    expect(responder.delivery_status).toBe('pending');
    const message = await eventually(async () => {
      expect(smtp.messages).toHaveLength(1);
      return smtp.messages[0]!;
    });
    expect(message.from).toBe('ops@acme.example');
    expect(message.to).toEqual(['oncall@acme.example']);
    expect(message.raw).toContain('Subject: [high] Checkout is down');
    expect(message.raw).toContain(`Please look at ${incident.incident_id}: payments fail since 10:02.`);
    expect(message.raw).toContain('From: Ops Console <ops@acme.example>');
    const delivered = await eventually(async () => {
      const now = await row(responder.id);
      expect(now.delivery_status).toBe('sent');
      return now;
    });
    expect(delivered.external_id).toMatch(/@/);
    expect(delivered.delivery_error).toBeNull();
  });

  it('fills the placeholders a responder still holds (one added without the form) from the incident', async () => {
    // An incident rule writes straight to the database, with the configuration's templates as they are.
    const [{ id }] = (await sql<{ id: string }>(
      `insert into responders (incident_id, type, team_id, properties) values ($1, 'system', $2, $3) returning id`,
      [
        incident.id,
        teamId,
        {
          responderType: 'email',
          to: 'sre@acme.example',
          subject: '[{{.incident.severity}}] {{.incident.title}}',
          body: '{{.incident.incident_id}} needs you',
        },
      ],
    )) as [{ id: string }];
    const message = await eventually(async () => {
      const found = smtp.messages.find((m) => m.to.includes('sre@acme.example'));
      expect(found).toBeDefined();
      return found!;
    });
    expect(message.raw).toContain('Subject: [high] Checkout is down');
    expect(message.raw).toContain(`${incident.incident_id} needs you`);
    await eventually(async () => expect((await row(id)).delivery_status).toBe('sent'));
  });

  it("creates the Jira issue through the connection's URL and stores its key as the external id", async () => {
    const responder = await added({
      type: 'jira',
      team_id: teamId,
      properties: {
        responderType: 'jira',
        project: 'OPS',
        issueType: 'Incident',
        summary: 'Checkout is down',
        description: 'Payments fail',
        priority: 'High',
      },
    });
    const delivered = await eventually(async () => {
      const now = await row(responder.id);
      expect(now.external_id).toBe('OPS-1');
      return now;
    });
    expect(delivered.delivery_status).toBe('sent');
    expect(jira.seen).toHaveLength(1);
    expect(jira.seen[0]).toEqual({
      method: 'POST',
      path: '/rest/api/2/issue',
      authorization: `Basic ${Buffer.from(`bot@acme.example:${JIRA_TOKEN}`).toString('base64')}`,
      body: {
        fields: {
          project: { key: 'OPS' },
          issuetype: { name: 'Incident' },
          summary: 'Checkout is down',
          description: 'Payments fail',
          priority: { name: 'High' },
        },
      },
    });
  });

  it('records the error of a failed delivery without its secrets, and tries again', async () => {
    const responder = await added({
      type: 'service_now',
      team_id: teamId,
      properties: {
        responderType: 'service_now',
        category: 'Network',
        description: 'Checkout is down',
        body: 'Payments fail',
      },
    });
    const failed = await eventually(async () => {
      const now = await row(responder.id);
      expect(now.delivery_error).not.toBeNull();
      return now;
    });
    expect(failed.delivery_error).toContain('ServiceNow answered 503');
    expect(failed.delivery_error).not.toContain(SNOW_PASSWORD);
    expect(failed.delivery_error).not.toContain(Buffer.from(`ops:${SNOW_PASSWORD}`).toString('base64'));
    const delivered = await eventually(async () => {
      const now = await row(responder.id);
      expect(now.delivery_status).toBe('sent');
      return now;
    });
    expect(delivered).toMatchObject({
      external_id: 'INC0010001',
      delivery_attempts: 2,
      delivery_error: null,
    });
    expect(snow.seen).toHaveLength(2);
    expect(snow.seen[1]).toMatchObject({
      path: '/api/now/table/incident',
      body: { short_description: 'Checkout is down', description: 'Payments fail', category: 'Network' },
    });
  });

  it('fails at once, without retries, a responder whose configuration names nowhere to deliver', async () => {
    const team = (
      await sql<{ id: string }>(`insert into teams (name, spec) values ('Loose', $1) returning id`, [
        { responder_clients: { email: { defaults: { to: 'x@acme.example' } } } },
      ])
    )[0]!.id;
    const responder = await added({
      type: 'email',
      team_id: team,
      properties: { responderType: 'email', to: 'x@acme.example', subject: 's', body: 'b' },
    });
    const failed = await eventually(async () => {
      const now = await row(responder.id);
      expect(now.delivery_status).toBe('failed');
      return now;
    });
    expect(failed).toMatchObject({
      delivery_attempts: 1,
      delivery_error: 'the email responder configuration names no connection or url',
    });
  });

  it("adds a team with the 'None' choice (type team, no responder type) and queues nothing for it", async () => {
    // The wizard's 'None' carries no fields, and a team need not configure anything to be chosen.
    for (const team of [teamId, emptyTeamId]) {
      const responder = await added({ type: 'team', team_id: team, properties: {} });
      expect(responder).toMatchObject({ type: 'team', external_id: null, delivery_status: null });
      expect(await row(responder.id)).toMatchObject({ delivery_status: null, delivery_attempts: 0 });
    }
    const pending = await sql<{ n: number }>(
      `select count(*)::int as n from responders where type = 'team' and delivery_status is not null`,
    );
    expect(pending[0]!.n).toBe(0);
  });

  it('queues nothing for history: a responder with its external id, or created long ago', async () => {
    const rows = await sql<{ delivery_status: string | null }>(
      `insert into responders (incident_id, type, team_id, external_id, properties, created_at) values
         ($1, 'jira', $2, 'OPS-9', '{"responderType": "jira"}', now()),
         ($1, 'email', $2, null, '{"responderType": "email"}', now() - interval '3 days')
       returning delivery_status`,
      [incident.id, teamId],
    );
    expect(rows).toEqual([{ delivery_status: null }, { delivery_status: null }]);
  });

  it('answers the responder calls of the incident page as listed, and soft-deletes', async () => {
    const personId = await server.personFor('commander');
    const person = await added({
      type: 'person',
      person_id: personId,
      properties: { responderType: 'person' },
    });
    expect(person.delivery_status).toBeNull();
    const list = await server.fetch(
      `api/db/responders?incident_id=eq.${incident.id}&select=*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)&deleted_at=is.null`,
      {},
      'viewer',
    );
    expect(list.status).toBe(200);
    const rows = (await list.json()) as (ResponderRow & {
      team: { name: string } | null;
      person: { name: string } | null;
    })[];
    expect(rows.find((r) => r.id === person.id)).toMatchObject({
      team: null,
      person: { name: 'Commander Tester' },
    });
    expect(rows.filter((r) => r.team?.name === 'Platform').length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(rows)).not.toContain(JIRA_TOKEN);

    const removed = await server.fetch(
      `api/db/responders?id=eq.${person.id}`,
      {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ deleted_at: new Date().toISOString() }),
      },
      'responder',
    );
    expect(removed.status).toBe(204);
    const after = (await (
      await server.fetch(`api/db/responders?incident_id=eq.${incident.id}&select=id&deleted_at=is.null`)
    ).json()) as { id: string }[];
    expect(after.map((r) => r.id)).not.toContain(person.id);
    expect((await row(person.id)).deleted_at).not.toBeNull();
  });

  it('refuses viewers, empty template fields, unconfigured types, changed fixed values and queue columns', async () => {
    const count = async () => (await sql<{ n: number }>(`select count(*)::int as n from responders`))[0]!.n;
    const before = await count();
    const jiraFields = {
      responderType: 'jira',
      project: 'OPS',
      issueType: 'Incident',
      summary: 's',
      description: 'd',
      priority: 'High',
    };
    const viewer = await post(
      { incident_id: incident.id, type: 'system', team_id: teamId, properties: jiraFields },
      'viewer',
    );
    expect(viewer.status).toBe(403);

    const refusal = async (body: Record<string, unknown>) => {
      const response = await post({ incident_id: incident.id, type: 'system', team_id: teamId, ...body });
      expect(response.status).toBe(422);
      return (await response.json()) as { message: string; details: string | null };
    };
    expect(await refusal({ properties: { ...jiraFields, summary: ' ' } })).toMatchObject({
      message: 'Please provide valid value',
      details: 'Jira: summary',
    });
    expect((await refusal({ properties: {} })).message).toBe(
      'A team responder needs its responder type (properties.responderType)',
    );
    expect((await refusal({ type: 'team', team_id: null, properties: {} })).message).toBe(
      'A responder needs a team (team_id) or a person (person_id)',
    );
    expect((await refusal({ team_id: emptyTeamId, properties: jiraFields })).message).toBe(
      'The team Nobody has no responder configuration for Jira',
    );
    expect((await refusal({ properties: { ...jiraFields, project: 'FIN' } })).message).toBe(
      "project is fixed to 'OPS' by the team's responder configuration",
    );
    expect((await refusal({ properties: jiraFields, delivery_status: 'sent' })).message).toBe(
      "delivery_status is written by the console's delivery of the responder",
    );
    expect(await count()).toBe(before);
  });
});
