/**
 * The topology's budget: GET /api/canary/api/topology over 5,000 components in a 4-level tree
 * (5 roots, 45 groups, 450 services, 4,500 pods) with checks, linked configs and their
 * insights, and open incidents, p95 < 150 ms for the root view (every component, nested, as
 * the page's first call asks) and for a leaf (one pod by its id); and /topology's first render,
 * cold, < 1.5 s.
 */
import type { Page } from 'playwright-core';
import type { Db } from '../../server/src/platform/db/db.js';
import { firstRendersOf, withBrowser, type RenderTarget } from './render.js';
import { get, getJson, type Build, type Server } from './server.js';
import { timeInterleaved } from './stats.js';
import type { Results, RowSpec } from './table.js';
import { withLoadedServers, type BackEnd } from './targets.js';

export const TOPOLOGY_COMPONENTS = 5_000;
const ROOTS = 5;
const GROUPS_PER_ROOT = 9;
const SERVICES_PER_GROUP = 10;
const PODS_PER_SERVICE = 10;
const REQUESTS = 50;
/** The pod whose view is measured as "a leaf". */
const LEAF = 'bench-pod-4321';

const ms150: RowSpec['budget'] = { max: 150, text: 'p95 < 150 ms' };
export const topologyRows = {
  root: {
    figure: `topology root view as /topology asks it (depth 2, with counts over all ${TOPOLOGY_COMPONENTS.toLocaleString()} components), p95`,
    unit: 'ms',
    budget: ms150,
  },
  rootAll: {
    figure: 'topology root view, every level nested (the default depth 5), p95',
    unit: 'ms',
    budget: ms150,
  },
  leaf: {
    figure: 'topology view of a leaf component by id, as /topology/{id} asks it (depth 3), p95',
    unit: 'ms',
    budget: ms150,
  },
  render: {
    figure: '/topology first render, cold, p50',
    unit: 'ms',
    budget: { max: 1500, text: '< 1.5 s' },
  },
  interactive: {
    figure: '/topology cold load until the UI has taken over the drawn first screen, p50',
    unit: 'ms',
  },
} satisfies Record<string, RowSpec>;

const STATUSES = ['healthy', 'healthy', 'healthy', 'warning', 'unhealthy', 'info'];

/**
 * The tree, level by level, each row's path its ancestors' ids; then a check per service and per
 * tenth pod, a config per component with an insight on every fifth, and an open incident on
 * every tenth service.
 */
