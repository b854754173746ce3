/**
 * A PostgreSQL server of a test's own (hack/postgres.ts), for tests of a database outage: it
 * can be stopped and started again on the same data and port, and frozen (every one of its
 * processes stopped with SIGSTOP, as a paused VM or a hung disk would leave it) and thawed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  restartThrowawayPostgres,
  serverBinaries,
  startThrowawayPostgres,
  stopThrowawayPostgres,
  throwawayPostgresPid,
} from '../../hack/postgres.js';
import { freePort } from './free-port.js';
import { isRequired } from './required.js';

/** Why no server can be started here (no binaries), or undefined when one can. */
export function throwawayPostgresMissing(): string | undefined {
  try {
    serverBinaries(isRequired('REQUIRE_POSTGRES'));
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The server's processes: the postmaster and every process under it. */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++)
    for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  return tree;
}

/** Creates the login role through the server's Unix socket, the one trusted way in. */
async function createLogin(
  dir: string,
  port: number,
  login: { user: string; password: string },
): Promise<void> {
  const client = new pg.Client({ host: dir, port, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    const role = client.escapeIdentifier(login.user);
    await client.query(`create role ${role} login password ${client.escapeLiteral(login.password)}`);
    await client.query(`grant all on database postgres to ${role}`);
    await client.query(`grant all on schema public to ${role}`);
  } finally {
    await client.end();
  }
}

export class ThrowawayPostgres {
  private frozen: number[] = [];

  private constructor(
    private readonly root: string,
    private readonly port: number,
    readonly url: string,
  ) {}

  /**
   * Without options every connection is trusted and `url` is the postgres superuser's. With a user
   * and password: that login role is created, TCP connections must give its password
   * (scram-sha-256, so a wrong one is refused) and `url` carries the credentials.
   */
  static async start(login?: { user: string; password: string }): Promise<ThrowawayPostgres> {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-console-outage-'));
    const port = await freePort();
    const dir = path.join(root, 'data');
    const url = startThrowawayPostgres(dir, port, {
      install: isRequired('REQUIRE_POSTGRES'),
      hostAuth: login ? 'scram-sha-256' : 'trust',
    });
    if (!login) return new ThrowawayPostgres(root, port, url);
    await createLogin(dir, port, login);
    const withLogin = new URL(url);
    withLogin.username = encodeURIComponent(login.user);
    withLogin.password = encodeURIComponent(login.password);
    return new ThrowawayPostgres(root, port, withLogin.toString());
  }

  private get dir(): string {
    return path.join(this.root, 'data');
  }

  /** A fast shutdown: sessions are ended, new connections refused. */
  stop(): void {
    stopThrowawayPostgres(this.dir);
  }

  /** Starts it again on the same data and port. */
  restart(): void {
    restartThrowawayPostgres(this.dir, this.port);
  }

  /** Every process of the server stops where it is: connections open, nothing answers. */
  freeze(): void {
    const pid = throwawayPostgresPid(this.dir);
    if (!pid) throw new Error('the throwaway PostgreSQL server is not running');
    // The postmaster first, so that it starts no process that would escape the freeze.
    this.frozen = processTree(pid);
    for (const each of this.frozen) process.kill(each, 'SIGSTOP');
  }

  thaw(): void {
    for (const each of this.frozen) {
      try {
        process.kill(each, 'SIGCONT');
      } catch {
        // Already gone.
      }
    }
    this.frozen = [];
  }

  /** Back to serving, whatever a test left it in (frozen, stopped). */
  ensureRunning(): void {
    this.thaw();
    if (!throwawayPostgresPid(this.dir)) this.restart();
  }

  /** Thaws, stops and deletes it. */
  remove(): void {
    this.thaw();
    try {
      this.stop();
    } finally {
      fs.rmSync(this.root, { recursive: true, force: true });
    }
  }
}
