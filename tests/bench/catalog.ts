/**
 * The catalog's budgets over 100,000 config items and 1,000,000 changes: the catalog summary
 * as the list page asks for it (grouped, 30-day changes and insights, 30-day cost), p95 < 200 ms;
 * the changes page as the changes tab asks for it (last 2 days, newest 200, exact total),
 * p95 < 100 ms, unfiltered, filtered, a later page, and one config with its related configs;
 * and an item's page (/catalog/{id}) first render, cold, < 1.5 s.
 */
import type { Page } from 'playwright-core';
import type { Db, Transaction } from '../../server/src/platform/db/db.js';
import { firstRendersOf, withBrowser, type RenderTarget } from './render.js';
import { getJson, post, type Build, type Server } from './server.js';
import { timeInterleaved } from './stats.js';
import type { Results, RowSpec } from './table.js';
import { withLoadedServers, type BackEnd } from './targets.js';

/** The budget's data set; `--catalog-items` loads fewer for a quick run. */
export const ITEMS = 100_000;
const CHANGES_PER_ITEM = 10; // 1,000,000 changes
const CHANGE_DAYS = 90;
const REQUESTS = 50;
/** The config whose related changes are read: the head of a chain of ten. */
const CHAIN_HEAD = 'bench-config-1';
/** The item whose page is rendered: a pod (item 20 of the type cycle) with a body of its own. */
const RENDERED = 'bench-config-20';
/** A value only the rendered item's body holds: the Config tab's code shows it. */
const RENDERED_IMAGE = 'registry.bench.local/shop/checkout:4.18.2';

const ms200: RowSpec['budget'] = { max: 200, text: 'p95 < 200 ms' };
const ms100: RowSpec['budget'] = { max: 100, text: 'p95 < 100 ms' };
const s1500: RowSpec['budget'] = { max: 1500, text: '< 1.5 s' };
/** The part's rows; their texts name the data set's size. */
export const catalogRows = (items: number) =>
  ({
    summary: {
      figure: `catalog summary of ${items.toLocaleString()} items by type, 30-day changes, insights and cost, p95`,
      unit: 'ms',
      budget: ms200,
    },
    summaryByTag: {
      figure: 'catalog summary by type and a tag, labels filtered, p95',
      unit: 'ms',
      budget: ms200,
    },
    changes: {
      figure: `changes page of ${(items * CHANGES_PER_ITEM).toLocaleString()}, last 2 days, newest 200, exact total, p95`,
      unit: 'ms',
      budget: ms100,
    },
    changesFiltered: {
      figure: 'changes page filtered by change type and severity, p95',
      unit: 'ms',
      budget: ms100,
    },
    changesLater: { figure: 'changes page 10 (rows 1,801-2,000), p95', unit: 'ms', budget: ms100 },
    changesRelated: {
      figure: "a config's changes with its related configs (downstream, depth 5), p95",
      unit: 'ms',
      budget: ms100,
    },
    itemRender: {
      figure: 'catalog item page first render, cold, p50',
      unit: 'ms',
      budget: s1500,
    },
  }) satisfies Record<string, RowSpec>;
type RowName = keyof ReturnType<typeof catalogRows>;

const TYPES = [
  'Kubernetes::Pod',
  'Kubernetes::Deployment',
  'Kubernetes::ReplicaSet',
  'Kubernetes::Service',
  'Kubernetes::ConfigMap',
  'Kubernetes::Secret',
  'Kubernetes::Namespace',
  'Kubernetes::Node',
  'Kubernetes::Ingress',
  'Kubernetes::StatefulSet',
  'AWS::EC2::Instance',
  'AWS::S3::Bucket',
  'AWS::RDS::DBInstance',
  'AWS::IAM::Role',
  'AWS::Lambda::Function',
  'Azure::VirtualMachine',
  'GCP::Instance',
  'File::Config',
  'SQL::Database',
  'HTTP::Endpoint',
];
const CHANGE_TYPES = [
  'diff',
  'Pulled',
  'Scheduled',
  'Created',
  'Started',
  'Killing',
  'BackOff',
  'UpdateTags',
];

