/**
 * The console as `npm start` runs it: a fresh PGlite data directory, the demo data loaded on
 * first start and its checks running. A burst of list requests, RSS after it, /health cold,
 * /api/about and /healthz.
 */
import { loadDemoData } from '../../server/src/platform/demo/index.js';
import { prepareDatabase } from '../../server/src/platform/demo/prepare.js';
import { burstPaths } from './api.js';
import { consoleTargets, firstRendersOf, withBrowser } from './render.js';
import { BURST, bursts, recordEndpointCost } from './requests.js';
import { getJson, rssMb, startServer, stopServer, type Build, type Server } from './server.js';
import type { Results, RowSpec } from './table.js';
import { freshDatabase, type Database } from './targets.js';

const COLUMN = 'PGlite';
export const ROWS = {
  demoLoad: {
    figure: 'default start: demo data load into a migrated database',
    unit: 'ms',
    budget: { max: 10_000, text: '< 10 s' },
  },
  ready: { figure: 'default start: first start to ready (migrations, demo data)', unit: 'ms' },
  burstP95: {
    figure: `default start: ${BURST} concurrent list requests, p95`,
    unit: 'ms',
    budget: { max: 200, text: 'p95 < 200 ms' },
  },
  burstErrors: {
    figure: `default start: ${BURST} concurrent list requests, errors`,
    unit: 'count',
    budget: { max: 1, text: 'none' },
  },
  burstCpu: { figure: 'default start:   server CPU per list request', unit: 'ms' },
  burstClientCpu: { figure: 'default start:   load generator CPU per list request', unit: 'ms' },
  rss: {
    figure: 'default start: server RSS after the burst',
    unit: 'MB',
    budget: { max: 300, text: '< 300 MB' },
  },
  renderP50: {
    figure: 'default start: /health first render, cold, p50',
    unit: 'ms',
    budget: { max: 1500, text: '< 1.5 s' },
    goal: { max: 1000, text: '< 1 s' },
  },
  renderP95: {
    figure: 'default start: /health first render, cold, p95',
    unit: 'ms',
    budget: { max: 1500, text: '< 1.5 s' },
    goal: { max: 1000, text: '< 1 s' },
  },
  aboutP95: { figure: 'default start: signed-in /api/about, p95', unit: 'ms' },
  aboutCpu: { figure: 'default start:   server CPU per /api/about', unit: 'ms' },
  healthzP95: { figure: 'default start: /healthz, p95', unit: 'ms' },
  healthzCpu: { figure: 'default start:   server CPU per /healthz', unit: 'ms' },
} satisfies Record<string, RowSpec>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The demo data a first start loads, timed alone in this process (this checkout's loader). */
async function demoLoadMs(): Promise<number> {
  const database = await freshDatabase('PGlite');
  const db = await database.open();
  try {
    await prepareDatabase(db, { demoData: false });
    const started = performance.now();
    await loadDemoData(db);
    return performance.now() - started;
  } finally {
    await db.close();
    await database.drop();
  }
}

export async function benchDefaultStart(builds: readonly Build[], results: Results): Promise<void> {
  results.declare(Object.values(ROWS));
  const databases: Database[] = [];
  const servers: Server[] = [];
  try {
    results.set(ROWS.demoLoad, COLUMN, 0, await demoLoadMs());
    for (const build of builds) {
      const database = await freshDatabase('PGlite');
      databases.push(database);
      servers.push(await startServer(build, database.env));
    }
    results.setAll(
      ROWS.ready,
      COLUMN,
      servers.map((s) => s.readyMs),
    );
    const names = new Map<Server, { firstCheck: string; shown: RegExp; row: RegExp }>();
    for (const server of servers) {
      const checks = await getJson<{ id: string; name: string }[]>(
        server,
        'api/db/checks?select=id,name&deleted_at=is.null&order=name.asc&limit=200',
      );
      if (checks.length === 0) throw new Error(`build ${server.build.name}: the demo data has no checks`);
      // /health opens grouped by canary: a group's name or a check's shows once the data has arrived.
      const canaries = await getJson<{ name: string }[]>(server, 'api/db/canaries?select=name&limit=200');
      const alternatives = [...checks, ...canaries].map((c) => escape(c.name)).join('|');
      names.set(server, {
        firstCheck: checks[0]!.id,
        shown: new RegExp(alternatives),
        row: new RegExp(`^(?:${alternatives})$`),
      });
    }
    results.setFields(
      {
        p95: ROWS.burstP95,
        errors: ROWS.burstErrors,
        serverCpuMs: ROWS.burstCpu,
        clientCpuMs: ROWS.burstClientCpu,
      },
      COLUMN,
      await bursts(servers, (s) => burstPaths(names.get(s)!.firstCheck)),
    );
    results.setAll(
      ROWS.rss,
      COLUMN,
      servers.map((s) => rssMb(s.pid)),
    );

    // Over when a row's name is painted, as the data set's /health is timed.
    const targets = consoleTargets(servers, 'health', (s) => names.get(s)!.shown).map((target, k) => ({
      ...target,
      painted: { pattern: names.get(servers[k]!)!.row },
    }));
    const renders = await withBrowser((browser) => firstRendersOf(browser, targets));
    results.setFields({ p50: ROWS.renderP50, p95: ROWS.renderP95 }, COLUMN, renders);

    await recordEndpointCost(
      results,
      servers,
      'api/about',
      { p95: ROWS.aboutP95, serverCpuMs: ROWS.aboutCpu },
      COLUMN,
    );
    await recordEndpointCost(
      results,
      servers,
      'healthz',
      { p95: ROWS.healthzP95, serverCpuMs: ROWS.healthzCpu },
      COLUMN,
    );
  } finally {
    for (const server of servers) await stopServer(server);
    for (const database of databases) await database.drop();
  }
}
