import { spawn } from 'node:child_process';
import os from 'node:os';
import type { Entry } from '../canary-spec.js';
import {
  cap,
  describeError,
  EntryError,
  envOf,
  fail,
  pass,
  type CheckOutcome,
  type KindContext,
} from './common.js';

const MAX_OUTPUT_BYTES = 64 * 1024;
/** Only these of the console's own environment reach a script: never its database URL or passwords. */
const INHERITED = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR'];

function environment(entry: Entry): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of INHERITED) if (process.env[name] !== undefined) env[name] = process.env[name];
  return { ...env, ...envOf(entry) };
}

interface Finished {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

function collect(stream: NodeJS.ReadableStream, into: Buffer[]): void {
  let size = 0;
  stream.on('data', (chunk: Buffer) => {
    if (size >= MAX_OUTPUT_BYTES) return;
    into.push(chunk);
    size += chunk.length;
  });
}

/**
 * Runs `script` with /bin/sh -c in its own process group, so a timeout or a stop kills it and
 * everything it started.
 */
function run(script: string, env: NodeJS.ProcessEnv, signal: AbortSignal): Promise<Finished> {
  return new Promise<Finished>((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', script], {
      detached: true,
      env,
      cwd: os.tmpdir(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    collect(child.stdout, stdout);
    collect(child.stderr, stderr);
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      reject(signal.reason);
    };
    if (signal.aborted) return kill();
    signal.addEventListener('abort', kill, { once: true });
    child.on('error', (error) => {
      signal.removeEventListener('abort', kill);
      reject(error);
    });
    child.on('close', (code) => {
      signal.removeEventListener('abort', kill);
      resolve({
        exitCode: code,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      });
    });
  });
}

export async function runExec(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  const script = typeof entry.script === 'string' ? entry.script : undefined;
  if (!script?.trim()) return fail('script is required');
  let finished: Finished;
  try {
    finished = await run(script, environment(entry), ctx.signal);
  } catch (error) {
    return fail(error instanceof EntryError ? error.message : describeError(error, ctx));
  }
  const stdout = finished.stdout.trim();
  const stderr = finished.stderr.trim();
  const detail = { exitCode: finished.exitCode, stdout: cap(stdout), stderr: cap(stderr) };
  const message = stdout ? cap(stdout) : null;
  // As canary-checker's exec results (duty's ExecDetails), under `results`.
  const context = {
    results: {
      stdout,
      stderr,
      exitCode: BigInt(finished.exitCode ?? -1),
      path: '/bin/sh',
      args: ['-c', script],
    },
  };
  if (finished.exitCode !== 0)
    return {
      ...fail(cap(`exit code ${finished.exitCode ?? 'none'}${stderr ? `: ${stderr}` : ''}`), message, detail),
      context,
    };
  return { ...pass(message ?? 'exit code 0', detail), context };
}
