/**
 * A Redis server for the redis check's tests: the one answering on 127.0.0.1:6379, else a
 * throwaway `redis-server` on a free port (Debian's redis-server package, installed with apt
 * when REQUIRE_REDIS=1 and the binary is missing).
 */
import { spawn } from 'node:child_process';
import { aptInstall, hasCommand } from '../../hack/apt.js';
import { reachable } from './check-targets.js';
import { freePort } from './free-port.js';
import { isRequired, skipOrFail } from './required.js';

export interface RedisServer {
  addr: string;
  close(): Promise<void>;
}

async function startThrowaway(): Promise<RedisServer> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let failed: Error | undefined;
  child.once('error', (error) => (failed = error));
  while (!(await reachable('127.0.0.1', port))) {
    if (failed || child.exitCode !== null)
      throw new Error(`redis-server did not start: ${failed?.message ?? `exit ${child.exitCode}`}`);
    await new Promise((resolve) => setTimeout(resolve, 50)); // poll until it listens
  }
  return {
    addr: `127.0.0.1:${port}`,
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The server, or undefined after saying why the tests that need it are skipped (see skipOrFail). */
export async function startRedis(skipped: string): Promise<RedisServer | undefined> {
  if (await reachable('127.0.0.1', 6379)) return { addr: '127.0.0.1:6379', close: async () => {} };
  if (!hasCommand('redis-server') && isRequired('REQUIRE_REDIS')) aptInstall(['redis-server']);
  if (!hasCommand('redis-server')) {
    skipOrFail(
      'REQUIRE_REDIS',
      skipped,
      'nothing listens on 127.0.0.1:6379 and there is no redis-server binary',
    );
    return undefined;
  }
  return startThrowaway();
}
