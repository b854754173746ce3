/**
 * `npm run bench`: the budgets of DESIGN §6 that can be measured at this stage, on the
 * embedded back end (PGlite) and, when one answers, a PostgreSQL server. Prints figures;
 * asserts nothing (timings don't belong in `npm test`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import pg from 'pg';
import { buildServer, buildWeb } from '../../hack/build.js';
import { bundleReport, formatReport } from '../../hack/bundle-report.js';
import { openDatabase, type Db, type Queryable } from '../../server/src/platform/db/db.js';
import { createDbRouter } from '../../server/src/platform/rest/router.js';
import { loadSchema } from '../../server/src/platform/rest/schema.js';
import { prepareDatabase } from '../../server/src/platform/demo/prepare.js';
import { loadDemoData } from '../../server/src/platform/demo/index.js';
import { CHECKS, STATUSES_PER_CHECK, loadBenchData } from './dataset.js';
import { HEALTH_CHECKS, HEALTH_STATUSES_PER_CHECK, benchHealth, loadHealthBenchData } from './health.js';
import { ms, summarize, time, verdict, type Timing } from './stats.js';

const root = path.resolve(import.meta.dirname, '../..');
const ITERATIONS = 300;
// The hand-written SQL an engineer would use for the same answers as the API calls (rows + total).
const pageSql = `select *, (select count(*) from check_statuses where check_id = $1) as total
  from check_statuses where check_id = $1 order by time desc limit 50`;
const pageApi = (id: string) => `api/db/check_statuses?check_id=eq.${id}&order=time.desc&limit=50`;
const checksSql = `select *, (select count(*) from checks) as total from checks order by name limit 50`;
const checksApi = 'api/db/checks?order=name.asc&limit=50';

interface Target {
  name: string;
  env: Record<string, string>;
  open(): Promise<Db>;
  cleanup(): Promise<void>;
}

async function postgresTarget(): Promise<Target | undefined> {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `ops_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    console.log(`PostgreSQL skipped: ${(error as Error).message}`);
    return undefined;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: databaseUrl },
    open: () => openDatabase({ dataDir: '', databaseUrl }),
    async cleanup() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

function pgliteTarget(): Target {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-bench-'));
  return {
    name: 'PGlite',
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function startBuiltServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = 32000 + (process.pid % 10000);
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      // The data sets' canaries have no spec: the runner would retire their checks.
      CHECK_RUNNER_ENABLED: 'false',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let tries = 0; tries < 600; tries++) {
    const ready = await fetch(`${url}readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) {
      await signIn(url);
      return { url, child };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('the server did not become ready');
}

/**
 * The SQL the /api/db layer sends for a request, captured by serving it once in-process
 * through a database wrapper that records statements.
 */
async function apiSql(db: Db, requestPath: string): Promise<{ text: string; params: unknown[] }> {
  let captured: { text: string; params: unknown[] } | undefined;
  const recording: Db = {
    ...db,
    query: ((text: string, params?: readonly unknown[]) => {
      captured = { text, params: [...(params ?? [])] };
      return db.query(text, params);
    }) as Queryable['query'],
  };
  const app = express().use('/api/db', createDbRouter({ db: recording, schema: await loadSchema(db) }));
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await get(`http://127.0.0.1:${port}/${requestPath}`, { Prefer: 'count=exact' });
  server.close();
  return captured!;
}

/** Times the API's own SQL run directly, with the check id of each iteration swapped in. */
async function timeApiSql(db: Db, requestPath: string, ids: string[]): Promise<Timing> {
  const { text, params } = await apiSql(db, requestPath);
  const idIndex = params.indexOf(ids[0]);
  return time(ITERATIONS, (i) => {
    const values = [...params];
    if (idIndex >= 0) values[idIndex] = ids[i % ids.length];
    return db.query(text, values);
  });
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

const BENCH_ADMIN_PASSWORD = 'bench-admin-password';
/** The administrator's session cookie: every measured request is signed in, as the UI's are. */
let sessionCookie = '';

async function signIn(url: string): Promise<void> {
  const response = await fetch(`${url}api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: HTTP ${response.status}`);
  sessionCookie = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function get(url: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await fetch(url, { headers: { ...headers, cookie: sessionCookie } });
  if (!response.ok && response.status !== 206) throw new Error(`${url}: HTTP ${response.status}`);
  await response.arrayBuffer();
}

const fig = (t: Timing) => `p50 ${ms(t.p50).padStart(9)} p95 ${ms(t.p95).padStart(9)}`;

/** One query: over HTTP, the API's SQL run directly, and hand-written SQL; with the budgets. */
function row(label: string, http: Timing, sql: Timing, raw: Timing, budgetMs: number): void {
  const sqlRatio = sql.p95 / raw.p95;
  const httpRatio = http.p95 / raw.p95;
  console.log(`  ${label}`);
  console.log(`    HTTP /api/db      ${fig(http)} | p95 < ${budgetMs} ms: ${verdict(http.p95 < budgetMs)}`);
  console.log(
    `    its SQL, direct   ${fig(sql)} | ${sqlRatio.toFixed(2)}x raw: ${verdict(sqlRatio <= 1.3)} (<= 1.3x)`,
  );
  console.log(`    raw SQL           ${fig(raw)} | HTTP end to end is ${httpRatio.toFixed(2)}x raw`);
}

/** CPU time (user + system) a process has used, in ms, from /proc. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks at 100 Hz
}

/**
 * 200 requests at once. The load generator (fetch, in this process) shares the two cores with
 * the server and the database, so the CPU each spent is printed beside the latency.
 */
async function concurrency(url: string, ids: string[], serverPid: number): Promise<void> {
  const paths = [
    checksApi,
    pageApi(ids[0]!),
    'api/db/checks?status=eq.unhealthy&limit=50',
    'api/db/canaries?limit=50',
  ];
  const samples: number[] = [];
  let errors = 0;
  const serverCpu = cpuMs(serverPid);
  const clientCpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 200 }, async (_, i) => {
      const t = performance.now();
      try {
        await get(`${url}${paths[i % paths.length]}`, { Prefer: 'count=exact' });
        samples.push(performance.now() - t);
      } catch {
        errors++;
      }
    }),
  );
  const elapsed = performance.now() - started;
  const client = process.cpuUsage(clientCpu);
  const { p95 } = summarize(samples);
  console.log(
    `  200 concurrent list requests        errors ${errors}, p95 ${ms(p95)}, all done in ${ms(elapsed)} | no errors and p95 < 200 ms: ${verdict(errors === 0 && p95 < 200)}`,
  );
  console.log(
    `    CPU spent on the burst: server ${(cpuMs(serverPid) - serverCpu).toFixed(0)} ms, load generator ${((client.user + client.system) / 1000).toFixed(0)} ms (2 cores)`,
  );
}

