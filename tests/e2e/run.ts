/**
 * `npm run test:e2e`: makes sure Debian's Chromium is there, builds the console as `npm start`
 * would (the UI while the server makes its database), starts the built server on a free port
 * with a throwaway data directory (demo data, BASE_PATH=/console/) connected to the Kubernetes
 * API test server, runs the Playwright suite against it, and stops both. On failure the server
 * log is kept beside the screenshots in test-results/e2e and its end is printed.
 *
 * Then the upstream pass (alone with `--upstream [spec...]`): the flows of UPSTREAM_SPECS again,
 * against a console in upstream mode in front of a second console that is the platform, so that
 * every request of theirs goes through the proxy (docs/upstream.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfChanged, buildWebIfChanged } from '../../hack/build.js';
import { ensureChromium } from '../../hack/ensure-chromium.js';
import { normalPriorityLoad } from '../bench/machine.js';
import { signIn } from '../support/session.js';
import { E2E_ADMIN_PASSWORD } from './accounts.js';
import { consoleDataDir, makeMigratedDataDir, MIGRATED_DATA_DIR_ENV } from './migrated-data-dir.js';
import { startTestCluster } from './test-cluster.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const resultsDir = path.join(root, 'test-results/e2e');
const BASE_PATH = '/console/';
/** The platform console's own sub-path in the upstream pass: PLATFORM_URL carries a path too. */
const PLATFORM_BASE_PATH = '/platform/';
/** The areas whose every flow is run again through a console in upstream mode. */
const UPSTREAM_SPECS = ['health.spec.ts', 'incidents.spec.ts', 'playbooks.spec.ts'];

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

const args = process.argv.slice(2);
const upstreamOnly = args[0] === '--upstream';
const specs = upstreamOnly ? args.slice(1) : args;

interface Console {
  port: number;
  logFile: string;
  dataDir: string;
  process: ChildProcess;
}

/**
 * Starts the built server with `env` on a free port and a throwaway data directory: a copy of
 * `migrated` when given, else empty (a first start from nothing).
 */
async function startConsole(name: string, env: Record<string, string>, migrated?: string): Promise<Console> {
  const dataDir = consoleDataDir(migrated, `ops-console-e2e-${name}-`);
  const port = await freePort();
  // Beside the results, not in them: Playwright empties its output directory when it starts.
  const logFile = path.join(root, `test-results/e2e-${name}.log`);
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      KUBE_STATUS_INTERVAL: '2s',
      // Definition-of-done items and incident rules are evaluated every 5 s, not every minute.
      INCIDENT_AUTOMATION_INTERVAL: '5s',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  child.once('exit', () => fs.closeSync(log));
  return { port, logFile, dataDir, process: child };
}

async function stopConsole(running: Console | undefined): Promise<void> {
  if (!running) return;
  const child = running.process;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(running.dataDir, { recursive: true, force: true });
}

/** Runs Playwright against `baseUrl`; resolves with its exit code. */
function playwright(baseUrl: string, specArgs: string[], env: Record<string, string>): Promise<number> {
  // Not spawnSync: the test cluster answers from this process while Playwright runs.
  const child = spawn(
    process.execPath,
    [
      'node_modules/@playwright/test/cli.js',
      'test',
      '-c',
      'tests/e2e/playwright.config.ts',
      // Spec files named: only those, not the projects the isolated ones wait for.
      ...(specArgs.length > 0 ? ['--no-deps'] : []),
      ...specArgs,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: baseUrl,
        E2E_RESULTS: resultsDir,
        E2E_STATE_DIR: stateDir,
        ...env,
      },
    },
  );
  return new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

