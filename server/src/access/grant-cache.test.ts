import type { Queryable, QueryResult } from '../platform/db/db.js';
import { createGrantCache } from './grant-cache.js';

/** A database that answers the grants query with one row per person, counting the reads. */
function fakeDb(until: () => Date | null = () => null) {
  const reads: string[] = [];
  let hold: Promise<void> | undefined;
  const db: Queryable = {
    async query<R>(_text: string, params?: readonly unknown[]) {
      reads.push(String(params?.[0]));
      if (hold) await hold;
      const row = {
        action: 'read',
        deny: false,
        object: 'catalog',
        until: until(),
        playbook_id: null,
        connection_id: null,
        config_id: null,
        component_id: null,
        canary_id: null,
        check_id: null,
      };
      return { rows: [row], rowCount: 1 } as unknown as QueryResult<R>;
    },
  };
  return {
    db,
    reads,
    /** Holds reads until the returned function is called. */
    holdReads() {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = undefined;
        release();
      };
    },
  };
}

describe('the grant cache', () => {
  it('reads each person once while listening, and every time while not', async () => {
    const { db, reads } = fakeDb();
    const cache = createGrantCache(db);
    await cache.get('a');
    await cache.get('a');
    expect(reads).toEqual(['a', 'a']);
    cache.setListening(true);
    await cache.get('a');
    await cache.get('a');
    await cache.get('b');
    expect(reads).toEqual(['a', 'a', 'a', 'b']);
    cache.forgetAll();
    await cache.get('a');
    expect(reads).toEqual(['a', 'a', 'a', 'b', 'a']);
  });

  it('keeps no entry past the earliest until of its grants', async () => {
    let clock = 1_000_000;
    const { db, reads } = fakeDb(() => new Date(1_000_500));
    const cache = createGrantCache(db, { now: () => clock });
    cache.setListening(true);
    await cache.get('a');
    clock = 1_000_499;
    await cache.get('a');
    expect(reads).toHaveLength(1);
    clock = 1_000_500;
    await cache.get('a');
    expect(reads).toHaveLength(2);
  });

  it('drops the least recently used person past its bound', async () => {
    const { db, reads } = fakeDb();
    const cache = createGrantCache(db, { maxEntries: 2 });
    cache.setListening(true);
    await cache.get('a');
    await cache.get('b');
    await cache.get('a');
    await cache.get('c');
    await cache.get('a');
    expect(reads).toEqual(['a', 'b', 'c']);
    await cache.get('b');
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('shares no read under way when a change comes with a request after it', async () => {
    const { db, reads, holdReads } = fakeDb();
    const cache = createGrantCache(db);
    cache.setListening(true);
    const release = holdReads();
    const before = cache.get('a');
    const alongside = cache.get('a');
    cache.forgetAll();
    const after = cache.get('a');
    release();
    await Promise.all([before, alongside, after]);
    expect(reads).toEqual(['a', 'a']);
    await cache.get('a');
    expect(reads).toEqual(['a', 'a']);
  });

  it('keeps no failed read', async () => {
    let fail = true;
    const db: Queryable = {
      query: async () => {
        if (fail) throw new Error('down');
        return { rows: [], rowCount: 0 } as never;
      },
    };
    const cache = createGrantCache(db);
    cache.setListening(true);
    await expect(cache.get('a')).rejects.toThrow('down');
    fail = false;
    await expect(cache.get('a')).resolves.toEqual([]);
  });
});
