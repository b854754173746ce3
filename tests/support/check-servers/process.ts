/**
 * What every check-server shares: finding (or, when CI requires it, installing) the Debian
 * package's binary, and running it on a free port of 127.0.0.1 with a throwaway directory,
 * stopped by its PID.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { aptInstall } from '../../../hack/apt.js';
import { isRequired, skipOrFail } from '../required.js';
import { CHECK_SERVER_PACKAGES, type CheckServerCommand } from './packages.js';

/** Daemons live in /usr/sbin, which a non-root PATH may leave out. */
export function commandPath(command: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/sbin'];
  for (const dir of dirs) {
    const candidate = path.join(dir, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * The binary's path; when missing it is installed with apt if REQUIRE_CHECK_SERVERS is set, or
 * undefined after saying which tests are skipped.
 */
export function binaryFrom(command: CheckServerCommand, skipped: string): string | undefined {
  const debianPackage = CHECK_SERVER_PACKAGES[command];
  if (!commandPath(command) && isRequired('REQUIRE_CHECK_SERVERS')) aptInstall([debianPackage]);
  const found = commandPath(command);
  if (!found)
    skipOrFail('REQUIRE_CHECK_SERVERS', skipped, `there is no ${command} (Debian package ${debianPackage})`);
  return found;
}

export function scratchDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `ops-console-${name}-`));
}

export interface RunningProcess {
  child: ChildProcess;
  /** What it wrote, for the error when it does not come up. */
  output(): string;
  /** SIGTERM by its PID, then waits for it to exit. */
  stop(): Promise<void>;
}

export function startProcess(
  binary: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
) {
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const chunks: string[] = [];
  const keep = (chunk: Buffer) => {
    if (chunks.join('').length < 20_000) chunks.push(chunk.toString('utf8'));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', (error) => chunks.push(`\n${error.message}`));
  return {
    child,
    output: () => chunks.join(''),
    async stop() {
      if (child.exitCode === null && child.signalCode === null && child.pid)
        process.kill(child.pid, 'SIGTERM');
      await exited;
    },
  } satisfies RunningProcess;
}

/** Polls `ready` until it holds; fails with the process's output when it exits first or takes too long. */
export async function waitUntilReady(
  name: string,
  running: RunningProcess,
  ready: () => Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (running.child.exitCode !== null || Date.now() > deadline) {
      await running.stop();
      throw new Error(`${name} did not start: ${running.output().slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100)); // poll until it answers
  }
}