/** An API token of the platform's administrator, made as a person would: signed in, then create_token. */
async function platformToken(platform: Console): Promise<string> {
  const at = (relative: string) => `http://127.0.0.1:${platform.port}${PLATFORM_BASE_PATH}${relative}`;
  const admin = await signIn({ at }, 'admin', E2E_ADMIN_PASSWORD);
  const response = await admin.send('POST', 'api/auth/create_token', { name: 'e2e front console' });
  if (response.status !== 201)
    throw new Error(`creating the front console's token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Below this share of the CPU at normal priority, the machine runs nothing else. */
const OTHER_WORK_BELOW_PERCENT = 25;

/**
 * Playwright's workers unless E2E_WORKERS says: two when nothing else runs on the machine (the
 * browser and the server leave a third of two cores idle with one), one when other work shares it
 * (two browsers then wait on each other and on it, and tests that passed alone failed side by
 * side). A build under `nice` does not count: npm test makes this stage's build so.
 */
async function chooseWorkers(): Promise<void> {
  if (process.env.E2E_WORKERS) return;
  const busy = await normalPriorityLoad();
  const workers = busy !== undefined && busy < OTHER_WORK_BELOW_PERCENT ? 2 : 1;
  process.env.E2E_WORKERS = String(workers);
  const seen = busy === undefined ? 'unknown' : `${busy.toFixed(0)}% busy over 2 s`;
  console.log(`e2e: ${workers} Playwright worker${workers > 1 ? 's' : ''} (the machine: ${seen})`);
}

await chooseWorkers();
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
// The signed-in browser state the suites share (tests/e2e/global-setup.ts).
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-console-e2e-state-'));
const cluster = await startTestCluster(stateDir);
// Made beside the build and the main console's first start; awaited where a console needs it.
const migratedDataDir = makeMigratedDataDir();
migratedDataDir.catch(() => {});
const started: Console[] = [];
let failedLog: string | undefined;
let status = 1;

/** The suite against the console in embedded mode, as an operator runs it. */
async function embeddedPass(): Promise<number> {
  const server = await startConsole('server', { BASE_PATH, KUBECONFIG: cluster.kubeconfig });
  started.push(server);
  failedLog = server.logFile;
  // A safety net: the first start shares the machine with the UI's build.
  const [, , migrated] = await Promise.all([
    waitUntilReady(`http://127.0.0.1:${server.port}/readyz`, server.process, 300_000),
    webBuild,
    migratedDataDir,
  ]);
  const code = await playwright(`http://127.0.0.1:${server.port}${BASE_PATH}`, specs, {
    [MIGRATED_DATA_DIR_ENV]: migrated,
    // The server's default SCRAPER_FILE_ROOTS: where a test's file scraper may read.
    E2E_SCRAPER_FILES: path.join(server.dataDir, 'files'),
    E2E_KUBECONFIG: cluster.kubeconfig,
    E2E_KUBE_CONTROL: cluster.controlUrl,
  });
  await stopConsole(server);
  return code;
}

/**
 * The same flows through the proxy: a platform console (embedded, demo data, trusting its own
 * administrator's token to name the person) and a front console in upstream mode before it. The
 * administrator signs in at the front; `admin` on both sides is the same person by username.
 */
async function upstreamPass(): Promise<number> {
  const migrated = await migratedDataDir;
  const platform = await startConsole(
    'platform',
    { BASE_PATH: PLATFORM_BASE_PATH, KUBECONFIG: cluster.kubeconfig, TRUST_FORWARDED_USER_FROM: 'admin' },
    migrated,
  );
  started.push(platform);
  failedLog = platform.logFile;
  await Promise.all([
    waitUntilReady(`http://127.0.0.1:${platform.port}/readyz`, platform.process, 300_000),
    webBuild,
  ]);
  const front = await startConsole(
    'front',
    {
      BASE_PATH,
      KUBECONFIG: cluster.kubeconfig,
      PLATFORM_URL: `http://127.0.0.1:${platform.port}${PLATFORM_BASE_PATH}api`,
      PLATFORM_TOKEN: await platformToken(platform),
    },
    migrated,
  );
  started.push(front);
  failedLog = front.logFile;
  await waitUntilReady(`http://127.0.0.1:${front.port}/readyz`, front.process, 300_000);
  const code = await playwright(
    `http://127.0.0.1:${front.port}${BASE_PATH}`,
    specs.length > 0 ? specs : UPSTREAM_SPECS,
    {},
  );
  if (code !== 0) printLogTail(platform.logFile);
  return code;
}

try {
  status = upstreamOnly ? 0 : await embeddedPass();
  if (status === 0 && (upstreamOnly || specs.length === 0)) {
    console.log(
      '\ne2e: the flows of health, incidents and playbooks again, through a console in upstream mode',
    );
    status = await upstreamPass();
  }
} catch (error) {
  status = 1;
  console.error(`e2e: ${(error as Error).message}`);
} finally {
  for (const running of started) await stopConsole(running);
  await cluster.close();
  fs.rmSync(stateDir, { recursive: true, force: true });
  const migrated = await migratedDataDir.catch(() => undefined);
  if (migrated) fs.rmSync(migrated, { recursive: true, force: true });
}
if (status !== 0) {
  if (failedLog) printLogTail(failedLog);
  console.error(
    `e2e: screenshots and traces are in ${path.relative(root, resultsDir)}/, the server logs in test-results/e2e-*.log`,
  );
}
process.exit(status);
