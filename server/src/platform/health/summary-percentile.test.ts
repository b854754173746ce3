import type { Db } from '../db/db.js';
import { openTestDatabase } from '../db/test-database.js';
import {
  exactPercentiles,
  weightedPercentile,
  weightedPercentiles,
  weightedPercentilesOf,
  type RollupPoint,
} from './summary-percentile.js';

/** The three percentiles, one weightedPercentile at a time. */
function oneByOne(rows: RollupPoint[], durations: number[]) {
  const weights = [...rows.map((row) => row[0]), ...durations.map(() => 1)];
  return ([1, 2, 3] as const).map((column, k) =>
    weightedPercentile([...rows.map((row) => row[column]), ...durations], weights, [95, 97, 99][k]!),
  );
}

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('weightedPercentiles', () => {
  it('has no answer without points', () => {
    expect(weightedPercentiles([], [])).toEqual([null, null, null]);
  });

  it('weighs each row by its run count and each raw run by one', () => {
    // 90 runs at 100 ms, 9 at 500, one raw run at 900: the 95th is within the 500s, the 99th too.
    expect(
      weightedPercentiles(
        [
          [90, 100, 100, 100],
          [9, 500, 500, 500],
        ],
        [900],
      ),
    ).toEqual([500, 500, 500]);
    // 91 runs at 100 ms or less, then one run each at 200, 300... 900.
    expect(
      weightedPercentiles([[90, 100, 100, 100]], [900, 800, 700, 600, 500, 400, 300, 200, 100, 50]),
    ).toEqual([400, 600, 800]);
  });

  it('answers as weightedPercentile does, ties and large values included', () => {
    const next = random(7);
    for (let trial = 0; trial < 500; trial++) {
      const int = (below: number) => Math.floor(next() * below);
      const scale = [10, 1000, 2 ** 31][int(3)]!;
      const rows = Array.from({ length: int(40) }, (): RollupPoint => [
        1 + int(20),
        int(scale),
        int(scale),
        int(scale),
      ]);
      const durations = Array.from({ length: int(40) }, () => int(scale));
      expect(weightedPercentiles(rows, durations)).toEqual(oneByOne(rows, durations));
    }
  });

  it('answers as weightedPercentile does for values it cannot pack', () => {
    const rows: RollupPoint[] = [[3, 12.5, 13.5, 2 ** 40]];
    expect(weightedPercentiles(rows, [7, 2 ** 33])).toEqual(oneByOne(rows, [7, 2 ** 33]));
  });
});

describe('weightedPercentilesOf', () => {
  it('answers over its parts as weightedPercentiles over them joined', () => {
    const next = random(5);
    const int = (below: number) => Math.floor(next() * below);
    const part = <T>(make: () => T): T[] | null =>
      int(4) === 0 ? null : Array.from({ length: int(30) }, make);
    for (let trial = 0; trial < 300; trial++) {
      // Values a summary's parts hold, and now and then one that cannot be packed.
      const value = () => (int(50) === 0 ? 2 ** 33 + 0.5 : int(2000));
      const row = (): RollupPoint => [1 + int(20), value(), value(), value()];
      const rows = [part(row), part(row)];
      const durations = [part(value), part(value)];
      expect(weightedPercentilesOf(rows, durations)).toEqual(
        weightedPercentiles(
          rows.flatMap((p) => p ?? []),
          durations.flatMap((p) => p ?? []),
        ),
      );
    }
  });

  it('answers the same when asked again after a larger set', () => {
    const small: RollupPoint[] = [[3, 10, 20, 30]];
    const before = weightedPercentilesOf([small], [[5, 15]]);
    weightedPercentilesOf([Array.from({ length: 5000 }, (): RollupPoint => [1, 999, 999, 999])], [null]);
    expect(weightedPercentilesOf([small], [[5, 15]])).toEqual(before);
  });
});

describe('exactPercentiles', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDatabase('empty');
  });
  afterAll(() => db?.close());

  /** What the database answers: percentile_cont, rounded as numeric. */
  async function inTheDatabase(durations: number[]): Promise<(number | null)[]> {
    const { rows } = await db.query<{ p: (number | null)[] }>(
      `select array(select round(x::numeric)::int from unnest(
         (select percentile_cont(array[0.95, 0.97, 0.99]) within group (order by d) from unnest($1::int[]) d)) x) as p`,
      [durations],
    );
    return rows[0]!.p.length > 0 ? rows[0]!.p : [null, null, null];
  }

  it('answers as percentile_cont rounded in the database does', async () => {
    const next = random(11);
    const cases: number[][] = [
      [],
      [42],
      // Halves: 28.5 rounds to 29 (away from zero), not 28 (to even).
      [0, 30],
      [0, 10],
      [0, 50, 70],
      [5, 5, 5, 6],
    ];
    for (let trial = 0; trial < 300; trial++) {
      const scale = [3, 100, 10_000, 2_000_000][trial % 4]!;
      cases.push(Array.from({ length: 1 + Math.floor(next() * 60) }, () => Math.floor(next() * scale)));
    }
    for (const durations of cases)
      expect(exactPercentiles(durations)).toEqual(await inTheDatabase(durations));
  });
});
