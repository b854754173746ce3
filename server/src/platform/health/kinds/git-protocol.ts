import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Entry } from '../canary-spec.js';
import {
  describeError,
  EntryError,
  fail,
  literalValue,
  pass,
  slowerThanThreshold,
  str,
  type CheckOutcome,
  type KindContext,
} from './common.js';
import { baseEnvironment, lastLine, runCommand } from './command.js';

const DEFAULT_FILE = 'test.txt';

/** The repository URL without credentials, for messages. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * git's environment: no prompts, no user or system configuration, only the usual transports
 * (never `ext::`, which runs commands), and the credentials in the environment rather than in
 * the command line or URL.
 */
export function gitEnvironment(
  home: string,
  url: string,
  username?: string,
  password?: string,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...baseEnvironment(),
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ALLOW_PROTOCOL: 'http:https:ssh:git:file',
    GIT_SSH_COMMAND: 'ssh -o BatchMode=yes',
  };
  if ((username || password) && /^https?:\/\//i.test(url)) {
    // A credential helper reading them from the environment: git then asks for them only when
    // the server does, and a refusal reads 'Authentication failed'.
    env.CHECK_GIT_USERNAME = username ?? '';
    env.CHECK_GIT_PASSWORD = password ?? '';
    env.GIT_CONFIG_COUNT = '1';
    env.GIT_CONFIG_KEY_0 = 'credential.helper';
    env.GIT_CONFIG_VALUE_0 =
      '!f() { test "$1" = get && echo "username=$CHECK_GIT_USERNAME" && echo "password=$CHECK_GIT_PASSWORD"; }; f';
  }
  return env;
}

/**
 * Clones `repository` (with `username`/`password` over HTTP), writes the time into `filename`
 * (test.txt by default), commits and pushes it: the git server both serves and accepts. Runs
 * the git program, which must be installed where the console runs.
 */
export async function runGitProtocol(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  const repository = str(entry.repository);
  if (!repository) return fail('repository is required');
  const filename = str(entry.filename) ?? DEFAULT_FILE;
  if (path.isAbsolute(filename) || filename.split(/[\\/]/).includes('..'))
    return fail(`filename '${filename}' must be a path inside the repository`);
  let username: string | undefined;
  let password: string | undefined;
  try {
    username = literalValue(entry.username, 'username');
    password = literalValue(entry.password, 'password');
  } catch (error) {
    return fail((error as EntryError).message);
  }
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-console-git-'));
  const dir = path.join(home, 'repo');
  const env = gitEnvironment(home, repository, username, password);
  const git = async (step: string, args: string[]) => {
    const ran = await runCommand('git', args, {
      env,
      signal: ctx.signal,
      cwd: step === 'clone' ? home : dir,
    });
    if (ran.code !== 0) throw new EntryError(`${step} failed: ${lastLine(ran.stderr || ran.stdout)}`);
  };
  const started = performance.now();
  try {
    await git('clone', ['clone', '--quiet', '--depth', '1', '--', repository, dir]);
    const at = new Date().toISOString();
    await fs.mkdir(path.dirname(path.join(dir, filename)), { recursive: true });
    await fs.writeFile(path.join(dir, filename), `Updated at: ${at}\n`);
    await git('add', ['add', '--', filename]);
    const author = username || 'canary';
    await git('commit', [
      '-c',
      `user.name=${author}`,
      '-c',
      `user.email=${author}@canary-checker.org`,
      'commit',
      '--quiet',
      '-m',
      `Updated ${filename} with time ${at}`,
    ]);
    await git('push', ['push', '--quiet', 'origin', 'HEAD']);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return fail(
        "git is not installed where the console runs: the gitProtocol check needs the 'git' program",
      );
    return fail(error instanceof EntryError ? error.message : describeError(error, ctx));
  } finally {
    await fs.rm(home, { recursive: true, force: true });
  }
  const elapsed = Math.round(performance.now() - started);
  const message = `cloned ${shown(repository)}, pushed a commit to ${filename} in ${elapsed}ms`;
  const slow = slowerThanThreshold(elapsed, entry);
  const context = { elapsed: BigInt(elapsed) };
  return { ...(slow ? fail(slow, message, { elapsed }) : pass(message, { elapsed })), context };
}
