import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gitopsAction } from './gitops.js';
import { ActionFailure } from './types.js';
import { actionContext as context } from './test-support.js';

let dir: string;
let remote: string;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, HOME: dir, GIT_CONFIG_NOSYSTEM: '1' },
  }).trim();

/** A bare repository with `main` holding a values file and a JSON file. */
function seedRemote(): string {
  const bare = path.join(dir, `remote-${Math.random().toString(36).slice(2)}.git`);
  execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', bare]);
  const work = path.join(dir, `seed-${Math.random().toString(36).slice(2)}`);
  mkdirSync(work);
  git(work, 'init', '--quiet', '--initial-branch=main');
  mkdirSync(path.join(work, 'apps'));
  writeFileSync(path.join(work, 'apps/values.yaml'), 'image:\n  tag: v1\nreplicas: 2\n');
  writeFileSync(path.join(work, 'apps/config.json'), '{"feature":false}\n');
  writeFileSync(path.join(work, 'OLD.md'), 'to be removed\n');
  git(work, 'add', '.');
  git(work, '-c', 'user.name=Seed', '-c', 'user.email=seed@example.com', 'commit', '--quiet', '-m', 'seed');
  git(work, 'push', '--quiet', bare, 'main');
  return bare;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gitops-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(() => {
  remote = seedRemote();
});

describe('gitops action', () => {
  it('commits files and patches to a new branch and pushes it', async () => {
    const result = await gitopsAction(
      {
        repo: { url: remote, branch: 'bump-web' },
        commit: { author: 'Playbook Bot', email: 'bot@acme.example', message: 'Bump web to v2' },
        patches: [
          { path: 'apps/values.yaml', yq: '.image.tag = "v2" | .replicas = 3' },
          { path: 'apps/config.json', jq: '.feature = true' },
        ],
        files: [
          { path: 'docs/CHANGELOG.md', content: '# v2\n' },
          { path: 'OLD.md', content: '$delete' },
        ],
      },
      context(),
    );
    expect(result).toMatchObject({
      branch: 'bump-web',
      base: 'main',
      files: ['OLD.md', 'apps/config.json', 'apps/values.yaml', 'docs/CHANGELOG.md'],
    });
    const sha = git(remote, 'rev-parse', 'refs/heads/bump-web');
    expect(result.commit).toBe(sha);
    expect(git(remote, 'log', '-1', '--format=%an <%ae>|%s', 'bump-web')).toBe(
      'Playbook Bot <bot@acme.example>|Bump web to v2',
    );
    expect(git(remote, 'show', 'bump-web:apps/values.yaml')).toBe('image:\n  tag: v2\nreplicas: 3');
    expect(JSON.parse(git(remote, 'show', 'bump-web:apps/config.json'))).toEqual({ feature: true });
    expect(git(remote, 'show', 'bump-web:docs/CHANGELOG.md')).toBe('# v2');
    expect(() => git(remote, 'show', 'bump-web:OLD.md')).toThrow();
    // main is untouched.
    expect(git(remote, 'log', '-1', '--format=%s', 'main')).toBe('seed');
    expect(String(result.logs)).toContain(`pushed bump-web`);
  });

  it('continues an existing branch, and skips it with skipExisting', async () => {
    const first = {
      repo: { url: remote, branch: 'work' },
      commit: { author: 'A', email: 'a@x', message: 'one' },
    };
    await gitopsAction({ ...first, files: [{ path: 'a.txt', content: '1' }] }, context());
    await gitopsAction(
      { ...first, commit: { ...first.commit, message: 'two' }, files: [{ path: 'b.txt', content: '2' }] },
      context(),
    );
    expect(git(remote, 'log', '--format=%s', 'work')).toBe('two\none\nseed');
    const skipped = await gitopsAction(
      { ...first, repo: { ...first.repo, skipExisting: true }, files: [{ path: 'c.txt', content: '3' }] },
      context(),
    );
    expect(skipped).toMatchObject({ skipped: true, commit: null });
    expect(git(remote, 'log', '--format=%s', 'work')).toBe('two\none\nseed');
  });

  it('says a pull request was not opened, after pushing', async () => {
    const result = await gitopsAction(
      {
        repo: { url: remote, base: 'main', branch: 'with-pr' },
        commit: { author: 'A', email: 'a@x', message: 'pr please' },
        files: [{ path: 'x.txt', content: 'x' }],
        pr: { title: 'Please merge' },
      },
      context(),
    );
    expect(result.pr).toMatch(/^no pull request was opened/);
    expect(git(remote, 'log', '-1', '--format=%s', 'with-pr')).toBe('pr please');
  });

  it('refuses paths outside the repository and a missing file to patch', async () => {
    const commit = { author: 'A', email: 'a@x', message: 'm' };
    await expect(
      gitopsAction(
        { repo: { url: remote }, commit, files: [{ path: '../escape.txt', content: 'x' }] },
        context(),
      ),
    ).rejects.toThrow("'../escape.txt' must be a path inside the repository");
    await expect(
      gitopsAction(
        { repo: { url: remote }, commit, patches: [{ path: 'nope.yaml', yq: '.a = 1' }] },
        context(),
      ),
    ).rejects.toThrow(new ActionFailure('nope.yaml does not exist'));
  });

  it('a clone that fails says so without the URL’s credentials', async () => {
    const error = await gitopsAction(
      {
        repo: { url: 'http://bot:tok3n-secret@127.0.0.1:1/repo.git' },
        commit: { author: 'A', email: 'a@x', message: 'm' },
        files: [{ path: 'x', content: 'x' }],
      },
      context(),
    ).catch((e: unknown) => e as ActionFailure);
    expect(error).toBeInstanceOf(ActionFailure);
    expect((error as ActionFailure).message).toMatch(/^git clone failed/);
    expect((error as ActionFailure).message).not.toContain('tok3n-secret');
  });
});
