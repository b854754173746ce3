import type { Db, ListenOptions } from '../db/db.js';
import type { Logger } from '../../http/logging.js';
import { EventHub, PLATFORM_EVENTS_CHANNEL, type HubMessage } from './stream.js';

/** A database whose notifications the test sends by hand. */
function fakeDb() {
  const fake = {
    channel: '',
    notify: (_payload: string) => {},
    options: {} as ListenOptions,
    db: {
      listen: async (channel: string, onNotify: (payload: string) => void, options: ListenOptions = {}) => {
        fake.channel = channel;
        fake.notify = onNotify;
        fake.options = options;
        return async () => {};
      },
    } as unknown as Db,
  };
  return fake;
}

const logger = { warn: () => {}, info: () => {} } as unknown as Logger;
const announce = (seq: number, name = 'check.failed') =>
  JSON.stringify({ seq, name, ids: { id: `row-${seq}` } });
const seqs = (messages: HubMessage[]) => messages.map((m) => (m.kind === 'event' ? m.event.seq : m.kind));

describe('EventHub', () => {
  it('listens on the platform_events channel and passes each event to every subscriber', async () => {
    const fake = fakeDb();
    const hub = new EventHub({ db: fake.db, logger });
    await hub.start();
    expect(fake.channel).toBe(PLATFORM_EVENTS_CHANNEL);
    const a: HubMessage[] = [];
    const b: HubMessage[] = [];
    hub.subscribe((m) => a.push(m));
    const unsubscribe = hub.subscribe((m) => b.push(m));
    fake.notify(announce(1));
    unsubscribe();
    fake.notify(announce(2));
    expect(seqs(a)).toEqual([1, 2]);
    expect(seqs(b)).toEqual([1]);
    expect(a[0]).toEqual({ kind: 'event', event: { seq: 1, name: 'check.failed', ids: { id: 'row-1' } } });
  });

  it("replays what came after a resuming client's last event, and resets one older than the ring", async () => {
    const fake = fakeDb();
    const hub = new EventHub({ db: fake.db, logger, ringSize: 3 });
    await hub.start();
    for (const seq of [1, 2, 3, 4, 5]) fake.notify(announce(seq));
    const resumed: HubMessage[] = [];
    hub.subscribe((m) => resumed.push(m), 3);
    fake.notify(announce(6));
    expect(seqs(resumed)).toEqual([4, 5, 6]);

    const tooOld: HubMessage[] = [];
    hub.subscribe((m) => tooOld.push(m), 2);
    expect(tooOld).toEqual([{ kind: 'reset', lastSeq: 6 }]);
  });

  it('ignores a malformed notification', async () => {
    const fake = fakeDb();
    const hub = new EventHub({ db: fake.db, logger });
    await hub.start();
    const got: HubMessage[] = [];
    hub.subscribe((m) => got.push(m));
    fake.notify('not json');
    fake.notify(JSON.stringify({ name: 'check.failed' }));
    fake.notify(announce(7));
    expect(seqs(got)).toEqual([7]);
  });

  it('resets everyone when the listening connection comes back, and forgets the ring across the gap', async () => {
    const fake = fakeDb();
    const hub = new EventHub({ db: fake.db, logger });
    await hub.start();
    fake.notify(announce(1));
    const got: HubMessage[] = [];
    hub.subscribe((m) => got.push(m));
    fake.options.onConnectionChange?.({ connected: false, error: new Error('terminated') });
    fake.options.onConnectionChange?.({ connected: true });
    expect(got).toEqual([{ kind: 'reset' }]);
    const late: HubMessage[] = [];
    hub.subscribe((m) => late.push(m), 1);
    expect(late).toEqual([{ kind: 'reset', lastSeq: undefined }]);
  });

  it('tries to listen again after a failed start', async () => {
    const fake = fakeDb();
    const listen = fake.db.listen;
    let calls = 0;
    fake.db.listen = async (...args) => {
      calls += 1;
      if (calls === 1) throw new Error('no connection');
      return listen(...args);
    };
    const hub = new EventHub({ db: fake.db, logger });
    await expect(hub.start()).rejects.toThrow('no connection');
    await hub.start();
    expect(calls).toBe(2);
  });
});
