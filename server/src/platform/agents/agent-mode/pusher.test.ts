import { pino } from 'pino';
import type { Db } from '../../db/db.js';
import { openTestDatabase } from '../../db/test-database.js';
import { HubError, type PushData } from './client.js';
import { idleHub } from './test-support.js';
import { backlogOf, switchOutbox } from './outbox.js';
import { MAX_REFUSALS, OutboxPusher, retryDelay } from './pusher.js';
import { UpstreamStatus, upstreamReport } from './state.js';

describe('retryDelay', () => {
  it('doubles from 1 s to at most 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => retryDelay(n))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});

/** A hub that answers what the test says, and keeps what it took. */
function fakeHub() {
  const taken: { op: 'push' | 'remove'; data: PushData }[] = [];
  let answer: (data: PushData) => void = () => {};
  const client = idleHub({
    async push(data) {
      answer(data);
      taken.push({ op: 'push', data });
      return {};
    },
    async remove(data) {
      answer(data);
      taken.push({ op: 'remove', data });
      return {};
    },
  });
  return { client, taken, answerWith: (fn: (data: PushData) => void) => (answer = fn) };
}

describe('the outbox pusher', () => {
  let db: Db;
  let names = 0;
  const lines: { level: number; msg: string }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const signal = new AbortController().signal;

  beforeAll(async () => {
    db = await openTestDatabase('empty');
    await switchOutbox(db, true);
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    lines.length = 0;
    await db.query(`delete from _agent_outbox`);
  });

  const canaries = async (count: number) => {
    const ids: string[] = [];
    for (let n = 0; n < count; n++) {
      names += 1;
      const { rows } = await db.query<{ id: string }>(
        `insert into canaries (name) values ($1) returning id`,
        [`p-${names}`],
      );
      ids.push(rows[0]!.id);
    }
    return ids;
  };
  const setUp = () => {
    const hub = fakeHub();
    let now = 1_000_000;
    const status = new UpstreamStatus(db, log);
    const pusher = new OutboxPusher({ db, client: hub.client, status, log, now: () => now });
    return { hub, status, pusher, advance: (ms: number) => (now += ms) };
  };

  it('pushes oldest first and removes entries only after the hub took them', async () => {
    const { hub, pusher } = setUp();
    const ids = await canaries(3);
    await db.query(`delete from canaries where id = $1`, [ids[1]]);
    expect(await pusher.drain(signal)).toBe(3);
    expect(hub.taken.map(({ op, data }) => [op, data.canaries!.map((c) => c.id)])).toEqual([
      // The second was deleted before it was pushed: its one entry says so, in its place.
      ['push', [ids[0]]],
      ['remove', [ids[1]]],
      ['push', [ids[2]]],
    ]);
    expect(await backlogOf(db)).toBe(0);
  });

  it('keeps everything while the hub is away, pausing 1 s, 2 s, 4 s... and sends it in order once it is back', async () => {
    const { hub, pusher, status, advance } = setUp();
    const ids = await canaries(2);
    hub.answerWith(() => {
      throw new HubError('unreachable', 'POST /api/upstream/push: ECONNREFUSED');
    });
    expect(await pusher.drain(signal)).toBe(0);
    expect(pusher.waitingMs).toBe(1000);
    expect(await pusher.drain(signal)).toBe(0); // still pausing: no call
    advance(1000);
    await pusher.drain(signal);
    expect(pusher.waitingMs).toBe(2000);
    advance(2000);
    await pusher.drain(signal);
    expect(pusher.waitingMs).toBe(4000);
    expect(status.current).toBe('unreachable');
    expect(await backlogOf(db)).toBe(2);
    expect(lines.filter((l) => l.msg.startsWith('the hub is unreachable'))).toHaveLength(1);

    hub.answerWith(() => {});
    pusher.retryNow();
    expect(await pusher.drain(signal)).toBe(1);
    expect(hub.taken.at(-1)!.data.canaries!.map((c) => c.id)).toEqual(ids);
    expect(await backlogOf(db)).toBe(0);
    await status.flush();
    expect(await upstreamReport(db)).toMatchObject({
      state: 'ok',
      backlog: 0,
      last_push: expect.any(String),
    });
  });

  it('tells a refused token once, in the log and the state, and keeps the rows', async () => {
    const { hub, pusher, status, advance } = setUp();
    await canaries(1);
    hub.answerWith(() => {
      throw new HubError('refused', '401 Unauthorized', 401);
    });
    for (let n = 0; n < 4; n++) {
      await pusher.drain(signal);
      advance(60_000);
    }
    expect(lines.filter((l) => l.msg === 'the hub refused the agent token: 401 Unauthorized')).toHaveLength(
      1,
    );
    expect(lines.find((l) => l.msg.startsWith('the hub refused'))!.level).toBe(50);
    await status.flush();
    expect(await upstreamReport(db)).toMatchObject({
      state: 'refused',
      backlog: 1,
      detail: '401 Unauthorized',
    });
  });

  it('tells a hub that refuses the agent itself (agents off there) apart from a refused token', async () => {
    const { hub, pusher, status } = setUp();
    await canaries(1);
    hub.answerWith(() => {
      throw new HubError('refused', '403 Agents is disabled', 403);
    });
    await pusher.drain(signal);
    expect(lines.filter((l) => l.msg === 'the hub refused the agent: 403 Agents is disabled')).toHaveLength(
      1,
    );
    expect(lines.filter((l) => l.msg.startsWith('the hub refused the agent token'))).toEqual([]);
    await status.flush();
    expect(await upstreamReport(db)).toMatchObject({ state: 'refused', backlog: 1 });
  });

  it('halves a batch the hub refuses until the row at fault is alone, sets it aside, then drops it', async () => {
    const { hub, pusher } = setUp();
    const ids = await canaries(4);
    const culprit = ids[2]!;
    hub.answerWith((data) => {
      if (data.canaries?.some((c) => c.id === culprit))
        throw new HubError(
          'rejected',
          'canaries could not be stored: a value is not one the hub allows',
          400,
        );
    });
    for (let round = 0; round < 20 && (await backlogOf(db)) > 0; round++) await pusher.drain(signal);
    const delivered = hub.taken.flatMap(({ data }) => data.canaries!.map((c) => c.id));
    expect(delivered.sort()).toEqual([ids[0], ids[1], ids[3]].sort());
    expect(await backlogOf(db)).toBe(0);
    const setAside = lines.filter((l) => l.msg.startsWith('the hub refused a row'));
    expect(setAside).toHaveLength(MAX_REFUSALS);
    expect(setAside.at(-1)!.msg).toContain('dropped');
  });
});
