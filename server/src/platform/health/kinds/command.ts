import { execFile } from 'node:child_process';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Bounds the output a command may give a check. */
const MAX_BUFFER = 8 * 1024 * 1024;

/**
 * Runs a program (no shell) with exactly the environment given, killed when the signal aborts.
 * ENOENT (the program is not installed) rejects; any exit code resolves.
 */
export function runCommand(
  program: string,
  args: string[],
  { env, signal, cwd }: { env: NodeJS.ProcessEnv; signal: AbortSignal; cwd?: string },
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    execFile(
      program,
      args,
      { env, signal, cwd, maxBuffer: MAX_BUFFER, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        const err = error as (NodeJS.ErrnoException & { code?: unknown }) | null;
        if (err && (typeof err.code === 'string' || err.name === 'AbortError')) return reject(err);
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

/** The environment a program run by a check gets: a few basics of the console's own, never its secrets. */
export function baseEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'LANG', 'TMPDIR'])
    if (process.env[name] !== undefined) env[name] = process.env[name];
  return env;
}

/** The last meaningful line of a program's error output. */
export function lastLine(text: string): string {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines[lines.length - 1] ?? '';
}
