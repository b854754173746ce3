/**
 * Installs Debian packages the tests need on a fresh machine (Chromium, PostgreSQL, Redis):
 * as root directly, else through passwordless sudo.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** Whether `command --version` runs on this machine. */
export function hasCommand(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function aptInstall(packages: string[]): void {
  const asRoot = os.userInfo().uid === 0;
  const run = (args: string[]) =>
    asRoot
      ? execFileSync(args[0]!, args.slice(1), { stdio: 'inherit' })
      : execFileSync('sudo', ['-n', ...args], { stdio: 'inherit' });
  console.log(`installing ${packages.join(', ')} with apt-get`);
  try {
    run(['apt-get', 'update', '-qq']);
    run([
      'env',
      'DEBIAN_FRONTEND=noninteractive',
      'apt-get',
      'install',
      '-y',
      '-qq',
      '--no-install-recommends',
      ...packages,
    ]);
  } catch (error) {
    throw new Error(
      `could not install ${packages.join(', ')} (${(error as Error).message}); install with: apt-get install -y ${packages.join(' ')}`,
    );
  }
}
