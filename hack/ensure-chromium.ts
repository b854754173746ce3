/**
 * The end-to-end tests drive Debian's Chromium (never a browser downloaded by a test tool).
 * Installs it with apt when missing.
 */
import fs from 'node:fs';
import { aptInstall } from './apt.js';

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

/** Chromium and the fonts its pages are drawn with. */
export const CHROMIUM_PACKAGES = ['chromium', 'fonts-liberation'];

export function ensureChromium(): string {
  if (fs.existsSync(CHROMIUM)) return CHROMIUM;
  console.log(`${CHROMIUM} is missing`);
  aptInstall(CHROMIUM_PACKAGES);
  if (!fs.existsSync(CHROMIUM)) throw new Error(`apt-get finished but ${CHROMIUM} is still missing`);
  return CHROMIUM;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
