/**
 * `--proxy`: what upstream mode adds (DESIGN §6: p50 < 1 ms). Two servers of build A: a platform
 * (embedded, demo data, trusting the front's token) and a front with PLATFORM_URL pointing at it;
 * a page of /api/db timed directly on the platform and through the front, request for request in
 * turn, the order of each pair swapped every round, as the same administrator (one email on both
 * sides). The proxy's cost does not depend on the database: PGlite only, build A only (a build
 * given with --against may have no upstream mode).
 */
import { cpuMs, get, getJson, send, startServer, stopServer, type Build, type Server } from './server.js';
import { summarize } from './stats.js';
import type { Results, RowSpec } from './table.js';
import { freshDatabase, type Database } from './targets.js';

/** The list timed: a page of checks with their canary, as the health list reads. */
export const PROXY_LIST = 'api/db/checks?select=id,name,status,canaries(name)&order=name.asc&limit=50';
const REQUESTS = 400;
const WARMUP = 50;
const ADMIN_EMAIL = 'bench-admin@example.test';
const COLUMN = 'PGlite';

export const PROXY_ROWS = {
  direct: { figure: '/api/db checks page of 50, direct to the platform, p50', unit: 'ms' },
  directP95: { figure: '  direct, p95', unit: 'ms' },
  proxied: { figure: '  through a console in upstream mode, p50', unit: 'ms' },
  proxiedP95: { figure: '  through it, p95', unit: 'ms' },
  added: {
    figure: '  added by the proxy, p50',
    unit: 'ms',
    budget: { max: 1, text: 'p50 < 1 ms' },
  },
  addedP95: { figure: '  added by the proxy, p95', unit: 'ms' },
  frontCpu: { figure: "  the front console's CPU per request", unit: 'ms' },
  platformCpu: { figure: "  the platform's CPU per request, direct and proxied alike", unit: 'ms' },
} satisfies Record<string, RowSpec>;

/** Gives the signed-in administrator an email, by which the platform knows them. */
async function nameAdmin(server: Server): Promise<void> {
  // The console's own id: in upstream mode `user.id` is the person's id on the platform.
  const { consoleUserId } = await getJson<{ consoleUserId: string }>(server, 'api/auth/whoami');
  const response = await send(server, 'PATCH', `api/people/users/${consoleUserId}`, {
    firstName: 'Bench',
    lastName: 'Admin',
    email: ADMIN_EMAIL,
    role: 'admin',
    active: true,
  });
  if (!response.ok)
    throw new Error(`naming the administrator: HTTP ${response.status} ${await response.text()}`);
}

async function platformToken(platform: Server): Promise<string> {
  const response = await send(platform, 'POST', 'api/auth/create_token', { name: 'bench front console' });
  if (response.status !== 201) throw new Error(`creating the front's token: HTTP ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** The two servers' timings, request for request in turn, each pair's order swapped every round. */
async function timedPairs(direct: Server, proxied: Server) {
  const samples = { direct: [] as number[], proxied: [] as number[] };
  for (let i = -WARMUP; i < REQUESTS; i++) {
    const pair = [
      ['direct', direct],
      ['proxied', proxied],
    ] as const;
    for (const [which, server] of i % 2 === 0 ? pair : [...pair].reverse()) {
      const started = performance.now();
      await get(server, PROXY_LIST);
      if (i >= 0) samples[which].push(performance.now() - started);
    }
  }
  return { direct: summarize(samples.direct), proxied: summarize(samples.proxied) };
}

export async function benchProxy(builds: readonly Build[], results: Results): Promise<void> {
  const build = builds[0]!;
  results.declare(Object.values(PROXY_ROWS));
  const databases: Database[] = [];
  const servers: Server[] = [];
  try {
    databases.push(await freshDatabase('PGlite'), await freshDatabase('PGlite'));
    const platform = await startServer(build, {
      ...databases[0]!.env,
      DEMO_DATA: 'true',
      CHECK_RUNNER_ENABLED: 'false',
      PLAYBOOK_RUNNER_ENABLED: 'false',
      INCIDENT_AUTOMATION_ENABLED: 'false',
      TOPOLOGY_BUILDER_ENABLED: 'false',
      TRUST_FORWARDED_USER_FROM: ADMIN_EMAIL,
    });
    servers.push(platform);
    await nameAdmin(platform);
    const front = await startServer(build, {
      ...databases[1]!.env,
      DEMO_DATA: 'false',
      PLATFORM_URL: `${platform.url}api`,
      PLATFORM_TOKEN: await platformToken(platform),
    });
    servers.push(front);
    await nameAdmin(front);
    const [direct = '', proxied] = await Promise.all(
      [platform, front].map(async (server) => {
        const response = await fetch(`${server.url}${PROXY_LIST}`, { headers: { cookie: server.cookie } });
        if (!response.ok) throw new Error(`${server.url}${PROXY_LIST}: HTTP ${response.status}`);
        return response.text();
      }),
    );
    if (direct !== proxied)
      throw new Error('the page through the proxy is not the page the platform answers');
    console.log(`  PGlite, build ${build.name}: ${(JSON.parse(direct) as unknown[]).length} rows a page`);
    const cpuBefore = [cpuMs(platform.pid), cpuMs(front.pid)];
    const timing = await timedPairs(platform, front);
    // The platform answers both of each pair; the front only the proxied one.
    results.set(
      PROXY_ROWS.platformCpu,
      COLUMN,
      0,
      (cpuMs(platform.pid) - cpuBefore[0]!) / (2 * (REQUESTS + WARMUP)),
    );
    results.set(PROXY_ROWS.frontCpu, COLUMN, 0, (cpuMs(front.pid) - cpuBefore[1]!) / (REQUESTS + WARMUP));
    results.set(PROXY_ROWS.direct, COLUMN, 0, timing.direct.p50);
    results.set(PROXY_ROWS.directP95, COLUMN, 0, timing.direct.p95);
    results.set(PROXY_ROWS.proxied, COLUMN, 0, timing.proxied.p50);
    results.set(PROXY_ROWS.proxiedP95, COLUMN, 0, timing.proxied.p95);
    results.set(PROXY_ROWS.added, COLUMN, 0, timing.proxied.p50 - timing.direct.p50);
    results.set(PROXY_ROWS.addedP95, COLUMN, 0, timing.proxied.p95 - timing.direct.p95);
  } finally {
    for (const server of servers) await stopServer(server);
    for (const database of databases) await database.drop();
  }
}
