import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOCAL_AGENT } from '../../server/src/platform/agents/local-agent.js';
import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import { buildTopology, type TopologyRow } from '../../server/src/platform/topology/index.js';
import { availableBackends, freshDatabase } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The topology builder against a real store: what a build writes (a tree with paths, links and
 * rolled-up health), what a rebuild of the same result does not write, and what it soft-deletes.
 * Lookups run for real: over the catalog, and over HTTP against a server the suite starts.
 */

/** What the suite's HTTP server answers, by path. */
const answers = new Map<string, unknown>();
let target: http.Server;
let base = '';

beforeAll(async () => {
  target = http.createServer((req, res) => {
    const body = answers.get(req.url ?? '');
    if (body === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => target.close(resolve));
});

interface ComponentRow {
  id: string;
  name: string;
  type: string | null;
  parent_id: string | null;
  path: string | null;
  is_leaf: boolean;
  topology_id: string;
  agent_id: string;
  health: string | null;
  status: string;
  status_reason: string | null;
  properties: {
    name: string;
    text?: string;
    value?: number;
    unit?: string;
    max?: number;
    headline?: boolean;
  }[];
  labels: Record<string, string>;
  deleted_at: Date | null;
  updated_at: Date;
  rev: string;
}

describe.each(availableBackends())('the topology builder on %s', (backend) => {
  let db: Db;
  let drop: () => Promise<void>;
  let databaseUrl: string | undefined;
  let seq = 0;

  beforeAll(async () => {
    const fresh = await freshDatabase(backend, 'empty');
    drop = fresh.drop;
    databaseUrl = fresh.databaseUrl;
    db = await openDatabase({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl });
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  const rows = async <R = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    (await db.query<R>(sql, params)).rows;

  async function createTopology(spec: Record<string, unknown>, labels: Record<string, string> = {}) {
    const [row] = await rows<TopologyRow>(
      `insert into topologies (name, namespace, labels, spec) values ($1, 'ops', $2, $3)
       returning id, name, namespace, agent_id, icon, labels, schedule, spec`,
      [`topology-${++seq}`, JSON.stringify(labels), JSON.stringify(spec)],
    );
    return row!;
  }
  const build = (row: TopologyRow) => buildTopology(row, { db });
  const componentsOf = (row: TopologyRow, { deleted = false } = {}) =>
    rows<ComponentRow>(
      `select id, name, type, parent_id, path, is_leaf, topology_id, agent_id, health, status, status_reason,
              properties, labels, deleted_at, updated_at, xmin::text as rev
         from components where topology_id = $1 ${deleted ? '' : 'and deleted_at is null'} order by path nulls first, name`,
      [row.id],
    );
  const byName = async (row: TopologyRow, name: string) =>
    (await componentsOf(row)).find((c) => c.name === name)!;
  const configLinksOf = (componentId: string) =>
    rows<{ name: string; selector_id: string; deleted_at: Date | null }>(
      `select c.name, r.selector_id, r.deleted_at from config_component_relationships r
         join configs c on c.id = r.config_id where r.component_id = $1 order by c.name`,
      [componentId],
    );
  const checkLinksOf = (componentId: string) =>
    rows<{ name: string; deleted_at: Date | null }>(
      `select k.name, r.deleted_at from check_component_relationships r
         join checks k on k.id = r.check_id where r.component_id = $1 order by k.name`,
      [componentId],
    );
  async function insertConfig(type: string, name: string, extra: Record<string, unknown> = {}) {
    const [row] = await rows<{ id: string }>(
      `insert into configs (type, name, namespace, health, labels, tags, config)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [
        type,
        name,
        extra.namespace ?? null,
        extra.health ?? 'healthy',
        JSON.stringify(extra.labels ?? {}),
        JSON.stringify(extra.tags ?? {}),
        JSON.stringify(extra.config ?? {}),
      ],
    );
    return row!.id;
  }
  async function insertCheck(name: string, status: 'healthy' | 'unhealthy', labels: Record<string, string>) {
    const [canary] = await rows<{ id: string }>(
      `insert into canaries (name, spec) values ($1, '{}') returning id`,
      [`canary-${name}-${++seq}`],
    );
    const [check] = await rows<{ id: string }>(
      `insert into checks (canary_id, type, name, status, labels) values ($1, 'http', $2, $3, $4) returning id`,
      [canary!.id, name, status, JSON.stringify(labels)],
    );
    return check!.id;
  }

  it('builds nested components into a tree with paths, parents and leaves', async () => {
    const topology = await createTopology(
      {
        type: 'Shop',
        icon: 'cart',
        text: 'Online shop',
        components: [
          {
            name: 'web',
            type: 'Service',
            labels: { tier: 'front' },
            components: [
              { name: 'api', type: 'API' },
              { name: 'db', type: 'Database', health: 'warning' },
            ],
          },
        ],
      },
      { team: 'shop' },
    );
    const summary = await build(topology);
    expect(summary).toMatchObject({ components: 4, added: 4, updated: 0, deleted: 0, errors: [] });
    const [root, web, api, db_] = await componentsOf(topology);
    expect(root).toMatchObject({
      name: 'Online shop',
      type: 'Shop',
      parent_id: null,
      path: null,
      is_leaf: false,
    });
    expect(web).toMatchObject({ name: 'web', parent_id: root!.id, path: root!.id, is_leaf: false });
    expect(web!.labels).toEqual({ team: 'shop', tier: 'front' });
    for (const leaf of [api, db_])
      expect(leaf).toMatchObject({
        parent_id: web!.id,
        path: `${root!.id}.${web!.id}`,
        is_leaf: true,
        topology_id: topology.id,
        agent_id: LOCAL_AGENT,
      });
    // The stated warning of db rolls up to web and the root; api knows nothing.
    expect(api).toMatchObject({ health: 'unknown', status: 'unknown' });
    expect(db_).toMatchObject({ health: 'warning', status: 'warning' });
    expect(root).toMatchObject({ health: 'warning', status_reason: 'Service web is warning' });
  });

  it('makes a component of each catalog item a config lookup finds, linked to its item, with forEach', async () => {
    const eu = await insertConfig('Test::Cluster', `eu-${backend}`, { labels: { region: 'eu-west-1' } });
    await insertConfig('Test::Cluster', `us-${backend}`, {
      labels: { region: 'us-east-1' },
      health: 'unhealthy',
    });
    await insertConfig('Test::Node', `eu-node-${backend}`, { tags: { cluster: `eu-${backend}` } });
    const topology = await createTopology({
      type: 'Clusters',
      components: [
        {
          name: 'clusters',
          lookup: { catalog: [{ name: 'clusters', selector: [{ types: ['Test::Cluster'] }] }] },
          forEach: {
            properties: [{ name: 'Region', text: '$(.component.labels.region)', headline: true }],
            configs: [{ types: ['Test::Node'], tagSelector: 'cluster=$(.component.name)' }],
          },
        },
      ],
    });
    const summary = await build(topology);
    expect(summary.errors).toEqual([]);
    const euRow = await byName(topology, `eu-${backend}`);
    expect(euRow).toMatchObject({ type: 'Test::Cluster', health: 'healthy', is_leaf: true });
    expect(euRow.properties).toEqual([{ name: 'Region', text: 'eu-west-1', headline: true }]);
    expect((await configLinksOf(euRow.id)).map((l) => l.name)).toEqual([
      `eu-node-${backend}`,
      `eu-${backend}`,
    ]);
    expect(await byName(topology, `us-${backend}`)).toMatchObject({ health: 'unhealthy' });
    expect((await componentsOf(topology))[0]).toMatchObject({ health: 'unhealthy' });
    expect(eu).toBeTruthy();
  });

  it('makes components of what an http lookup answers, with properties looked up over http and in the catalog', async () => {
    answers.set(`/services-${backend}`, [
      { name: 'cart', type: 'Service', health: 'healthy', properties: [{ name: 'Port', value: 8080 }] },
      { name: 'pay', type: 'Service', health: 'healthy' },
    ]);
    answers.set(`/version-${backend}`, { version: '1.2.3', replicas: 3 });
    await insertConfig('Test::Deployment', `cart-${backend}`, { config: { spec: { image: 'cart:7' } } });
    const topology = await createTopology({
      type: 'Services',
      properties: [
        {
          name: 'Version',
          lookup: { http: [{ url: `${base}/version-${backend}`, display: { expr: 'json.version' } }] },
        },
        {
          name: 'Replicas',
          unit: 'pods',
          max: 5,
          lookup: {
            http: [{ url: `${base}/version-${backend}`, display: { expr: 'string(json.replicas)' } }],
          },
        },
      ],
      components: [
        {
          name: 'services',
          lookup: { http: [{ url: `${base}/services-${backend}` }] },
          forEach: {
            properties: [
              {
                name: 'Image',
                configLookup: {
                  config: { name: '$(.component.name)-' + backend, type: 'Test::Deployment' },
                  field: '$.spec.image',
                },
              },
            ],
          },
        },
      ],
    });
    const summary = await build(topology);
    expect(summary.errors).toEqual([]);
    const [root] = await componentsOf(topology);
    expect(root!.properties).toEqual([
      { name: 'Version', text: '1.2.3' },
      { name: 'Replicas', value: 3, unit: 'pods', max: 5 },
    ]);
    const cart = await byName(topology, 'cart');
    expect(cart).toMatchObject({ type: 'Service', parent_id: root!.id, health: 'healthy' });
    expect(cart.properties).toEqual([
      { name: 'Port', value: 8080 },
      { name: 'Image', text: 'cart:7' },
    ]);
    expect((await byName(topology, 'pay')).properties).toEqual([{ name: 'Image' }]);
  });

  // An SQL lookup needs a PostgreSQL server to ask: the suite's own, so it is a test of the
  // PostgreSQL variant (which CI requires) and not one the embedded variant skips.
  const onPostgres = backend === 'postgres' ? it : () => undefined;
  onPostgres('makes a component of each row an SQL lookup returns', async () => {
    const topology = await createTopology({
      type: 'Databases',
      components: [
        {
          name: 'schemas',
          lookup: {
            postgres: [
              {
                connection: databaseUrl,
                query: `select nspname as name, 'Schema' as type, 'healthy' as health
                          from pg_namespace where nspname in ('public', 'pg_catalog') order by nspname`,
              },
            ],
          },
        },
      ],
    });
    expect((await build(topology)).errors).toEqual([]);
    const tree = await componentsOf(topology);
    expect(tree.filter((c) => c.parent_id).map((c) => [c.name, c.type, c.health])).toEqual([
      ['pg_catalog', 'Schema', 'healthy'],
      ['public', 'Schema', 'healthy'],
    ]);
  });

  it('links checks by selector and inline, and rolls a failing check up to the root', async () => {
    await insertCheck(`orders-up-${backend}`, 'healthy', { suite: `topo-${backend}`, app: 'orders' });
    await insertCheck(`orders-db-${backend}`, 'unhealthy', { suite: `topo-${backend}`, app: 'orders' });
    await insertCheck(`other-${backend}`, 'unhealthy', { suite: `elsewhere-${backend}` });
    const topology = await createTopology({
      type: 'Orders',
      components: [
        {
          name: 'orders',
          type: 'Service',
          checks: [{ selector: { labelSelector: `suite=topo-${backend},app=orders` } }],
        },
        {
          name: 'edge',
          type: 'Gateway',
          checks: [{ inline: { http: [{ name: 'edge-http', url: `${base}/services-${backend}` }] } }],
        },
      ],
    });
    expect((await build(topology)).errors).toEqual([]);
    const orders = await byName(topology, 'orders');
    expect((await checkLinksOf(orders.id)).map((l) => l.name)).toEqual([
      `orders-db-${backend}`,
      `orders-up-${backend}`,
    ]);
    expect(orders).toMatchObject({
      health: 'unhealthy',
      status: 'unhealthy',
      status_reason: `check orders-db-${backend} is failing`,
    });
    expect((await componentsOf(topology))[0]).toMatchObject({
      health: 'unhealthy',
      status_reason: 'Service orders is unhealthy',
    });
    // The inline check is a canary the topology owns; its check exists at once, not yet run.
    const edge = await byName(topology, 'edge');
    expect(await checkLinksOf(edge.id)).toEqual([{ name: 'edge-http', deleted_at: null }]);
    expect(
      await rows(
        `select name, source, labels->>'topology-id' as owner from canaries where source = 'topology' and labels->>'topology-id' = $1`,
        [topology.id],
      ),
    ).toEqual([{ name: `${topology.name}-edge`, source: 'topology', owner: topology.id }]);
    expect(edge.health).toBe('unknown');

    // Once the check passes, the next build rolls it up; the failing one still wins at the root.
    await db.query(`update checks set status = 'healthy' where name = $1`, [`orders-db-${backend}`]);
    await build(topology);
    expect(await byName(topology, 'orders')).toMatchObject({ health: 'healthy', status_reason: null });
    // It came in failing (news on insert) and recovered: one event each, for incident rules,
    // playbooks and notifications.
    expect(
      await rows(`select name from event_queue where properties->>'id' = $1 order by created_at, name desc`, [
        orders.id,
      ]),
    ).toEqual([{ name: 'component.unhealthy' }, { name: 'component.healthy' }]);
  });

  it('evaluates healthExpr and statusExpr over the component', async () => {
    const topology = await createTopology({
      type: 'Exprs',
      components: [
        {
          name: 'disk',
          type: 'Volume',
          properties: [{ name: 'Used', value: 93, max: 100, unit: 'percent' }],
          healthExpr: 'properties.Used > 90 ? "warning" : "healthy"',
          statusExpr: 'component.health == "warning" ? "info" : "healthy"',
        },
      ],
    });
    expect((await build(topology)).errors).toEqual([]);
    expect(await byName(topology, 'disk')).toMatchObject({ health: 'warning', status: 'info' });
  });

  it('soft-deletes a component its lookup no longer returns, with its links, and keeps the others as they were', async () => {
    const linked = await insertConfig('Test::Queue', `jobs-${backend}`);
    answers.set(`/queues-${backend}`, [
      { name: 'jobs', type: 'Queue', config_id: linked },
      { name: 'mail', type: 'Queue' },
    ]);
    const topology = await createTopology({
      type: 'Queues',
      components: [{ name: 'queues', lookup: { http: [{ url: `${base}/queues-${backend}` }] } }],
    });
    await build(topology);
    const before = await componentsOf(topology);
    const jobs = before.find((c) => c.name === 'jobs')!;
    expect((await configLinksOf(jobs.id)).map((l) => l.name)).toEqual([`jobs-${backend}`]);

    answers.set(`/queues-${backend}`, [{ name: 'mail', type: 'Queue' }]);
    const summary = await build(topology);
    expect(summary).toMatchObject({ deleted: 1, errors: [] });
    const after = await componentsOf(topology, { deleted: true });
    expect(after.find((c) => c.name === 'jobs')!.deleted_at).not.toBeNull();
    expect((await configLinksOf(jobs.id))[0]!.deleted_at).not.toBeNull();
    const mail = after.find((c) => c.name === 'mail')!;
    expect(mail).toMatchObject({ id: before.find((c) => c.name === 'mail')!.id, deleted_at: null });

    // A lookup that fails deletes nothing: what it would have found is unknown.
    answers.delete(`/queues-${backend}`);
    const failed = await build(topology);
    expect(failed.errors[0]).toMatch(/lookup of queues/);
    expect((await byName(topology, 'mail')).deleted_at).toBeNull();

    // And one that comes back is revived under its old id.
    answers.set(`/queues-${backend}`, [
      { name: 'jobs', type: 'Queue' },
      { name: 'mail', type: 'Queue' },
    ]);
    await build(topology);
    expect((await byName(topology, 'jobs')).id).toBe(jobs.id);
  });

  it('writes nothing when an unchanged topology is built again', async () => {
    await insertCheck(`steady-${backend}`, 'healthy', { suite: `steady-${backend}` });
    const item = await insertConfig('Test::Steady', `steady-${backend}`);
    answers.set(`/steady-${backend}`, [
      { name: 'a', type: 'Thing', config_id: item },
      { name: 'b', type: 'Thing' },
    ]);
    const topology = await createTopology({
      type: 'Steady',
      properties: [{ name: 'Docs', text: 'runbook' }],
      components: [
        { name: 'things', lookup: { http: [{ url: `${base}/steady-${backend}` }] } },
        {
          name: 'checked',
          type: 'Service',
          checks: [{ selector: { labelSelector: `suite=steady-${backend}` } }],
        },
        {
          name: 'inline',
          type: 'Service',
          checks: [{ inline: { http: [{ name: 'steady-inline', url: base }] } }],
        },
      ],
    });
    await build(topology);
    const snapshot = async () => ({
      components: (await componentsOf(topology, { deleted: true })).map((c) => [
        c.id,
        c.rev,
        c.updated_at.toISOString(),
      ]),
      configLinks: await rows(
        `select r.xmin::text as rev from config_component_relationships r join components c on c.id = r.component_id where c.topology_id = $1`,
        [topology.id],
      ),
      checkLinks: await rows(
        `select r.xmin::text as rev from check_component_relationships r join components c on c.id = r.component_id where c.topology_id = $1`,
        [topology.id],
      ),
      canaries: await rows(`select xmin::text as rev from canaries where labels->>'topology-id' = $1`, [
        topology.id,
      ]),
      checks: await rows(
        `select k.xmin::text as rev from checks k join canaries c on c.id = k.canary_id where c.labels->>'topology-id' = $1`,
        [topology.id],
      ),
    });
    const first = await snapshot();
    expect(first.configLinks).toHaveLength(1);
    expect(first.checkLinks).toHaveLength(2);
    const summary = await build(topology);
    expect(summary).toMatchObject({
      components: 5,
      added: 0,
      updated: 0,
      deleted: 0,
      linksAdded: 0,
      linksDeleted: 0,
    });
    expect(await snapshot()).toEqual(first);
  });

  it('builds one tree per value of a groupBy tag', async () => {
    await insertConfig('Test::Grouped', `g1-${backend}`, { tags: { [`zone-${backend}`]: 'a' } });
    await insertConfig('Test::Grouped', `g2-${backend}`, { tags: { [`zone-${backend}`]: 'b' } });
    const topology = await createTopology({
      type: 'Zones',
      groupBy: { tag: `zone-${backend}` },
      components: [{ name: 'items', lookup: { catalog: [{ selector: [{ types: ['Test::Grouped'] }] }] } }],
    });
    expect((await build(topology)).errors).toEqual([]);
    const tree = await componentsOf(topology);
    const roots = tree.filter((c) => !c.parent_id).map((c) => c.name);
    expect(roots).toEqual([`${topology.name} (a)`, `${topology.name} (b)`]);
    expect(
      tree
        .filter((c) => c.parent_id)
        .map((c) => c.name)
        .sort(),
    ).toEqual([`g1-${backend}`, `g2-${backend}`]);
  });
});

describe.each(availableBackends())('topologies in the service on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'empty', env: { TOPOLOGY_BUILDER_ENABLED: 'true' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const sql = async <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await server.db.query<R>(text, params)).rows;
  async function createTopology(spec: Record<string, unknown>, agentId = LOCAL_AGENT): Promise<string> {
    const [row] = await sql<{ id: string }>(
      `insert into topologies (name, spec, agent_id) values ($1, $2, $3) returning id`,
      [`service-${Math.random().toString(36).slice(2)}`, JSON.stringify(spec), agentId],
    );
    return row!.id;
  }
  const jobsOf = (id: string) =>
    sql<{ name: string; status: string; success_count: number; details: Record<string, unknown> }>(
      `select name, status, success_count, details from job_histories
        where resource_type = 'topology' and resource_id = $1 order by time_start`,
      [id],
    );
  const runNow = (id: string, as: 'admin' | 'viewer' = 'admin') =>
    server.fetch(`api/canary/run/topology/${id}`, { method: 'POST' }, as);

  it('builds a new topology at once and records each build as a TopologyRun job', async () => {
    const id = await createTopology({
      schedule: '@every 1h',
      type: 'App',
      components: [{ name: 'one', type: 'Service' }],
    });
    const [job] = await eventually(async () => {
      const jobs = await jobsOf(id);
      expect(jobs).toHaveLength(1);
      return jobs;
    });
    expect(job).toMatchObject({
      name: 'TopologyRun',
      status: 'SUCCESS',
      success_count: 2,
      details: { summary: { components: 2, added: 2, unchanged: 0 } },
    });
    expect(await sql(`select name from components where topology_id = $1 order by name`, [id])).toEqual([
      { name: 'one' },
      expect.objectContaining({ name: expect.stringMatching(/^service-/) }),
    ]);

    // Edited: built again at once; deleted: its components go with it.
    await sql(`update topologies set spec = $2 where id = $1`, [
      id,
      JSON.stringify({ schedule: '@every 1h', type: 'App', components: [{ name: 'two', type: 'Service' }] }),
    ]);
    await eventually(async () => expect(await jobsOf(id)).toHaveLength(2));
    expect(
      await sql(
        `select name from components where topology_id = $1 and deleted_at is null and parent_id is not null`,
        [id],
      ),
    ).toEqual([{ name: 'two' }]);
    await sql(`update topologies set deleted_at = now() where id = $1`, [id]);
    await eventually(async () =>
      expect(
        await sql(`select count(*)::int as n from components where topology_id = $1 and deleted_at is null`, [
          id,
        ]),
      ).toEqual([{ n: 0 }]),
    );
  });

  it('builds a topology now for whoever may write topologies, and answers with what the build did', async () => {
    const id = await createTopology({
      schedule: '@never',
      type: 'App',
      components: [{ name: 'now', type: 'Service' }],
    });
    const refused = await runNow(id, 'viewer');
    expect(refused.status).toBe(403);
    expect(await jobsOf(id)).toEqual([]);

    const response = await runNow(id);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      count: '2',
      job_status: 'SUCCESS',
      added: 2,
      errors: [],
    });
    const again = await runNow(id);
    expect(await again.json()).toMatchObject({ count: '2', added: 0, updated: 0, unchanged: 2 });
    expect((await jobsOf(id)).map((j) => j.status)).toEqual(['SUCCESS', 'SUCCESS']);
  });

  it("refuses to build another agent's topology, an unknown one and a malformed id", async () => {
    const [agent] = await sql<{ id: string }>(
      `insert into agents (name) values ('edge-topology') returning id`,
    );
    const remote = await createTopology({ components: [] }, agent!.id);
    const response = await runNow(remote);
    expect(response.status).toBe(422);
    expect((await response.json()).message).toMatch(/belongs to the agent edge-topology/);
    expect((await runNow('00000000-0000-0000-0000-00000000abcd')).status).toBe(404);
    expect((await runNow('not-an-id')).status).toBe(400);
  });
});

describe.each(availableBackends())('the demo topologies built on %s', (backend) => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshDatabase(backend, 'demo');
    drop = fresh.drop;
    db = await openDatabase({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl });
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it('builds the local topology over the demo catalog and keeps every component the demo points at', async () => {
    const { rows: local } = await db.query<TopologyRow>(
      `select id, name, namespace, agent_id, icon, labels, schedule, spec from topologies
        where agent_id = $1 and deleted_at is null`,
      [LOCAL_AGENT],
    );
    expect(local.map((t) => t.name)).toEqual(['console-live']);
    const pointedAt = `select count(*)::int as n from components c where c.deleted_at is not null and (
        exists (select 1 from evidences e where e.component_id = c.id)
        or exists (select 1 from playbook_runs p where p.component_id = c.id))`;
    const before = (
      await db.query<{ n: number }>(`select count(*)::int as n from components where deleted_at is null`)
    ).rows[0]!.n;
    for (const topology of local) expect((await buildTopology(topology, { db })).errors).toEqual([]);
    expect((await db.query(pointedAt)).rows).toEqual([{ n: 0 }]);
    const { rows: tree } = await db.query<{ name: string; type: string; depth: number; health: string }>(
      `select name, type, coalesce(array_length(string_to_array(path, '.'), 1), 0) as depth, health
         from components where topology_id = $1 and deleted_at is null order by path nulls first, name`,
      [local[0]!.id],
    );
    expect(tree[0]).toMatchObject({ name: 'Ops Console (live)', depth: 0 });
    expect(tree.filter((c) => c.type === 'Kubernetes::Cluster')).toHaveLength(3);
    expect(tree.filter((c) => c.depth === 2).length).toBeGreaterThan(5);
    const after = (
      await db.query<{ n: number }>(`select count(*)::int as n from components where deleted_at is null`)
    ).rows[0]!.n;
    expect(after).toBe(before + tree.length);
  });
});
