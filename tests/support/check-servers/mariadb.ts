/**
 * A MariaDB server for the mysql check: the one answering on 127.0.0.1:3306 (root without a
 * password), else a throwaway `mariadbd` (Debian's mariadb-server) on a free port.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { reachable } from '../check-targets.js';
import { freePort } from '../free-port.js';
import { binaryFrom, commandPath, scratchDir, startProcess, waitUntilReady } from './process.js';

export interface MariaDb {
  /** root without a password, no database */
  url: string;
  close(): Promise<void>;
}

export async function startMariaDb(skipped: string): Promise<MariaDb | undefined> {
  if (await reachable('127.0.0.1', 3306))
    return { url: 'mysql://root@127.0.0.1:3306/', close: async () => {} };
  const server = binaryFrom('mariadbd', skipped);
  const install = commandPath('mariadb-install-db');
  if (!server || !install) return undefined;
  const dir = scratchDir('mariadb');
  const data = path.join(dir, 'data');
  execFileSync(
    install,
    [
      '--no-defaults',
      `--datadir=${data}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      '--user=root',
    ],
    { stdio: 'ignore' },
  );
  const port = await freePort();
  const running = startProcess(server, [
    '--no-defaults',
    `--datadir=${data}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    `--socket=${path.join(dir, 'mysqld.sock')}`,
    `--pid-file=${path.join(dir, 'mysqld.pid')}`,
    '--user=root',
  ]);
  await waitUntilReady('mariadbd', running, () => reachable('127.0.0.1', port), 60_000);
  return {
    url: `mysql://root@127.0.0.1:${port}/`,
    async close() {
      await running.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
