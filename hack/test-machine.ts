/**
 * What the test stages install on a fresh machine, gathered in one place so `npm test` installs
 * it once, in the background while lint runs, instead of one `apt-get update` and install per
 * package in the middle of the stages. The stages still install what is missing themselves (a
 * developer running one test file); after this, they find it there.
 *
 * Run directly (`tsx hack/test-machine.ts [--no-browser]`) it installs what is missing and says
 * what it did.
 */
import fs from 'node:fs';
import net from 'node:net';
import { CHECK_SERVER_PACKAGES } from '../tests/support/check-servers/packages.js';
import { commandPath } from '../tests/support/check-servers/process.js';
import { isRequired } from '../tests/support/required.js';
import { aptInstall, hasCommand } from './apt.js';
import { CHROMIUM, CHROMIUM_PACKAGES } from './ensure-chromium.js';
import { ensureKubeTools } from './helm.js';

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** The Debian packages the stages would install on this machine, under the same conditions they would. */
export async function missingPackages({ browser }: { browser: boolean }): Promise<string[]> {
  const packages: string[] = [];
  if (browser && !fs.existsSync(CHROMIUM)) packages.push(...CHROMIUM_PACKAGES);
  if (isRequired('REQUIRE_CHECK_SERVERS'))
    for (const [command, debianPackage] of Object.entries(CHECK_SERVER_PACKAGES))
      if (!commandPath(command)) packages.push(debianPackage);
  if (isRequired('REQUIRE_REDIS') && !hasCommand('redis-server') && !(await listening(6379)))
    packages.push('redis-server');
  if (isRequired('REQUIRE_KUBE_TOOLS') && !hasCommand('python3')) packages.push('python3');
  return packages;
}

/** browser: Chromium too (the e2e stage drives it). */
export async function prepareTestMachine({ browser }: { browser: boolean }): Promise<void> {
  const packages = await missingPackages({ browser });
  if (packages.length > 0) aptInstall(packages);
  else console.log('every Debian package the tests need is installed');
  if (isRequired('REQUIRE_KUBE_TOOLS')) console.log(`helm at ${ensureKubeTools().helm}`);
}

if (import.meta.url === `file://${process.argv[1]}`)
  await prepareTestMachine({ browser: !process.argv.includes('--no-browser') });
