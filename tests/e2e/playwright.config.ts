import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../../hack/ensure-chromium.js';
import { adminStatePath } from './accounts.js';

// tests/e2e/run.ts starts the built server (dist/server/main.js) on a fresh embedded database
// with demo data under BASE_PATH=/console/, exactly as an operator would run it, and passes
// its address here.
const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080/console/';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  // Safety nets for a busy machine, not speed limits: assertions retry until their condition holds.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Each test with its time, in CI's log too: where the stage's minutes go.
  reporter: 'list',
  outputDir: process.env.E2E_RESULTS ?? path.join(os.tmpdir(), 'ops-console-e2e-results'),
  use: {
    baseURL,
    storageState: adminStatePath(),
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
});