/** The health dashboard on its own data set: 2,000 live checks over 1,000,000 statuses. */
async function benchHealthTarget(target: Target): Promise<void> {
  console.log(
    `\n${target.name}, health: ${HEALTH_CHECKS.toLocaleString()} checks, ${(HEALTH_CHECKS * HEALTH_STATUSES_PER_CHECK).toLocaleString()} check_statuses`,
  );
  const db = await target.open();
  try {
    const loadStarted = performance.now();
    await prepareDatabase(db, { demoData: false });
    await loadHealthBenchData(db);
    console.log(`  data set loaded in ${ms(performance.now() - loadStarted)}`);
  } finally {
    await db.close();
  }
  const { url, child } = await startBuiltServer({ ...target.env, CHECK_RUNNER_ENABLED: 'true' });
  try {
    await benchHealth({ url, cookie: sessionCookie });
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await target.cleanup();
  }
}

/** The demo data a first start loads, into a migrated database: budget 10 s. */
async function benchDemoLoad(target: Target): Promise<void> {
  const db = await target.open();
  try {
    await prepareDatabase(db, { demoData: false });
    const started = performance.now();
    await loadDemoData(db);
    const elapsed = performance.now() - started;
    console.log(
      `\n${target.name}: demo data loaded in ${ms(elapsed)} | < 10 s: ${verdict(elapsed < 10_000)}`,
    );
  } finally {
    await db.close();
    await target.cleanup();
  }
}

async function benchTarget(target: Target): Promise<void> {
  console.log(
    `\n${target.name}: ${CHECKS.toLocaleString()} checks, ${(CHECKS * STATUSES_PER_CHECK).toLocaleString()} check_statuses`,
  );
  let db = await target.open();
  let ids: string[];
  const loadStarted = performance.now();
  try {
    await prepareDatabase(db, { demoData: false });
    ids = await loadBenchData(db);
    console.log(`  data set loaded in ${ms(performance.now() - loadStarted)}`);
    // PGlite allows one process per data directory: measure raw SQL first, then start the server on it.
    const rawPage = await time(ITERATIONS, (i) => db.query(pageSql, [ids[i % ids.length]]));
    const rawChecks = await time(ITERATIONS, () => db.query(checksSql));
    const sqlPage = await timeApiSql(db, pageApi(ids[0]!), ids);
    const sqlChecks = await timeApiSql(db, checksApi, ids);
    await db.close();
    db = undefined as unknown as Db;
    const { url, child } = await startBuiltServer(target.env);
    try {
      const apiPage = await time(ITERATIONS, (i) =>
        get(`${url}${pageApi(ids[i % ids.length]!)}`, { Prefer: 'count=exact' }),
      );
      const apiChecks = await time(ITERATIONS, () => get(`${url}${checksApi}`, { Prefer: 'count=exact' }));
      row('check_statuses: page of 50 for one check by time, count=exact', apiPage, sqlPage, rawPage, 25);
      row('checks: page of 50 by name, count=exact', apiChecks, sqlChecks, rawChecks, 25);
      await concurrency(url, ids, child.pid!);
      const rss = rssMb(child.pid!);
      console.log(
        `  server RSS after the runs            ${rss.toFixed(0)} MB | < 300 MB: ${verdict(rss < 300)}`,
      );
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  } finally {
    await db?.close().catch(() => {});
    await target.cleanup();
  }
}

const [metafile] = await Promise.all([buildWeb(), buildServer()]);
console.log(`\nProduction bundle (the shell plus the /health route):`);
console.log(
  formatReport(
    bundleReport(root, metafile, ['web/src/shell/AppShell.tsx', 'web/src/features/health/HealthPage.tsx']),
  ),
);
// `npm run bench -- --health` measures the health dashboard only.
const healthOnly = process.argv.includes('--health');
if (!healthOnly) await benchDemoLoad(pgliteTarget());
for (const target of healthOnly ? [] : [pgliteTarget(), await postgresTarget()]) {
  if (target) await benchTarget(target);
}
for (const target of [pgliteTarget(), await postgresTarget()]) {
  if (target) await benchHealthTarget(target);
}
console.log('\nNot measured yet: proxy latency (lands with upstream mode).');
