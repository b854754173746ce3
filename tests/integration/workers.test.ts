/**
 * The multi-process mode on PostgreSQL (WORKERS=2): both workers answer on the one port, a
 * session made on one is honoured on the other, the background tasks run in one of them only,
 * and SIGTERM to the primary stops them all.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { availableBackends, freshDatabase } from '../support/databases.js';
import { freePort } from '../support/free-port.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN_PASSWORD = 'workers-admin-password';
const maybe = availableBackends().includes('postgres') ? describe : describe.skip;

interface LogLine {
  msg: string;
  worker?: number;
  pid?: number;
  req?: { id: string };
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One request on a connection of its own, so the primary may hand it to either worker. */
function request(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The console from source with two workers on PostgreSQL, as the primary would run them. */
function startTwoWorkers(port: number, databaseUrl: string, env: Record<string, string> = {}) {
  return spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      WORKERS: '2',
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD,
      ...env,
    },
  });
}

maybe('several server processes on PostgreSQL (WORKERS=2)', () => {
  it('answers from both workers, shares sessions and grant changes, runs background tasks once and stops on SIGTERM', async () => {
    const database = await freshDatabase('postgres', 'empty');
    const port = await freePort();
    const child = startTwoWorkers(port, database.databaseUrl!, { DEMO_DATA: 'false' });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const lines = () =>
      stdout
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine);
    /** The worker whose request log line carries this request id. */
    const servedBy = async (requestId: string) => {
      await waitFor(() => lines().some((line) => line.req?.id === requestId), 5000);
      return lines().find((line) => line.req?.id === requestId)!.worker!;
    };
    let sent = 0;
    const send = async (path: string, options: Parameters<typeof request>[2] = {}) => {
      const id = `workers-test-${++sent}`;
      const response = await request(port, path, {
        ...options,
        headers: { ...options.headers, 'X-Request-Id': id },
      });
      return { ...response, worker: await servedBy(id) };
    };
    const db = new pg.Client({ connectionString: database.databaseUrl });
    try {
      await waitFor(() => stdout.includes('"msg":"all workers listening"'), 60_000);
      const workerPids = lines()
        .filter((line) => line.msg === 'worker listening')
        .map((line) => line.pid);
      expect(new Set(workerPids).size).toBe(2);

      const login = await send('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { csrfToken } = JSON.parse(login.body) as { csrfToken: string };
      const cookie = (login.headers['set-cookie'] ?? []).map((text) => text.split(';')[0]).join('; ');

      // Both workers answer for the session; the primary spreads connections over them.
      const answers = new Map<number, number>();
      for (let i = 0; i < 20 && answers.size < 2; i++) {
        const whoami = await send('/api/auth/whoami', { headers: { cookie } });
        answers.set(whoami.worker, whoami.status);
      }
      expect([...answers.keys()].sort()).toEqual([1, 2]);
      expect([...answers.values()]).toEqual([200, 200]);

      // Each worker keeps the grants it has read and forgets them when any writer changes them.
      await db.connect();
      await db.query(
        `insert into permissions (action, object, person_id)
         select 'read', 'catalog', id from people where 'admin' = any(roles)`,
      );
      const knowing = new Set<number>();
      const deadline = Date.now() + 10_000;
      while (knowing.size < 2 && Date.now() < deadline) {
        const whoami = await send('/api/auth/whoami', { headers: { cookie } });
        if ((JSON.parse(whoami.body) as { grants: unknown[] }).grants.length === 1)
          knowing.add(whoami.worker);
      }
      expect([...knowing].sort()).toEqual([1, 2]);

      // Signed out on whichever worker: refused on both (sessions and CSRF live in the database and cookies).
      const logout = await send('/api/auth/logout', {
        method: 'POST',
        headers: { cookie, 'X-CSRF-Token': csrfToken },
      });
      expect(logout.status).toBeLessThan(300);
      const refused = new Map<number, number>();
      for (let i = 0; i < 20 && refused.size < 2; i++) {
        const whoami = await send('/api/auth/whoami', { headers: { cookie } });
        refused.set(whoami.worker, whoami.status);
      }
      expect([...refused.values()]).toEqual([401, 401]);

      // One worker leads the background work; the tasks due at start ran once, there.
      const leaders = lines().filter((line) => line.msg === 'running background jobs in this replica');
      expect(leaders.map((line) => line.worker)).toEqual([1]);
      const { rows } = await db.query<{ name: string; hostname: string; runs: number }>(
        `select name, min(hostname) as hostname, count(*)::int as runs from job_histories
          where name in ('SessionPurge', 'CheckResultsUpkeep') group by name order by name`,
      );
      expect(rows).toEqual([
        { name: 'CheckResultsUpkeep', hostname: expect.stringMatching(/ worker 1$/), runs: 1 },
        { name: 'SessionPurge', hostname: expect.stringMatching(/ worker 1$/), runs: 1 },
      ]);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const stopped = lines().filter((line) => line.msg === 'stopped');
      expect(stopped.map((line) => line.worker).sort()).toEqual([1, 2]);
      for (const pid of workerPids) expect(() => process.kill(pid!, 0)).toThrow();
    } finally {
      child.kill('SIGKILL');
      await db.end().catch(() => {});
      await database.drop();
    }
  }, 120_000);

  it('with its port in use, fails before a worker touches the database', async () => {
    const database = await freshDatabase('postgres', 'blank');
    const taken = net.createServer().listen(0);
    await once(taken, 'listening');
    const { port } = taken.address() as net.AddressInfo;
    const child = startTwoWorkers(port, database.databaseUrl!);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const db = new pg.Client({ connectionString: database.databaseUrl });
    try {
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(1);
      expect(output).toContain('EADDRINUSE');
      expect(output).not.toContain('worker listening');
      await db.connect();
      const { rows } = await db.query(
        `select count(*)::int as tables from pg_tables where schemaname = 'public'`,
      );
      expect(rows).toEqual([{ tables: 0 }]);
    } finally {
      child.kill('SIGKILL');
      taken.close();
      await db.end().catch(() => {});
      await database.drop();
    }
  }, 120_000);
});
