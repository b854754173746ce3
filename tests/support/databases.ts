/**
 * Test databases. Once per test run, global setup builds template databases (blank, migrated,
 * and migrated + demo data) for each back end the project's tests use:
 *  - PGlite, always: data directories that each test copies (opening a copy takes ~0.2 s,
 *    creating one from nothing ~5 s); see server/src/platform/db/test-database.ts;
 *  - PostgreSQL, for the integration tests: the server at TEST_POSTGRES_URL (default the local
 *    one on 127.0.0.1:5432), else a throwaway server started from the machine's binaries
 *    (installed with apt when REQUIRE_POSTGRES=1 and they are missing), else skipped with the
 *    reason printed, or a failed run when REQUIRE_POSTGRES=1. Each test gets a fresh database
 *    created from a template.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import { prepareDatabase } from '../../server/src/platform/demo/prepare.js';
import {
  TEST_STATE_ENV,
  readTestState,
  copyPgliteTemplate,
  type Template,
  type TestState,
} from '../../server/src/platform/db/test-database.js';
import { startThrowawayPostgres, stopThrowawayPostgres } from '../../hack/postgres.js';
import { isRequired, skipOrFail } from './required.js';

export type { Template };
export type Backend = 'pglite' | 'postgres';

type Prepared = Exclude<Template, 'blank'>;

interface State extends TestState {
  /** Names every database this run creates, so teardown finds them all. */
  runId: string;
  postgres?: { adminUrl: string; templates: Record<Prepared, string>; throwawayDir?: string };
  postgresSkipReason?: string;
}

const readState = () => readTestState<State>();

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
      const install = isRequired('REQUIRE_POSTGRES');
      return { adminUrl: startThrowawayPostgres(throwawayDir, port, { install }), throwawayDir };
    } catch (startError) {
      throw new Error(
        `no server at ${adminUrl} (${(error as Error).message}) and no throwaway one (${(startError as Error).message})`,
      );
    }
  }
}

async function prepareTemplate(db: Db, template: Prepared): Promise<void> {
  try {
    await prepareDatabase(db, { demoData: template === 'demo' });
  } finally {
    await db.close();
  }
}

const pgliteTemplateDirs = (root: string): Record<Template, string> => ({
  blank: path.join(root, 'pglite-blank'),
  empty: path.join(root, 'pglite-empty'),
  demo: path.join(root, 'pglite-demo'),
});

/** blank (a new data directory), then a copy of it migrated, then a copy of that with demo data. */
async function buildPgliteTemplates(dirs: Record<Template, string>): Promise<void> {
  await (await openDatabase({ dataDir: dirs.blank })).close();
  fs.cpSync(dirs.blank, dirs.empty, { recursive: true });
  await prepareTemplate(await openDatabase({ dataDir: dirs.empty }), 'empty');
  fs.cpSync(dirs.empty, dirs.demo, { recursive: true });
  await prepareTemplate(await openDatabase({ dataDir: dirs.demo }), 'demo');
}

/** No server to be found is a reason to skip (or fail, when required); a failing template is an error. */
async function addPostgres(state: State): Promise<void> {
  let server: Awaited<ReturnType<typeof findPostgres>>;
  try {
    server = await findPostgres(state.root);
  } catch (error) {
    state.postgresSkipReason = (error as Error).message;
    skipOrFail(
      'REQUIRE_POSTGRES',
      'the PostgreSQL variant of the integration tests',
      state.postgresSkipReason,
    );
    return;
  }
  const templates = { empty: `ops_tpl_empty_${state.runId}`, demo: `ops_tpl_demo_${state.runId}` };
  state.postgres = { ...server, templates };
  // As with PGlite's, the demo template starts as a copy of the migrated one.
  await adminQuery(server.adminUrl, `create database ${templates.empty}`);
  await prepareTemplate(
    await openDatabase({ dataDir: '', databaseUrl: urlFor(server.adminUrl, templates.empty) }),
    'empty',
  );
  await adminQuery(server.adminUrl, `create database ${templates.demo} template ${templates.empty}`);
  await prepareTemplate(
    await openDatabase({ dataDir: '', databaseUrl: urlFor(server.adminUrl, templates.demo) }),
    'demo',
  );
}

/**
 * Builds the templates and returns the state file's path. `postgres: false` (the unit tests)
 * builds PGlite's only. A run of several projects calls this once per project, in the same
 * environment: the later calls add what the first left out.
 */
export async function setUpTestDatabases(options: { postgres: boolean }): Promise<string> {
  const existing = process.env[TEST_STATE_ENV];
  const building: Promise<void>[] = [];
  let state: State;
  if (existing && fs.existsSync(existing)) state = readState();
  else {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-console-test-'));
    state = { root, runId: `${process.pid}_${Date.now().toString(36)}`, pglite: pgliteTemplateDirs(root) };
    building.push(buildPgliteTemplates(state.pglite));
  }
  const stateFile = path.join(state.root, 'state.json');
  const save = () => fs.writeFileSync(stateFile, JSON.stringify(state));
  process.env[TEST_STATE_ENV] = stateFile;
  save();
  // PGlite's templates are built in this process, PostgreSQL's mostly in the server's: side by
  // side, the two take the time of the longer one.
  if (options.postgres && !state.postgres && !state.postgresSkipReason) building.push(addPostgres(state));
  const failed = (await Promise.allSettled(building)).find((result) => result.status === 'rejected');
  save();
  if (failed) {
    await tearDownTestDatabases();
    throw failed.reason;
  }
  return stateFile;
}

/** Removes everything setUpTestDatabases made; the later calls of a several-project run find nothing left. */
export async function tearDownTestDatabases(): Promise<void> {
  const file = process.env[TEST_STATE_ENV];
  if (!file || !fs.existsSync(file)) return;
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
  if (backend === 'pglite') {
    const dataDir = copyPgliteTemplate(template);
    return { dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const state = readState();
  counter += 1;
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
  if (command === 'setup') console.log(await setUpTestDatabases({ postgres: process.argv[3] !== 'pglite' }));
  else if (command === 'teardown') await tearDownTestDatabases();
}
