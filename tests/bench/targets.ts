/** The back ends the bench runs on: PGlite in a fresh data directory, and a PostgreSQL server. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import { startServer, stopServer, type Build, type Server } from './server.js';

export type BackEnd = 'PGlite' | 'PostgreSQL';

/** One empty database of a back end: the env a server needs for it, and a way to open it here. */
export interface Database {
  env: Record<string, string>;
  open(): Promise<Db>;
  drop(): Promise<void>;
}

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let databases = 0;

/** Why PostgreSQL can't be used, or undefined when it answers. */
export async function postgresUnavailable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return undefined;
  } catch (error) {
    return `${new URL(adminUrl).host} does not answer (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function freshDatabase(backEnd: BackEnd): Promise<Database> {
  if (backEnd === 'PGlite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-bench-'));
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  // Identifiers can't be bound parameters; this one is made of the pid and a counter only.
  const name = `ops_bench_${process.pid}_${++databases}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    env: { DATABASE_URL: databaseUrl },
    open: () => openDatabase({ dataDir: '', databaseUrl }),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

/**
 * A database migrated by the build's own server (each build has its own schema), without demo
 * data, for a data set to be loaded into.
 */
export async function migratedDatabase(backEnd: BackEnd, build: Build): Promise<Database> {
  const database = await freshDatabase(backEnd);
  const server = await startServer(build, {
    ...database.env,
    DEMO_DATA: 'false',
    CHECK_RUNNER_ENABLED: 'false',
  });
  await stopServer(server);
  return database;
}

/**
 * One database per build, each migrated by that build and holding the data set `load` writes
 * (named in the progress line). Each is added to `databases` as soon as it exists, so the
 * caller drops it even when a later one fails.
 */
export async function loadedDatabases(
  backEnd: BackEnd,
  builds: readonly Build[],
  dataSet: { name: string; load: (db: Db) => Promise<unknown> },
  databases: Database[],
): Promise<void> {
  for (const build of builds) {
    const database = await migratedDatabase(backEnd, build);
    databases.push(database);
    const db = await database.open();
    try {
      const started = performance.now();
      await dataSet.load(db);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`  ${backEnd}, build ${build.name}: ${dataSet.name} data set loaded in ${seconds} s`);
    } finally {
      await db.close();
    }
  }
}

/**
 * One server per build, each on its own database holding the data set (`loadedDatabases`),
 * without the demo data and with `env`, for `measure`; the servers are stopped and the databases
 * dropped afterwards, also when something fails.
 */
export async function withLoadedServers(
  backEnd: BackEnd,
  builds: readonly Build[],
  dataSet: { name: string; load: (db: Db) => Promise<unknown> },
  env: Record<string, string>,
  measure: (servers: Server[]) => Promise<void>,
): Promise<void> {
  const databases: Database[] = [];
  const servers: Server[] = [];
  try {
    await loadedDatabases(backEnd, builds, dataSet, databases);
    for (const [k, build] of builds.entries())
      servers.push(await startServer(build, { ...databases[k]!.env, DEMO_DATA: 'false', ...env }));
    await measure(servers);
  } finally {
    for (const server of servers) await stopServer(server);
    for (const database of databases) await database.drop();
  }
}
