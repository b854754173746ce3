/**
 * The health dashboard's budgets (DESIGN §6) on 2,000 checks over 1,000,000 statuses: the
 * summary endpoint /health polls (1 h, 1 d, 7 d), the cold first render of /health in headless
 * Chromium, and the JS that render downloads.
 */
import type { Db } from '../../server/src/platform/db/db.js';
import {
  PLATFORM_ROWS,
  consoleOverPlatform,
  platformTarget,
  startPlatformUi,
  type PlatformUi,
} from './platform-ui.js';
import { eventually } from '../support/eventually.js';
import { liveUpdates } from './live.js';
import { consoleTargets, firstRendersOf, wireSizes, withBrowser, type RenderTarget } from './render.js';
import { load } from './requests.js';
import type { Build, Server } from './server.js';
import { timeInterleaved } from './stats.js';
import type { Results, RowSpec } from './table.js';
import { withLoadedServers, type BackEnd } from './targets.js';

export const HEALTH_CHECKS = 2_000;
export const HEALTH_STATUSES_PER_CHECK = 500; // 1,000,000 rows, five minutes apart (~42 hours)
const BENCH_AGENT = '0b0b0b0b-0000-4000-8000-00000000be11';

/**
 * 2,000 checks in 20 canaries of a remote agent (the console's own runner leaves remote agents'
 * checks alone, so its reconciliation does not touch them), each with 500 statuses.
 */
export async function loadHealthBenchData(db: Db): Promise<void> {
  await db.query(`insert into agents (id, name) values ($1, 'bench-agent')`, [BENCH_AGENT]);
  await db.query(
    `insert into canaries (name, namespace, agent_id, spec)
     select 'health-bench-' || n, 'bench-ns-' || (n % 5), $1, '{}'::jsonb from generate_series(1, 20) n`,
    [BENCH_AGENT],
  );
  await db.query(
    `insert into checks (canary_id, agent_id, type, name, namespace, status, labels, endpoint,
       last_runtime, last_transition_time)
     select c.id, $2, 'http', 'health-check-' || lpad(g::text, 4, '0'), c.namespace,
            case when g % 9 = 0 then 'unhealthy' else 'healthy' end,
            jsonb_build_object('team', 'team-' || (g % 12), 'tier', 'tier-' || (g % 3)),
            'https://service-' || g || '.example/healthz', now() - interval '1 minute', now() - interval '3 hours'
     from generate_series(1, $1::int) g
     join canaries c on c.name = 'health-bench-' || (1 + g % 20)`,
    [HEALTH_CHECKS, BENCH_AGENT],
  );
  await db.query(
    `insert into check_statuses (check_id, time, status, duration, message)
     select c.id, now() - make_interval(mins => 5 * s), (s % 13) <> 0, 20 + (s * 37) % 900, 'ok'
     from checks c cross join generate_series(1, $1::int) s
     where c.name like 'health-check-%'`,
    [HEALTH_STATUSES_PER_CHECK],
  );
  // As autovacuum would have done over the weeks these rows took to arrive: statistics, and the
  // visibility map that lets the summary's index-only scans skip the table.
  await db.exec('vacuum analyze');
}

const summaryBudget = { budget: { max: 200, text: 'p95 < 200 ms' }, goal: { max: 100, text: '< 100 ms' } };
const renderBudget = { budget: { max: 1500, text: '< 1.5 s' }, goal: { max: 1000, text: '< 1 s' } };
// Not in DESIGN §6: the goal the live-update e2e suite was first written to, as a timeout there.
const liveBudget = { budget: { max: 2000, text: '< 2 s' } };
const jsBudget = {
  budget: { max: 400, text: '< 400 KB' },
  goal: { max: 300, text: '<= 300 KB', orEqual: true },
};
const over = `over ${HEALTH_CHECKS.toLocaleString()} checks`;
export const ROWS = {
  hour: { figure: `health summary 1h ${over}, p95`, unit: 'ms', ...summaryBudget },
  day: { figure: `health summary 1d ${over}, p95`, unit: 'ms', ...summaryBudget },
  week: { figure: `health summary 7d ${over} (rollups), p95`, unit: 'ms', ...summaryBudget },
  renderP50: {
    figure: `/health first render, ${HEALTH_CHECKS.toLocaleString()} checks, cold, p50`,
    unit: 'ms',
    ...renderBudget,
  },
  renderP95: {
    figure: `/health first render, ${HEALTH_CHECKS.toLocaleString()} checks, cold, p95`,
    unit: 'ms',
    ...renderBudget,
  },
  liveP50: {
    figure: "a check's new status on an open /health, from Run Now, p50",
    unit: 'ms',
    ...liveBudget,
  },
  liveP95: {
    figure: "a check's new status on an open /health, from Run Now, p95",
    unit: 'ms',
    ...liveBudget,
  },
  jsGzip: { figure: 'initial JS, shell + /health, gzip', unit: 'KB', ...jsBudget },
  jsBrotli: { figure: 'initial JS, shell + /health, brotli as served', unit: 'KB', ...jsBudget },
  // No budget in DESIGN: a reference, and hack/build.ts holds it to its own.
  cssGzip: { figure: 'initial CSS, shell + /health, gzip', unit: 'KB' },
} satisfies Record<string, RowSpec>;

const summary = (start: string) => `api/canary/api/summary?start=${start}`;

/**
 * The server's first upkeep, which rolls the loaded history up at start, has ended: its run is
 * written to the job history as it ends.
 */