export async function loadTopologyBenchData(db: Db): Promise<void> {
  const level = async (type: string, parentType: string | null, perParent: number, name: string) => {
    const parents = parentType
      ? `(select id, case when coalesce(path, '') = '' then id::text else path || '.' || id end as path,
                 row_number() over (order by name) - 1 as n
          from components where type = '${parentType}')`
      : `(select null::uuid as id, null::text as path, 0::bigint as n)`;
    await db.query(
      `insert into components (name, type, status, parent_id, path, labels, properties, is_leaf)
       select $1 || '-' || (p.n * $2 + g), $3, ($4::text[])[1 + (p.n * $2 + g) % 6], p.id, p.path,
              jsonb_build_object('tier', 'tier-' || (g % 3), 'zone', 'zone-' || (p.n % 4)),
              jsonb_build_array(jsonb_build_object('name', 'cpu', 'value', (p.n * 7 + g) % 100, 'unit', 'millicores')),
              $5
       from ${parents} p cross join generate_series(0, $2::int - 1) g`,
      [name, perParent, type, STATUSES, type === 'Pod'],
    );
  };
  await level('Cluster', null, ROOTS, 'bench-cluster');
  await level('Namespace', 'Cluster', GROUPS_PER_ROOT, 'bench-namespace');
  await level('Service', 'Namespace', SERVICES_PER_GROUP, 'bench-service');
  await level('Pod', 'Service', PODS_PER_SERVICE, 'bench-pod');
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from components`);
  if (rows[0]!.n !== TOPOLOGY_COMPONENTS) throw new Error(`the data set has ${rows[0]!.n} components`);

  await db.query(`insert into canaries (name, namespace, spec) values ('topology-bench', 'bench', '{}')`);
  await db.query(
    `with linked as (
       select c.id as component_id, k.id as canary_id, row_number() over (order by c.name) as n
       from components c cross join canaries k
       where k.name = 'topology-bench' and (c.type = 'Service' or (c.type = 'Pod' and substr(c.name, 11)::int % 10 = 0))
     ), made as (
       insert into checks (canary_id, type, name, status)
       select canary_id, 'http', 'topology-check-' || n, case when n % 7 = 0 then 'unhealthy' else 'healthy' end
       from linked returning id, name
     )
     insert into check_component_relationships (check_id, component_id, canary_id)
     select m.id, l.component_id, l.canary_id from made m join linked l on m.name = 'topology-check-' || l.n`,
  );
  await db.query(
    `insert into configs (name, type, config_class, health)
     select 'topology-config-' || c.name, 'Kubernetes::' || c.type, c.type, 'healthy' from components c`,
  );
  await db.query(
    `insert into config_component_relationships (component_id, config_id)
     select c.id, g.id from components c join configs g on g.name = 'topology-config-' || c.name`,
  );
  await db.query(
    `insert into config_analysis (config_id, analyzer, analysis_type, severity)
     select g.id, 'bench', (array['security','cost','reliability'])[1 + n % 3], (array['low','medium','high'])[1 + n % 3]
     from (select id, row_number() over (order by name) as n from configs where name like 'topology-config-%') g
     where n % 5 = 0`,
  );
  await db.query(
    `with services as (
       select id, row_number() over (order by name) as n from components where type = 'Service'
     ), made as (
       insert into incidents (title, type, severity, status)
       select 'topology bench ' || n, 'availability', 'high', 'open' from services where n % 10 = 0
       returning id, title
     ), hypotheses_made as (
       insert into hypotheses (incident_id, title)
       select id, 'root cause' from made returning id, incident_id
     )
     insert into evidences (hypothesis_id, type, component_id)
     select h.id, 'topology', s.id from hypotheses_made h
     join made m on m.id = h.incident_id
     join services s on m.title = 'topology bench ' || s.n`,
  );
  await db.exec('vacuum analyze');
}

/**
 * The first render is over when the roots' cards show, the last root's included: drawn by the
 * server (web/src/server-render.tsx) or by the UI.
 */
async function rootCardsShown(page: Page): Promise<void> {
  await page
    .locator('article')
    .filter({ has: page.getByText(`bench-cluster-${ROOTS - 1}`, { exact: true }) })
    .first()
    .waitFor({ state: 'visible', timeout: 30_000 });
}

/** The UI has rendered the page itself: the cards are in the accessibility tree. */
async function rootCardsInteractive(page: Page): Promise<void> {
  await page
    .getByRole('article', { name: `bench-cluster-${ROOTS - 1}`, exact: true })
    .waitFor({ timeout: 30_000 });
}

async function leafIdOf(server: Server): Promise<string> {
  const [row] = await getJson<{ id: string }[]>(server, `api/db/components?select=id&name=eq.${LEAF}`);
  if (!row) throw new Error(`${LEAF} is missing`);
  return row.id;
}

export async function benchTopology(
  backEnd: BackEnd,
  builds: readonly Build[],
  results: Results,
): Promise<void> {
  results.declare(Object.values(topologyRows));
  await withLoadedServers(
    backEnd,
    builds,
    { name: 'topology', load: loadTopologyBenchData },
    { CHECK_RUNNER_ENABLED: 'false' },
    async (servers) => {
      const measure = async (row: keyof typeof topologyRows, path: (server: Server) => string) => {
        const timings = await timeInterleaved(servers, REQUESTS, (server) => get(server, path(server)));
        results.setAll(
          topologyRows[row],
          backEnd,
          timings.map((t) => t.p95),
        );
      };
      // The queries the page sends (web/src/features/topology/topology-api.ts), and the platform's default.
      await measure('root', () => 'api/canary/api/topology?depth=2');
      await measure('rootAll', () => 'api/canary/api/topology');
      const leaves = new Map<Server, string>();
      for (const server of servers) leaves.set(server, await leafIdOf(server));
      await measure('leaf', (server) => `api/canary/api/topology?id=${leaves.get(server)}&depth=3`);

      const targets: RenderTarget[] = servers.map((server) => ({
        pageUrl: `${server.url}topology`,
        cookie: server.cookie,
        shown: rootCardsShown,
        painted: { texts: Array.from({ length: ROOTS }, (_, k) => `bench-cluster-${k}`) },
        interactive: rootCardsInteractive,
      }));
      const renders = await withBrowser((browser) => firstRendersOf(browser, targets));
      results.setAll(
        topologyRows.render,
        backEnd,
        renders.map((render) => render.p50),
      );
      results.setAll(
        topologyRows.interactive,
        backEnd,
        renders.map((render) => render.interactive!.p50),
      );
    },
  );
}
