/**
 * The notifications calls as the UI makes them, against the real server on both back ends:
 * saving a silence and previewing it, "Send test" to a local HTTP receiver, the /api/db write
 * rules of rules and silences (422s that say why, GitOps rows read-only), the silence deletion
 * action, and what each role may do and read.
 */
import { RESOURCE_REQUIRED, UNTIL_AFTER_FROM } from '../../server/src/platform/notifications/silences.js';
import { EVENTS_REQUIRED, ONE_RECIPIENT } from '../../server/src/platform/notifications/rules.js';
import {
  startReceiver,
  type Receiver,
} from '../../server/src/platform/notifications/senders/test-support.js';
import { availableBackends } from '../support/databases.js';
import { createCanary, createCheck, sqlOf, type Sql } from '../support/health-data.js';
import { jsonRequest } from '../support/session.js';
import { startTestServer, type Caller, type TestServer } from '../support/server.js';

describe.each(availableBackends())('notifications API on %s', (backend) => {
  let server: TestServer;
  let sql: Sql;
  let receiver: Receiver;
  let check: string;
  let otherCheck: string;
  let canary: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    receiver.answer('/bad', { status: 400, body: 'channel not found' });
    server = await startTestServer({ backend, template: 'empty' });
    sql = sqlOf(server);
    canary = await createCanary(sql, { name: 'shop' });
    check = await createCheck(sql, canary, { name: 'checkout-api', status: 'healthy' });
    otherCheck = await createCheck(sql, canary, { name: 'search-api', status: 'healthy' });
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  const call = async (method: string, path: string, body?: unknown, as: Caller = 'admin') => {
    const response = await server.fetch(
      path,
      body === undefined ? { method } : jsonRequest(method, body),
      as,
    );
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
    };
  };
  const rule = async (fields: Record<string, unknown>, as: Caller = 'admin') =>
    call('POST', 'api/db/notifications', fields, as);
  const hour = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

  describe('silences', () => {
    it('saves a silence for the caller, from the UI', async () => {
      const answer = await call(
        'POST',
        'api/notification/silence',
        { check_id: check, from: hour(0), until: hour(2), description: 'deploy window', recursive: false },
        'editor',
      );
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        id: expect.any(String),
        check_id: check,
        description: 'deploy window',
        source: 'UI',
        created_by: await server.personFor('editor'),
        deleted_at: null,
      });
    });

    it('refuses a silence without a resource, or ending before it starts, saying why', async () => {
      expect(await call('POST', 'api/notification/silence', { until: hour(1) })).toMatchObject({
        status: 422,
        body: { message: RESOURCE_REQUIRED },
      });
      expect(
        await call('POST', 'api/notification/silence', { check_id: check, from: hour(2), until: hour(1) }),
      ).toMatchObject({ status: 422, body: { message: UNTIL_AFTER_FROM } });
      expect(await call('POST', 'api/notification/silence', { check_id: 'checkout' })).toMatchObject({
        status: 400,
        body: { message: 'check_id must be a UUID' },
      });
    });

    it('lets no viewer save one', async () => {
      expect(
        await call('POST', 'api/notification/silence', { check_id: check, until: hour(1) }, 'viewer'),
      ).toMatchObject({ status: 403, body: { message: 'You may not change notifications' } });
    });

    it('previews the sends of the last 24 hours it would have silenced', async () => {
      const [notification] = await sql<{ id: string }>(
        `insert into notifications (events, custom_services) values ('{check.failed}', '[{"url": "https://x.example"}]')
         returning id`,
      );
      await sql(
        `insert into notification_send_history (notification_id, status, source_event, resource_id, resource_type, created_at)
         values ($1, 'sent', 'check.failed', $2, 'check', now() - interval '1 hour'),
                ($1, 'error', 'check.failed', $2, 'check', now() - interval '2 days'),
                ($1, 'sent', 'check.failed', $3, 'check', now() - interval '1 hour')`,
        [notification!.id, check, otherCheck],
      );
      const answer = await call('POST', 'api/notification/silence/preview', {
        check_id: check,
        until: hour(1),
      });
      expect(answer).toMatchObject({
        status: 200,
        body: {
          total: 1,
          matches: [
            {
              source_event: 'check.failed',
              resource_type: 'check',
              resource: { id: check, name: 'checkout-api', type: 'http' },
              notification_id: notification!.id,
              status: 'sent',
            },
          ],
        },
      });
      // The preview writes nothing.
      expect(await sql(`select id from notification_silences where until = $1`, [hour(1)])).toEqual([]);
    });

    it("previews with the silence's filter: only the sends whose event and resource it holds for", async () => {
      const [notification] = await sql<{ id: string }>(
        `insert into notifications (events, custom_services) values ('{check.failed}', '[{"url": "https://y.example"}]')
         returning id`,
      );
      await sql(
        `insert into notification_send_history (notification_id, status, source_event, resource_id, resource_type, created_at)
         values ($1, 'sent', 'check.failed', $2, 'check', now() - interval '3 hours'),
                ($1, 'sent', 'check.failed', $2, 'check', now() - interval '4 hours'),
                ($1, 'sent', 'check.failed', $3, 'check', now() - interval '210 minutes')`,
        [notification!.id, check, otherCheck],
      );
      const preview = (filter?: string) =>
        call('POST', 'api/notification/silence/preview', { canary_id: canary, until: hour(1), filter });
      const names = (answer: Awaited<ReturnType<typeof preview>>) =>
        (answer.body!.matches as { notification_id: string; resource: { name: string } }[])
          .filter((match) => match.notification_id === notification!.id)
          .map((match) => match.resource.name);

      // The canary covers both checks' sends; the filter keeps search-api's only.
      expect(names(await preview())).toEqual(['checkout-api', 'search-api', 'checkout-api']);
      const filtered = await preview("check.name == 'search-api'");
      expect(filtered.status).toBe(200);
      expect(names(filtered)).toEqual(['search-api']);
      // Counted alike: every send the filter holds for (the earlier test's search-api send too).
      const all = filtered.body!.matches as { resource: { name: string } }[];
      expect(all.map((match) => match.resource.name)).toEqual(all.map(() => 'search-api'));
      expect(filtered.body!.total).toBe(all.length);
      // A filter that cannot run silences nothing, in the preview as in the engine.
      expect(names(await preview('check.nothing.deeper == 1'))).toEqual([]);
    });

    it('is deleted only by whoever may also write identities', async () => {
      const { body } = await call('POST', 'api/notification/silence', { check_id: check, until: hour(1) });
      const path = `api/db/notification_silences?id=eq.${body!.id as string}`;
      const byEditor = await call('PATCH', path, { deleted_at: new Date().toISOString() }, 'editor');
      expect(byEditor).toMatchObject({ status: 403, body: { message: 'You may not change identities' } });
      expect(await call('DELETE', path, undefined, 'editor')).toMatchObject({ status: 403 });
      // Other changes stay the editor's to make.
      expect((await call('PATCH', path, { description: 'longer' }, 'editor')).status).toBe(204);
      expect((await call('PATCH', path, { deleted_at: new Date().toISOString() })).status).toBe(204);
    });

    it('refuses a silence written through /api/db without a resource, and changes to GitOps silences', async () => {
      expect(await call('POST', 'api/db/notification_silences', { description: 'nothing' })).toMatchObject({
        status: 422,
        body: { message: RESOURCE_REQUIRED },
      });
      const [gitops] = await sql<{ id: string }>(
        `insert into notification_silences (check_id, source) values ($1, 'KubernetesCRD') returning id`,
        [check],
      );
      const answer = await call('PATCH', `api/db/notification_silences?id=eq.${gitops!.id}`, {
        description: 'x',
      });
      expect(answer.status).toBe(409);
      expect(answer.body!.message).toMatch(/read-only here$/);
    });
  });

  describe('rules', () => {
    it('take a rule that keeps the rules, and refuse each broken one saying why', async () => {
      const person = await server.personFor('editor');
      expect(
        (
          await rule(
            {
              events: ['check.failed'],
              filter: "check.name == 'api'",
              person_id: person,
              repeat_interval: '1h',
            },
            'editor',
          )
        ).status,
      ).toBe(201);
      const refusals = [
        [{ events: [], person_id: person }, EVENTS_REQUIRED],
        [
          { events: ['check.flapping'], person_id: person },
          expect.stringMatching(/^Event 'check.flapping' is not one of/),
        ],
        [
          { events: ['check.failed'], filter: 'check.name ==', person_id: person },
          expect.stringMatching(/^Filter is not valid CEL: .* at column 14$/),
        ],
        [{ events: ['check.failed'] }, ONE_RECIPIENT],
        [
          { events: ['check.failed'], person_id: person, custom_services: [{ url: 'https://x.example' }] },
          ONE_RECIPIENT,
        ],
        [
          { events: ['check.failed'], person_id: person, repeat_interval: '10m' },
          expect.stringMatching(/^Repeat interval must be one of/),
        ],
      ] as const;
      for (const [body, message] of refusals)
        expect(await rule(body)).toMatchObject({ status: 422, body: { message } });
    });

    it('keep exactly one recipient kind when a change sets another', async () => {
      const [created] = await sql<{ id: string }>(
        `insert into notifications (events, person_id) values ('{check.failed}', $1) returning id`,
        [await server.personFor('editor')],
      );
      const path = `api/db/notifications?id=eq.${created!.id}`;
      expect(await call('PATCH', path, { custom_services: [{ url: 'https://x.example' }] })).toMatchObject({
        status: 422,
        body: { message: ONE_RECIPIENT },
      });
      expect(
        (await call('PATCH', path, { person_id: null, custom_services: [{ url: 'https://x.example' }] }))
          .status,
      ).toBe(204);
    });

    it('lets no viewer write one, and keeps GitOps rules read-only', async () => {
      expect(
        await rule({ events: ['check.failed'], custom_services: [{ url: 'https://x.example' }] }, 'viewer'),
      ).toMatchObject({ status: 403, body: { message: 'You may not change notifications' } });
      const [gitops] = await sql<{ id: string }>(
        `insert into notifications (name, events, source, custom_services)
         values ('from-git', '{check.failed}', 'KubernetesCRD', '[{"url": "https://x.example"}]') returning id`,
      );
      const answer = await call('PATCH', `api/db/notifications?id=eq.${gitops!.id}`, { title: 'renamed' });
      expect(answer).toMatchObject({
        status: 409,
        body: {
          message:
            'Cannot change notifications: rule from-git comes from KubernetesCRD and is read-only here',
        },
      });
      expect(
        (
          await rule({
            events: ['check.failed'],
            person_id: await server.personFor('admin'),
            source: 'KubernetesCRD',
          })
        ).status,
      ).toBe(422);
    });

    it('start without the old error once their filter or template is saved again', async () => {
      const [broken] = await sql<{ id: string }>(
        `insert into notifications (events, filter, custom_services, error, error_at)
         values ('{check.failed}', 'check.x.y == 1', '[{"url": "https://x.example"}]', 'filter failed: No such key: x', now())
         returning id`,
      );
      expect(
        (await call('PATCH', `api/db/notifications?id=eq.${broken!.id}`, { filter: "check.name == 'api'" }))
          .status,
      ).toBe(204);
      expect(await sql(`select error, error_at from notifications where id = $1`, [broken!.id])).toEqual([
        { error: null, error_at: null },
      ]);
    });
  });

  describe('send test', () => {
    const testRule = async (path: string) =>
      (
        await sql<{ id: string }>(
          `insert into notifications (events, title, custom_services) values ('{check.failed}', '{{.check.name}} failed', $1)
           returning id`,
          [JSON.stringify([{ url: `${receiver.origin}${path}` }])],
        )
      )[0]!.id;

    it("delivers a sample of the rule's first event to its recipients and writes no history", async () => {
      const id = await testRule('/hook/test');
      const answer = await call('POST', 'api/notification/test', { id }, 'editor');
      expect(answer).toEqual({
        status: 200,
        body: { status: 'sent', duration_millis: expect.any(Number), recipients: [`${receiver.origin}/…`] },
      });
      expect(receiver.received.filter((request) => request.path === '/hook/test').map((r) => r.json)).toEqual(
        [expect.objectContaining({ title: '[Test] sample failed' })],
      );
      expect(await sql(`select id from notification_send_history where notification_id = $1`, [id])).toEqual(
        [],
      );
    });

    it('says why a test did not go through', async () => {
      const id = await testRule('/bad');
      const answer = await call('POST', 'api/notification/test', { id });
      expect(answer).toMatchObject({
        status: 200,
        body: { status: 'error', error: expect.stringMatching(/400/) },
      });
      expect(
        await call('POST', 'api/notification/test', { id: '00000000-0000-0000-0000-0000000000aa' }),
      ).toMatchObject({
        status: 404,
        body: { message: 'Notification rule not found' },
      });
      expect((await call('POST', 'api/notification/test', { id }, 'viewer')).status).toBe(403);
    });
  });

  describe('send history', () => {
    it('shows the recipient, the silence and the connection, and no email to anyone', async () => {
      const [notification] = await sql<{ id: string }>(
        `insert into notifications (events, person_id) values ('{check.failed}', $1) returning id`,
        [await server.personFor('editor')],
      );
      const [silence] = await sql<{ id: string }>(
        `insert into notification_silences (check_id, description) values ($1, 'maintenance') returning id`,
        [check],
      );
      await sql(
        `insert into notification_send_history (notification_id, status, source_event, resource_id, resource_type,
           person_id, silenced_by)
         values ($1, 'silenced', 'check.failed', $2, 'check', $3, $4)`,
        [notification!.id, check, await server.personFor('editor'), silence!.id],
      );
      for (const role of ['viewer', 'admin'] as const) {
        const answer = await server.fetch(
          `api/db/notification_send_history_summary?notification_id=eq.${notification!.id}`,
          {},
          role,
        );
        const text = await answer.text();
        expect(answer.status).toBe(200);
        expect(text).not.toContain('editor.tester@example.com');
        expect(JSON.parse(text)).toEqual([
          expect.objectContaining({
            status: 'silenced',
            recipient: null,
            silenced_by: silence!.id,
            silence: expect.objectContaining({ id: silence!.id, description: 'maintenance' }),
            person: expect.objectContaining({ name: 'Editor Tester' }),
            resource: expect.objectContaining({ id: check, name: 'checkout-api' }),
          }),
        ]);
      }
    });
  });
});
