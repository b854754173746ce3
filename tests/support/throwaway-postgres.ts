/**
 * A PostgreSQL server of a test's own (hack/postgres.ts), for tests of a database outage: it
 * can be stopped and started again on the same data and port, and frozen (every one of its
 * processes stopped with SIGSTOP, as a paused VM or a hung disk would leave it) and thawed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

export class ThrowawayPostgres {
  private frozen: number[] = [];

  private constructor(
    private readonly root: string,
    private readonly port: number,
    readonly url: string,
  ) {}

  static async start(): Promise<ThrowawayPostgres> {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-console-outage-'));
    const port = await freePort();
    const url = startThrowawayPostgres(path.join(root, 'data'), port, {
      install: isRequired('REQUIRE_POSTGRES'),
    });
    return new ThrowawayPostgres(root, port, url);
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
