/**
 * At-least-once delivery across a crash: the console as it runs (a process of its own on
 * PostgreSQL) is killed with SIGKILL while events are queued and a delivery is in flight, then
 * started again. Every event ends with exactly one outcome row, none is lost, and the receiver
 * gets every message (the one in flight maybe twice). Short leases (EVENT_LEASE,
 * NOTIFICATION_LEASE, NOTIFICATION_TIMEOUT) let the second process take over the dead one's work
 * soon; their defaults are minutes. PGlite's database belongs to one process, which cannot be
 * killed and started beside a test that reads it, so this runs on PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  startReceiver,
  type Receiver,
} from '../../server/src/platform/notifications/senders/test-support.js';
import { availableBackends, freshDatabase } from '../support/databases.js';
import { freePort } from '../support/free-port.js';
import { createCanary, createCheck, eventually } from '../support/health-data.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const EVENTS = 12;
const maybe = availableBackends().includes('postgres') ? describe : describe.skip;

/** The console from source, as `npm start` runs it, with its background work and short leases. */
function startConsole(databaseUrl: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: 'crash-admin-password',
      CHECK_RUNNER_ENABLED: 'false',
      INCIDENT_AUTOMATION_ENABLED: 'false',
      TOPOLOGY_BUILDER_ENABLED: 'false',
      EVENT_LEASE: '2s',
      NOTIFICATION_LEASE: '1s',
      NOTIFICATION_TIMEOUT: '4s',
    },
  });
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

maybe('notifications across a crash (SIGKILL) on PostgreSQL', () => {
  let receiver: Receiver;
  let client: pg.Client;
  let databaseUrl: string;
  let drop: (() => Promise<void>) | undefined;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
    const database = await freshDatabase('postgres', 'empty');
    drop = database.drop;
    databaseUrl = database.databaseUrl!;
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
  });
  afterAll(async () => {
    for (const child of children) await kill(child);
    await client?.end();
    await receiver?.close();
    await drop?.();
  });

  it('ends every queued event with exactly one outcome row, none lost, every message received', async () => {
    const sql = async <R>(text: string, params: unknown[] = []) =>
      (await client.query(text, params)).rows as R[];
    const canary = await createCanary(sql);
    const checks: string[] = [];
    for (let i = 0; i < EVENTS; i += 1) checks.push(await createCheck(sql, canary, { status: 'healthy' }));
    const [rule] = await sql<{ id: string }>(
      `insert into notifications (events, custom_services) values ('{check.failed}', $1) returning id`,
      [JSON.stringify([{ url: `${receiver.origin}/held/crash` }])],
    );
    // The first process's deliveries get no answer: it dies with one in flight.
    receiver.answer('/held', { status: 200, body: 'late', delayMs: 600_000 });
    await sql(`update checks set status = 'unhealthy' where id = any($1::uuid[])`, [checks]);
    const events = await sql<{ id: string }>(`select id from event_queue where name = 'check.failed'`);
    expect(events).toHaveLength(EVENTS);

    const port = await freePort();
    const first = startConsole(databaseUrl, port);
    children.push(first);
    await eventually(() => expect(receiver.received.length).toBeGreaterThan(0), 120_000, 50);
    await kill(first);
    const inFlight = await sql<{ status: string }>(
      `select status from notification_send_history where notification_id = $1`,
      [rule!.id],
    );
    expect(inFlight.some((row) => row.status === 'pending')).toBe(true);

    receiver.answer('/held', { status: 200, body: 'ok' });
    children.push(startConsole(databaseUrl, port));
    const rows = await eventually(
      async () => {
        const outcome = await sql<{ event_id: string; status: string }>(
          `select event_id, status from notification_send_history where notification_id = $1`,
          [rule!.id],
        );
        expect(outcome.filter((row) => row.status === 'sent')).toHaveLength(EVENTS);
        return outcome;
      },
      120_000,
      100,
    );
    expect(rows.map((row) => row.event_id).sort()).toEqual(events.map((event) => event.id).sort());
    expect(await sql(`select id from event_queue`)).toEqual([]);
    const messages = new Set(
      receiver.received.filter((request) => request.path === '/held/crash').map((request) => request.text),
    );
    expect(messages.size).toBe(EVENTS);
  });
});
