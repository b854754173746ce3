import type { Db } from './db.js';
import { openTestDatabase } from './test-database.js';

describe('openDatabase (PGlite)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDatabase('blank');
    await db.exec('create table things (id int primary key, name text not null)');
  });
  afterAll(() => db.close());

  it('binds parameters and parses values like the pg driver does', async () => {
    const { rows } = await db.query(
      `select $1::int8 as big, now() as at, '2 hours'::interval as span, $2::text as said`,
      ['12345678901', "it's; drop table things --"],
    );
    expect(rows[0]).toEqual({
      big: 12345678901,
      at: expect.any(Date),
      span: '02:00:00',
      said: "it's; drop table things --",
    });
  });

  it('rolls a transaction back when its body throws', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into things values (1, 'kept?')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await db.query('select count(*)::int as n from things')).rows[0]).toEqual({ n: 0 });
  });
});
