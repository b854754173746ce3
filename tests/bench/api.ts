/**
 * The request path's budgets on 10,000 checks and 1,000,000 statuses: a page of check_statuses,
 * 200 concurrent list requests and the server's CPU per request, its RSS afterwards, and the
 * cost of a signed-in /api/about and of /healthz.
 */
import express from 'express';
import type { Db, Queryable } from '../../server/src/platform/db/db.js';
import { createDbRouter } from '../../server/src/platform/rest/router.js';
import { loadSchema } from '../../server/src/platform/rest/schema.js';
import { CHECKS, STATUSES_PER_CHECK, loadBenchData } from './dataset.js';
import { BURST, bursts, recordEndpointCost } from './requests.js';
import { get, rssMb, startServer, stopServer, type Build, type Server } from './server.js';
import { time, timeInterleaved } from './stats.js';
import type { Results, RowSpec } from './table.js';
import { migratedDatabase, type BackEnd, type Database } from './targets.js';

const ITERATIONS = 300;
// The hand-written SQL an engineer would use for the same answer as the API call (rows + total).
const pageSql = `select *, (select count(*) from check_statuses where check_id = $1) as total
  from check_statuses where check_id = $1 order by time desc limit 50`;
export const pageApi = (id: string) => `api/db/check_statuses?check_id=eq.${id}&order=time.desc&limit=50`;
export const checksApi = 'api/db/checks?order=name.asc&limit=50';

/** The lists a burst spreads over, for a check of the data set. */
export const burstPaths = (checkId: string) => [
  checksApi,
  pageApi(checkId),
  'api/db/checks?status=eq.unhealthy&limit=50',
  'api/db/canaries?limit=50',
];

const ms25: RowSpec['budget'] = { max: 25, text: 'p95 < 25 ms' };
export const ROWS = {
  page: { figure: 'check_statuses page of 50, count=exact, p95', unit: 'ms', budget: ms25 },
  pageSql: {
    figure: '  its SQL run directly / hand-written SQL, p95',
    unit: 'ratio',
    budget: { max: 1.3, text: '<= 1.3x', orEqual: true },
  },
  checks: { figure: 'checks page of 50 by name, count=exact, p95', unit: 'ms' },
  burstP95: {
    figure: `${BURST} concurrent list requests, p95`,
    unit: 'ms',
    budget: { max: 200, text: 'p95 < 200 ms' },
  },
  burstErrors: {
    figure: `${BURST} concurrent list requests, errors`,
    unit: 'count',
    budget: { max: 1, text: 'none' },
  },
  burstCpu: { figure: '  server CPU per list request (burst)', unit: 'ms' },
  burstClientCpu: { figure: '  load generator CPU per list request (burst)', unit: 'ms' },
  rss: {
    figure: `server RSS after the runs (${CHECKS.toLocaleString()} checks, ${(CHECKS * STATUSES_PER_CHECK).toLocaleString()} statuses)`,
    unit: 'MB',
    budget: { max: 300, text: '< 300 MB' },
  },
  aboutP95: { figure: 'signed-in /api/about, p95', unit: 'ms' },
  aboutCpu: { figure: '  server CPU per /api/about', unit: 'ms' },
  healthzP95: { figure: '/healthz, p95', unit: 'ms' },
  healthzCpu: { figure: '  server CPU per /healthz', unit: 'ms' },
} satisfies Record<string, RowSpec>;

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
  const response = await fetch(`http://127.0.0.1:${port}/${requestPath}`, {
    headers: { Prefer: 'count=exact' },
  });
  await response.arrayBuffer();
  server.close();
  if (!captured) throw new Error(`${requestPath}: no SQL captured (HTTP ${response.status})`);
  return captured;
}

/** How much slower the API's own SQL for a page is than hand-written SQL for it, by p95 (this checkout only). */
async function sqlRatio(db: Db, ids: string[]): Promise<number> {
  const raw = await time(ITERATIONS, (i) => db.query(pageSql, [ids[i % ids.length]]));
  const { text, params } = await apiSql(db, pageApi(ids[0]!));
  const idIndex = params.indexOf(ids[0]);
  const generated = await time(ITERATIONS, (i) => {
    const values = [...params];
    if (idIndex >= 0) values[idIndex] = ids[i % ids.length];
    return db.query(text, values);
  });
  return generated.p95 / raw.p95;
}

export async function benchApi(backEnd: BackEnd, builds: readonly Build[], results: Results): Promise<void> {
  results.declare(Object.values(ROWS));
  const databases: Database[] = [];
  const servers: Server[] = [];
  const ids: string[][] = [];
  try {
    for (const [k, build] of builds.entries()) {
      const database = await migratedDatabase(backEnd, build);
      databases.push(database);
      const db = await database.open();
      try {
        const started = performance.now();
        ids.push(await loadBenchData(db));
        console.log(
          `  ${backEnd}, build ${build.name}: data set loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
        // PGlite allows one process per data directory: the direct SQL runs before the server starts.
        if (k === 0) results.set(ROWS.pageSql, backEnd, 0, await sqlRatio(db, ids[0]!));
      } finally {
        await db.close();
      }
    }
    for (const [k, build] of builds.entries())
      servers.push(
        await startServer(build, { ...databases[k]!.env, DEMO_DATA: 'false', CHECK_RUNNER_ENABLED: 'false' }),
      );
    const index = new Map(servers.map((s, k) => [s, k]));
    const idsOf = (server: Server) => ids[index.get(server)!]!;

    const page = await timeInterleaved(servers, ITERATIONS, (s, i) =>
      get(s, pageApi(idsOf(s)[i % idsOf(s).length]!), { Prefer: 'count=exact' }),
    );
    results.setAll(
      ROWS.page,
      backEnd,
      page.map((t) => t.p95),
    );
    const checks = await timeInterleaved(servers, ITERATIONS, (s) =>
      get(s, checksApi, { Prefer: 'count=exact' }),
    );
    results.setAll(
      ROWS.checks,
      backEnd,
      checks.map((t) => t.p95),
    );

    results.setFields(
      {
        p95: ROWS.burstP95,
        errors: ROWS.burstErrors,
        serverCpuMs: ROWS.burstCpu,
        clientCpuMs: ROWS.burstClientCpu,
      },
      backEnd,
      await bursts(servers, (s) => burstPaths(idsOf(s)[0]!)),
    );

    await recordEndpointCost(
      results,
      servers,
      'api/about',
      { p95: ROWS.aboutP95, serverCpuMs: ROWS.aboutCpu },
      backEnd,
    );
    await recordEndpointCost(
      results,
      servers,
      'healthz',
      { p95: ROWS.healthzP95, serverCpuMs: ROWS.healthzCpu },
      backEnd,
    );

    results.setAll(
      ROWS.rss,
      backEnd,
      servers.map((s) => rssMb(s.pid)),
    );
  } finally {
    for (const server of servers) await stopServer(server);
    for (const database of databases) await database.drop();
  }
}
