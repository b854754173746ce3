import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commandFor, execAction } from './exec.js';
import { eventually } from '../../../lib/eventually.js';
import { actionContext as context, actionFailure as failure, processEnded } from './test-support.js';

let tmp: string;
beforeAll(() => (tmp = mkdtempSync(path.join(os.tmpdir(), 'exec-test-'))));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('exec action', () => {
  it('runs the script with bash and keeps its stdout, stderr and exit code', async () => {
    const result = await execAction(
      { script: 'echo "hello from $0"; echo warn >&2; [[ 1 == 1 ]] && echo bash-only' },
      context(),
    );
    expect(result.stdout).toBe('hello from bash\nbash-only');
    expect(result.stderr).toBe('warn');
    expect(result.exitCode).toBe(0);
  });

  it('a non-zero exit fails the action with the output kept', async () => {
    const error = await failure(execAction({ script: 'echo partial; echo broken >&2; exit 3' }, context()));
    expect(error.message).toBe('the script exited with code 3: broken');
    expect(error.result).toMatchObject({ stdout: 'partial', stderr: 'broken', exitCode: 3 });
  });

  it('passes the playbook env and the action env, not the console’s own variables', async () => {
    process.env.CONSOLE_ONLY_SECRET = 'must-not-leak';
    try {
      const result = await execAction(
        {
          script: 'echo "$PLAYBOOK_VAR/$ACTION_VAR/${CONSOLE_ONLY_SECRET:-absent}/$HOME"',
          env: [{ name: 'ACTION_VAR', value: 'from-action' }],
        },
        context({ env: { PLAYBOOK_VAR: 'from-playbook' } }),
      );
      expect(result.stdout).toBe(`from-playbook/from-action/absent/${process.env.HOME}`);
    } finally {
      delete process.env.CONSOLE_ONLY_SECRET;
    }
  });

  it("does not run the user's ~/.bashrc before the script", async () => {
    const home = mkdtempSync(path.join(tmp, 'home-'));
    writeFileSync(path.join(home, '.bashrc'), 'echo from-bashrc\n');
    const previousHome = process.env.HOME;
    process.env.HOME = home;
    try {
      const result = await execAction({ script: 'echo script' }, context());
      expect(result.stdout).toBe('script');
    } finally {
      process.env.HOME = previousHome;
    }
  });

  it('exports an AWS connection as the AWS_* variables and marks the secret', async () => {
    const ctx = context(
      {},
      {
        'connection://default/aws-prod': {
          name: 'aws-prod',
          type: 'aws',
          username: 'AKIAEXAMPLE',
          password: 'aws-secret-key-value',
          properties: { region: 'eu-west-1' },
        },
      },
    );
    const result = await execAction(
      {
        script: 'echo "$AWS_ACCESS_KEY_ID $AWS_REGION ${#AWS_SECRET_ACCESS_KEY}"',
        connections: { aws: { connection: 'connection://default/aws-prod' } },
      },
      ctx,
    );
    expect(result.stdout).toBe('AKIAEXAMPLE eu-west-1 20');
    expect(ctx.secrets.has('aws-secret-key-value')).toBe(true);
  });

  it('writes a kubeconfig to a private file named by KUBECONFIG', async () => {
    const result = await execAction(
      {
        script: 'cat "$KUBECONFIG"; echo; stat -c %a "$KUBECONFIG"',
        connections: { kubernetes: { kubeconfig: { value: 'apiVersion: v1\nkind: Config' } } },
      },
      context(),
    );
    expect(result.stdout).toBe('apiVersion: v1\nkind: Config\n600');
  });

  it('runs the interpreter a shebang names', async () => {
    const result = await execAction({ script: '#!/usr/bin/env node\nconsole.log(6 * 7)' }, context());
    expect(result.stdout).toBe('42');
    expect(commandFor('#!/bin/sh\necho x')).toEqual({ command: '/bin/sh', args: ['-c', 'echo x'] });
    expect(commandFor('#!/usr/bin/env python3\nprint(1)')).toEqual({
      command: 'python3',
      args: ['-c', 'print(1)'],
    });
  });

  /** Resolves once the file exists: the script writes it when it is ready to be stopped. */
  async function created(file: string) {
    const deadline = Date.now() + 30_000;
    while (!existsSync(file)) {
      if (Date.now() > deadline) throw new Error(`${file} was never written`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('an abort kills the script and what it started, and says it was stopped', async () => {
    const controller = new AbortController();
    const marker = path.join(tmp, 'started');
    const pending = execAction(
      // `sleep` runs in the background of the shell: SIGTERM reaches the whole group. Its pid is
      // written whole (renamed into place) once it runs; it would outlive any wait of the test.
      { script: 'echo started; sleep 300 & echo $! > "$MARKER.part"; mv "$MARKER.part" "$MARKER"; wait' },
      context({ signal: controller.signal, env: { MARKER: marker } }),
    );
    await created(marker);
    const sleeper = Number(readFileSync(marker, 'utf8'));
    expect(processEnded(sleeper)).toBe(false);
    controller.abort(new Error('the action timed out after 1s'));
    const error = await failure(pending);
    expect(error.message).toBe('the script was stopped: the action timed out after 1s');
    expect(error.result.stdout).toBe('started');
    await eventually(() => expect(processEnded(sleeper)).toBe(true));
  });

  it('a script that ignores SIGTERM is killed after the grace period', async () => {
    const controller = new AbortController();
    const marker = path.join(tmp, 'ready');
    const pending = execAction(
      { script: `trap '' TERM; touch "$MARKER"; while true; do sleep 0.1; done` },
      context({ signal: controller.signal, env: { MARKER: marker } }),
    );
    await created(marker);
    controller.abort();
    const error = await failure(pending);
    expect(error.message).toMatch(/^the script was stopped/);
    expect(error.result.exitCode).toBe(137);
  }, 20_000);

  it('keeps the start and the end of a very long output', async () => {
    const result = await execAction(
      { script: 'echo FIRST; head -c 600000 /dev/zero | tr "\\0" x; echo; echo LAST' },
      context(),
    );
    const stdout = String(result.stdout);
    expect(stdout.startsWith('FIRST')).toBe(true);
    expect(stdout.endsWith('LAST')).toBe(true);
    expect(stdout).toMatch(/\[\.\.\. \d+ characters not kept \.\.\.\]/);
    expect(stdout.length).toBeLessThan(270_000);
  });

  it('runs in a checkout of a git repository', async () => {
    const remote = path.join(tmp, 'tools.git');
    const seed = path.join(tmp, 'tools-seed');
    const git = (cwd: string, ...args: string[]) =>
      execFileSync('git', args, { cwd, stdio: 'ignore', env: { PATH: process.env.PATH, HOME: tmp } });
    git(tmp, 'init', '--quiet', '--bare', '--initial-branch=main', remote);
    git(tmp, 'init', '--quiet', '--initial-branch=main', seed);
    writeFileSync(path.join(seed, 'restart.sh'), 'echo restarting $1\n');
    git(seed, 'add', '.');
    git(seed, '-c', 'user.name=t', '-c', 'user.email=t@x', 'commit', '--quiet', '-m', 'tools');
    git(seed, 'push', '--quiet', remote, 'main');
    const result = await execAction(
      { script: 'bash restart.sh web; basename "$PWD"', checkout: { url: remote, destination: 'tools' } },
      context(),
    );
    expect(result.stdout).toBe('restarting web\ntools');
  });

  it('refuses connection kinds it cannot set up', async () => {
    const error = await failure(
      execAction({ script: 'true', connections: { fromConfigItem: 'abc' } }, context()),
    );
    expect(error.message).toBe('exec connections.fromConfigItem is not supported by this console');
  });
});
