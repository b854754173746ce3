/**
 * The `git` command line as the gitops action and the exec action's `checkout` use it. Credentials
 * travel as an HTTP Authorization header through git's environment configuration
 * (GIT_CONFIG_COUNT/KEY/VALUE): never in the URL, the command line, `.git/config` or a message.
 */
import { spawn } from 'node:child_process';
import { ActionFailure } from './types.js';
import { CappedText, stopReason, withoutUserinfo } from './support.js';

export interface GitAuth {
  username?: string;
  password?: string;
}

export interface GitOptions {
  cwd?: string;
  signal: AbortSignal;
  auth?: GitAuth;
}

/** The environment git runs with: enough to find itself, no prompts, no user configuration. */
function gitEnv(auth: GitAuth | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    LANG: 'C',
  };
  if (auth?.password || auth?.username) {
    const basic = Buffer.from(`${auth.username ?? 'git'}:${auth.password ?? ''}`).toString('base64');
    env.GIT_CONFIG_COUNT = '1';
    env.GIT_CONFIG_KEY_0 = 'http.extraHeader';
    env.GIT_CONFIG_VALUE_0 = `Authorization: Basic ${basic}`;
  }
  return env;
}

/** Runs git; a non-zero exit is an ActionFailure naming the subcommand and git's own words. */
export function git(args: string[], options: GitOptions): Promise<string> {
  const { signal } = options;
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new ActionFailure(stopReason(signal)));
    const child = spawn('git', args, { cwd: options.cwd, env: gitEnv(options.auth), stdio: 'pipe' });
    const stdout = new CappedText(1 << 20);
    const stderr = new CappedText(64 << 10);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => stdout.add(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => stderr.add(chunk));
    const onAbort = () => child.kill('SIGKILL');
    signal.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(new ActionFailure(`git could not be started: ${error.message}`));
    });
    child.on('close', (code) => {
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) return reject(new ActionFailure(stopReason(signal)));
      if (code === 0) return resolve(stdout.toString());
      const said = withoutUserinfo(stderr.toString().trim() || stdout.toString().trim());
      reject(new ActionFailure(`git ${args[0]} failed (exit ${code}): ${said}`));
    });
  });
}

/** Clones `url` into `dir` (which must not exist or be empty), optionally one branch, shallow. */
export async function clone(
  url: string,
  dir: string,
  options: GitOptions & { branch?: string; depth?: number },
): Promise<void> {
  const args = ['clone', '--quiet', '--no-tags'];
  if (options.branch) args.push('--branch', options.branch);
  if (options.depth && options.depth > 0) args.push('--depth', String(options.depth));
  args.push('--', url, dir);
  await git(args, options);
}