/** A pod's body as the kubernetes scraper stores it: some 130 lines of code on the Config tab. */
function renderedPodBody(): Record<string, unknown> {
  const container = (name: string, port: number) => ({
    name,
    image: name === 'app' ? RENDERED_IMAGE : `registry.bench.local/shop/${name}:1.0.${port % 7}`,
    imagePullPolicy: 'IfNotPresent',
    ports: [{ name: 'http', containerPort: port, protocol: 'TCP' }],
    env: ['LOG_LEVEL', 'REGION', 'FEATURE_FLAGS', 'DB_HOST'].map((key, k) => ({
      name: key,
      value: `value-${k}`,
    })),
    resources: { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '100m', memory: '128Mi' } },
    readinessProbe: { httpGet: { path: '/ready', port }, periodSeconds: 10 },
    livenessProbe: { httpGet: { path: '/live', port }, periodSeconds: 20 },
    volumeMounts: [{ name: 'config', mountPath: '/etc/shop', readOnly: true }],
  });
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: RENDERED,
      namespace: 'ns-20',
      uid: '6f1f3b8e-3a43-4d39-9a43-0c8f1b2d5e20',
      labels: { app: 'checkout', 'pod-template-hash': '7d9f8c6b5', team: 'team-8', tier: 'tier-2' },
      annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9090' },
      ownerReferences: [
        { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'checkout-7d9f8c6b5', controller: true },
      ],
    },
    spec: {
      nodeName: 'node-3',
      serviceAccountName: 'checkout',
      restartPolicy: 'Always',
      containers: [container('app', 8080), container('proxy', 15001)],
      volumes: [{ name: 'config', configMap: { name: 'checkout-config' } }],
    },
    status: {
      phase: 'Running',
      podIP: '10.42.3.17',
      conditions: ['Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map((type) => ({
        type,
        status: 'True',
        lastTransitionTime: '2026-11-20T08:00:00Z',
      })),
      containerStatuses: ['app', 'proxy'].map((name) => ({
        name,
        ready: true,
        restartCount: 0,
        state: { running: { startedAt: '2026-11-20T08:00:05Z' } },
      })),
    },
  };
}

/**
 * 100,000 items over 20 types (five clusters, twelve teams, mixed health, a quarter with costs,
 * one in a hundred deleted), ten changes each spread over the last 90 days (about 22,000 in the
 * changes page's 2 days, 330,000 in the summary's 30), an insight for every fifth item, and the
 * items linked in chains of ten; item 20, a pod, has a body for its page to show. Generated inside
 * the database; vacuumed so that the index-only reads the searches plan for are what is measured.
 */
export async function loadCatalogBenchData(db: Db, items = ITEMS): Promise<void> {
  await db.transaction((tx) => writeCatalogBenchData(tx, items));
  await db.query('vacuum analyze');
}

/**
 * As the demo loader writes: without a platform event per item (a hundred thousand
 * config.created events would be the load's work, drained by the server while it is measured).
 */
async function writeCatalogBenchData(db: Transaction, items: number): Promise<void> {
  await db.query(`set local ops_console.platform_events = 'off'`);
  await db.query(
    `insert into configs (name, type, config_class, namespace, health, status, tags, labels,
                          cost_total_1d, cost_total_7d, cost_total_30d, deleted_at, created_at)
     select 'bench-config-' || g, t.type, split_part(t.type, '::', -1), 'ns-' || g % 50,
            (array['healthy','healthy','healthy','unhealthy','warning','unknown'])[1 + g % 6],
            (array['Running','Running','Pending','Failed','Succeeded'])[1 + g % 5],
            jsonb_build_object('cluster', 'cluster-' || g % 5, 'namespace', 'ns-' || g % 50),
            jsonb_build_object('team', 'team-' || g % 12, 'tier', 'tier-' || g % 3),
            case when g % 4 = 0 then g % 97 end, case when g % 4 = 0 then (g % 97) * 7 end,
            case when g % 4 = 0 then (g % 97) * 30 end,
            case when g % 100 = 0 then now() - interval '1 day' end,
            now() - make_interval(days => g % 365)
     from generate_series(1, $1::int) g
     cross join lateral (select ($2::text[])[1 + g % array_length($2::text[], 1)] as type) t`,
    [items, TYPES],
  );
  const rendered = await db.query(`update configs set config = $2, format = 'json' where name = $1`, [
    RENDERED,
    JSON.stringify(renderedPodBody()),
  ]);
  if (rendered.rowCount !== 1) throw new Error(`${RENDERED} is missing: load at least 20 items`);
  await db.query(
    `insert into config_changes (config_id, change_type, severity, source, summary, created_at, first_observed)
     select c.id, ($3::text[])[1 + (c.n + s) % array_length($3::text[], 1)],
            (array['info','info','info','low','medium','high','critical'])[1 + (c.n * 3 + s) % 7],
            case when s % 2 = 0 then 'kubernetes' else 'events' end, 'bench change ' || s, t.at, t.at
     from (select id, substr(name, 14)::int as n from configs where name like 'bench-config-%') c
     cross join generate_series(1, $1::int) s
     cross join lateral (select now() - make_interval(secs => (c.n * 7919 + s * 104729) % ($2::int * 86400)) as at) t`,
    [CHANGES_PER_ITEM, CHANGE_DAYS, CHANGE_TYPES],
  );
  await db.query(
    `insert into config_analysis (config_id, analyzer, analysis_type, severity, message, last_observed)
     select id, 'bench', (array['security','cost','reliability','performance'])[1 + n % 4],
            (array['low','medium','high'])[1 + n % 3], 'bench insight', now() - make_interval(days => n % 60)
     from (select id, substr(name, 14)::int as n from configs where name like 'bench-config-%') c
     where n % 5 = 0`,
  );
  await db.query(
    `insert into config_relationships (config_id, related_id, relation)
     select a.id, b.id, 'hard' from configs a
     join configs b on b.name = 'bench-config-' || (substr(a.name, 14)::int + 1)
     where a.name like 'bench-config-%' and substr(a.name, 14)::int % 10 <> 0`,
  );
  const { rows } = await db.query<{ changes: number }>(`select count(*)::int as changes from config_changes`);
  if (rows[0]!.changes !== items * CHANGES_PER_ITEM)
    throw new Error(`the data set has ${rows[0]!.changes} changes`);
}

