/**
 * A git repository checked out in the scraper's own scratch directory: cloned on the first run,
 * brought to the remote's latest commit on the next ones (fetch and hard reset, so local leftovers
 * never hide a change). Credentials travel as an HTTP header in git's environment, never in a
 * command line or the clone's config.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { simpleGit, type SimpleGit } from 'simple-git';

export interface GitSource {
  /** file://, https://, ssh:// or a local path; a go-getter `git::` prefix and `?ref=` are read. */
  url: string;
  username?: string;
  password?: string;
  /** Branch or tag; the remote's default branch when absent. */
  ref?: string;
}

/** The URL as git takes it, and the ref it names, from the forms the platform writes. */
export function gitTarget(source: GitSource): { url: string; ref?: string } {
  let url = source.url.trim().replace(/^git::/, '');
  let ref = source.ref;
  const query = /\?(.*)$/.exec(url);
  if (query) {
    const params = new URLSearchParams(query[1]);
    ref ??= params.get('ref') ?? undefined;
    params.delete('ref');
    const rest = params.toString();
    url = url.slice(0, query.index) + (rest ? `?${rest}` : '');
  }
  return { url, ref: ref || undefined };
}

/** The environment git runs with: enough to find itself, no prompts, no user or system configuration. */
function gitEnv(source: GitSource): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    LANG: 'C',
  };
  if (source.username || source.password) {
    // Through the environment, so that the header is in no command line a process list shows.
    const basic = Buffer.from(`${source.username ?? 'git'}:${source.password ?? ''}`).toString('base64');
    env.GIT_CONFIG_COUNT = '1';
    env.GIT_CONFIG_KEY_0 = 'http.extraHeader';
    env.GIT_CONFIG_VALUE_0 = `Authorization: Basic ${basic}`;
  }
  return env;
}

function gitFor(baseDir: string, source: GitSource, signal: AbortSignal): SimpleGit {
  return simpleGit({
    baseDir,
    abort: signal,
    timeout: { block: 120_000 },
    // The GIT_CONFIG_* variables are this module's own (the credentials header), not a caller's.
    unsafe: { allowUnsafeConfigEnvCount: true },
  }).env(gitEnv(source));
}

/** The directory holding the repository's files at the remote's latest commit of `ref`. */
export async function checkout(source: GitSource, workDir: string, signal: AbortSignal): Promise<string> {
  const { url, ref } = gitTarget(source);
  const key = createHash('sha256')
    .update(`${url.replace(/\/\/[^/@]*@/, '//')}#${ref ?? ''}`)
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(workDir, 'git', key);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  if (fs.existsSync(path.join(dir, '.git'))) {
    const git = gitFor(dir, source, signal);
    await git.fetch(['--depth', '1', 'origin', ref ?? 'HEAD']);
    await git.reset(['--hard', 'FETCH_HEAD']);
    await git.clean('f', ['-d', '-x']);
    return dir;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  const git = gitFor(path.dirname(dir), source, signal);
  await git.clone(url, dir, ['--depth', '1', ...(ref ? ['--branch', ref] : [])]);
  return dir;
}
