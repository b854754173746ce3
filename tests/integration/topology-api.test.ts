import {
  ALREADY_LINKED,
  COMPONENT_MISSING,
  CONFIG_MISSING,
} from '../../server/src/platform/topology/rules.js';
import type {
  CheckGraphResponse,
  TopologyComponent,
  TopologyResponse,
} from '../../server/src/platform/topology/types.js';
import { availableBackends } from '../support/databases.js';
import {
  createCanary,
  createCheck,
  insertStatuses,
  sqlOf,
  uniqueName,
  type Sql,
} from '../support/health-data.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { jsonRequest, messageOf } from '../support/session.js';
import { parseCsv, unzip } from '../support/zip.js';

/**
 * The topology API on the real server against a small tree this suite writes:
 *
 *   R (App, healthy, env=prod, owner ops, team)   S (App, unhealthy, env=dev)
 *   ├── A (Service, unhealthy, cpu 30, team) ── A1 (Pod, healthy), A2 (Pod, unhealthy)
 *   ├── B (Service, warning, cpu 20) ── B1 (Pod, warning)
 *   ├── C (Database, info, another agent)
 *   └── H (Service, hidden)
 *
 * Each filter, sort, flatten, depth and the cards' counts; the check graph; the snapshot zip;
 * the /api/db relations the topology pages read and the config link's write rules.
 */

