import { execFileSync } from 'node:child_process';

export default function globalTeardown() {
  execFileSync(process.execPath, ['--import', 'tsx', 'tests/support/databases.ts', 'teardown'], {
    stdio: 'inherit',
  });
}
