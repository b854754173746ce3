import { spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { YOUNG_GENERATION_BYTES } from '../../server/src/memory-flags.js';
import { freshDatabase } from '../support/databases.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', DEMO_DATA: 'false', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

interface LogLine {
  msg: string;
  req?: { id: string; method: string; url: string };
  res?: { statusCode: number };
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the service process', () => {
  it('stops on a bad setting with one line naming it, and no stack trace', async () => {
    const run = runMain({ PORT: 'abc' });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toBe(
      'ops-console: invalid configuration: PORT="abc": must be a whole number from 1 to 65535\n',
    );
  });

  it('serves, then on SIGTERM stops accepting, closes the database and exits 0', async () => {
    const database = await freshDatabase('pglite', 'empty');
    const run = runMain({ DATA_DIR: database.dataDir, PORT: String(await freePort()) });
    try {
      await waitFor(() => run.output().stdout.includes('"msg":"listening"'), 30000);
      const url = /"url":"([^"]+)"/.exec(run.output().stdout)![1]!;
      expect((await fetch(new URL('readyz', url))).status).toBe(200);
      // V8's memory flags were set before the service's modules loaded: loading them alone
      // would have grown the young generation past its working size.
      const metrics = await (await fetch(new URL('metrics', url))).text();
      const young = /^nodejs_heap_space_size_total_bytes\{space="new"\} (\d+)$/m.exec(metrics);
      expect(Number(young?.[1])).toBeGreaterThan(0);
      expect(Number(young?.[1])).toBeLessThanOrEqual(YOUNG_GENERATION_BYTES);
      const answered = await fetch(new URL('api/auth/config?probe=1', url));
      const requestId = answered.headers.get('x-request-id');
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      const lines = run
        .output()
        .stdout.trim()
        .split('\n')
        .map((line) => JSON.parse(line) as LogLine);
      expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
      // Every stdout line is JSON; the request's line carries its id, method, path and status.
      expect(lines.find((l) => l.req?.id === requestId)).toMatchObject({
        req: { method: 'GET', url: '/api/auth/config' }, // the path, without the query's values
        res: { statusCode: 200 },
      });
      await expect(fetch(new URL('healthz', url))).rejects.toThrow();
    } finally {
      run.child.kill('SIGKILL');
      await database.drop();
    }
  });
});