describe.each(availableBackends())('the topology API on %s', (backend) => {
  let server: TestServer;
  let sql: Sql;
  const prefix = uniqueName('topo');
  const team = `${prefix}-team`;
  const otherAgent = '0b0b0b0b-0000-4000-8000-0000000070a0';
  const id: Record<string, string> = {};
  let configId: string;
  let secretConfigId: string;
  let healthyCheck: string;

  const topology = async (query: string): Promise<TopologyResponse> => {
    const response = await server.fetch(`api/canary/api/topology?${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as TopologyResponse;
  };
  const names = (components: TopologyComponent[] | undefined) =>
    (components ?? []).map((c) => c.name.slice(prefix.length + 1));
  /** The roots this suite wrote, from a root view. */
  const mine = (answer: TopologyResponse) => answer.components.filter((c) => c.name.startsWith(prefix));
  const byName = (answer: TopologyResponse, name: string) =>
    mine(answer).find((c) => c.name === `${prefix}-${name}`);

  async function component(
    name: string,
    fields: {
      type: string;
      status: string;
      parent?: string;
      labels?: Record<string, string>;
      owner?: string;
      hidden?: boolean;
      agent?: string;
      properties?: unknown[];
    },
  ) {
    const parent = fields.parent ? id[fields.parent] : null;
    const [row] = await sql<{ id: string }>(
      `insert into components (name, type, status, parent_id, path, labels, owner, hidden, agent_id, properties)
       values ($1, $2, $3, $4,
         (select case when coalesce(p.path, '') = '' then p.id::text else p.path || '.' || p.id end
          from components p where p.id = $4),
         $5::jsonb, $6, $7, $8, $9::jsonb) returning id`,
      [
        `${prefix}-${name}`,
        fields.type,
        fields.status,
        parent,
        JSON.stringify(fields.labels ?? {}),
        fields.owner ?? null,
        fields.hidden ?? false,
        fields.agent ?? '00000000-0000-0000-0000-000000000000',
        JSON.stringify(fields.properties ?? []),
      ],
    );
    id[name] = row!.id;
  }

  async function incident(type: string, severity: string, status: string, componentName: string) {
    const [row] = await sql<{ id: string }>(
      `insert into incidents (title, type, severity, status) values ($1, $2, $3, $4) returning id`,
      [`${prefix} ${type} ${severity}`, type, severity, status],
    );
    const [hypothesis] = await sql<{ id: string }>(
      `insert into hypotheses (incident_id, title) values ($1, 'root cause') returning id`,
      [row!.id],
    );
    await sql(`insert into evidences (hypothesis_id, type, component_id) values ($1, 'topology', $2)`, [
      hypothesis!.id,
      id[componentName],
    ]);
  }

  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'empty' });
    sql = sqlOf(server);
    await sql(`insert into agents (id, name) values ($1, $2)`, [otherAgent, `${prefix}-agent`]);
    await component('R', {
      type: 'App',
      status: 'healthy',
      labels: { env: 'prod' },
      owner: 'ops',
      properties: [{ name: 'cpu', value: 10 }],
    });
    await component('S', { type: 'App', status: 'unhealthy', labels: { env: 'dev' } });
    await component('A', {
      type: 'Service',
      status: 'unhealthy',
      parent: 'R',
      properties: [
        { name: 'cpu', value: 30 },
        { name: 'region', text: 'eu' },
      ],
    });
    await component('B', {
      type: 'Service',
      status: 'warning',
      parent: 'R',
      properties: [
        { name: 'cpu', value: 20 },
        { name: 'region', text: 'us' },
      ],
    });
    await component('C', { type: 'Database', status: 'info', parent: 'R', agent: otherAgent });
    await component('H', { type: 'Service', status: 'healthy', parent: 'R', hidden: true });
    await component('A1', { type: 'Pod', status: 'healthy', parent: 'A' });
    await component('A2', { type: 'Pod', status: 'unhealthy', parent: 'A' });
    await component('B1', { type: 'Pod', status: 'warning', parent: 'B' });

    const [teamRow] = await sql<{ id: string }>(
      `insert into teams (name, icon) values ($1, 'team') returning id`,
      [team],
    );
    await sql(`insert into team_components (team_id, component_id) values ($1, $2), ($1, $3)`, [
      teamRow!.id,
      id.R,
      id.A,
    ]);

    const canary = await createCanary(sql);
    healthyCheck = await createCheck(sql, canary, { status: 'healthy' });
    const unhealthyCheck = await createCheck(sql, canary, { status: 'unhealthy' });
    const neverRan = await createCheck(sql, canary, { status: null });
    await sql(
      `insert into check_component_relationships (check_id, component_id, canary_id) values
       ($1, $4, $5), ($2, $4, $5), ($3, $6, $5)`,
      [healthyCheck, unhealthyCheck, neverRan, id.A, canary, id.A1],
    );
    const now = Date.now();
    await insertStatuses(
      sql,
      healthyCheck,
      Array.from({ length: 40 }, (_, i) => ({
        time: new Date(now - (i + 1) * 60_000),
        status: i % 10 !== 0,
        duration: 100 + i,
      })),
    );

    await incident('availability', 'high', 'open', 'A');
    await incident('security', 'critical', 'investigating', 'A');
    await incident('availability', 'low', 'resolved', 'A');

    const [config] = await sql<{ id: string }>(
      `insert into configs (name, type, config_class, health, config) values ($1, 'Kubernetes::Deployment', 'Deployment', 'healthy', '{"replicas": 3}') returning id`,
      [`${prefix}-deploy`],
    );
    configId = config!.id;
    const [secret] = await sql<{ id: string }>(
      `insert into configs (name, type, config_class, config) values ($1, 'Kubernetes::Secret', 'Secret', $2::jsonb) returning id`,
      [`${prefix}-secret`, JSON.stringify({ data: { password: 'hunter2-never-in-a-snapshot' } })],
    );
    secretConfigId = secret!.id;
    await sql(
      `insert into config_component_relationships (component_id, config_id) values ($1, $2), ($1, $3), ($4, $2)`,
      [id.A, configId, secretConfigId, id.S],
    );
    await sql(
      `insert into config_analysis (config_id, analyzer, analysis_type, severity, status) values
       ($1, 'trivy', 'security', 'high', 'open'), ($1, 'trivy', 'security', 'high', 'open'),
       ($1, 'cost', 'cost', 'low', 'open'), ($1, 'cost', 'cost', 'high', 'resolved')`,
      [configId],
    );
    await sql(
      `insert into config_changes (config_id, change_type, summary, created_at) values
       ($1, 'diff', 'recent change', now() - interval '10 minutes'),
       ($1, 'diff', 'old change', now() - interval '2 days')`,
      [configId],
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('GET /api/canary/api/topology', () => {
    it('answers the roots with their children nested, hidden ones left out, and the filters’ choices', async () => {
      const answer = await topology('');
      expect(names(mine(answer))).toEqual(['R', 'S']);
      const root = byName(answer, 'R')!;
      expect(names(root.components)).toEqual(['A', 'B', 'C']);
      expect(names(root.components![0]!.components)).toEqual(['A1', 'A2']);
      expect(root).toMatchObject({ id: id.R, type: 'App', status: 'healthy', labels: { env: 'prod' } });
      expect(root.team_names).toEqual([team]);
      expect(answer.types).toEqual(expect.arrayContaining(['App', 'Database', 'Pod', 'Service']));
      expect(answer.healthStatuses).toEqual(
        expect.arrayContaining(['healthy', 'info', 'unhealthy', 'warning']),
      );
      expect(answer.teams).toContain(team);
      expect(answer.tags!.env).toEqual(expect.arrayContaining(['dev', 'prod']));
    });

    it('counts leaves by status, checks, open incidents and open insights on each card', async () => {
      const root = byName(await topology(''), 'R')!;
      expect(root.summary).toEqual({ healthy: 1, unhealthy: 1, warning: 1, info: 1 });
      const a = root.components!.find((c) => c.id === id.A)!;
      expect(a.summary).toEqual({
        healthy: 1,
        unhealthy: 1,
        checks: { healthy: 1, unhealthy: 1 },
        incidents: { availability: { high: 1 }, security: { critical: 1 } },
        insights: { security: { high: 2 }, cost: { low: 1 } },
      });
      const a1 = a.components!.find((c) => c.id === id.A1)!;
      expect(a1.summary).toEqual({ healthy: 1, checks: { unknown: 1 } });
    });

    it('answers a component and its descendants for an id, and nothing for an id that is no component', async () => {
      const answer = await topology(`id=${id.A}`);
      expect(names(answer.components)).toEqual(['A']);
      expect(names(answer.components[0]!.components)).toEqual(['A1', 'A2']);
      expect(answer.types).toEqual(['Pod', 'Service']);
      const leaf = await topology(`id=${id.B1}`);
      expect(names(leaf.components)).toEqual(['B1']);
      expect(leaf.components[0]!.components).toBeUndefined();
      expect(await topology('id=3f0c5d39-1111-4111-8111-000000000000')).toEqual({
        components: [],
        teams: [],
        types: [],
        healthStatuses: [],
        tags: {},
      });
      const bad = await server.fetch('api/canary/api/topology?id=not-an-id');
      expect(bad.status).toBe(400);
      expect(await messageOf(bad)).toBe('id must be a UUID');
    });

    it('filters by status, on the top level and its children, never on the component asked for', async () => {
      const unhealthyRoots = await topology('status=unhealthy');
      expect(names(mine(unhealthyRoots))).toEqual(['S']);
      const notHealthy = await topology('status=!healthy');
      expect(names(mine(notHealthy))).toEqual(['S']);
      const underR = await topology(`id=${id.R}&status=unhealthy,warning`);
      expect(names(underR.components)).toEqual(['R']);
      expect(names(underR.components[0]!.components)).toEqual(['A', 'B']);
      const negated = await topology(`id=${id.R}&status=!unhealthy`);
      expect(names(negated.components[0]!.components)).toEqual(['B', 'C']);
    });

    it('filters by type, `!` leaving a type out, and flattens', async () => {
      const noPods = await topology(`id=${id.R}&type=!Pod`);
      const children = noPods.components[0]!.components!;
      expect(names(children)).toEqual(['A', 'B', 'C']);
      expect(children.every((c) => c.components === undefined)).toBe(true);
      const services = await topology(`type=Service&flatten=true`);
      expect(names(mine(services))).toEqual(['A', 'B']);
      expect(mine(services).every((c) => c.components === undefined)).toBe(true);
      const pods = await topology(`id=${id.R}&type=Pod,App&flatten=true`);
      expect(names(pods.components)).toEqual(['A1', 'A2', 'B1', 'R']);
      // Not flattened, a type the roots are not leaves nothing to nest under.
      expect(mine(await topology('type=Service'))).toEqual([]);
    });

    it('shows hidden components only when asked', async () => {
      const root = (await topology(`id=${id.R}&hidden=true`)).components[0]!;
      expect(names(root.components)).toEqual(['A', 'B', 'C', 'H']);
      expect(root.summary).toMatchObject({ healthy: 2 });
      expect(names((await topology(`id=${id.H}`)).components)).toEqual(['H']);
    });

    it('answers as many levels as the depth (5 by default)', async () => {
      const one = await topology(`id=${id.R}&depth=1`);
      expect(one.components[0]!.components).toBeUndefined();
      expect(one.components[0]!.summary).toMatchObject({ healthy: 1, unhealthy: 1, warning: 1, info: 1 });
      const two = await topology(`id=${id.R}&depth=2`);
      expect(names(two.components[0]!.components)).toEqual(['A', 'B', 'C']);
      expect(two.components[0]!.components!.every((c) => c.components === undefined)).toBe(true);
      const fallback = await topology(`id=${id.R}&depth=zero`);
      expect(names(fallback.components[0]!.components![0]!.components)).toEqual(['A1', 'A2']);
    });

    it('sorts the children of the one component, or the roots, by name, a property or a column', async () => {
      const order = async (query: string) =>
        names((await topology(`id=${id.R}&${query}`)).components[0]!.components);
      expect(await order('sortBy=name&sortOrder=desc')).toEqual(['C', 'B', 'A']);
      expect(await order('sortBy=field:cpu')).toEqual(['B', 'A', 'C']);
      expect(await order('sortBy=field:cpu&sortOrder=desc')).toEqual(['A', 'B', 'C']);
      expect(await order('sortBy=field:region&sortOrder=desc')).toEqual(['B', 'A', 'C']);
      expect(await order('sortBy=status&sortOrder=desc')).toEqual(['C', 'B', 'A']);
      expect(names(mine(await topology('sortBy=name&sortOrder=desc')))).toEqual(['S', 'R']);
    });

    it('filters by team, owner, labels and agent', async () => {
      const teamOnly = await topology(`team=${encodeURIComponent(team)}`);
      expect(names(mine(teamOnly))).toEqual(['R']);
      expect(names(mine(teamOnly)[0]!.components)).toEqual(['A']);
      expect(names(mine(await topology('owner=ops')))).toEqual(['R']);
      expect(names(mine(await topology('labels=env=dev')))).toEqual(['S']);
      const labelled = await topology('labels=env=prod');
      expect(names(mine(labelled))).toEqual(['R']);
      expect(mine(labelled)[0]!.components).toBeUndefined();
      expect(names(mine(await topology(`agent_id=${otherAgent}&flatten=true`)))).toEqual(['C']);
      expect((await server.fetch('api/canary/api/topology?labels=env')).status).toBe(400);
    });
  });

  describe('GET /api/canary/api/graph', () => {
    it("answers a check's runs newest first, with uptime and latency", async () => {
      const response = await server.fetch(`api/canary/api/graph?check=${healthyCheck}&count=300&start=1h`);
      expect(response.status).toBe(200);
      const graph = (await response.json()) as CheckGraphResponse;
      expect(graph.status).toHaveLength(40);
      expect(graph.status[0]).toMatchObject({ status: false, duration: 100 });
      expect(Date.parse(graph.status[0]!.time)).toBeGreaterThan(Date.parse(graph.status[1]!.time));
      expect(graph.uptime).toMatchObject({ passed: 36, failed: 4 });
      expect(graph.latency.p99).toBeGreaterThanOrEqual(graph.latency.p95!);
      expect(graph.runnerName).toBe('local');
    });

    it('groups the runs into `count` buckets when there are more', async () => {
      const graph = (await (
        await server.fetch(`api/canary/api/graph?check=${healthyCheck}&count=4&start=1h`)
      ).json()) as CheckGraphResponse;
      expect(graph.status.length).toBeLessThanOrEqual(4);
      expect(graph.status.reduce((n, point) => n + point.passed! + point.failed!, 0)).toBe(40);
    });

    it('answers 400 and 404 a person can read', async () => {
      const missing = await server.fetch('api/canary/api/graph?check=3f0c5d39-1111-4111-8111-000000000000');
      expect(missing.status).toBe(404);
      expect(await messageOf(missing)).toBe('Check not found');
      const noCheck = await server.fetch('api/canary/api/graph');
      expect(noCheck.status).toBe(400);
      expect(await messageOf(noCheck)).toBe('check is required: the id of a check');
      expect((await server.fetch(`api/canary/api/graph?check=${healthyCheck}&start=soon`)).status).toBe(400);
    });
  });

  describe('GET /api/snapshot/topology/{id}', () => {
    const download = async (query: string) => {
      const response = await server.fetch(`api/snapshot/topology/${id.R}?${query}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/zip');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="snapshot-.+\.zip"$/,
      );
      return unzip(Buffer.from(await response.arrayBuffer()));
    };
    const csv = (files: Map<string, Buffer>, name: string) => parseCsv(files.get(name)!.toString('utf8'));

    it('holds the component, everything below it, their checks, configs, changes and incidents since start', async () => {
      const files = await download('start=1h');
      expect([...files.keys()].sort()).toEqual([
        'check_statuses.csv',
        'checks.csv',
        'components.csv',
        'components.json',
        'config_analysis.csv',
        'config_changes.csv',
        'config_component_relationships.csv',
        'config_items.csv',
        'evidences.csv',
        'hypotheses.csv',
        'incidents.csv',
      ]);
      const tree = JSON.parse(files.get('components.json')!.toString('utf8')) as TopologyComponent[];
      expect(names(tree)).toEqual(['R']);
      expect(names(tree[0]!.components)).toEqual(['A', 'B', 'C', 'H']);
      expect(names(csv(files, 'components.csv') as unknown as TopologyComponent[]).sort()).toEqual(
        ['A', 'A1', 'A2', 'B', 'B1', 'C', 'H', 'R'].sort(),
      );
      expect(csv(files, 'checks.csv')).toHaveLength(3);
      expect(csv(files, 'check_statuses.csv')).toHaveLength(40);
      expect(
        csv(files, 'config_items.csv')
          .map((row) => row.id)
          .sort(),
      ).toEqual([configId, secretConfigId].sort());
      expect(csv(files, 'config_changes.csv').map((row) => row.summary)).toEqual(['recent change']);
      expect(csv(files, 'config_analysis.csv')).toHaveLength(4);
      expect(csv(files, 'incidents.csv')).toHaveLength(3);
      expect(csv(files, 'hypotheses.csv')).toHaveLength(3);
      expect(csv(files, 'evidences.csv')).toHaveLength(3);
    });

    it('goes back as far as start, and brings related components when asked', async () => {
      const week = await download('start=3d');
      expect(csv(week, 'config_changes.csv')).toHaveLength(2);
      expect(csv(week, 'check_statuses.csv')).toHaveLength(40);
      const related = await download('start=15m&related=true');
      const components = csv(related, 'components.csv').map((row) => row.id);
      expect(components).toContain(id.S);
      const tree = JSON.parse(related.get('components.json')!.toString('utf8')) as TopologyComponent[];
      expect(names(tree)).toEqual(['R', 'S']);
      expect(csv(related, 'check_statuses.csv').length).toBeLessThan(40);
    });

    it('never holds a secret', async () => {
      const files = await download('start=3d&related=true');
      for (const [name, content] of files) {
        expect({ name, leaks: content.toString('utf8').includes('hunter2') }).toEqual({ name, leaks: false });
        expect({ name, spec: /(^|,)spec(,|\r?$)/m.test(content.toString('utf8').split('\n')[0]!) }).toEqual({
          name,
          spec: false,
        });
      }
      const secret = csv(files, 'config_items.csv').find((row) => row.id === secretConfigId)!;
      expect(secret.config).toBe('');
    });

    it('answers 404 for no component and 400 for a bad start', async () => {
      const missing = await server.fetch('api/snapshot/topology/3f0c5d39-1111-4111-8111-000000000000');
      expect(missing.status).toBe(404);
      expect(await messageOf(missing)).toBe('Component not found');
      const badStart = await server.fetch(`api/snapshot/topology/${id.R}?start=yesterday`);
      expect(badStart.status).toBe(400);
    });
  });

  describe('/api/db relations of the topology pages', () => {
    const json = async (path: string) => {
      const response = await server.fetch(`api/db/${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      return (await response.json()) as Record<string, unknown>[];
    };

    it('answers each read as the pages write it', async () => {
      expect(await json(`component_names?id=eq.${id.A}`)).toEqual([
        expect.objectContaining({ id: id.A, name: `${prefix}-A`, type: 'Service' }),
      ]);
      expect(await json(`components?id=eq.${id.R}&select=id,name,parent_id`)).toEqual([
        { id: id.R, name: `${prefix}-R`, parent_id: null },
      ]);
      expect(await json(`components_with_logs?id=eq.${id.R}`)).toEqual([]);
      expect(await json('component_labels?key=eq.env&order=value.asc')).toEqual(
        expect.arrayContaining([
          { key: 'env', value: 'dev' },
          { key: 'env', value: 'prod' },
        ]),
      );
      expect(
        await json(`team_components?component_id=eq.${id.A}&select=*,team:team_id(id,name,icon)`),
      ).toEqual([
        expect.objectContaining({
          component_id: id.A,
          team: { id: expect.any(String), name: team, icon: 'team' },
        }),
      ]);
      const checks = await json(`checks_by_component?component_id=eq.${id.A}&order=name.asc`);
      expect(checks.map((row) => row.check_id).sort()).toHaveLength(2);
      expect((await json('canary_names?select=id,name&limit=1')).length).toBe(1);
      expect(
        await json(
          `config_component_relationships?component_id=eq.${id.A}&config_id=eq.${configId}&select=*,configs:config_id(id,name,type,config_class,health,status)`,
        ),
      ).toEqual([
        expect.objectContaining({
          component_id: id.A,
          configs: {
            id: configId,
            name: `${prefix}-deploy`,
            type: 'Kubernetes::Deployment',
            config_class: 'Deployment',
            health: 'healthy',
            status: null,
          },
        }),
      ]);
      const incidents = await json(`incidents_by_component?component_id=eq.${id.A}&order=severity.asc`);
      expect(incidents).toHaveLength(3);
      expect(await json(`changes_by_component?component_id=eq.${id.A}&order=created_at.desc`)).toHaveLength(
        2,
      );
      expect(await json(`analysis_by_component?component_id=eq.${id.A}`)).toHaveLength(4);
    });
  });

  describe('linking a component to a catalog item', () => {
    const link = (body: unknown) =>
      server.fetch('api/db/config_component_relationships', jsonRequest('POST', body));

    it('makes and removes a manual link, 409 for one already there, 422 for ids that are not live', async () => {
      const body = { component_id: id.B, config_id: configId, selector_id: 'manual' };
      expect((await link(body)).status).toBe(201);
      const again = await link(body);
      expect(again.status).toBe(409);
      expect(await messageOf(again)).toBe(ALREADY_LINKED);

      const filter = `component_id=eq.${id.B}&config_id=eq.${configId}&selector_id=eq.manual`;
      expect(
        (await server.fetch(`api/db/config_component_relationships?${filter}`, jsonRequest('DELETE'))).status,
      ).toBe(204);
      expect((await link(body)).status).toBe(201);
      await server.fetch(`api/db/config_component_relationships?${filter}`, jsonRequest('DELETE'));

      const noConfig = await link({ ...body, config_id: '3f0c5d39-1111-4111-8111-000000000000' });
      expect(noConfig.status).toBe(422);
      expect(await messageOf(noConfig)).toBe(CONFIG_MISSING('3f0c5d39-1111-4111-8111-000000000000'));
      await sql(`update components set deleted_at = now() where id = $1`, [id.B1]);
      const deleted = await link({ ...body, component_id: id.B1 });
      expect(deleted.status).toBe(422);
      expect(await messageOf(deleted)).toBe(COMPONENT_MISSING(id.B1!));
      await sql(`update components set deleted_at = null where id = $1`, [id.B1]);
      expect((await link({ ...body, config_id: 'nope' })).status).toBe(422);
    });

    it('makes a link removed earlier again', async () => {
      await sql(
        `insert into config_component_relationships (component_id, config_id, selector_id, deleted_at)
         values ($1, $2, 'manual', now())`,
        [id.C, configId],
      );
      expect((await link({ component_id: id.C, config_id: configId, selector_id: 'manual' })).status).toBe(
        201,
      );
      const [row] = await sql<{ deleted_at: Date | null }>(
        `select deleted_at from config_component_relationships where component_id = $1 and config_id = $2`,
        [id.C, configId],
      );
      expect(row!.deleted_at).toBeNull();
    });
  });

  describe('who may call it', () => {
    it('lets every role that reads topologies in, and nobody signed out', async () => {
      for (const role of ['viewer', 'responder', 'editor'] as const) {
        expect((await server.fetch('api/canary/api/topology', {}, role)).status).toBe(200);
        expect((await server.fetch(`api/snapshot/topology/${id.R}`, {}, role)).status).toBe(200);
      }
      expect((await server.fetch('api/canary/api/topology', {}, 'anonymous')).status).toBe(401);
      expect((await server.fetch(`api/snapshot/topology/${id.R}`, {}, 'anonymous')).status).toBe(401);
      expect((await server.fetch(`api/canary/api/graph?check=${healthyCheck}`, {}, 'anonymous')).status).toBe(
        401,
      );
    });

    it('refuses the topology calls while the topology feature is off, and the graph while health is', async () => {
      const flag = (name: string, value: string) =>
        server.fetch('api/db/properties', jsonRequest('POST', { name, value }));
      expect((await flag('topology.disable', 'true')).status).toBe(201);
      try {
        for (const path of ['api/canary/api/topology', `api/snapshot/topology/${id.R}`]) {
          const response = await server.fetch(path);
          expect({ path, status: response.status, message: await messageOf(response) }).toEqual({
            path,
            status: 403,
            message: 'Topology is disabled',
          });
        }
        expect((await server.fetch(`api/canary/api/graph?check=${healthyCheck}`)).status).toBe(200);
      } finally {
        await server.fetch('api/db/properties?name=eq.topology.disable', jsonRequest('DELETE'));
      }
      expect((await flag('health.disable', 'true')).status).toBe(201);
      try {
        expect((await server.fetch(`api/canary/api/graph?check=${healthyCheck}`)).status).toBe(403);
        expect((await server.fetch('api/canary/api/topology')).status).toBe(200);
      } finally {
        await server.fetch('api/db/properties?name=eq.health.disable', jsonRequest('DELETE'));
      }
    });
  });
});
