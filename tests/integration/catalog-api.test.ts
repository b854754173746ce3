import { changesQueryOf, changesStatements } from '../../server/src/platform/catalog/changes.js';
import {
  ITEM_WRITE_REFUSAL,
  MANUAL_ONLY,
  SCRAPED_LINK_REFUSAL,
} from '../../server/src/platform/catalog/rules.js';
import type { CatalogChangesResponse, CatalogSummaryRow } from '../../server/src/platform/catalog/types.js';
import { availableBackends } from '../support/databases.js';
import { eventually, sqlOf, uniqueName, type Sql } from '../support/health-data.js';
import { startTestServer, type Caller, type TestServer } from '../support/server.js';
import { jsonRequest, messageOf } from '../support/session.js';

/**
 * The catalog API on the real server against items, changes, insights and links this suite
 * writes: the summary's groups, health and insight counts and 30-day windows; the changes
 * search's filters, paging, sorting and related configs; 422s; who may call it; the /api/db
 * relations of the catalog pages and their write rules.
 */

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe.each(availableBackends())('the catalog API on %s', (backend) => {
  let server: TestServer;
  let sql: Sql;
  const prefix = uniqueName('cat');
  const DEPLOY = `${prefix}::Deployment`;
  const POD = `${prefix}::Pod`;
  const CHAIN = `${prefix}::Chain`;
  const ids: Record<string, string> = {};
  const chain: string[] = [];
  let componentId: string;

  const post = (path: string, body: unknown, as?: Caller) =>
    server.fetch(path, jsonRequest('POST', body), as);
  const summary = async (body: unknown) => {
    const response = await post('api/catalog/summary', body);
    expect(response.status).toBe(200);
    return (await response.json()) as CatalogSummaryRow[];
  };
  const changes = async (body: Record<string, unknown>) => {
    const response = await post('api/catalog/changes', body);
    expect(response.status).toBe(200);
    return (await response.json()) as CatalogChangesResponse;
  };
  const mine = (rows: CatalogSummaryRow[]) => rows.filter((row) => String(row.type).startsWith(prefix));

  async function config(name: string, fields: Record<string, unknown>): Promise<string> {
    const row: Record<string, unknown> = {
      health: null,
      status: null,
      tags: {},
      labels: {},
      cost: null,
      deleted: false,
      ...fields,
    };
    const [inserted] = await sql<{ id: string }>(
      `insert into configs (name, type, config_class, health, status, tags, labels, cost_total_30d, deleted_at)
       values ($1, $2, 'Deployment', $3, $4, $5::jsonb, $6::jsonb, $7, case when $8 then now() end) returning id`,
      [
        `${prefix}-${name}`,
        row.type,
        row.health,
        row.status,
        JSON.stringify(row.tags),
        JSON.stringify(row.labels),
        row.cost,
        row.deleted,
      ],
    );
    ids[name] = inserted!.id;
    return inserted!.id;
  }

  async function change(
    configId: string,
    changeType: string,
    agoMs: number,
    extra: Record<string, unknown> = {},
  ) {
    await sql(
      `insert into config_changes (config_id, change_type, severity, summary, source, external_created_by, created_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        configId,
        changeType,
        extra.severity ?? 'info',
        extra.summary ?? `${changeType} happened`,
        extra.source ?? 'kubernetes',
        extra.by ?? null,
        ago(agoMs),
      ],
    );
  }

  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'empty' });
    sql = sqlOf(server);
    const eu = { cluster: 'eu' };
    const us = { cluster: 'us' };
    await config('web', {
      type: DEPLOY,
      health: 'healthy',
      status: 'Running',
      tags: eu,
      labels: { team: 'a' },
      cost: 10,
    });
    await config('api', {
      type: DEPLOY,
      health: 'healthy',
      status: 'Running',
      tags: us,
      labels: { team: 'b' },
      cost: 5,
    });
    await config('db', {
      type: DEPLOY,
      health: 'unhealthy',
      status: 'Failed',
      tags: eu,
      labels: { team: 'a' },
    });
    await config('pod-1', { type: POD, health: 'warning', tags: eu });
    await config('pod-2', { type: POD, health: null, tags: us });
    await config('pod-gone', { type: POD, health: 'healthy', tags: eu, deleted: true });

    await change(ids.web!, 'diff', 1 * 3600_000, {
      severity: 'critical',
      summary: 'image bumped',
      by: 'argo',
    });
    await change(ids.web!, 'diff', 2 * 3600_000, { severity: 'high', summary: 'replicas scaled' });
    await change(ids.web!, 'Pulled', 3 * 3600_000, { severity: 'low', source: 'events' });
    await change(ids.web!, 'diff', 40 * DAY, { severity: 'medium' });
    await change(ids['pod-1']!, 'BackOff', 4 * 3600_000, { severity: 'medium', by: 'kubelet' });
    await change(ids['pod-2']!, 'Pulled', 5 * 3600_000);
    await change(ids['pod-gone']!, 'deleted', 6 * 3600_000);

    await sql(
      `insert into config_analysis (config_id, analyzer, analysis_type, severity, last_observed) values
       ($1, 'trivy', 'security', 'high', now() - interval '1 day'),
       ($1, 'cost', 'cost', 'low', now() - interval '2 days'),
       ($2, 'trivy', 'security', 'high', now() - interval '40 days')`,
      [ids.web, ids.api],
    );

    // c0 → c1 → … → c6, each with one change an hour ago.
    for (let i = 0; i < 7; i++) {
      const id = await config(`chain-${i}`, { type: CHAIN, health: 'healthy' });
      chain.push(id);
      await change(id, `step-${i}`, 3600_000 + i * 1000);
      if (i > 0)
        await sql(
          `insert into config_relationships (config_id, related_id, relation) values ($1, $2, 'hard')`,
          [chain[i - 1], id],
        );
    }
    componentId = (
      await sql<{ id: string }>(`insert into components (name, type) values ($1, 'Service') returning id`, [
        `${prefix}-svc`,
      ])
    )[0]!.id;
    await sql(`insert into config_component_relationships (component_id, config_id) values ($1, $2)`, [
      componentId,
      ids.web,
    ]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('POST /api/catalog/summary', () => {
    it('groups live items by type with counts per health, 30-day changes and insights, and cost', async () => {
      const rows = mine(
        await summary({ changes: { since: '30d' }, analysis: { since: '30d' }, cost: '30d' }),
      );
      expect(rows.map((row) => row.type)).toEqual([CHAIN, DEPLOY, POD]);
      const deploy = rows.find((row) => row.type === DEPLOY)!;
      expect(deploy).toMatchObject({
        count: 3,
        health: { healthy: 2, unhealthy: 1 },
        changes: 3,
        analysis: { security: 1, cost: 1 },
        cost_total_30d: 15,
      });
      const pod = rows.find((row) => row.type === POD)!;
      // pod-2 has no health; the deleted pod and its change are left out.
      expect(pod).toMatchObject({ count: 2, health: { warning: 1 }, changes: 2, analysis: {} });
    });

    it('counts deleted items when asked, and leaves out what was not asked for', async () => {
      const pod = mine(await summary({ deleted: true, changes: { since: '30d' } })).find(
        (r) => r.type === POD,
      )!;
      expect(pod).toMatchObject({ count: 3, health: { warning: 1, healthy: 1 }, changes: 3 });
      expect(pod).not.toHaveProperty('analysis');
      expect(pod).not.toHaveProperty('cost_total_30d');
    });

    it('groups by a tag beside the type, keyed as asked', async () => {
      const rows = mine(await summary({ groupBy: ['type', 'tags.cluster'] })).filter(
        (r) => r.type === DEPLOY,
      );
      expect(rows.map((row) => [row['tags.cluster'], row.count])).toEqual([
        ['eu', 2],
        ['us', 1],
      ]);
    });

    it('filters by labels, health and status', async () => {
      const byLabel = mine(await summary({ filter: { team: 'a' } }));
      expect(byLabel.map((row) => [row.type, row.count])).toEqual([[DEPLOY, 2]]);
      const notA = mine(await summary({ filter: { team: '!a' } })).find((row) => row.type === DEPLOY)!;
      expect(notA.count).toBe(1);
      const healthy = mine(await summary({ health: 'healthy' })).find((row) => row.type === DEPLOY)!;
      expect(healthy).toMatchObject({ count: 2, health: { healthy: 2 } });
      const failed = mine(await summary({ status: 'Failed,Pending' }));
      expect(failed.map((row) => [row.type, row.count])).toEqual([[DEPLOY, 1]]);
    });

    it('answers 422 for a bad window, cost or group', async () => {
      for (const [body, message] of [
        [{ changes: { since: 'a month' } }, 'changes.since "a month" is not a duration like 30d'],
        [{ cost: '90d' }, 'cost must be one of 1d, 7d, 30d'],
        [{ groupBy: ['count'] }, 'groupBy "count" names a figure of the summary, not a group'],
        [
          { groupBy: ["type'; drop table configs"] },
          `groupBy "type'; drop table configs" is not a column, tags.<key> or labels.<key>`,
        ],
      ] as const) {
        const response = await post('api/catalog/summary', body);
        expect(response.status).toBe(422);
        expect(await messageOf(response)).toBe(message);
      }
    });
  });

  describe('POST /api/catalog/changes', () => {
    const MINE = () => ({ config_type: `${DEPLOY},${POD}` });

    it('answers the last 2 days of live configs, newest first, with each config’s name, type and tags', async () => {
      const answer = await changes(MINE());
      expect(answer.total).toBe(5);
      expect(answer.changes.map((c) => c.summary)).toEqual([
        'image bumped',
        'replicas scaled',
        'Pulled happened',
        'BackOff happened',
        'Pulled happened',
      ]);
      expect(answer.changes[0]).toMatchObject({
        config_id: ids.web,
        name: `${prefix}-web`,
        type: DEPLOY,
        tags: { cluster: 'eu' },
        change_type: 'diff',
        severity: 'critical',
        external_created_by: 'argo',
        deleted_at: null,
      });
      expect(answer.summary).toEqual({ diff: 2, Pulled: 2, BackOff: 1 });
    });

    it("includes deleted configs' changes only when asked", async () => {
      const all = await changes({ ...MINE(), include_deleted_configs: true });
      expect(all.total).toBe(6);
      expect(all.changes.find((c) => c.config_id === ids['pod-gone'])?.deleted_at).not.toBeNull();
    });

    it('pages with an exact total and no overlap', async () => {
      const pages = await Promise.all([1, 2, 3].map((page) => changes({ ...MINE(), page, page_size: 2 })));
      expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
      expect(pages.map((p) => p.changes.length)).toEqual([2, 2, 1]);
      const seen = pages.flatMap((p) => p.changes.map((c) => c.id));
      expect(new Set(seen).size).toBe(5);
    });

    it('sorts by a field, descending with a leading -', async () => {
      const types = async (sort_by: string) =>
        (await changes({ ...MINE(), sort_by })).changes.map((c) => c.change_type);
      // Where 'diff' falls beside 'Pulled' is the database's collation; the order is not.
      const ascending = await types('change_type');
      expect(ascending[0]).toBe('BackOff');
      expect(ascending.join()).toMatch(/^BackOff,(diff,diff,Pulled,Pulled|Pulled,Pulled,diff,diff)$/);
      expect(await types('-change_type')).toEqual([...ascending].reverse());
      const byName = await changes({ ...MINE(), sort_by: '-name' });
      expect(byName.changes.map((c) => c.name)).toEqual([
        `${prefix}-web`,
        `${prefix}-web`,
        `${prefix}-web`,
        `${prefix}-pod-2`,
        `${prefix}-pod-1`,
      ]);
    });

    it('reads a time range, relative or absolute', async () => {
      const old = await changes({ ...MINE(), from: ago(45 * DAY), to: ago(30 * DAY) });
      expect(old.changes.map((c) => [c.config_id, c.severity])).toEqual([[ids.web, 'medium']]);
      expect((await changes({ ...MINE(), from: 'now-150m' })).total).toBe(2);
      expect((await changes({ ...MINE(), from: 'now-60d', to: 'now' })).total).toBe(6);
    });

    it('filters by severity (that and above), change type, text, creator and tags', async () => {
      const severities = async (severity: string) =>
        (await changes({ ...MINE(), severity })).changes.map((c) => c.severity);
      expect(await severities('high')).toEqual(['critical', 'high']);
      expect(await severities('medium')).toEqual(['critical', 'high', 'medium']);
      expect((await changes({ ...MINE(), type: 'diff' })).total).toBe(2);
      expect((await changes({ ...MINE(), type: '!diff,!Pulled' })).total).toBe(1);
      expect((await changes({ ...MINE(), summary: '*scaled*' })).changes.map((c) => c.summary)).toEqual([
        'replicas scaled',
      ]);
      expect((await changes({ ...MINE(), filters: { source: 'events' } })).total).toBe(1);
      expect((await changes({ ...MINE(), created_by: 'kube*' })).changes[0]!.config_id).toBe(ids['pod-1']);
      expect((await changes({ ...MINE(), tags: 'cluster=us' })).changes.map((c) => c.config_id)).toEqual([
        ids['pod-2'],
      ]);
      expect((await changes({ ...MINE(), tags: 'cluster!=us', config_type: POD })).total).toBe(1);
    });

    it('follows related configs downstream to depth 5 by default', async () => {
      const types = async (body: Record<string, unknown>) =>
        (await changes({ id: chain[0], ...body })).changes.map((c) => c.change_type).sort();
      expect(await types({ recursive: 'downstream' })).toEqual([
        'step-0',
        'step-1',
        'step-2',
        'step-3',
        'step-4',
        'step-5',
      ]);
      expect(await types({ recursive: 'downstream', depth: 6 })).toHaveLength(7);
      expect(await types({ recursive: 'none' })).toEqual(['step-0']);
    });

    it('follows upstream, downstream or both (type_filter)', async () => {
      const types = async (id: string, type_filter: string) =>
        (await changes({ id, type_filter })).changes.map((c) => c.change_type).sort();
      expect(await types(chain[3]!, 'upstream')).toEqual(['step-0', 'step-1', 'step-2', 'step-3']);
      expect(await types(chain[3]!, 'downstream')).toEqual(['step-3', 'step-4', 'step-5', 'step-6']);
      expect(await types(chain[3]!, 'all')).toHaveLength(7);
      expect(await types(chain[6]!, 'upstream')).toEqual([
        'step-1',
        'step-2',
        'step-3',
        'step-4',
        'step-5',
        'step-6',
      ]);
    });

    it('answers 422 for what it cannot read', async () => {
      for (const [body, message] of [
        [
          { from: 'yesterday' },
          'from "yesterday" is not a time: give an RFC 3339 timestamp or one like now-2d',
        ],
        [{ from: 'now', to: 'now-1d' }, 'from must be before to'],
        [{ page_size: 5000 }, 'page_size must be at most 1000'],
        [{ page: -1 }, 'page must be a whole number of at least 1'],
        [
          { sort_by: '-bogus' },
          'sort_by "bogus" is not one of name, change_type, summary, source, created_at, count',
        ],
        [{ severity: 'extreme' }, 'severity must be one of critical, high, medium, low, info'],
        [{ recursive: 'sideways' }, 'recursive must be one of none, downstream, upstream, all'],
        [{ id: 'not-an-id' }, 'id "not-an-id" is not a config id'],
        [
          { tags: 'a b c' },
          'tags: "a b c" is not a selector (key=value, key!=value, key in (a,b), key notin (a,b))',
        ],
      ] as const) {
        const response = await post('api/catalog/changes', body);
        expect({ body, status: response.status, message: await messageOf(response) }).toEqual({
          body,
          status: 422,
          message,
        });
      }
    });

    it('reads the page through the time index at scale', async () => {
      const filler = await config('filler', { type: `${prefix}::Filler` });
      await sql(
        `insert into config_changes (config_id, change_type, severity, created_at)
         select $1, 'diff', 'info', now() - make_interval(secs => g * 30) from generate_series(1, 30000) g`,
        [filler],
      );
      await sql('analyze config_changes');
      await sql('analyze configs');
      const query = changesQueryOf({ page_size: 200, sort_by: '-created_at' });
      const { page, total } = changesStatements(query, undefined);
      const plan = async (statement: { text: string; values: unknown[] }) =>
        (await sql<{ 'QUERY PLAN': string }>(`explain ${statement.text}`, statement.values))
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      const pagePlan = await plan(page);
      expect(pagePlan).toMatch(/Index (Only )?Scan using config_changes_created_at_id_idx on config_changes/);
      expect(pagePlan).not.toMatch(/Seq Scan on config_changes/);
      const typed = changesStatements(changesQueryOf({ type: 'Pulled' }), undefined);
      expect(await plan(typed.page)).toMatch(/config_changes_change_type_created_at_idx/);
      expect(await plan(total)).not.toMatch(/Seq Scan on config_changes/);
    });
  });

  describe('who may call it', () => {
    it('lets every role that reads the catalog in, and nobody signed out', async () => {
      for (const role of ['viewer', 'responder', 'editor'] as const)
        expect((await post('api/catalog/changes', {}, role)).status).toBe(200);
      expect((await post('api/catalog/summary', {}, 'anonymous')).status).toBe(401);
    });
  });

  describe('/api/db relations of the catalog pages', () => {
    it('embeds the agent in configs and the config in insights', async () => {
      const configs = await (
        await server.fetch(`api/db/configs?select=id,name,agent:agents(id,name)&id=eq.${ids.web}`)
      ).json();
      expect(configs).toEqual([
        { id: ids.web, name: `${prefix}-web`, agent: { id: expect.any(String), name: expect.any(String) } },
      ]);
      const insights = await (
        await server.fetch(`api/db/config_analysis_items?config_id=eq.${ids.web}&order=first_observed.desc`)
      ).json();
      expect(insights[0]).toMatchObject({ name: `${prefix}-web`, config_type: DEPLOY });
    });

    it('embeds configs as the platform pages select them', async () => {
      const json = async (path: string) => (await server.fetch(`api/db/${path}`)).json();
      const [insight] = await json(
        `config_analysis_items?select=id,analysis_type,config:configs(id,name,type)&config_id=eq.${ids.web}&analysis_type=eq.cost`,
      );
      expect(insight.config).toEqual({ id: ids.web, name: `${prefix}-web`, type: DEPLOY });
      const links = await json(
        `config_relationships?or=(related_id.eq.${chain[1]},config_id.eq.${chain[1]})&select=*,` +
          'configs:configs!config_relationships_config_id_fkey(id,name),related:configs!config_relationships_related_id_fkey(id,name)',
      );
      expect(
        links
          .map((link: { configs: { id: string }; related: { id: string } }) => [
            link.configs.id,
            link.related.id,
          ])
          .sort(),
      ).toEqual(
        [
          [chain[0], chain[1]],
          [chain[1], chain[2]],
        ].sort(),
      );
      const [byComponent] = await json(
        `analysis_by_component?component_id=eq.${componentId}&analysis_type=eq.security&select=analysis_id,config:configs(id,name)`,
      );
      expect(byComponent.config).toEqual({ id: ids.web, name: `${prefix}-web` });
      const changesOf = await json(
        `changes_by_component?component_id=eq.${componentId}&select=id,type,config_id,name,change_type&limit=1`,
      );
      expect(changesOf[0]).toMatchObject({ type: DEPLOY, name: `${prefix}-web` });
      const components = await json(
        `config_component_relationships?config_id=eq.${ids.web}&select=components!config_component_relationships_component_id_fkey(id,name)`,
      );
      expect(components).toEqual([{ components: { id: componentId, name: `${prefix}-svc` } }]);
    });

    it('answers the detail, lists and component views', async () => {
      const [detail] = await (await server.fetch(`api/db/config_detail?id=eq.${ids.web}`)).json();
      expect(detail.summary).toMatchObject({ changes: 4, analysis: 2 });
      for (const path of [
        'config_tags?key=eq.cluster',
        'config_labels?key=eq.team',
        'config_types',
        'config_statuses',
        'change_types',
        'config_analysis_analyzers',
        `check_summary_for_config?config_id=eq.${ids.web}`,
        `analysis_by_component?component_id=eq.${componentId}`,
        `changes_by_component?component_id=eq.${componentId}`,
        `rpc/lookup_analysis_by_component?id=${componentId}`,
      ])
        expect({ path, status: (await server.fetch(`api/db/${path}`)).status }).toEqual({
          path,
          status: 200,
        });
      const byComponent = await (
        await server.fetch(`api/db/changes_by_component?component_id=eq.${componentId}`)
      ).json();
      expect(byComponent).toHaveLength(4);
      const lookup = await (
        await server.fetch(`api/db/rpc/lookup_analysis_by_component?id=${componentId}`)
      ).json();
      expect(lookup).toHaveLength(2);
    });

    it('walks related configs with the relationships tab’s parameters', async () => {
      const related = async (params: string) =>
        (
          (await (
            await server.fetch(`api/db/rpc/related_configs_recursive?config_id=${chain[3]}&${params}`)
          ).json()) as { id: string }[]
        ).map((row) => chain.indexOf(row.id));
      expect((await related('type_filter=outgoing&max_depth=10')).sort()).toEqual([4, 5, 6]);
      expect((await related('type_filter=incoming&max_depth=2')).sort()).toEqual([1, 2]);
      expect(
        (await related('type_filter=all&max_depth=1&incoming_relation=hard&outgoing_relation=hard')).sort(),
      ).toEqual([2, 4]);
      expect(await related('type_filter=outgoing&outgoing_relation=soft')).toEqual([]);
      expect((await related('type_filter=all&include_deleted_configs=true&health=eq.healthy')).length).toBe(
        6,
      );
    });
  });

  describe('/api/db write rules', () => {
    it('keeps items, changes and insights read-only', async () => {
      const write = await server.fetch(
        `api/db/configs?id=eq.${ids.web}`,
        jsonRequest('PATCH', { name: 'x' }),
      );
      expect(write.status).toBe(405);
      expect(await messageOf(write)).toBe(ITEM_WRITE_REFUSAL);
      expect((await post('api/db/config_changes', { config_id: ids.web, change_type: 'x' })).status).toBe(
        405,
      );
      expect(
        (await server.fetch(`api/db/config_analysis?config_id=eq.${ids.web}`, jsonRequest('DELETE'))).status,
      ).toBe(405);
      expect(
        (await server.fetch(`api/db/configs?id=eq.${ids.web}`, jsonRequest('PATCH', { name: 'x' }), 'viewer'))
          .status,
      ).toBe(403);
    });

    it('lets writers make and remove manual links only', async () => {
      const link = { config_id: ids.api, related_id: ids.db, selector_id: 'manual' };
      const scraped = await post('api/db/config_relationships', { ...link, selector_id: 'rule-1' });
      expect(scraped.status).toBe(403);
      expect(await messageOf(scraped)).toBe(MANUAL_ONLY);
      expect((await post('api/db/config_relationships', link, 'viewer')).status).toBe(403);
      expect((await post('api/db/config_relationships', link, 'editor')).status).toBe(201);
      const filter = `config_id=eq.${ids.api}&related_id=eq.${ids.db}`;
      expect(
        (await server.fetch(`api/db/config_relationships?${filter}`, jsonRequest('DELETE'), 'editor')).status,
      ).toBe(204);
      expect(await sql(`select 1 from config_relationships where config_id = $1`, [ids.api])).toHaveLength(0);

      const hard = `config_id=eq.${chain[0]}&related_id=eq.${chain[1]}`;
      const refused = await server.fetch(`api/db/config_relationships?${hard}`, jsonRequest('DELETE'));
      expect(refused.status).toBe(403);
      expect(await messageOf(refused)).toBe(SCRAPED_LINK_REFUSAL);
      expect(await sql(`select 1 from config_relationships where config_id = $1`, [chain[0]])).toHaveLength(
        1,
      );
    });

    it('links a component to a config by hand and unlinks it', async () => {
      const body = { component_id: componentId, config_id: ids.api, selector_id: 'manual' };
      expect((await post('api/db/config_component_relationships', body, 'viewer')).status).toBe(403);
      expect((await post('api/db/config_component_relationships', body)).status).toBe(201);
      const scrapedLink = `component_id=eq.${componentId}&config_id=eq.${ids.web}`;
      expect(
        (await server.fetch(`api/db/config_component_relationships?${scrapedLink}`, jsonRequest('DELETE')))
          .status,
      ).toBe(403);
      const manual = `component_id=eq.${componentId}&config_id=eq.${ids.api}&selector_id=eq.manual`;
      expect(
        (await server.fetch(`api/db/config_component_relationships?${manual}`, jsonRequest('DELETE'))).status,
      ).toBe(204);
      expect(
        await sql(`select config_id from config_component_relationships where component_id = $1`, [
          componentId,
        ]),
      ).toEqual([{ config_id: ids.web }]);
    });
  });

  describe('with the catalog turned off', () => {
    it('refuses both calls with 403', async () => {
      expect((await post('api/db/properties', { name: 'config.disable', value: 'true' })).status).toBe(201);
      await eventually(async () => {
        const response = await post('api/catalog/summary', {});
        expect(response.status).toBe(403);
        expect(await messageOf(response)).toBe('Catalog is disabled');
      });
      expect((await post('api/catalog/changes', {})).status).toBe(403);
    });
  });
});
