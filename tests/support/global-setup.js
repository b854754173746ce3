// Jest loads this file outside its module system, so the TypeScript runs in a child process
// (node --import tsx); it prints the path of the state file the tests read.
import { execFileSync } from 'node:child_process';

export default function globalSetup() {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'tests/support/databases.ts', 'setup'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.env.OPS_CONSOLE_TEST_STATE = output.trim().split('\n').pop();
}
