import type { Queryable, QueryResult } from '../db/db.js';
import { sharedReads } from './shared-reads.js';
import { startFixture, type Fixture } from './test-fixture.js';
import { request } from './test-http.js';

/** A database whose statements wait until the test lets them finish. */
function heldDatabase() {
  const held: { text: string; params: readonly unknown[]; finish: (result: QueryResult<unknown>) => void }[] =
    [];
  const db: Queryable = {
    query: <R>(text: string, params: readonly unknown[] = []) =>
      new Promise<QueryResult<R>>((resolve, reject) => {
        held.push({
          text,
          params,
          finish: (result) =>
            result.rowCount < 0 ? reject(new Error('failed')) : resolve(result as QueryResult<R>),
        });
      }),
  };
  return { db, held };
}

const rowsOf = (value: string): QueryResult<unknown> => ({ rows: [{ value }], rowCount: 1 });

describe('shared reads', () => {
  it('runs an identical statement asked for while it runs once, for every caller', async () => {
    const { db, held } = heldDatabase();
    const reads = sharedReads();
    const answers = [1, 2, 3].map(() => reads.query(db, 'select $1', ['a']));
    expect(held).toHaveLength(1);
    held[0]!.finish(rowsOf('first'));
    for (const answer of await Promise.all(answers)) expect(answer.rows).toEqual([{ value: 'first' }]);
  });

  it('runs statements with other values, and the same one once the first has answered, again', async () => {
    const { db, held } = heldDatabase();
    const reads = sharedReads();
    const a = reads.query(db, 'select $1', ['a']);
    const b = reads.query(db, 'select $1', ['b']);
    const numeric = reads.query(db, 'select $1', [1]);
    expect(held.map((h) => h.params)).toEqual([['a'], ['b'], [1]]);
    held.forEach((h, k) => h.finish(rowsOf(String(k))));
    await Promise.all([a, b, numeric]);
    const again = reads.query(db, 'select $1', ['a']);
    expect(held).toHaveLength(4);
    held[3]!.finish(rowsOf('again'));
    expect((await again).rows).toEqual([{ value: 'again' }]);
  });

  it('shares a failure with the callers waiting, and tries anew after it', async () => {
    const { db, held } = heldDatabase();
    const reads = sharedReads();
    const both = [reads.query(db, 'select 1', []), reads.query(db, 'select 1', [])];
    held[0]!.finish({ rows: [], rowCount: -1 });
    for (const answer of both) await expect(answer).rejects.toThrow('failed');
    void reads.query(db, 'select 1', []);
    expect(held).toHaveLength(2);
  });

  it('starts a new statement after forget, while the earlier one still runs', async () => {
    const { db, held } = heldDatabase();
    const reads = sharedReads();
    const before = reads.query(db, 'select 1', []);
    reads.forget();
    const after = reads.query(db, 'select 1', []);
    expect(held).toHaveLength(2);
    held[1]!.finish(rowsOf('after'));
    held[0]!.finish(rowsOf('before'));
    expect((await before).rows).toEqual([{ value: 'before' }]);
    expect((await after).rows).toEqual([{ value: 'after' }]);
  });
});

const isReadOfPeople = (text: string) => /^select .* from public\."people" _0/.test(text);

describe('shared reads behind /api/db', () => {
  let fixture: Fixture;
  let release: () => void = () => {};
  let holding = false;
  let arrived = 0;
  const reads = sharedReads();
  const counted = {
    query: ((db, text, params) => {
      arrived++;
      return reads.query(db, text, params);
    }) as typeof reads.query,
    forget: reads.forget,
    onForget: reads.onForget,
  };

  beforeAll(async () => {
    fixture = await startFixture({
      sharedReads: counted,
      // Reads of people, once run, hold their answer while the test holds them.
      beforeAnswer: (text) =>
        holding && isReadOfPeople(text)
          ? new Promise<void>((resolve) => (release = resolve))
          : Promise.resolve(),
    });
  });
  afterAll(() => fixture.close());

  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((resolve) => setImmediate(resolve));
  };
  const readsOfPeople = () => fixture.statements.filter((s) => isReadOfPeople(s.text)).length;
  const namesOf = (body: unknown) => (body as { name: string }[]).map((p) => p.name);

  it('answers a burst of the same list from one statement, to each caller in full', async () => {
    holding = true;
    arrived = 0;
    const statementsBefore = readsOfPeople();
    const burst = Array.from({ length: 5 }, () =>
      request(fixture, 'GET', 'people?select=name&order=id', undefined, { Prefer: 'count=exact' }),
    );
    await until(() => arrived === 5);
    holding = false;
    release();
    const answers = await Promise.all(burst);
    expect(readsOfPeople() - statementsBefore).toBe(1);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-range')).toBe('0-3/4');
      expect(namesOf(answer.body)).toEqual(['Ada', 'Brendan', 'Cleo', 'Dmitri "the, quoted"']);
    }
  });

  it('lets a read that follows a write see it, although the same read started before the write still runs', async () => {
    holding = true;
    arrived = 0;
    const statementsBefore = readsOfPeople();
    const earlier = request(fixture, 'GET', 'people?select=name&order=id');
    await until(() => arrived === 1 && readsOfPeople() > statementsBefore);
    const written = await request(fixture, 'POST', 'people', { name: 'Erin' });
    expect(written.status).toBe(201);
    holding = false;
    const later = request(fixture, 'GET', 'people?select=name&order=id');
    await until(() => arrived === 2);
    release();
    expect(namesOf((await earlier).body)).not.toContain('Erin');
    expect(namesOf((await later).body)).toContain('Erin');
    expect(readsOfPeople() - statementsBefore).toBe(2);
  });
});

describe('shared reads started after the turn', () => {
  it('shares a statement among the callers of one turn, before it starts', async () => {
    const { db, held } = heldDatabase();
    const reads = sharedReads({ startAfterTurn: true });
    const first = reads.query(db, 'select 1', []);
    await Promise.resolve();
    const second = reads.query(db, 'select 1', []);
    expect(held).toHaveLength(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(held).toHaveLength(1);
    held[0]!.finish(rowsOf('once'));
    expect((await first).rows).toBe((await second).rows);
  });
});
