/**
 * `npm run test:e2e`: makes sure Debian's Chromium is there, builds the console as `npm start`
 * would (the UI while the server makes its database), starts the built server on a free port
 * with a throwaway data directory (demo data, BASE_PATH=/console/) connected to the Kubernetes
 * API test server, runs the Playwright suite against it, and stops both. On failure the server
 * log is kept beside the screenshots in test-results/e2e and its end is printed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfChanged, buildWebIfChanged } from '../../hack/build.js';
import { ensureChromium } from '../../hack/ensure-chromium.js';
import { E2E_ADMIN_PASSWORD } from './accounts.js';
import { startTestCluster } from './test-cluster.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const resultsDir = path.join(root, 'test-results/e2e');
const BASE_PATH = '/console/';

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitUntilReady(url: string, server: ReturnType<typeof spawn>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const ready = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not ready within ${timeoutMs / 1000} s`);
}

function printLogTail(logFile: string, lines = 40) {
  const text = fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  console.error(
    `\n--- last ${lines} lines of the server log (${path.relative(root, logFile)}) ---\n${text}\n`,
  );
}

ensureChromium();
await buildServerIfChanged();
// The server's first start (a new database, its migrations and the demo data) does not need the
// UI: it picks the build up once linked (server/src/http/web-ui.ts), so the two go side by side.
const webBuild = buildWebIfChanged();
// A failed build is reported by the try below, which stops the server first; until then it is
// not an unhandled rejection.
webBuild.catch(() => {});
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-console-e2e-'));
// The signed-in browser state the suites share (tests/e2e/global-setup.ts).
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-console-e2e-state-'));
const port = await freePort();
const cluster = await startTestCluster(stateDir);
// Beside the results, not in them: Playwright empties its output directory when it starts.
const logFile = path.join(root, 'test-results/e2e-server.log');
const log = fs.openSync(logFile, 'w');
const server = spawn(process.execPath, ['dist/server/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    BASE_PATH,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    KUBECONFIG: cluster.kubeconfig,
    KUBE_STATUS_INTERVAL: '2s',
    // Definition-of-done items and incident rules are evaluated every 5 s, not every minute.
    INCIDENT_AUTOMATION_INTERVAL: '5s',
  },
  stdio: ['ignore', log, log],
});

let status = 1;
try {
  // A safety net: the first start shares the machine with the UI's build.
  await Promise.all([waitUntilReady(`http://127.0.0.1:${port}/readyz`, server, 300_000), webBuild]);
  // Not spawnSync: the test cluster answers from this process while Playwright runs.
  const playwright = spawn(
    process.execPath,
    [
      'node_modules/@playwright/test/cli.js',
      'test',
      '-c',
      'tests/e2e/playwright.config.ts',
      // Spec files named: only those, not the projects the isolated ones wait for.
      ...(process.argv.length > 2 ? ['--no-deps'] : []),
      ...process.argv.slice(2),
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: `http://127.0.0.1:${port}${BASE_PATH}`,
        E2E_RESULTS: resultsDir,
        E2E_STATE_DIR: stateDir,
        // The server's default SCRAPER_FILE_ROOTS: where a test's file scraper may read.
        E2E_SCRAPER_FILES: path.join(dataDir, 'files'),
        E2E_KUBECONFIG: cluster.kubeconfig,
        E2E_KUBE_CONTROL: cluster.controlUrl,
      },
    },
  );
  status = await new Promise<number>((resolve) => playwright.once('exit', (code) => resolve(code ?? 1)));
} catch (error) {
  console.error(`e2e: ${(error as Error).message}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
  fs.closeSync(log);
  await cluster.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(stateDir, { recursive: true, force: true });
}
if (status !== 0) {
  printLogTail(logFile);
  console.error(
    `e2e: screenshots and traces are in ${path.relative(root, resultsDir)}/, the server log in ${path.relative(root, logFile)}`,
  );
}
process.exit(status);
