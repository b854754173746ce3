/**
 * Test databases. Once per test run, global setup builds template databases (migrated, and
 * migrated + demo data) for each back end that is available:
 *  - PGlite, always: a data directory that each test copies (opening a copy takes ~0.2 s,
 *    creating one from nothing ~5 s);
 *  - PostgreSQL: the server at TEST_POSTGRES_URL (default the local one on 127.0.0.1:5432),
 *    else a throwaway server started from the machine's binaries, else skipped, with the
 *    reason printed. Each test gets a fresh database created from a template.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import { prepareDatabase } from '../../server/src/platform/db/prepare.js';
import { startThrowawayPostgres, stopThrowawayPostgres } from '../../hack/postgres.js';

export type Backend = 'pglite' | 'postgres';
/** `blank`: a database nothing has touched; `empty`: migrated; `demo`: migrated + demo data. */
export type Template = 'blank' | 'empty' | 'demo';

type Prepared = Exclude<Template, 'blank'>;

interface State {
  root: string;
  /** Names every database this run creates, so teardown finds them all. */
  runId: string;
  pglite: Record<Prepared, string>;
  postgres?: { adminUrl: string; templates: Record<Prepared, string>; throwawayDir?: string };
  postgresSkipReason?: string;
}

const STATE_ENV = 'OPS_CONSOLE_TEST_STATE';

function readState(): State {
  const file = process.env[STATE_ENV];
  if (!file) throw new Error('test databases were not set up (run through jest with globalSetup)');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as State;
}

function urlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function findPostgres(root: string): Promise<{ adminUrl: string; throwawayDir?: string }> {
  const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  try {
    await adminQuery(adminUrl, 'select 1');
    return { adminUrl };
  } catch (error) {
    const throwawayDir = path.join(root, 'postgres-server');
    const port = 20000 + (process.pid % 20000);
    try {
      return { adminUrl: startThrowawayPostgres(throwawayDir, port), throwawayDir };
    } catch (startError) {
      throw new Error(
        `no server at ${adminUrl} (${(error as Error).message}) and no throwaway one (${(startError as Error).message})`,
      );
    }
  }
}

async function buildTemplate(db: Db, template: Prepared): Promise<void> {
  try {
    await prepareDatabase(db, { demoData: template === 'demo' });
  } finally {
    await db.close();
  }
}

export async function setUpTestDatabases(): Promise<string> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-console-test-'));
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const state: State = {
    root,
    runId,
    pglite: { empty: path.join(root, 'pglite-empty'), demo: path.join(root, 'pglite-demo') },
  };
  for (const template of ['empty', 'demo'] as const) {
    await buildTemplate(await openDatabase({ dataDir: state.pglite[template] }), template);
  }
  try {
    const { adminUrl, throwawayDir } = await findPostgres(root);
    const templates = { empty: `ops_tpl_empty_${runId}`, demo: `ops_tpl_demo_${runId}` };
    state.postgres = { adminUrl, templates, throwawayDir };
    for (const template of ['empty', 'demo'] as const) {
      await adminQuery(adminUrl, `create database ${templates[template]}`);
      const db = await openDatabase({ dataDir: '', databaseUrl: urlFor(adminUrl, templates[template]) });
      await buildTemplate(db, template);
    }
  } catch (error) {
    state.postgresSkipReason = (error as Error).message;
    console.error(`\nPostgreSQL variant of the integration tests skipped: ${state.postgresSkipReason}\n`);
  }
  const stateFile = path.join(root, 'state.json');
  fs.writeFileSync(stateFile, JSON.stringify(state));
  process.env[STATE_ENV] = stateFile;
  return stateFile;
}

export async function tearDownTestDatabases(): Promise<void> {
  const state = readState();
  if (state.postgres) {
    const { adminUrl, templates, throwawayDir } = state.postgres;
    if (throwawayDir) stopThrowawayPostgres(throwawayDir);
    else {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      const { rows } = await client.query<{ datname: string }>(
        `select datname from pg_database where datname like $1 or datname = any($2)`,
        [`ops_test_${state.runId}_%`, Object.values(templates)],
      );
      for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
      await client.end();
    }
  }
  fs.rmSync(state.root, { recursive: true, force: true });
}

/** The back ends this run can test against: PGlite always, PostgreSQL when it was found. */
export function availableBackends(): Backend[] {
  return readState().postgres ? ['pglite', 'postgres'] : ['pglite'];
}

let counter = 0;

/**
 * A fresh database from a template, for one test file or test. Returns what a server config
 * needs (dataDir or databaseUrl) and a function that removes it.
 */
export async function freshDatabase(
  backend: Backend,
  template: Template = 'demo',
): Promise<{ dataDir: string; databaseUrl?: string; drop: () => Promise<void> }> {
  const state = readState();
  counter += 1;
  if (backend === 'pglite') {
    const dataDir = path.join(state.root, `pglite-${process.pid}-${counter}`);
    if (template !== 'blank') fs.cpSync(state.pglite[template], dataDir, { recursive: true });
    return { dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  if (!state.postgres) throw new Error(`PostgreSQL unavailable: ${state.postgresSkipReason}`);
  const { adminUrl, templates } = state.postgres;
  const name = `ops_test_${state.runId}_${process.pid}_${counter}`;
  await adminQuery(
    adminUrl,
    template === 'blank'
      ? `create database ${name}`
      : `create database ${name} template ${templates[template]}`,
  );
  return {
    dataDir: path.join(state.root, name),
    databaseUrl: urlFor(adminUrl, name),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

// Run by jest's global setup and teardown (tests/support/global-*.js) in a child process.
if (import.meta.url === `file://${process.argv[1]}`) {
  const command = process.argv[2];
  if (command === 'setup') console.log(await setUpTestDatabases());
  else if (command === 'teardown') await tearDownTestDatabases();
}
