import { RESOURCE_OF } from '../../server/src/access/resource-map.js';
import { permissionsFor } from '../../server/src/access/roles.js';
import { availableBackends } from '../support/databases.js';
import { sqlOf, uniqueName, type Sql } from '../support/health-data.js';
import { startTestServer, type Caller, type TestServer } from '../support/server.js';

/**
 * Nothing a client can read carries a write-only value or a person's email it may not read:
 * not the errors of writes that break the database's rules (whose own details repeat the row),
 * not a view that shows people.
 */

interface ErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

const PASSWORD = 'pw-hunter2-never-shown';
const CERTIFICATE = '-----BEGIN PRIVATE KEY----- never shown';
const NO_PERSON = 'ffffffff-ffff-4fff-bfff-ffffffffffff';

describe.each(availableBackends())('hardening: secrets and emails (%s)', (backend) => {
  let server: TestServer;
  let sql: Sql;

  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'demo' });
    sql = sqlOf(server);
  });
  afterAll(() => server?.stop());

  const call = async (method: string, path: string, body?: unknown, as: Caller = 'admin') => {
    const init: RequestInit = {
      method,
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
    };
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await server.fetch(`api/db/${path}`, init, as);
    return { status: response.status, text: await response.text() };
  };

  const expectHealthy = async () => expect((await fetch(server.at('healthz'))).status).toBe(200);

  describe('a write to connections that breaks a rule, with a password and a certificate', () => {
    let existing: { id: string; name: string };
    beforeAll(async () => {
      existing = { id: '', name: uniqueName('warehouse') };
      const created = await call('POST', 'connections', {
        name: existing.name,
        type: 'postgres',
        password: PASSWORD,
        certificate: CERTIFICATE,
      });
      expect(created.status).toBe(201);
      existing.id = (JSON.parse(created.text) as { id: string }[])[0]!.id;
    });

    const secrets = { password: PASSWORD, certificate: CERTIFICATE };
    const cases: [string, string, () => string, Record<string, unknown>, number, string, RegExp][] = [
      ['unique', 'POST', () => 'connections', { type: 'postgres' }, 409, '23505', /same namespace and name/],
      // Connections' write rules (connections/rules.ts) refuse these before the database does.
      [
        'required',
        'POST',
        () => 'connections',
        { name: null, type: 'postgres' },
        422,
        'PGRST422',
        /^Name is required$/,
      ],
      [
        'required',
        'PATCH',
        () => `connections?id=eq.${existing.id}`,
        { type: null },
        422,
        'PGRST422',
        /^Type is required/,
      ],
      [
        'type',
        'POST',
        () => 'connections',
        { name: 'x', type: 'telex' },
        422,
        'PGRST422',
        /^Type 'telex' is not one of/,
      ],
      [
        'type',
        'PATCH',
        () => `connections?id=eq.${existing.id}`,
        { type: 'telex' },
        422,
        'PGRST422',
        /^Type 'telex'/,
      ],
      [
        'foreign key',
        'PATCH',
        () => `connections?id=eq.${existing.id}`,
        { created_by: NO_PERSON },
        409,
        '23503',
        /created_by refers to a row of people/,
      ],
      [
        'not a uuid',
        'PATCH',
        () => `connections?id=eq.${existing.id}`,
        { created_by: PASSWORD },
        400,
        '22P02',
        /uuid/,
      ],
      [
        'not a boolean',
        'POST',
        () => 'connections',
        { name: 'x', type: 'http', insecure_tls: PASSWORD },
        400,
        '22P02',
        /boolean/,
      ],
      [
        'not a time',
        'PATCH',
        () => `connections?id=eq.${existing.id}`,
        { created_at: CERTIFICATE },
        400,
        '22007',
        /timestamp/,
      ],
    ];

    it.each(cases)('%s (%s) answers a JSON message without the secrets', async (...testCase) => {
      const [, method, path, body, status, code, message] = testCase;
      const row = { name: existing.name, ...body, ...secrets };
      const answer = await call(method, path(), row);
      expect(answer.status).toBe(status);
      const error = JSON.parse(answer.text) as ErrorBody;
      expect(error).toMatchObject({ code, message: expect.stringMatching(message) as unknown, hint: null });
      expect(Object.keys(error).sort()).toEqual(['code', 'details', 'hint', 'message']);
      for (const secret of [PASSWORD, CERTIFICATE, 'hunter2', 'PRIVATE KEY', 'Failing row', 'Key ('])
        expect(answer.text).not.toContain(secret);
      await expectHealthy();
    });

    it('leaves the stored secrets as they were', async () => {
      expect(await sql('select password, certificate from connections where id = $1', [existing.id])).toEqual(
        [{ password: PASSWORD, certificate: CERTIFICATE }],
      );
    });
  });

  describe("people's emails", () => {
    let emails: string[];
    beforeAll(async () => {
      const [notification] = await sql<{ id: string }>('select id from notifications order by id limit 1');
      const recipient = await server.personFor('editor');
      await sql(
        `insert into notification_send_history (notification_id, status, source_event, person_id)
         values ($1, 'sent', 'check.failed', $2)`,
        [notification!.id, recipient],
      );
      emails = (await sql<{ email: string }>('select email from people where email is not null')).map(
        (row) => row.email,
      );
      expect(emails).toContain('editor.tester@example.com');
    });

    it('are not in notification_send_history_summary, for anyone', async () => {
      for (const role of ['viewer', 'responder', 'admin'] as const) {
        const answer = await call(
          'GET',
          'notification_send_history_summary?person_id=not.is.null',
          undefined,
          role,
        );
        expect([role, answer.status]).toEqual([role, 200]);
        const rows = JSON.parse(answer.text) as { person: { name: string } | null }[];
        expect(rows.some((row) => row.person?.name === 'Editor Tester')).toBe(true);
        for (const email of emails) expect(answer.text).not.toContain(email);
      }
    });

    it('are read through an embed of the recipient by whoever may read identities, only', async () => {
      const path =
        'notification_send_history_summary?select=id,recipient:person_id(name,email)&person_id=not.is.null';
      for (const role of ['viewer', 'responder', 'commander'] as const) {
        const answer = await call('GET', path, undefined, role);
        expect([role, answer.status, JSON.parse(answer.text)]).toEqual([
          role,
          403,
          expect.objectContaining({ code: '42501', message: 'You may not read identities' }),
        ]);
        for (const email of emails) expect(answer.text).not.toContain(email);
      }
      const admin = await call('GET', path);
      expect(admin.status).toBe(200);
      expect(admin.text).toContain('editor.tester@example.com');
      await expectHealthy();
    });

    it('are in no relation a viewer may read', async () => {
      // Settings are values an administrator writes (the demo names its default commander by
      // email), not people read through a relation.
      const settings = ['properties', 'properties_with_status'];
      const readable = Object.keys(RESOURCE_OF).filter(
        (name) =>
          !name.startsWith('rpc/') &&
          !settings.includes(name) &&
          permissionsFor(['viewer'])[RESOURCE_OF[name]!].read,
      );
      expect(readable).toContain('notification_send_history_summary');
      for (const name of readable) {
        const answer = await call('GET', name, undefined, 'viewer');
        expect([name, answer.status]).toEqual([name, 200]);
        for (const email of emails)
          expect([name, answer.text]).toEqual([name, expect.not.stringContaining(email)]);
      }
      await expectHealthy();
    });
  });
});
