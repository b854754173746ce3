/**
 * `npm run test:e2e`: makes sure Debian's Chromium is there, builds the console as `npm start`
 * would, then runs the Playwright suite (which starts the built server itself).
 */
import { spawnSync } from 'node:child_process';
import { buildServer, buildWeb } from '../../hack/build.js';
import { ensureChromium } from '../../hack/ensure-chromium.js';

ensureChromium();
await Promise.all([buildWeb(), buildServer()]);
const result = spawnSync(
  process.execPath,
  [
    'node_modules/@playwright/test/cli.js',
    'test',
    '-c',
    'tests/e2e/playwright.config.ts',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
