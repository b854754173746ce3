/**
 * `npm run test:e2e`: makes sure Debian's Chromium is there, builds the console as `npm start`
 * would, then runs the Playwright suite (which starts the built server itself).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildServer, buildWeb } from '../../hack/build.js';
import { ensureChromium } from '../../hack/ensure-chromium.js';

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

ensureChromium();
await Promise.all([buildWeb(), buildServer()]);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-console-e2e-'));
const env = { ...process.env, E2E_PORT: String(await freePort()), E2E_DATA_DIR: dataDir };
const result = spawnSync(
  process.execPath,
  [
    'node_modules/@playwright/test/cli.js',
    'test',
    '-c',
    'tests/e2e/playwright.config.ts',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env },
);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
