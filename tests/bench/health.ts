/**
 * The health dashboard's budgets (DESIGN §6): /health first render with 2,000 checks, cold, in
 * headless Chromium, and the summary endpoint it polls, over 1,000,000 check statuses.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, ensureChromium } from '../../hack/ensure-chromium.js';
import type { Db } from '../../server/src/platform/db/db.js';
import { ms, summarize, verdict, type Timing } from './stats.js';

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

export interface SignedInServer {
  url: string;
  cookie: string;
}

async function timeSummary(
  server: SignedInServer,
  start: string,
  n: number,
): Promise<Timing & { rows: number }> {
  let rows = 0;
  const samples: number[] = [];
  for (let i = 0; i < n + 5; i++) {
    const started = performance.now();
    const response = await fetch(`${server.url}api/canary/api/summary?start=${start}`, {
      headers: { cookie: server.cookie },
    });
    if (!response.ok) throw new Error(`summary ${start}: HTTP ${response.status}`);
    const body = (await response.json()) as { checks_summary: unknown[] };
    rows = body.checks_summary.length;
    if (i >= 5) samples.push(performance.now() - started);
  }
  return { ...summarize(samples), rows };
}

/** Cold loads of /health (a new browser context each time: no cache, no storage) until the first check row shows. */
async function timeFirstRender(server: SignedInServer, runs: number): Promise<Timing> {
  ensureChromium();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  const samples: number[] = [];
  try {
    const { hostname } = new URL(server.url);
    for (let i = 0; i < runs + 1; i++) {
      const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
      await context.addCookies(
        server.cookie.split('; ').map((pair) => {
          const [name, ...value] = pair.split('=');
          return { name: name!, value: value.join('='), domain: hostname, path: '/' };
        }),
      );
      const page = await context.newPage();
      const started = performance.now();
      // Every check shown (passing ones too), ungrouped: 2,000 rows in the (virtualized) table.
      await page.goto(`${server.url}health?hidePassing=false&groupBy=no_grouping&timeRange=1h`);
      await page
        .getByText(/health-check-\d{4}/)
        .first()
        .waitFor({ timeout: 30_000 });
      if (i > 0) samples.push(performance.now() - started); // the first run warms the server, not the browser
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return summarize(samples);
}

/** Hour rollups in the database, as the API counts them. */
async function hourRollups(server: SignedInServer): Promise<number> {
  const response = await fetch(`${server.url}api/db/check_status_rollups?granularity=eq.hour&limit=1`, {
    headers: { cookie: server.cookie, Prefer: 'count=exact' },
  });
  return Number(response.headers.get('content-range')?.split('/')[1] ?? 0);
}

/** The runner rolls the loaded history up at start: wait until the count stops growing. */
async function rollupsSettled(server: SignedInServer): Promise<number> {
  let previous = -1;
  for (;;) {
    const count = await hourRollups(server);
    if (count > 0 && count === previous) return count;
    previous = count;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/** Prints the health figures against their budgets. */
export async function benchHealth(server: SignedInServer): Promise<void> {
  const hour = await timeSummary(server, '1h', 50);
  const day = await timeSummary(server, '1d', 20);
  const rollups = await rollupsSettled(server);
  console.log(`  hour rollups after the runner's first pass: ${rollups.toLocaleString()}`);
  const week = await timeSummary(server, '7d', 20);
  console.log(
    `  summary, 1h (${hour.rows} checks)        p50 ${ms(hour.p50)} p95 ${ms(hour.p95)} | p95 < 200 ms: ${verdict(hour.p95 < 200)}`,
  );
  console.log(
    `  summary, 1d from raw statuses      p50 ${ms(day.p50)} p95 ${ms(day.p95)} | p95 < 200 ms: ${verdict(day.p95 < 200)}`,
  );
  console.log(
    `  summary, 7d from rollups           p50 ${ms(week.p50)} p95 ${ms(week.p95)} | p95 < 200 ms: ${verdict(week.p95 < 200)}`,
  );
  const render = await timeFirstRender(server, 5);
  console.log(
    `  /health first render, cold          p50 ${ms(render.p50)} p95 ${ms(render.p95)} | < 1.5 s: ${verdict(render.p95 < 1500)}`,
  );
}