async function rollupsSettled(server: Server): Promise<void> {
  const ended = `${server.url}api/db/job_histories?name=eq.CheckResultsUpkeep&select=status&limit=1`;
  // A refusal or a failed upkeep ends the wait at once; a run not yet written is waited for.
  const failed = await eventually(
    async () => {
      const response = await fetch(ended, { headers: { cookie: server.cookie } });
      if (!response.ok) return `the job history answered ${response.status}`;
      const [run] = (await response.json()) as { status: string }[];
      if (!run) throw new Error("the server's first check results upkeep did not end in 5 minutes");
      return run.status === 'FAILED' ? "the server's first check results upkeep failed" : undefined;
    },
    300_000,
    1000,
  );
  if (failed) throw new Error(failed);
}

async function timeSummary(servers: readonly Server[], start: string, n: number): Promise<number[]> {
  const timings = await timeInterleaved(servers, n, (server) => load(server, summary(start)), 5);
  return timings.map((t) => t.p95);
}

export interface HealthParts {
  summary: boolean;
  web: boolean;
  /** The platform UI's build directory, when its rows are measured beside the web rows. */
  platformUi?: string;
}

/** The platform UI in front of build A's server, or undefined (the reason recorded) when it can't start. */
async function platformUiOf(
  platformUi: HealthParts['platformUi'],
  server: Server,
  backEnd: BackEnd,
  results: Results,
): Promise<PlatformUi | undefined> {
  if (!platformUi) return undefined;
  results.declare(Object.values(PLATFORM_ROWS));
  try {
    return await startPlatformUi(platformUi, server);
  } catch (error) {
    platformNotMeasured(backEnd, results, `its server did not start: ${(error as Error).message}`);
    return undefined;
  }
}

function platformNotMeasured(backEnd: BackEnd, results: Results, why: string): void {
  console.log(`  platform UI not measured on ${backEnd}: ${why}`);
  results.skip(`platform UI rows on ${backEnd}`, why);
}

export async function benchHealth(
  backEnd: BackEnd,
  builds: readonly Build[],
  parts: HealthParts,
  results: Results,
): Promise<void> {
  results.declare(Object.values(ROWS));
  await withLoadedServers(
    backEnd,
    builds,
    { name: 'health', load: loadHealthBenchData },
    { CHECK_RUNNER_ENABLED: 'true' },
    async (servers) => {
      if (parts.summary) {
        // The steady state: the server's first upkeep rolls the loaded history up, which would
        // otherwise run beside the first summaries and answer 1d from raw statuses.
        for (const server of servers) await rollupsSettled(server);
        results.setAll(ROWS.hour, backEnd, await timeSummary(servers, '1h', 50));
        results.setAll(ROWS.day, backEnd, await timeSummary(servers, '1d', 20));
        results.setAll(ROWS.week, backEnd, await timeSummary(servers, '7d', 20));
      }
      if (parts.web) {
        const platform = await platformUiOf(parts.platformUi, servers[0]!, backEnd, results);
        const checkRow = /health-check-\d{4}/;
        // Every check shown (passing ones too), ungrouped: 2,000 rows in the (virtualized) table.
        // Over when a row's name is painted: drawn by the server, or by the UI.
        const targets: RenderTarget[] = consoleTargets(
          servers,
          'health?hidePassing=false&groupBy=no_grouping&timeRange=1h',
          () => checkRow,
        ).map((target) => ({ ...target, painted: { pattern: checkRow } }));
        if (platform) targets.push(platformTarget(platform, servers[0]!, checkRow));
        try {
          const [renders, live] = await withBrowser(async (browser) => [
            await firstRendersOf(browser, targets),
            // After the renders: its check is one more in the dashboard they time.
            await liveUpdates(browser, servers),
          ]);
          results.setFields({ p50: ROWS.liveP50, p95: ROWS.liveP95 }, backEnd, live);
          const consoleRenders = renders.slice(0, servers.length);
          results.setFields({ p50: ROWS.renderP50, p95: ROWS.renderP95 }, backEnd, consoleRenders);
          const consoleJs: number[] = [];
          for (const [k, render] of consoleRenders.entries()) {
            const sizes = await wireSizes(render.scripts);
            consoleJs.push(sizes.gzipKb);
            results.set(ROWS.jsGzip, backEnd, k, sizes.gzipKb);
            results.set(ROWS.jsBrotli, backEnd, k, sizes.brotliKb ?? 'not sent');
            results.set(ROWS.cssGzip, backEnd, k, (await wireSizes(render.stylesheets)).gzipKb);
          }
          const platformRender = renders[servers.length];
          if (platformRender?.failed)
            platformNotMeasured(backEnd, results, `its /health did not render: ${platformRender.failed}`);
          else if (platformRender) {
            const platformJs = (await wireSizes(platformRender.scripts)).gzipKb;
            results.set(PLATFORM_ROWS.render, backEnd, 0, platformRender.p50);
            results.set(PLATFORM_ROWS.js, backEnd, 0, platformJs);
            for (const [k, render] of consoleRenders.entries()) {
              results.set(
                PLATFORM_ROWS.renderRatio,
                backEnd,
                k,
                consoleOverPlatform(render.p50, platformRender.p50),
              );
              results.set(PLATFORM_ROWS.jsRatio, backEnd, k, consoleOverPlatform(consoleJs[k]!, platformJs));
            }
          }
        } finally {
          // After the script sizes: they are downloaded again from the platform UI's server.
          await platform?.close();
        }
      }
    },
  );
}
