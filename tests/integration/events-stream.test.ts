import { LISTENER_APPLICATION_NAME } from '../../server/src/platform/db/pg-listener.js';
import { availableBackends } from '../support/databases.js';
import { EventStreamReader } from '../support/event-stream.js';
import { createCanary, createCheck, sqlOf, uniqueName, type Sql } from '../support/health-data.js';
import { startTestServer, type Caller, type TestServer } from '../support/server.js';
import { jsonRequest } from '../support/session.js';

/**
 * The live-update stream, GET api/events, through the real server: platform events arrive as
 * they happen, unbuffered, with heartbeats, resumable, and only those the person may read.
 */
describe.each(availableBackends())('the live-update stream on %s', (backend) => {
  let server: TestServer;
  let sql: Sql;
  let canary: string;
  const readers: EventStreamReader[] = [];
  const open = async (as: Caller = 'admin', options: Parameters<typeof EventStreamReader.open>[2] = {}) => {
    const reader = await EventStreamReader.open(server, as, options);
    readers.push(reader);
    return reader;
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'empty', env: { EVENTS_HEARTBEAT: '1s' } });
    sql = sqlOf(server);
    canary = await createCanary(sql);
  });
  afterAll(async () => {
    for (const reader of readers) reader.close();
    await server?.stop();
  });

  /** Turns a check unhealthy (or back) as a client of the platform API would. */
  const setStatus = async (check: string, status: 'healthy' | 'unhealthy') => {
    const response = await server.fetch(`api/db/checks?id=eq.${check}`, jsonRequest('PATCH', { status }));
    expect(response.status).toBe(204);
  };

  it('answers an unbuffered, uncompressed event stream', async () => {
    const reader = await open('admin', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(reader.response.status).toBe(200);
    expect(reader.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(reader.response.headers.get('cache-control')).toMatch(/\bno-store\b/);
    expect(reader.response.headers.get('x-accel-buffering')).toBe('no');
    expect(reader.response.headers.get('content-encoding')).toBeNull();

    // The first event is read while the response is still open: nothing holds it back.
    const check = await createCheck(sql, canary, { status: 'healthy' });
    await setStatus(check, 'unhealthy');
    const event = await reader.eventAbout('check.failed', check);
    expect(event).toEqual({
      seq: expect.any(Number),
      name: 'check.failed',
      ids: { id: check, canary_id: canary },
      sseId: String(event.seq),
    });
    expect(reader.ended).toBe(false);
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const reader = await open();
    await reader.until(() => reader.comments >= 2);
  });

  it('resumes from Last-Event-ID with what the client missed, in order', async () => {
    const check = await createCheck(sql, canary, { status: 'healthy' });
    const first = await open();
    await setStatus(check, 'unhealthy');
    const seen = await first.eventAbout('check.failed', check);
    first.close();

    await setStatus(check, 'healthy');
    await setStatus(check, 'unhealthy');
    const resumed = await open('admin', { lastEventId: seen.sseId });
    await resumed.until(() => resumed.events.filter((event) => event.ids.id === check).length >= 2);
    expect(resumed.events.filter((event) => event.ids.id === check).map((event) => event.name)).toEqual([
      'check.passed',
      'check.failed',
    ]);
    expect(resumed.events.map((event) => event.seq)).not.toContain(seen.seq);
  });

  it('asks a client whose Last-Event-ID is no longer held to revalidate everything', async () => {
    const reader = await open('admin', { lastEventId: '0' });
    await reader.until(() => reader.messages.find((message) => message.event === 'reset'));
  });

  it('refuses a caller who is not signed in', async () => {
    const response = await server.fetch('api/events', {}, 'anonymous');
    expect(response.status).toBe(401);
  });

  if (backend === 'postgres') {
    it('listens again after its database connection drops, and tells clients to revalidate', async () => {
      const reader = await open();
      const [{ n }] = (await sql<{ n: number }>(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where application_name = $1 and datname = current_database()`,
        [LISTENER_APPLICATION_NAME],
      )) as [{ n: number }];
      // The live-update stream's listener, and the one the sign-in and flag caches share.
      expect(n).toBe(2);
      await reader.until(() => reader.messages.find((message) => message.event === 'reset'));
      const check = await createCheck(sql, canary, { status: 'healthy' });
      await setStatus(check, 'unhealthy');
      await reader.eventAbout('check.failed', check);
    });
  }
});

describe('who hears of an event', () => {
  let server: TestServer;
  let sql: Sql;
  let canary: string;
  const readers: EventStreamReader[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      template: 'empty',
      // The operator turned the catalog off; a long shutdown timeout shows streams end at once.
      env: { FEATURE_FLAGS: 'config.disable=true', SHUTDOWN_TIMEOUT_MS: '600000' },
    });
    sql = sqlOf(server);
    canary = await createCanary(sql);
  });
  afterAll(async () => {
    for (const reader of readers) reader.close();
    await server?.stop();
  });

  const streamsOf = async (...callers: ('admin' | 'viewer')[]) => {
    const opened = await Promise.all(callers.map((caller) => EventStreamReader.open(server, caller)));
    readers.push(...opened);
    return opened;
  };

  /** A later event everyone may read: once it is in, anything written before it was sent or withheld. */
  const marker = async (...readers: EventStreamReader[]) => {
    const check = await createCheck(sql, canary, { status: 'healthy' });
    await sql(`update checks set status = 'unhealthy' where id = $1`, [check]);
    await Promise.all(readers.map((reader) => reader.eventAbout('check.failed', check)));
  };

  it("keeps events about rows the person's roles may not read out of their stream", async () => {
    const [admin, viewer] = await streamsOf('admin', 'viewer');
    const [{ id }] = (await sql<{ id: string }>(
      `insert into connections (name, type, url) values ($1, 'http', 'https://example.com') returning id`,
      [uniqueName('connection')],
    )) as [{ id: string }];
    // Connections are hidden from viewers (spec 1 §6); an event about one names its row.
    await sql(`insert into event_queue (name, properties) values ('connection.updated', $1)`, [{ id }]);

    await admin!.eventAbout('connection.updated', id);
    await marker(admin!, viewer!);
    expect(viewer!.events.filter((event) => event.name.startsWith('connection.'))).toEqual([]);
  });

  it("keeps events of a feature that is off out of everyone's stream", async () => {
    const [admin, viewer] = await streamsOf('admin', 'viewer');
    const [{ id }] = (await sql<{ id: string }>(
      `insert into configs (type, name) values ('Kubernetes::Pod', $1) returning id`,
      [uniqueName('config')],
    )) as [{ id: string }];
    expect(
      (await sql(`select 1 from event_queue where name = 'config.created' and properties->>'id' = $1`, [id]))
        .length,
    ).toBe(1);

    await marker(admin!, viewer!);
    for (const reader of [admin!, viewer!]) {
      expect(reader.events.filter((event) => event.name.startsWith('config.'))).toEqual([]);
    }
  });

  it('ends open streams when the server shuts down', async () => {
    const [reader] = await streamsOf('viewer');
    const stopping = server.stop();
    server = undefined as unknown as TestServer;
    await stopping;
    await reader!.until(() => reader!.ended);
  });
});
