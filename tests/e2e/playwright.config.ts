import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM } from '../../hack/ensure-chromium.js';

// The built server (dist/server/main.js) on a fresh embedded database with demo data, under a
// sub-path, exactly as an operator would run it. tests/e2e/run.ts picks the port and data
// directory once, so the runner and its workers agree on them.
const port = Number(process.env.E2E_PORT ?? 31080);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `ops-console-e2e-${port}`);
export const BASE_PATH = '/console/';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  outputDir: path.join(os.tmpdir(), 'ops-console-e2e-results'),
  use: {
    baseURL: `http://127.0.0.1:${port}${BASE_PATH}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node dist/server/main.js',
    cwd: path.resolve(import.meta.dirname, '../..'),
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(port), BASE_PATH, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  },
});
