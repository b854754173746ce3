/**
 * The end-to-end tests drive Debian's Chromium (never a browser downloaded by a test tool).
 * Installs it with apt when missing: as root directly, else through passwordless sudo.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, and quiet on a closed network: no background connections, updates or sync. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function ensureChromium(): string {
  if (fs.existsSync(CHROMIUM)) return CHROMIUM;
  const asRoot = os.userInfo().uid === 0;
  const run = (args: string[]) =>
    asRoot
      ? execFileSync(args[0]!, args.slice(1), { stdio: 'inherit' })
      : execFileSync('sudo', ['-n', ...args], { stdio: 'inherit' });
  console.log(`${CHROMIUM} is missing: installing Debian's chromium package with apt-get`);
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
      'chromium',
      'fonts-liberation',
    ]);
  } catch (error) {
    throw new Error(
      `could not install chromium (${(error as Error).message}); install it with: apt-get install -y chromium`,
    );
  }
  if (!fs.existsSync(CHROMIUM)) throw new Error(`apt-get finished but ${CHROMIUM} is still missing`);
  return CHROMIUM;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
