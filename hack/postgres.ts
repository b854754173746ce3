/**
 * A throwaway PostgreSQL server from the machine's binaries (initdb, pg_ctl), for tests on a
 * machine that has no server running. Usage: `tsx hack/postgres.ts start DIR PORT` prints the
 * URL; `tsx hack/postgres.ts stop DIR`. Without the binaries, `install: true` first installs
 * Debian's postgresql package with apt.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { aptInstall } from './apt.js';

function findBinary(name: string): string | undefined {
  const candidates = [
    '/usr/local/bin',
    '/usr/lib/postgresql/17/bin',
    '/usr/lib/postgresql/16/bin',
    '/usr/lib/postgresql/15/bin',
  ];
  for (const dir of [...(process.env.PATH ?? '').split(':'), ...candidates]) {
    const file = path.join(dir, name);
    if (dir && fs.existsSync(file)) return file;
  }
  return undefined;
}

/** Runs a command as the postgres user when we are root (initdb refuses to run as root). */
function run(binary: string, args: string[]): void {
  const asRoot = os.userInfo().uid === 0;
  const [cmd, cmdArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  execFileSync(cmd, cmdArgs, { stdio: 'pipe' });
}

/** initdb and pg_ctl, installed first when asked to and missing; throws when there are none. */
export function serverBinaries(install: boolean): { initdb: string; pgCtl: string } {
  let [initdb, pgCtl] = [findBinary('initdb'), findBinary('pg_ctl')];
  if ((!initdb || !pgCtl) && install) {
    aptInstall(['postgresql']);
    [initdb, pgCtl] = [findBinary('initdb'), findBinary('pg_ctl')];
  }
  if (!initdb || !pgCtl) throw new Error('no initdb/pg_ctl binaries on this machine');
  return { initdb, pgCtl };
}

/**
 * Starts a server in dir on port; returns its URL, or throws with the reason it can't. With
 * `hostAuth: 'scram-sha-256'` TCP connections must give a password (the Unix socket in dir stays
 * trusted, for setting one up).
 */
export function startThrowawayPostgres(
  dir: string,
  port: number,
  options: { install?: boolean; hostAuth?: 'trust' | 'scram-sha-256' } = {},
): string {
  const { initdb } = serverBinaries(options.install ?? false);
  fs.mkdirSync(dir, { recursive: true });
  if (os.userInfo().uid === 0) {
    // The server runs as the postgres user: it owns its directory and must reach it through
    // the parent (a mkdtemp directory, root-only by default).
    fs.chmodSync(path.dirname(dir), 0o755);
    execFileSync('chown', ['postgres', dir]);
  }
  run(initdb, [
    '-D',
    dir,
    '-U',
    'postgres',
    '--auth-local=trust',
    `--auth-host=${options.hostAuth ?? 'trust'}`,
    '--no-sync',
  ]);
  return restartThrowawayPostgres(dir, port);
}

/** Starts the server of a directory startThrowawayPostgres made (after a stop); returns its URL. */
export function restartThrowawayPostgres(dir: string, port: number): string {
  const pgCtl = findBinary('pg_ctl');
  if (!pgCtl) throw new Error('no pg_ctl binary on this machine');
  run(pgCtl, [
    '-D',
    dir,
    '-w',
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

/** The process id of the server running in dir (its postmaster), or undefined when none runs. */
export function throwawayPostgresPid(dir: string): number | undefined {
  const file = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(file)) return undefined;
  return Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
}

export function stopThrowawayPostgres(dir: string): void {
  const pgCtl = findBinary('pg_ctl');
  if (pgCtl && fs.existsSync(path.join(dir, 'postmaster.pid'))) run(pgCtl, ['-D', dir, '-m', 'fast', 'stop']);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, dir, port] = process.argv.slice(2);
  if (command === 'start' && dir && port)
    console.log(startThrowawayPostgres(path.resolve(dir), Number(port)));
  else if (command === 'stop' && dir) stopThrowawayPostgres(path.resolve(dir));
  else console.error('usage: tsx hack/postgres.ts start DIR PORT | stop DIR');
}
