// Jest loads this file outside its module system, so the TypeScript runs in a child process
// (node --import tsx); it prints the path of the state file the tests read.
import { execFileSync } from 'node:child_process';

/** Builds the test databases (tests/support/databases.ts); 'pglite' leaves PostgreSQL out. */
export function setUpTestDatabases(...args) {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'tests/support/databases.ts', 'setup', ...args],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  process.env.OPS_CONSOLE_TEST_STATE = output.trim().split('\n').pop();
}

/** The integration tests: PGlite and PostgreSQL templates. */
export default function globalSetup() {
  setUpTestDatabases();
}
