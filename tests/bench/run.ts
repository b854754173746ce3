/**
 * `npm run bench`: every budget of DESIGN §6 that can be measured at this stage, on PGlite and
 * (when it answers) PostgreSQL, and on the console as `npm start` runs it, printed as one table
 * with the machine's load at start and end. `--against <dir-or-command>` measures a second
 * build beside this one, interleaved, with ratios B/A. Prints figures; asserts nothing (timings
 * don't belong in `npm test`). See docs/bench.md.
 */
import path from 'node:path';
import { buildServer, buildWeb } from '../../hack/build.js';
import { bundleReport, formatReport } from '../../hack/bundle-report.js';
import { benchAgents } from './agents.js';
import { benchApi } from './api.js';
import { parseArgs } from './args.js';
import { benchCatalog } from './catalog.js';
import { benchCatalogScrape } from './catalog-scrape.js';
import { benchDefaultStart } from './default-start.js';
import { benchGrants } from './grants.js';
import { benchHealth } from './health.js';
import { benchIncidents } from './incidents.js';
import { benchJobs } from './jobs.js';
import { benchLogs } from './logs.js';
import { benchNotifications } from './notifications.js';
import { machineLoad } from './machine.js';
import { PLATFORM_UI_PACKAGE, platformUiBuild } from './platform-ui.js';
import { benchPlaybooks } from './playbooks.js';
import { benchProxy } from './proxy.js';
import { buildOf, type Build } from './server.js';
import { Results } from './table.js';
import { benchTopology } from './topology.js';
import { postgresUnavailable, type BackEnd } from './targets.js';

const root = path.resolve(import.meta.dirname, '../..');
const args = parseArgs(process.argv.slice(2));
const builds: Build[] = [{ name: 'A', cwd: root }];
if (args.against) builds.push(buildOf('B', args.against));
const benchStarted = performance.now();

console.log(`Machine at start: ${await machineLoad()}`);
for (const build of builds)
  console.log(
    `Build ${build.name}: ${build.command ? `command \`${build.command}\`` : `${build.cwd}/dist/server/main.js`}`,
  );

const [metafile] = await Promise.all([buildWeb(), buildServer()]);
if (args.parts.has('web')) {
  console.log(`\nProduction bundle of build A (esbuild metafile: the shell plus the /health route):`);
  console.log(
    formatReport(
      bundleReport(root, metafile, ['web/src/shell/AppShell.tsx', 'web/src/features/health/HealthPage.tsx']),
    ),
  );
}

const postgresWhy = await postgresUnavailable();
const backEnds: BackEnd[] = postgresWhy ? ['PGlite'] : ['PGlite', 'PostgreSQL'];
const results = new Results(
  ['PGlite', 'PostgreSQL'],
  builds.map((b) => b.name),
);
if (postgresWhy) results.skip('PostgreSQL column', postgresWhy);

/** Runs one part; a failure is reported and the other parts still run. */
async function part(name: string, fn: () => Promise<void>): Promise<void> {
  console.log(`\n${name}…`);
  const started = performance.now();
  try {
    await fn();
    console.log(`  done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } catch (error) {
    console.error(`  failed: ${(error as Error).stack ?? error}`);
    results.skip(name, `failed: ${(error as Error).message}`);
  }
}

for (const backEnd of backEnds) {
  if (args.parts.has('api'))
    await part(`${backEnd}: list requests`, () => benchApi(backEnd, builds, results));
}
let platformUi: string | undefined;
if (args.parts.has('platform-ui')) {
  console.log(`\nPlatform UI: ${PLATFORM_UI_PACKAGE}…`);
  const build = await platformUiBuild();
  if ('why' in build) {
    console.log(`  not measured: ${build.why}`);
    results.skip('platform UI rows', build.why);
  } else {
    console.log(`  ${build.dir}`);
    platformUi = build.dir;
  }
}
// The platform UI's ratios are taken against the console's --web rows of the same run.
const health = {
  summary: args.parts.has('health'),
  web: args.parts.has('web') || args.parts.has('platform-ui'),
  platformUi,
};
for (const backEnd of backEnds) {
  if (health.summary || health.web)
    await part(`${backEnd}: health dashboard`, () => benchHealth(backEnd, builds, health, results));
}
for (const backEnd of backEnds) {
  if (args.parts.has('incidents'))
    await part(`${backEnd}: incidents`, () => benchIncidents(backEnd, builds, { web: true }, results));
}
for (const backEnd of backEnds) {
  if (args.parts.has('playbooks'))
    await part(`${backEnd}: playbooks`, () => benchPlaybooks(backEnd, builds, results));
}
for (const backEnd of backEnds) {
  if (args.parts.has('catalog')) {
    await part(`${backEnd}: catalog`, () => benchCatalog(backEnd, builds, results, args.catalogItems));
    await part(`${backEnd}: kubernetes scrape`, () =>
      benchCatalogScrape(backEnd, builds, results, args.scrapeObjects),
    );
  }
}
for (const backEnd of backEnds) {
  if (args.parts.has('topology'))
    await part(`${backEnd}: topology`, () => benchTopology(backEnd, builds, results));
}
for (const backEnd of backEnds) {
  if (args.parts.has('jobs'))
    await part(`${backEnd}: job history`, () => benchJobs(backEnd, builds, results));
}
for (const backEnd of backEnds) {
  if (args.parts.has('logs')) await part(`${backEnd}: logs`, () => benchLogs(backEnd, builds, results));
}
for (const backEnd of backEnds) {
  if (args.parts.has('grants'))
    await part(`${backEnd}: permission check`, () => benchGrants(backEnd, builds, results));
}
for (const backEnd of backEnds) {
  if (args.parts.has('notifications'))
    await part(`${backEnd}: notifications`, () =>
      benchNotifications(backEnd, builds, results, {
        events: args.notificationEvents,
        historyRows: args.historyRows,
      }),
    );
}
for (const backEnd of backEnds) {
  if (args.parts.has('agents'))
    await part(`${backEnd}: agents hub`, () => benchAgents(backEnd, builds, results));
}
if (args.parts.has('default-start'))
  await part('default start (PGlite, demo data, checks running)', () => benchDefaultStart(builds, results));

if (args.parts.has('proxy'))
  await part('PGlite: upstream mode proxy, build A', () => benchProxy(builds, results));
results.skip(
  'list APIs of components at 10^5-10^6 rows, p95 < 100 ms',
  '--topology loads 5,000 components, the size its budget names',
);
results.skip(
  'first render, cold, of every other main page',
  'measured for /health, the incident pages, a catalog item, /topology and /logs only',
);

console.log(`\nMachine at end: ${await machineLoad()}`);
console.log(`Bench took ${((performance.now() - benchStarted) / 60_000).toFixed(1)} min.\n`);
console.log(results.format());
