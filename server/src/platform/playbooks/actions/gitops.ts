/**
 * The gitops action, with the `git` command line: clone `repo.url` (credentials from
 * `repo.username`/`password` or a `git`/`http`/`github`/`gitlab`/`azure_devops` connection: its
 * username and password, or its token as the password), check out `repo.base` (default `main`,
 * else `master`, else the clone's default branch), create or switch to `repo.branch` (default:
 * the base; an existing remote branch is continued, or skipped with `skipExisting`), write
 * `files` (`content: $delete` removes the file) and apply `patches` (`yq` on YAML, `jq` on JSON:
 * the subset of patch.ts), commit as `commit.author <commit.email>` with `commit.message`, and
 * push the branch (`--force` with `repo.force`). Paths are relative to the repository and may
 * not leave it; globs are not expanded.
 *
 * `pr` needs the Git host's API, which this console does not call: the commit is pushed and the
 * result says no pull request was opened. The result: `{commit, branch, base, files, logs}`;
 * nothing to commit → `{commit: null, ...}` with "no changes" in the logs.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { clone, git, type GitAuth } from './git.js';
import { patchText } from './patch.js';
import { connectionOf, isObject, messageOf, passwordsInUrl, safeUrl, secretText, text } from './support.js';
import { ActionFailure, type ActionContext, type ActionExecutor } from './types.js';

export const DELETE_FILE = '$delete';
const TOKEN_TYPES = new Set(['github', 'gitlab', 'azure_devops', 'azuredevops']);

async function credentials(
  repo: Record<string, unknown>,
  ctx: ActionContext,
): Promise<{ url?: string; auth: GitAuth }> {
  let url = text(repo, 'url');
  let username = await secretText(repo.username, ctx, 'repo.username', false);
  let password = await secretText(repo.password, ctx, 'repo.password');
  if (typeof repo.connection === 'string' && repo.connection) {
    const c = await connectionOf(ctx, repo.connection);
    url ??= c.url;
    if (!username && !password) {
      username = c.username;
      password = c.password || c.properties.token || c.properties.personalAccessToken;
      if (!username && password && TOKEN_TYPES.has(c.type.toLowerCase()))
        username = c.type === 'github' ? 'x-access-token' : 'oauth2';
    }
  }
  for (const value of passwordsInUrl(url)) ctx.secrets.add(value);
  return { url, auth: { username, password } };
}

/** The path inside the work tree; a path that would leave it is refused. */
function inside(root: string, relative: string): string {
  if (!relative || path.isAbsolute(relative))
    throw new ActionFailure(`'${relative}' must be a path inside the repository`);
  const full = path.resolve(root, relative);
  if (full !== root && !full.startsWith(root + path.sep))
    throw new ActionFailure(`'${relative}' must be a path inside the repository`);
  if (full === root || full.split(path.sep).includes('.git'))
    throw new ActionFailure(`'${relative}' must be a file of the repository`);
  return full;
}

const exists = async (options: { cwd: string; signal: AbortSignal }, ref: string) =>
  git(['rev-parse', '--verify', '--quiet', ref], options).then(
    () => true,
    () => false,
  );

