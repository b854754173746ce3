import type { Db } from '../db/db.js';
import { openTestDatabase } from '../db/test-database.js';
import { readTopologyQuery } from './options.js';
import { descendantPrefix, selectComponents } from './sql.js';

/** A chain root → group → service → pod, each with a check, written with their paths. */
async function chain(db: Db): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  let parent: string | null = null;
  for (const name of ['root', 'group', 'service', 'pod']) {
    const { rows }: { rows: { id: string }[] } = await db.query<{ id: string }>(
      `insert into components (name, type, status, parent_id, path, is_leaf)
       values ($1, 'T', 'healthy', $2::uuid,
         (select case when coalesce(p.path, '') = '' then p.id::text else p.path || '.' || p.id end
          from components p where p.id = $2::uuid), $1 = 'pod')
       returning id`,
      [`sql-test-${name}`, parent],
    );
    ids[name] = parent = rows[0]!.id;
  }
  await db.query(`insert into canaries (name, namespace, spec) values ('sql-test', 'test', '{}')`);
  for (const [name, componentId] of Object.entries(ids))
    await db.query(
      `with made as (
         insert into checks (canary_id, type, name, status)
         select id, 'http', $1, 'healthy' from canaries where name = 'sql-test' returning id, canary_id
       )
       insert into check_component_relationships (check_id, component_id, canary_id)
       select id, $2, canary_id from made`,
      [`sql-test-${name}`, componentId],
    );
  return ids;
}

describe('the topology statement', () => {
  let db: Db;
  let ids: Record<string, string>;
  beforeAll(async () => {
    db = await openTestDatabase('empty');
    ids = await chain(db);
  });
  afterAll(() => db.close());

  const rowsFor = async (query: Record<string, string>) => {
    const options = readTopologyQuery(query);
    const prefix = options.id ? await descendantPrefix(db, options.id) : undefined;
    const rows = await selectComponents(db, options, prefix);
    return new Map(
      rows.filter((row) => row.name.startsWith('sql-test-')).map((row) => [row.name.slice(9), row]),
    );
  };

  it('writes and counts only the levels the answer nests, and still reads the rest for the leaves', async () => {
    const rows = await rowsFor({ depth: '2' });
    expect([...rows.keys()].sort()).toEqual(['group', 'pod', 'root', 'service']);
    expect(rows.get('root')!.body).not.toBeNull();
    expect(rows.get('group')!.checks).not.toBeNull();
    expect(rows.get('service')!.body).toBeNull();
    expect(rows.get('pod')!.body).toBeNull();
    expect(rows.get('pod')!.checks).toBeNull();
    expect(rows.get('pod')!.status).toBe('healthy');
  });

  it('counts the levels from the component asked for', async () => {
    const rows = await rowsFor({ id: ids.group!, depth: '2' });
    expect(rows.get('group')!.body).not.toBeNull();
    expect(rows.get('service')!.checks).not.toBeNull();
    expect(rows.get('pod')!.body).toBeNull();
  });

  it('writes every level of a flat answer and of one as deep as any tree', async () => {
    const queries: Record<string, string>[] = [
      { flatten: 'true', depth: '1' },
      { id: ids.root!, depth: String(Number.MAX_SAFE_INTEGER) },
    ];
    for (const query of queries) {
      const rows = await rowsFor(query);
      expect(rows.get('pod')!.body).not.toBeNull();
    }
  });
});
