/**
 * The notification engine against real peers on both back ends: platform events from real
 * check, component and config writes, the rules evaluated (CEL filter), messages delivered by the
 * real senders to a local HTTP receiver and a real SMTP server started here, the send history,
 * the repeat interval, silences, retries, and events handed over again or across a stop.
 */
import { pino } from 'pino';
import type { JobRegistry } from '../../server/src/platform/jobs/registry.js';
import { registerNotificationWork } from '../../server/src/platform/notifications/index.js';
import { handleNotificationEvent } from '../../server/src/platform/notifications/engine/consumer.js';
import { NO_SMTP } from '../../server/src/platform/notifications/engine/recipients.js';
import {
  configureConsoleMail,
  deliver,
  emailTarget,
} from '../../server/src/platform/notifications/senders/index.js';
import {
  closedPort,
  startMailServer,
  startReceiver,
  type MailServer,
  type Receiver,
} from '../../server/src/platform/notifications/senders/test-support.js';
import { availableBackends } from '../support/databases.js';
import { createCanary, createCheck, eventually, uniqueName, type Sql } from '../support/health-data.js';
import { replicasOn, type Replicas } from '../support/jobs.js';

const CONSOLE = 'https://ops.example.com/console/';
/** The bodies a receiver got on a path. */
const bodiesAt = (receiver: Receiver, path: string) =>
  receiver.received.filter((request) => request.path === path).map((request) => request.json);
const quiet = pino({ level: 'silent' });
// The delivery timeout is short for the slow receiver's sake, yet long enough that a local
// receiver's answer on a busy machine is not taken for no answer (a retry would deliver twice).
const FAST = { timeoutMs: 6000, maxAttempts: 3, backoffMs: 50, maxBackoffMs: 200, pollMs: 50 };

interface HistoryRow {
  id: string;
  status: string;
  source_event: string;
  resource_id: string | null;
  resource_type: string | null;
  error: string | null;
  duration_millis: number | null;
  count: number;
  first_observed: Date;
  created_at: Date;
  title: string | null;
  body: string | null;
  recipient: string | null;
  silenced_by: string | null;
  connection_id: string | null;
  event_id: string | null;
  attempts: number;
}

/** A replica's jobs registry running the engine and the delivery queue, quick to poll and retry. */
function startReplica(replicas: Replicas, name: string): JobRegistry {
  const registry = replicas.add(name, { events: { pollMs: 50, backoffMs: 100 } });
  registerNotificationWork(registry, {
    db: replicas.dbs[0]!,
    logger: quiet,
    senders: { deliver, emailTarget },
    consoleUrl: () => CONSOLE,
    delivery: FAST,
  });
  registry.start();
  return registry;
}

