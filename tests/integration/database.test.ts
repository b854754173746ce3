import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import { migrate, MigrationError } from '../../server/src/platform/db/migrate.js';
import { prepareDatabase } from '../../server/src/platform/demo/prepare.js';
import { availableBackends, freshDatabase } from '../support/databases.js';

/** The database layer on each engine: what unit tests check on PGlite, here on PostgreSQL too. */
describe.each(availableBackends())('the database layer on %s', (backend) => {
  const opened: Db[] = [];
  const drops: Array<() => Promise<void>> = [];
  async function blankDatabase(): Promise<() => Promise<Db>> {
    const database = await freshDatabase(backend, 'blank');
    drops.push(database.drop);
    return async () => {
      const db = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
      opened.push(db);
      return db;
    };
  }
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.close();
    for (const drop of drops.splice(0)) await drop();
  });

  it('stops at a failing migration, names it, and leaves that migration without a trace', async () => {
    const db = await (await blankDatabase())();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    fs.writeFileSync(path.join(dir, '0001_ok.sql'), 'create table gadgets (id int primary key);');
    fs.writeFileSync(path.join(dir, '0002_broken.sql'), 'create table half (id int); select * from missing;');
    const failure = await migrate(db, dir).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as Error).message).toMatch(/^migration 0002_broken\.sql failed: .*missing/);
    const tables = await db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_name in ('gadgets', 'half')`,
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual(['gadgets']);
    const versions = await db.query<{ version: string }>('select version from schema_migrations');
    expect(versions.rows.map((r) => r.version)).toEqual(['0001_ok.sql']);
  });

  it('lets replicas that start together prepare the database once', async () => {
    const open = await blankDatabase();
    // PGlite allows one process per data directory, so there the "replicas" share one instance.
    const first = await open();
    const second = backend === 'postgres' ? await open() : first;
    await Promise.all([
      prepareDatabase(first, { demoData: true }),
      prepareDatabase(second, { demoData: true }),
    ]);
    const counts = await first.query<{ people: number; migrations: number }>(
      `select (select count(*) from people where email like '%@acme.example')::int as people,
              (select count(*) from schema_migrations)::int as migrations`,
    );
    const files = fs.readdirSync(new URL('../../server/src/platform/db/migrations/', import.meta.url));
    expect(counts.rows[0]).toEqual({
      people: 24,
      migrations: files.filter((f) => f.endsWith('.sql')).length,
    });
  });

  it('rolls a whole transaction back when one statement fails', async () => {
    const db = await (await blankDatabase())();
    await db.exec('create table teams (id int primary key, name text not null)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into teams values (1, 'kept?')`);
        await tx.query(`insert into teams values (2, null)`);
      }),
    ).rejects.toThrow(/null value/);
    expect((await db.query('select count(*)::int as n from teams')).rows[0]).toEqual({ n: 0 });
  });

  if (backend === 'postgres')
    it('compiles no statement: JIT is off for the pool’s statements and its transactions', async () => {
      const db = await (await blankDatabase())();
      const jit = async (q: Pick<Db, 'query'>) =>
        (await q.query<{ jit: string }>(`select current_setting('jit') as jit`)).rows[0]!.jit;
      expect(await jit(db)).toBe('off');
      expect(await db.transaction(jit)).toBe('off');
    });
});