export const gitopsAction: ActionExecutor = async (body, ctx) => {
  const repo = isObject(body.repo) ? body.repo : undefined;
  const commit = isObject(body.commit) ? body.commit : undefined;
  if (!repo) throw new ActionFailure('gitops needs a repo');
  if (!commit || !text(commit, 'message')) throw new ActionFailure('gitops needs commit.message');
  const files = Array.isArray(body.files) ? body.files.filter(isObject) : [];
  const patches = Array.isArray(body.patches) ? body.patches.filter(isObject) : [];
  if (!files.length && !patches.length) throw new ActionFailure('gitops needs files or patches to change');

  const { url, auth } = await credentials(repo, ctx);
  if (!url) throw new ActionFailure('gitops needs repo.url or a connection with a URL');
  const logs: string[] = [];
  const log = (line: string) => logs.push(`${new Date().toISOString()} ${line}`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'playbook-gitops-'));
  const root = path.join(dir, 'repo');
  const options = { cwd: root, signal: ctx.signal, auth };
  try {
    log(`cloning ${safeUrl(url)}`);
    await clone(url, root, { signal: ctx.signal, auth });
    const givenBase = text(repo, 'base');
    let base = givenBase;
    if (!base) {
      for (const candidate of ['main', 'master'])
        if (await exists(options, `refs/remotes/origin/${candidate}`)) {
          base = candidate;
          break;
        }
      base ??= (await git(['rev-parse', '--abbrev-ref', 'HEAD'], options)).trim();
    } else if (!(await exists(options, `refs/remotes/origin/${base}`)))
      throw new ActionFailure(`the repository has no branch ${base}`);
    const branch = text(repo, 'branch') ?? base;
    const remoteBranch = await exists(options, `refs/remotes/origin/${branch}`);
    if (branch !== base && remoteBranch && repo.skipExisting) {
      log(`branch ${branch} exists: skipped`);
      return { commit: null, branch, base, files: [], skipped: true, logs: logs.join('\n') };
    }
    if (remoteBranch) await git(['checkout', '--quiet', '-B', branch, `origin/${branch}`], options);
    else await git(['checkout', '--quiet', '-B', branch, `origin/${base}`], options);
    log(`on branch ${branch}${remoteBranch ? '' : ` (new, from ${base})`}`);

    const changed = new Set<string>();
    for (const patch of patches) {
      const relative = text(patch, 'path') ?? '';
      const file = inside(root, relative);
      const expression = text(patch, 'yq') ?? text(patch, 'jq');
      if (!expression) continue;
      let content: string;
      try {
        content = await readFile(file, 'utf8');
      } catch {
        throw new ActionFailure(`${relative} does not exist`);
      }
      const format = text(patch, 'yq') ? 'yaml' : 'json';
      try {
        await writeFile(file, patchText(content, expression, format));
      } catch (error) {
        throw new ActionFailure(`patching ${relative}: ${messageOf(error)}`);
      }
      log(`patched ${relative}`);
      changed.add(relative);
    }
    for (const entry of files) {
      const relative = text(entry, 'path') ?? '';
      const file = inside(root, relative);
      const content = typeof entry.content === 'string' ? entry.content : '';
      if (content === DELETE_FILE) {
        const removed = await rm(file).then(
          () => true,
          () => false,
        );
        log(removed ? `deleted ${relative}` : `${relative} does not exist: nothing to delete`);
        if (removed) changed.add(relative);
        continue;
      }
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
      log(`wrote ${relative}`);
      changed.add(relative);
    }
    await git(['add', '--all', '--', ...changed], options);
    const staged = (await git(['diff', '--cached', '--name-only'], options)).split('\n').filter(Boolean);
    if (!staged.length) {
      log('no changes: nothing committed');
      return { commit: null, branch, base, files: [], logs: logs.join('\n') };
    }
    const author = text(commit, 'author') ?? 'Ops Console';
    const email = text(commit, 'email') ?? 'ops-console@localhost';
    await git(
      [
        '-c',
        `user.name=${author}`,
        '-c',
        `user.email=${email}`,
        'commit',
        '--quiet',
        '--no-verify',
        '-m',
        text(commit, 'message')!,
      ],
      options,
    );
    const sha = (await git(['rev-parse', 'HEAD'], options)).trim();
    log(`committed ${sha}`);
    const push = ['push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`];
    if (repo.force) push.splice(1, 0, '--force');
    await git(push, options);
    log(`pushed ${branch}`);
    const result: Record<string, unknown> = { commit: sha, branch, base, files: staged };
    if (isObject(body.pr)) {
      const note = `no pull request was opened: pull requests need the Git host's API, which this console does not call (the commit is on ${branch})`;
      log(note);
      result.pr = note;
    }
    result.logs = logs.join('\n');
    return result;
  } catch (error) {
    if (error instanceof ActionFailure)
      throw new ActionFailure(error.message, { ...error.result, logs: logs.join('\n') });
    throw new ActionFailure(messageOf(error), { logs: logs.join('\n') });
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
};