describe.each(availableBackends())('the notification engine on %s', (backend) => {
  let replicas: Replicas;
  let sql: Sql;
  let receiver: Receiver;
  let smtp: MailServer;
  let canary: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    receiver.answer('/fail', { status: 500, body: 'upstream exploded' });
    receiver.answer('/slow', { status: 200, body: 'late', delayMs: 60_000 });
    smtp = await startMailServer({ disabledCommands: ['STARTTLS'] });
    configureConsoleMail(`smtp://127.0.0.1:${smtp.port}/?from=console@acme.example`);
    replicas = await replicasOn(backend, 1);
    sql = async <R>(text: string, params: unknown[] = []) =>
      (await replicas.dbs[0]!.query<R>(text, params)).rows;
    startReplica(replicas, 'replica-a');
    canary = await createCanary(sql, { name: 'shop', namespace: 'payments' });
  });
  afterAll(async () => {
    await replicas?.close();
    await Promise.all([receiver?.close(), smtp?.close()]);
  });

  const newCheck = (name = uniqueName('api')) => createCheck(sql, canary, { name, status: 'healthy' });
  const fail = (check: string) => sql(`update checks set status = 'unhealthy' where id = $1`, [check]);
  const pass = (check: string) => sql(`update checks set status = 'healthy' where id = $1`, [check]);
  const failWith = async (check: string, error: string) => {
    await sql(`insert into check_statuses (check_id, time, status, error) values ($1, now(), false, $2)`, [
      check,
      error,
    ]);
    await fail(check);
  };

  const rule = async (fields: Record<string, unknown>) =>
    (
      await sql<{ id: string }>(
        `insert into notifications (name, events, filter, person_id, team_id, custom_services, repeat_interval,
           title, template)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
        [
          uniqueName('rule'),
          fields.events ?? ['check.failed'],
          fields.filter ?? null,
          fields.person_id ?? null,
          fields.team_id ?? null,
          fields.custom_services ? JSON.stringify(fields.custom_services) : null,
          fields.repeat_interval ?? null,
          fields.title ?? null,
          fields.template ?? null,
        ],
      )
    )[0]!.id;
  const webhook = (path: string) => [{ url: `${receiver.origin}${path}` }];
  const onlyCheck = (check: string) => `check.id == '${check}'`;
  const history = (notificationId: string) =>
    sql<HistoryRow>(
      `select id, status, source_event, resource_id, resource_type, error, duration_millis, count, first_observed,
          created_at, title, body, recipient, silenced_by, connection_id, event_id, attempts
         from notification_send_history where notification_id = $1 order by created_at, id`,
      [notificationId],
    );
  const settled = async (notificationId: string, count: number) =>
    eventually(async () => {
      const rows = await history(notificationId);
      expect(rows.filter((row) => row.status !== 'pending')).toHaveLength(count);
      expect(rows.filter((row) => row.status === 'pending')).toHaveLength(0);
      return rows;
    });
  const queueEmpty = () =>
    eventually(async () => expect(await sql(`select id from event_queue where error is null`)).toEqual([]));

  it('delivers a check.failed event that a rule filter holds for through a webhook connection, rendered', async () => {
    const check = await newCheck('checkout-api');
    await sql(
      `insert into connections (name, namespace, type, url) values ('ops-hook', 'payments', 'generic_webhook', $1)`,
      [`${receiver.origin}/ok/connection`],
    );
    const [connection] = await sql<{ id: string }>(`select id from connections where name = 'ops-hook'`);
    const matching = await rule({
      filter: `${onlyCheck(check)} && canary.namespace == 'payments'`,
      custom_services: [{ connection: 'connection://payments/ops-hook' }],
      title: '{{.check.name}} is down',
      template: 'Reason: {{.check_status.error}} ([open]({{.permalink}}))',
    });
    const other = await rule({
      filter: `${onlyCheck(check)} && canary.namespace == 'other'`,
      custom_services: webhook('/ok/other'),
    });
    await failWith(check, 'connection refused on :443');
    const [row] = await settled(matching, 1);
    expect(row).toMatchObject({
      status: 'sent',
      source_event: 'check.failed',
      resource_id: check,
      resource_type: 'check',
      title: 'checkout-api is down',
      recipient: 'connection://payments/ops-hook',
      connection_id: connection!.id,
      error: null,
    });
    expect(row!.duration_millis).toEqual(expect.any(Number));
    expect(row!.body).toContain('connection refused on :443');
    expect(bodiesAt(receiver, '/ok/connection')).toEqual([
      expect.objectContaining({
        title: 'checkout-api is down',
        message: `Reason: connection refused on :443 ([open](${CONSOLE}health?checkId=${check}))`,
      }),
    ]);
    await queueEmpty();
    expect(await history(other)).toEqual([]);
    expect(bodiesAt(receiver, '/ok/other')).toEqual([]);
  });

  it("puts a connection's stored token where its URL names $(password), and nowhere it is shown", async () => {
    const check = await newCheck('orders-api');
    const token = 'hook/tok+en';
    const origin = new URL(receiver.origin);
    await sql(
      `insert into connections (name, namespace, type, url, password) values ('team-chat', 'payments', 'mattermost', $1, $2)`,
      [`mattermost://${origin.host}/$(password)?disabletls=yes`, token],
    );
    const chat = await rule({
      filter: onlyCheck(check),
      custom_services: [{ connection: 'connection://payments/team-chat' }],
    });
    await failWith(check, 'disk full');
    const [row] = await settled(chat, 1);
    expect(row).toMatchObject({ status: 'sent', recipient: 'connection://payments/team-chat', error: null });
    const posted = receiver.received.filter((request) => request.path.startsWith('/hooks/'));
    expect(posted.map((request) => request.path)).toEqual([`/hooks/${encodeURIComponent(token)}`]);
    expect(JSON.stringify(await history(chat))).not.toContain('tok+en');
  });

  it('sends the default message of the event when the rule has no template, and email to a person', async () => {
    const check = await newCheck('payments-db');
    const [person] = await sql<{ id: string }>(
      `insert into people (name, email) values ('Ada Oncall', 'ada@acme.example') returning id`,
    );
    const byMail = await rule({ filter: onlyCheck(check), person_id: person!.id });
    await failWith(check, 'too many connections');
    const [row] = await settled(byMail, 1);
    expect(row).toMatchObject({ status: 'sent', title: 'Check payments-db has failed', recipient: null });
    const mail = smtp.mails.find((message) => message.to.includes('ada@acme.example'));
    expect(mail?.raw).toContain('Subject: Check payments-db has failed');
    expect(mail?.raw).toContain('too many connections');
  });

  it('records a filter that fails at run time on the rule and in the history; other rules keep working', async () => {
    const check = await newCheck();
    const broken = await rule({
      filter: `${onlyCheck(check)} && check.nothing.here == 1`,
      custom_services: webhook('/ok/broken'),
    });
    const working = await rule({ filter: onlyCheck(check), custom_services: webhook('/ok/working') });
    await fail(check);
    const [error] = await settled(broken, 1);
    expect(error).toMatchObject({ status: 'error', source_event: 'check.failed', resource_id: check });
    expect(error!.error).toMatch(/^filter failed: /);
    const [ruleRow] = await sql<{ error: string; error_at: Date | null }>(
      `select error, error_at from notifications where id = $1`,
      [broken],
    );
    expect(ruleRow).toEqual({ error: error!.error, error_at: expect.any(Date) });
    expect((await settled(working, 1))[0]!.status).toBe('sent');
    expect(bodiesAt(receiver, '/ok/broken')).toEqual([]);
    // The next event still goes through for the working rule.
    await pass(check);
    await fail(check);
    expect((await settled(working, 2)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  it('sends once for a check flapping 20 times within the repeat interval and counts the rest', async () => {
    const check = await newCheck();
    const hourly = await rule({
      filter: onlyCheck(check),
      custom_services: webhook('/ok/flap'),
      repeat_interval: '1h',
    });
    let firstRepeatAt: Date | undefined;
    for (let n = 0; n < 20; n++) {
      await fail(check);
      await pass(check);
      if (n === 1) {
        await eventually(async () =>
          expect((await history(hourly)).map((row) => row.status)).toContain('repeat-interval'),
        );
        firstRepeatAt = new Date();
      }
    }
    await queueEmpty();
    const rows = await settled(hourly, 2);
    expect(rows.map((row) => [row.status, row.count])).toEqual([
      ['sent', 1],
      ['repeat-interval', 19],
    ]);
    expect(rows[1]!.first_observed.getTime()).toBeLessThanOrEqual(firstRepeatAt!.getTime());
    expect(bodiesAt(receiver, '/ok/flap')).toHaveLength(1);
  });

  it('sends each distinct event when the rule has no repeat interval', async () => {
    const check = await newCheck();
    const every = await rule({ filter: onlyCheck(check), custom_services: webhook('/ok/every') });
    for (let n = 0; n < 3; n++) {
      await fail(check);
      await pass(check);
    }
    expect((await settled(every, 3)).map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('silences the next failure once a silence is saved; expired and deleted silences do not apply', async () => {
    const check = await newCheck();
    const silenced = await rule({ filter: onlyCheck(check), custom_services: webhook('/ok/silenced') });
    await fail(check);
    await settled(silenced, 1);
    const [silence] = await sql<{ id: string }>(
      `insert into notification_silences (check_id, until, description) values ($1, now() + interval '1 hour', 'deploy')
       returning id`,
      [check],
    );
    await pass(check);
    await fail(check);
    const rows = await settled(silenced, 2);
    expect(rows[1]).toMatchObject({ status: 'silenced', silenced_by: silence!.id, resource_id: check });
    expect(bodiesAt(receiver, '/ok/silenced')).toHaveLength(1);

    await sql(`update notification_silences set deleted_at = now() where id = $1`, [silence!.id]);
    await sql(
      `insert into notification_silences (check_id, "from", until) values ($1, now() - interval '2 hours', now() - interval '1 hour')`,
      [check],
    );
    await pass(check);
    await fail(check);
    expect((await settled(silenced, 3))[2]!.status).toBe('sent');
    expect(bodiesAt(receiver, '/ok/silenced')).toHaveLength(2);
  });

  it('covers the children of a component with a recursive silence, and only the component without', async () => {
    const component = async (name: string, parent?: { id: string; path: string | null }) =>
      (
        await sql<{ id: string; path: string | null }>(
          `insert into components (name, type, health, parent_id, path) values ($1, 'Service', 'healthy', $2, $3)
           returning id, path`,
          [
            uniqueName(name),
            parent?.id ?? null,
            parent ? [parent.path, parent.id].filter(Boolean).join('.') : null,
          ],
        )
      )[0]!;
    const shop = await component('shop');
    const cart = await component('cart', shop);
    const cartDb = await component('cart-db', cart);
    const other = await component('other', shop);
    const watched = [shop.id, cart.id, cartDb.id, other.id];
    const components = await rule({
      events: ['component.unhealthy'],
      filter: `component.id in ${JSON.stringify(watched)}`,
      custom_services: webhook('/ok/components'),
    });
    await sql(
      `insert into notification_silences (component_id, recursive, until) values ($1, true, now() + interval '1 hour')`,
      [cart.id],
    );
    await sql(
      `insert into notification_silences (component_id, recursive, until) values ($1, false, now() + interval '1 hour')`,
      [shop.id],
    );
    await sql(`update components set health = 'unhealthy' where id = any($1::uuid[])`, [watched]);
    const rows = await settled(components, 4);
    const byResource = Object.fromEntries(rows.map((row) => [row.resource_id, row.status]));
    expect(byResource).toEqual({
      [shop.id]: 'silenced',
      [cart.id]: 'silenced',
      [cartDb.id]: 'silenced',
      [other.id]: 'sent',
    });
  });

  it('keeps a failing delivery pending, then records the error with its reason after the retries', async () => {
    const check = await newCheck();
    const refused = await closedPort();
    const failing = await rule({
      filter: onlyCheck(check),
      custom_services: [
        { url: `${receiver.origin}/fail` },
        { url: `http://127.0.0.1:${refused}/hook` },
        { url: `${receiver.origin}/slow` },
      ],
    });
    const healthy = await rule({ filter: onlyCheck(check), custom_services: webhook('/ok/after-failures') });
    await fail(check);
    // Waiting for a retry, the row is pending with the last error.
    await eventually(async () =>
      expect((await history(failing)).some((row) => row.status === 'pending' && row.error)).toBe(true),
    );
    const rows = await settled(failing, 3);
    expect(rows.map((row) => row.status)).toEqual(['error', 'error', 'error']);
    for (const row of rows) {
      expect(row.attempts).toBe(FAST.maxAttempts);
      expect(row.error).toMatch(/\(after 3 attempts\)$/);
    }
    const errors = rows.map((row) => row.error).join('\n');
    expect(errors).toMatch(/500/);
    expect(errors).toMatch(/refused|ECONNREFUSED/i);
    expect(errors).toMatch(/got no answer within 6 s/);
    expect(bodiesAt(receiver, '/fail')).toHaveLength(3);
    expect((await settled(healthy, 1))[0]!.status).toBe('sent');
    // The next event still goes through.
    await pass(check);
    await fail(check);
    expect((await settled(healthy, 2)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  it('says plainly why a person is not emailed when the person has no address', async () => {
    const check = await newCheck();
    const [person] = await sql<{ id: string }>(`insert into people (name) values ('No Mail') returning id`);
    const noMail = await rule({ filter: onlyCheck(check), person_id: person!.id });
    await fail(check);
    expect((await settled(noMail, 1))[0]).toMatchObject({
      status: 'error',
      error: 'the person has no email address',
    });
    expect(NO_SMTP).toMatch(/^no SMTP server configured/);
  });

  it('answers an event handed over twice once', async () => {
    const check = await newCheck();
    const once = await rule({ filter: onlyCheck(check), custom_services: webhook('/ok/once') });
    const silencedOnce = await rule({
      filter: onlyCheck(check),
      custom_services: webhook('/ok/once'),
      repeat_interval: '1h',
    });
    await fail(check);
    await settled(once, 1);
    const [first] = await history(once);
    const event = {
      id: first!.event_id!,
      name: 'check.failed',
      properties: { id: check },
      attempts: 2,
      created_at: new Date(),
    };
    const options = { db: replicas.dbs[0]!, logger: quiet, consoleUrl: () => CONSOLE, onPending: () => {} };
    await handleNotificationEvent(options, event);
    await handleNotificationEvent(options, event);
    expect(await history(once)).toHaveLength(1);
    expect(await history(silencedOnce)).toHaveLength(1);
  });

  it('answers nothing for an event about a resource deleted for good since it was queued', async () => {
    const everyConfig = await rule({
      events: ['config.updated'],
      filter: "config.type == 'X'",
      custom_services: webhook('/ok/gone'),
    });
    const options = { db: replicas.dbs[0]!, logger: quiet, consoleUrl: () => CONSOLE, onPending: () => {} };
    await handleNotificationEvent(options, {
      id: crypto.randomUUID(),
      name: 'config.updated',
      properties: { id: crypto.randomUUID() },
      attempts: 1,
      created_at: new Date(),
    });
    expect(await history(everyConfig)).toEqual([]);
    expect(await sql(`select error from notifications where id = $1`, [everyConfig])).toEqual([
      { error: null },
    ]);
  });
});

describe.each(availableBackends())('notifications across a stop on %s', (backend) => {
  let replicas: Replicas | undefined;
  let receiver: Receiver;
  beforeAll(async () => (receiver = await startReceiver()));
  afterAll(async () => {
    await replicas?.close();
    await receiver?.close();
  });

  it('ends every queued event with exactly one outcome row, none lost', async () => {
    replicas = await replicasOn(backend, 1);
    const db = replicas.dbs[0]!;
    const sql = async <R>(text: string, params: unknown[] = []) => (await db.query<R>(text, params)).rows;
    const canary = await createCanary(sql);
    const checks = await Promise.all(
      Array.from({ length: 12 }, () => createCheck(sql, canary, { status: 'healthy' })),
    );
    const [notification] = await sql<{ id: string }>(
      `insert into notifications (events, custom_services) values ('{check.failed}', $1) returning id`,
      [JSON.stringify([{ url: `${receiver.origin}/ok/crash` }])],
    );
    // Queued while nothing runs; the first replica stops midway.
    await sql(`update checks set status = 'unhealthy' where id = any($1::uuid[])`, [checks]);
    const events = await sql<{ id: string }>(`select id from event_queue where name = 'check.failed'`);
    expect(events).toHaveLength(12);
    const first = startReplica(replicas, 'replica-a');
    await eventually(
      async () => expect((await sql(`select id from notification_send_history`)).length).toBeGreaterThan(0),
      30_000,
      5,
    );
    await first.stop();
    startReplica(replicas, 'replica-b');
    const rows = await eventually(async () => {
      const outcome = await sql<{ event_id: string; status: string }>(
        `select event_id, status from notification_send_history where notification_id = $1`,
        [notification!.id],
      );
      expect(outcome.filter((row) => row.status === 'sent')).toHaveLength(12);
      return outcome;
    });
    expect(rows.map((row) => row.event_id).sort()).toEqual(events.map((event) => event.id).sort());
    expect(await sql(`select id from event_queue`)).toEqual([]);
    expect(bodiesAt(receiver, '/ok/crash').length).toBeGreaterThanOrEqual(12);
  });
});
