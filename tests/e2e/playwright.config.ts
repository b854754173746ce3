import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../../hack/ensure-chromium.js';
import { adminStatePath } from './accounts.js';

// tests/e2e/run.ts starts the built server (dist/server/main.js) on a fresh embedded database
// with demo data under BASE_PATH=/console/, exactly as an operator would run it, and passes
// its address here.
/**
 * identity turns incidents off, screens turns logs off, cluster takes the cluster away (each puts
 * it back).
 */
const ISOLATED = ['identity.spec.ts', 'screens.spec.ts', 'cluster.spec.ts'];

const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080/console/';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  // Safety nets for a busy machine, not speed limits: assertions retry until their condition holds.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  // E2E_WORKERS=2 runs two spec files at a time: one worker leaves much of the two cores idle
  // while the browser and the server wait on each other and on the server's job intervals.
  // run.ts chooses two only on a machine that runs nothing else: on one loaded by other work,
  // cluster.spec failed beside catalog.spec and passed alone (docs/decisions.md). The specs that
  // change what every page shows run after the others, alone.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  projects: [
    { name: 'shared', testIgnore: ISOLATED.map((file) => `**/${file}`) },
    ...ISOLATED.map((file, index) => ({
      name: file.replace('.spec.ts', ''),
      testMatch: `**/${file}`,
      dependencies: [index === 0 ? 'shared' : ISOLATED[index - 1]!.replace('.spec.ts', '')],
    })),
  ],
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
