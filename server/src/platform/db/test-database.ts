/**
 * PGlite databases for tests, copied from templates. Jest's global setup
 * (tests/support/global-setup*.js, wired to the unit and integration projects) builds the
 * templates once per run and names them in a state file; copying one takes ~0.2 s where
 * creating a database takes ~5 s and migrating it as long again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type Db } from './db.js';

/** `blank`: a database nothing has touched; `empty`: migrated; `demo`: migrated + demo data. */
export type Template = 'blank' | 'empty' | 'demo';

/** What global setup writes for every test project. */
export interface TestState {
  root: string;
  pglite: Record<Template, string>;
}

/** Names the state file in the environment jest passes on to its workers. */
export const TEST_STATE_ENV = 'OPS_CONSOLE_TEST_STATE';

export function readTestState<State extends TestState = TestState>(): State {
  const file = process.env[TEST_STATE_ENV];
  if (!file) throw new Error('test databases were not set up (run through jest with globalSetup)');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as State;
}

/** A new data directory holding a copy of the template; the caller removes it. */
export function copyPgliteTemplate(template: Template): string {
  const { root, pglite } = readTestState();
  const dataDir = fs.mkdtempSync(path.join(root, `pglite-${template}-`));
  fs.cpSync(pglite[template], dataDir, { recursive: true });
  return dataDir;
}

/** A PGlite database opened on a copy of the template; closing it removes the copy. */
export async function openTestDatabase(template: Template = 'empty'): Promise<Db> {
  const dataDir = copyPgliteTemplate(template);
  const db = await openDatabase({ dataDir });
  return {
    ...db,
    async close() {
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
