/**
 * Servers that check passwords against the system's accounts (sshd, smbd) run as root with a
 * throwaway account: made with useradd, removed at close. Root is the tests' own when they run as
 * root, else passwordless sudo's.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { reachable } from '../check-targets.js';
import { skipOrFail } from '../required.js';
import { startProcess, waitUntilReady } from './process.js';

const asRoot = os.userInfo().uid === 0;

/** The command line that runs `args` as root. */
export const privileged = (args: string[]): string[] => (asRoot ? args : ['sudo', '-n', ...args]);

export function runPrivileged(args: string[], input?: string): void {
  const [command, ...rest] = privileged(args);
  execFileSync(command!, rest, { stdio: ['pipe', 'pipe', 'pipe'], input });
}

/** Whether root is at hand; when not, says which tests are skipped (or fails when CI requires them). */
export function rootAvailable(skipped: string, server: string): boolean {
  if (asRoot) return true;
  try {
    execFileSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    skipOrFail(
      'REQUIRE_CHECK_SERVERS',
      skipped,
      `${server} checks passwords against the system accounts, which needs root or passwordless sudo`,
    );
    return false;
  }
}

export interface SystemAccount {
  username: string;
  password: string;
  remove(): void;
}

/** A login-less account with a random name and password, its home `home`. */
export function throwawayAccount(prefix: string, home: string): SystemAccount {
  const username = `${prefix}${randomBytes(3).toString('hex')}`;
  const password = `${prefix}-${randomBytes(9).toString('base64url')}`;
  runPrivileged(['useradd', '-M', '-N', '-s', '/usr/sbin/nologin', '-d', home, username]);
  runPrivileged(['chpasswd'], `${username}:${password}\n`);
  return {
    username,
    password,
    remove() {
      try {
        // -f: smbd's children may still be ending as the account when it is removed.
        runPrivileged(['userdel', '-f', username]);
      } catch {
        // already gone
      }
    },
  };
}

/**
 * Runs a server as root until it answers on the port; the stop ends it (by its pid file when it
 * runs through sudo: signalling sudo itself may not be ours to do), removes the account and the
 * server's directory. The account is removed too when the server does not come up.
 */
export async function startAsRoot(
  name: string,
  argv: string[],
  { port, pidFile, account, dir }: { port: number; pidFile: string; account: SystemAccount; dir: string },
): Promise<() => Promise<void>> {
  const [command, ...args] = privileged(argv);
  const running = startProcess(command!, args);
  try {
    await waitUntilReady(name, running, () => reachable('127.0.0.1', port));
  } catch (error) {
    account.remove();
    throw error;
  }
  return async () => {
    if (!asRoot) runPrivileged(['kill', fs.readFileSync(pidFile, 'utf8').trim()]);
    await running.stop().catch(() => {});
    account.remove();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
