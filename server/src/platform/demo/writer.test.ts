import type { Queryable, QueryResult } from '../db/db.js';
import { Writer } from './writer.js';

/** A database whose schema has one table, teams(id, name); it records the inserts it is sent. */
function fakeDb(): Queryable & { inserts: string[] } {
  const inserts: string[] = [];
  return {
    inserts,
    query: <R>(text: string, params: readonly unknown[] = []) => {
      if (text.includes('information_schema.columns')) {
        const rows = ['id', 'name'].map((column_name) => ({ table_name: 'teams', column_name }));
        return Promise.resolve({ rows, rowCount: rows.length } as QueryResult<R>);
      }
      inserts.push(String(params[0]));
      return Promise.resolve({ rows: [], rowCount: (JSON.parse(String(params[0])) as unknown[]).length });
    },
  };
}

describe('the demo data Writer', () => {
  it('inserts rows whose keys are columns of the table, leaving undefined keys to their defaults', async () => {
    const db = fakeDb();
    const w = new Writer(db);
    await w.introspect();
    expect(await w.insert('teams', [{ id: 't1', name: 'Platform', created_at: undefined }])).toBe(1);
    expect(db.inserts).toEqual(['[{"id":"t1","name":"Platform"}]']);
    expect(w.counts).toEqual({ teams: 1 });
  });

  it('fails, naming the column, when a row has a column the schema lacks', async () => {
    const db = fakeDb();
    const w = new Writer(db);
    await w.introspect();
    await expect(w.insert('teams', [{ id: 't1', name: 'Platform', colour: 'red' }])).rejects.toThrow(
      'demo data: the schema has no writable column teams.colour',
    );
    expect(db.inserts).toEqual([]);
  });

  it('fails, naming the table, when the schema lacks the table', async () => {
    const w = new Writer(fakeDb());
    await w.introspect();
    await expect(w.insert('squads', [{ id: 's1' }])).rejects.toThrow(
      'demo data: the schema has no table squads',
    );
  });
});
