import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from './db.js';
import { migrate, MigrationError } from './migrate.js';
import { openTestDatabase } from './test-database.js';

function migrationsFolder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  for (const [name, sql] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), sql);
  return dir;
}

describe('migrate', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDatabase('blank');
  });
  afterAll(() => db.close());

  it('applies numbered files in order once, recording each', async () => {
    const dir = migrationsFolder({
      '0002_add.sql': 'alter table widgets add column size int;',
      '0001_create.sql': 'create table widgets (id int primary key); insert into widgets values (1);',
      'README.md': 'not a migration',
    });
    expect(await migrate(db, dir)).toEqual(['0001_create.sql', '0002_add.sql']);
    expect(await migrate(db, dir)).toEqual([]);
    const versions = await db.query('select version from schema_migrations order by version');
    expect(versions.rows.map((r) => r.version)).toEqual(['0001_create.sql', '0002_add.sql']);
  });

  it('stops at a failing file, names it, and leaves nothing of it behind', async () => {
    const dir = migrationsFolder({
      '0001_ok.sql': 'create table gadgets (id int primary key);',
      '0002_broken.sql': 'create table half_done (id int); select * from no_such_table;',
      '0003_later.sql': 'create table later (id int);',
    });
    const failure = await migrate(db, dir).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as Error).message).toMatch(/0002_broken\.sql.*no_such_table/);
    const tables = await db.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_name in ('gadgets','half_done','later')`,
    );
    expect(tables.rows.map((r) => r.name)).toEqual(['gadgets']);
  });
});