const SUMMARY_WINDOWS = { changes: { since: '30d' }, analysis: { since: '30d' }, cost: '30d' };
const BODIES = {
  summary: { groupBy: ['type'], deleted: false, ...SUMMARY_WINDOWS },
  summaryByTag: { groupBy: ['type', 'tags.cluster'], filter: { team: 'team-3,team-4' }, ...SUMMARY_WINDOWS },
  changes: { page: 1, page_size: 200, sort_by: '-created_at', recursive: 'none' },
  changesFiltered: {
    page: 1,
    page_size: 200,
    sort_by: '-created_at',
    type: 'diff,BackOff',
    severity: 'high',
  },
  changesLater: { page: 10, page_size: 200, sort_by: '-created_at' },
};

async function postOk(server: Server, path: string, body: unknown): Promise<void> {
  const response = await post(server, path, body);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

/** A config's id on a server: each server's copy of the data set has ids of its own. */
async function configIdOf(server: Server, name: string): Promise<string> {
  const [row] = await getJson<{ id: string }[]>(server, `api/db/configs?select=id&name=eq.${name}`);
  if (!row) throw new Error(`${name} is missing`);
  return row.id;
}

/**
 * The item page's first render is over when the Config tab shows the body's lines (a value only
 * that body holds, inside the code's lines) and the sidebar its details.
 */
async function itemPageShown(page: Page): Promise<void> {
  const timeout = 30_000;
  await Promise.all([
    page.getByLabel('Config lines').getByText(RENDERED_IMAGE).first().waitFor({ timeout }),
    page.getByLabel('Config details').getByText(RENDERED).first().waitFor({ timeout }),
  ]);
}

export async function benchCatalog(
  backEnd: BackEnd,
  builds: readonly Build[],
  results: Results,
  items = ITEMS,
): Promise<void> {
  const rows = catalogRows(items);
  results.declare(Object.values(rows));
  await withLoadedServers(
    backEnd,
    builds,
    { name: 'catalog', load: (db) => loadCatalogBenchData(db, items) },
    { CHECK_RUNNER_ENABLED: 'false' },
    async (servers) => {
      const measure = async (row: RowName, path: string, body: (server: Server) => unknown) => {
        const timings = await timeInterleaved(servers, REQUESTS, (server) =>
          postOk(server, path, body(server)),
        );
        results.setAll(
          rows[row],
          backEnd,
          timings.map((t) => t.p95),
        );
      };
      await measure('summary', 'api/catalog/summary', () => BODIES.summary);
      await measure('summaryByTag', 'api/catalog/summary', () => BODIES.summaryByTag);
      await measure('changes', 'api/catalog/changes', () => BODIES.changes);
      await measure('changesFiltered', 'api/catalog/changes', () => BODIES.changesFiltered);
      await measure('changesLater', 'api/catalog/changes', () => BODIES.changesLater);
      const heads = new Map<Server, string>();
      for (const server of servers) heads.set(server, await configIdOf(server, CHAIN_HEAD));
      await measure('changesRelated', 'api/catalog/changes', (server) => ({
        id: heads.get(server),
        recursive: 'downstream',
        depth: 5,
        from: 'now-90d',
        page_size: 200,
      }));

      const targets: RenderTarget[] = [];
      for (const server of servers)
        targets.push({
          pageUrl: `${server.url}catalog/${await configIdOf(server, RENDERED)}`,
          cookie: server.cookie,
          shown: itemPageShown,
        });
      const renders = await withBrowser((browser) => firstRendersOf(browser, targets));
      results.setAll(
        rows.itemRender,
        backEnd,
        renders.map((render) => render.p50),
      );
    },
  );
}
