import { createLogger } from '../../server/src/http/logging.js';
import { LOCAL_AGENT } from '../../server/src/platform/agents/local-agent.js';
import { runScrape } from '../../server/src/platform/catalog/scrapers/engine.js';
import type { ScraperRow } from '../../server/src/platform/catalog/scrapers/spec.js';
import type {
  ScrapedItem,
  ScraperKind,
  ScrapeOutput,
} from '../../server/src/platform/catalog/scrapers/types.js';
import { openDatabase, type Db, type Transaction } from '../../server/src/platform/db/db.js';
import { availableBackends, freshDatabase } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The scrape engine against a real store: what a scrape writes, what a second scrape of the same
 * source does not write, diffs, soft deletes, links, changes, insights, retention and batches.
 * The kind is a fake one reading what each test puts in `sources`.
 */
const sources = new Map<string, ScrapeOutput | Error>();
const fakeKind: ScraperKind = {
  kind: 'file',
  async scrape(entry, ctx) {
    const source = sources.get(String(entry.source));
    if (source instanceof Error) throw source;
    if (entry.secret) ctx.secrets.add(String(entry.secret));
    return structuredClone(source ?? { items: [] });
  },
};
const logger = createLogger('silent');

const ns: ScrapedItem = {
  id: 'ns-uid',
  type: 'Kubernetes::Namespace',
  name: 'shop',
  config: { kind: 'Namespace' },
};
const deploy: ScrapedItem = {
  id: 'deploy-uid',
  type: 'Kubernetes::Deployment',
  name: 'web',
  namespace: 'shop',
  health: 'healthy',
  labels: { app: 'web' },
  config: { kind: 'Deployment', spec: { replicas: 1, image: 'web:1' } },
  parents: [{ type: 'Kubernetes::Namespace', name: 'shop' }],
};
const pod: ScrapedItem = {
  id: 'pod-uid',
  type: 'Kubernetes::Pod',
  name: 'web-1',
  namespace: 'shop',
  config: { kind: 'Pod', status: { phase: 'Running' } },
  parents: [{ externalId: 'deploy-uid' }],
};

describe.each(availableBackends())('the scrape engine on %s', (backend) => {
  let db: Db;
  let drop: () => Promise<void>;
  let seq = 0;

  beforeAll(async () => {
    const fresh = await freshDatabase(backend, 'empty');
    drop = fresh.drop;
    db = await openDatabase({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl });
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  const rows = async <R = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    (await db.query<R>(sql, params)).rows;
  const one = async (sql: string, params: unknown[] = []) => Object.values((await rows(sql, params))[0]!)[0];

  async function createScraper(spec: Record<string, unknown>, agentId = LOCAL_AGENT): Promise<ScraperRow> {
    const name = `scraper-${++seq}`;
    const [row] = await rows<ScraperRow>(
      `insert into config_scrapers (name, spec, agent_id) values ($1, $2, $3)
       returning id, name, namespace, agent_id, schedule, spec`,
      [name, JSON.stringify(spec), agentId],
    );
    return row!;
  }
  /** A scraper of one fake entry reading sources[key]. */
  async function scraperOf(output: ScrapeOutput, extra: Record<string, unknown> = {}) {
    const key = `source-${++seq}`;
    sources.set(key, output);
    const row = await createScraper({ file: [{ source: key, ...extra }] });
    return { row, key, set: (next: ScrapeOutput | Error) => sources.set(key, next) };
  }
  const scrape = (row: ScraperRow, options: { db?: Db; batchSize?: number } = {}) =>
    runScrape(row, [fakeKind], { db: options.db ?? db, logger, batchSize: options.batchSize });
  const configsOf = (row: ScraperRow) =>
    rows<{
      id: string;
      name: string;
      type: string;
      parent_id: string | null;
      path: string | null;
      deleted_at: Date | null;
      delete_reason: string | null;
      config: unknown;
      updated_at: Date;
      rev: string;
    }>(
      `select id, name, type, parent_id, path, deleted_at, delete_reason, config, updated_at, xmin::text as rev
         from configs where scraper_id = $1 order by type, name`,
      [row.id],
    );
  const idOf = async (row: ScraperRow, type: string) =>
    (await configsOf(row)).find((c) => c.type === type)!.id;
  const changesOf = (configId: string) =>
    rows<{
      change_type: string;
      patches: unknown;
      diff: string | null;
      count: number;
      first_observed: Date;
      summary: string | null;
    }>(
      `select change_type, patches, diff, count, first_observed, summary from config_changes where config_id = $1 order by created_at`,
      [configId],
    );
  const eventsOf = (ids: string[]) =>
    rows<{ name: string }>(
      `select name from event_queue where properties->>'id' = any($1::text[]) order by name`,
      [ids],
    );

  it('inserts what a first scrape finds, with parents, paths and platform events', async () => {
    const { row } = await scraperOf({ items: [pod, deploy, ns] });
    const summary = await scrape(row);
    expect(summary).toMatchObject({ added: 3, updated: 0, unchanged: 0, deleted: 0, errors: [] });
    expect(summary.byType['Kubernetes::Pod']).toEqual({ added: 1, updated: 0, unchanged: 0, deleted: 0 });
    const stored = await configsOf(row);
    const [d, n, p] = stored;
    expect(stored.map((c) => c.name)).toEqual(['web', 'shop', 'web-1']);
    expect(d).toMatchObject({ parent_id: n!.id, path: n!.id });
    expect(p).toMatchObject({ parent_id: d!.id, path: `${n!.id}.${d!.id}` });
    expect(n).toMatchObject({ parent_id: null, path: null });
    expect((await eventsOf(stored.map((c) => c.id))).filter((e) => e.name === 'config.created')).toHaveLength(
      3,
    );
  });

  it('writes nothing when the same source is scraped again', async () => {
    const { row } = await scraperOf({
      items: [
        { ...pod, changes: [{ changeType: 'Pulled', externalChangeId: 'ev-1', summary: 'pulled' }] },
        {
          ...deploy,
          analysis: [
            { analyzer: 'no-limits', analysisType: 'reliability', severity: 'medium', message: 'no limits' },
          ],
        },
        ns,
      ],
    });
    await scrape(row);
    const before = await configsOf(row);
    const counts = () =>
      rows(
        `select (select count(*)::int from config_changes) as changes, (select count(*)::int from config_analysis) as analyses,
                (select count(*)::int from config_relationships) as links, (select count(*)::int from event_queue) as events,
                (select string_agg(xmin::text, ',' order by id) from config_analysis) as analysis_rev,
                (select string_agg(xmin::text || count, ',' order by id) from config_changes) as change_rev`,
      );
    const countsBefore = await counts();
    const summary = await scrape(row);
    expect(summary).toMatchObject({ added: 0, updated: 0, unchanged: 3, deleted: 0, changes: 0, errors: [] });
    expect(await configsOf(row)).toEqual(before);
    expect(await counts()).toEqual(countsBefore);
  });

  it('updates a changed item with one diff change holding the merge patch and the diff', async () => {
    const { row, set } = await scraperOf({ items: [deploy, ns] });
    await scrape(row);
    const before = (await configsOf(row)).find((c) => c.name === 'web')!;
    set({
      items: [{ ...deploy, config: { kind: 'Deployment', spec: { replicas: 3, image: 'web:1' } } }, ns],
    });
    const summary = await scrape(row);
    expect(summary).toMatchObject({ added: 0, updated: 1, unchanged: 1, changes: 1 });
    const after = (await configsOf(row)).find((c) => c.name === 'web')!;
    expect(after.config).toEqual({ kind: 'Deployment', spec: { replicas: 3, image: 'web:1' } });
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
    const changes = await changesOf(after.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      change_type: 'diff',
      patches: { spec: { replicas: 3 } },
      summary: 'spec.replicas',
    });
    expect(changes[0]!.diff).toContain('-    "replicas": 1');
    expect(changes[0]!.diff).toContain('+    "replicas": 3');
    expect((await eventsOf([after.id])).map((e) => e.name)).toContain('config.updated');
  });

  it('soft-deletes an item gone from the source, with a deleted change, and brings it back when it returns', async () => {
    const { row, set } = await scraperOf({ items: [deploy, pod] });
    await scrape(row);
    set({ items: [deploy] });
    const summary = await scrape(row);
    expect(summary).toMatchObject({ deleted: 1, unchanged: 1 });
    const gone = (await configsOf(row)).find((c) => c.name === 'web-1')!;
    expect(gone.deleted_at).toBeInstanceOf(Date);
    expect(gone.delete_reason).toBe('MISSING_SCRAPE');
    expect((await changesOf(gone.id)).map((c) => c.change_type)).toEqual(['deleted']);
    expect((await eventsOf([gone.id])).map((e) => e.name)).toContain('config.deleted');
    // Gone again: nothing more is written.
    expect(await scrape(row)).toMatchObject({ deleted: 0, unchanged: 1, changes: 0 });
    set({ items: [deploy, pod] });
    await scrape(row);
    const back = (await configsOf(row)).find((c) => c.name === 'web-1')!;
    expect(back).toMatchObject({ id: gone.id, deleted_at: null });
  });

  it('soft-deletes an item the source says is deleted', async () => {
    const { row, set } = await scraperOf({ items: [deploy, pod] });
    await scrape(row);
    set({ items: [deploy, { ...pod, deletedAt: new Date('2026-01-02T03:04:05Z') }] });
    expect(await scrape(row)).toMatchObject({ deleted: 1 });
    const gone = (await configsOf(row)).find((c) => c.name === 'web-1')!;
    expect(gone).toMatchObject({
      deleted_at: new Date('2026-01-02T03:04:05Z'),
      delete_reason: 'FROM_ATTRIBUTE',
    });
  });

  it('deletes nothing when a kind fails or reads partially, and reports why', async () => {
    const { row, set } = await scraperOf({ items: [deploy, pod] });
    await scrape(row);
    set(new Error('connection refused'));
    const failed = await scrape(row);
    expect(failed.errors).toEqual(['file[0]: connection refused']);
    expect(failed.deleted).toBe(0);
    set({ items: [deploy], errors: ['page 2: timeout'] });
    const partial = await scrape(row);
    expect(partial).toMatchObject({ deleted: 0, unchanged: 1, errors: ['file[0]: page 2: timeout'] });
    expect((await configsOf(row)).every((c) => c.deleted_at === null)).toBe(true);
  });

  it("deletes by absence only the types every entry of a kind read whole (one cluster's failed list keeps its pods)", async () => {
    const podOf = (cluster: string): ScrapedItem => ({
      ...pod,
      id: `${cluster}-pod`,
      name: `${cluster}-web`,
      parents: [],
    });
    const a = `source-${++seq}`;
    const b = `source-${++seq}`;
    sources.set(a, { items: [podOf('a')], completeTypes: ['Kubernetes::Pod'] });
    sources.set(b, { items: [podOf('b')], completeTypes: ['Kubernetes::Pod'] });
    const row = await createScraper({ file: [{ source: a }, { source: b }] });
    await scrape(row);
    sources.set(b, { items: [], completeTypes: [], errors: ['pods: forbidden'] });
    const summary = await scrape(row);
    expect(summary.deleted).toBe(0);
    expect((await configsOf(row)).map((c) => [c.name, c.deleted_at])).toEqual([
      ['a-web', null],
      ['b-web', null],
    ]);
    sources.set(b, { items: [], completeTypes: ['Kubernetes::Pod'] });
    expect((await scrape(row)).deleted).toBe(1);
  });

  it('reports a kind this console does not run as an error, not a crash', async () => {
    const row = await createScraper({ aws: [{ region: ['eu-west-1'] }] });
    const summary = await scrape(row);
    expect(summary.errors).toEqual(['aws[0]: the aws scraper is not supported by this console']);
  });

  it('links items (hard, soft, incoming, by rule) and replaces its links on the next scrape, never a manual one', async () => {
    const svc: ScrapedItem = {
      id: 'svc-uid',
      type: 'Kubernetes::Service',
      name: 'web-svc',
      namespace: 'shop',
      config: {},
    };
    const node: ScrapedItem = { id: 'node-uid', type: 'Kubernetes::Node', name: 'node-1', config: {} };
    const linkedPod: ScrapedItem = {
      ...pod,
      relationships: [
        { related: { externalId: 'node-uid' } },
        {
          related: { type: 'Kubernetes::Service', name: 'web-svc', namespace: 'shop' },
          incoming: true,
          relation: 'soft',
        },
      ],
    };
    const { row, set } = await scraperOf(
      { items: [linkedPod, svc, node, deploy] },
      {
        transform: {
          relationship: [
            {
              filter: "config_type == 'Kubernetes::Deployment'",
              type: { value: 'Kubernetes::Service' },
              name: { expr: "name + '-svc'" },
            },
          ],
        },
      },
    );
    expect((await scrape(row)).errors).toEqual([]);
    const id = (type: string) => idOf(row, type);
    const links = async () =>
      rows<{ config_id: string; related_id: string; relation: string; selector_id: string }>(
        `select config_id, related_id, relation, selector_id from config_relationships
          where config_id = any($1::uuid[]) or related_id = any($1::uuid[]) order by relation, config_id, related_id`,
        [[...(await configsOf(row)).map((c) => c.id)]],
      );
    const [podId, nodeId, svcId, deployId] = await Promise.all(
      ['Kubernetes::Pod', 'Kubernetes::Node', 'Kubernetes::Service', 'Kubernetes::Deployment'].map(id),
    );
    expect(await links()).toEqual(
      expect.arrayContaining([
        { config_id: podId, related_id: nodeId, relation: 'hard', selector_id: row.id },
        { config_id: deployId, related_id: svcId, relation: 'hard', selector_id: row.id },
        { config_id: svcId, related_id: podId, relation: 'soft', selector_id: row.id },
      ]),
    );
    expect(await links()).toHaveLength(3);
    await db.query(
      `insert into config_relationships (config_id, related_id, relation, selector_id) values ($1, $2, 'hard', 'manual')`,
      [nodeId, svcId],
    );
    set({ items: [{ ...linkedPod, relationships: [] }, svc, node, deploy] });
    await scrape(row);
    expect(await links()).toEqual(
      [
        { config_id: deployId, related_id: svcId, relation: 'hard', selector_id: row.id },
        { config_id: nodeId, related_id: svcId, relation: 'hard', selector_id: 'manual' },
      ].sort((a, b) => a.config_id!.localeCompare(b.config_id!)),
    );
  });

  it('opens an insight per item and analyzer and resolves it once the item no longer reports it', async () => {
    const finding = {
      analyzer: 'crash-loop',
      analysisType: 'availability' as const,
      severity: 'high' as const,
      message: 'restarting',
    };
    const { row, set } = await scraperOf({ items: [{ ...pod, analysis: [finding] }] });
    await scrape(row);
    const findings = () =>
      rows<{ analyzer: string; status: string; severity: string; message: string }>(
        `select analyzer, status, severity, message from config_analysis where scraper_id = $1`,
        [row.id],
      );
    expect(await findings()).toEqual([
      { analyzer: 'crash-loop', status: 'open', severity: 'high', message: 'restarting' },
    ]);
    set({ items: [{ ...pod, analysis: [{ ...finding, message: 'restarting (5 times)' }] }] });
    await scrape(row);
    expect(await findings()).toEqual([
      { analyzer: 'crash-loop', status: 'open', severity: 'high', message: 'restarting (5 times)' },
    ]);
    set({ items: [pod] });
    await scrape(row);
    expect(await findings()).toEqual([
      { analyzer: 'crash-loop', status: 'resolved', severity: 'high', message: 'restarting (5 times)' },
    ]);
    set({ items: [{ ...pod, analysis: [finding] }] });
    await scrape(row);
    expect((await findings())[0]!.status).toBe('open');
  });

  it('counts a change seen again by its external id, keeping when it was first observed', async () => {
    const first = new Date('2026-03-01T10:00:00Z');
    const event = (at: string) => ({
      changeType: 'BackOff',
      externalChangeId: 'event-uid',
      summary: 'Back-off restarting failed container',
      createdAt: new Date(at),
      firstObserved: first,
      config: { externalId: 'pod-uid' },
    });
    const { row, set } = await scraperOf({
      items: [pod],
      changes: [event('2026-03-01T10:00:00Z'), event('2026-03-01T10:05:00Z')],
    });
    await scrape(row);
    const podId = await idOf(row, 'Kubernetes::Pod');
    expect(await changesOf(podId)).toEqual([
      expect.objectContaining({ change_type: 'BackOff', count: 2, first_observed: first }),
    ]);
    // The same sighting again: nothing new.
    set({ items: [pod], changes: [event('2026-03-01T10:05:00Z')] });
    expect(await scrape(row)).toMatchObject({ changes: 0 });
    set({
      items: [pod],
      changes: [event('2026-03-01T10:09:00Z'), { changeType: 'Killing', config: { externalId: 'nobody' } }],
    });
    expect(await scrape(row)).toMatchObject({ changes: 1 });
    expect(await changesOf(podId)).toEqual([expect.objectContaining({ count: 3, first_observed: first })]);
  });

  it('applies retention: changes by type, age and count, items by age, stale items', async () => {
    const { row } = await scraperOf({ items: [deploy, pod] });
    await scrape(row);
    const [deployId, podId] = [await idOf(row, 'Kubernetes::Deployment'), await idOf(row, 'Kubernetes::Pod')];
    const day = 86_400_000;
    for (let i = 0; i < 5; i++)
      await db.query(
        `insert into config_changes (config_id, change_type, created_at) values ($1, 'Pulled', $2)`,
        [podId, new Date(Date.now() - i * 60_000).toISOString()],
      );
    await db.query(
      `insert into config_changes (config_id, change_type, created_at) values ($1, 'Scaled', $2)`,
      [deployId, new Date(Date.now() - 10 * day).toISOString()],
    );
    await db.query(
      `insert into config_changes (config_id, change_type, created_at) values ($1, 'Scaled', now())`,
      [deployId],
    );
    await db.query(`update config_scrapers set spec = spec || $2::jsonb where id = $1`, [
      row.id,
      JSON.stringify({
        retention: {
          changes: [
            { name: 'Pulled', count: 2 },
            { name: 'Scaled', age: '7d' },
          ],
        },
      }),
    ]);
    const withRetention = (
      await rows<ScraperRow>(
        `select id, name, namespace, agent_id, schedule, spec from config_scrapers where id = $1`,
        [row.id],
      )
    )[0]!;
    await scrape(withRetention);
    const left = await rows<{ change_type: string; n: number }>(
      `select change_type, count(*)::int as n from config_changes where config_id = any($1::uuid[]) group by change_type order by change_type`,
      [[deployId, podId]],
    );
    expect(left).toEqual([
      { change_type: 'Pulled', n: 2 },
      { change_type: 'Scaled', n: 1 },
    ]);

    // Stale: an item not scraped for longer than staleItemAge (the other types keep theirs).
    await db.query(`update configs set last_scraped_time = now() - interval '3 hours' where id = $1`, [
      podId,
    ]);
    const stale = { ...withRetention, spec: { ...withRetention.spec, retention: { staleItemAge: '2h' } } };
    sources.set(String((withRetention.spec!.file as { source: string }[])[0]!.source), {
      items: [deploy],
      completeTypes: [],
    });
    const staleRun = await scrape(stale);
    expect(staleRun.deleted).toBe(1);
    expect((await configsOf(row)).find((c) => c.id === podId)).toMatchObject({ delete_reason: 'STALE' });

    // deletedAge removes deleted items for good.
    await db.query(`update configs set deleted_at = now() - interval '2 days' where id = $1`, [podId]);
    const purge = {
      ...withRetention,
      spec: { ...withRetention.spec, retention: { types: [{ name: 'Kubernetes::Pod', deletedAge: '1d' }] } },
    };
    await scrape(purge);
    expect((await configsOf(row)).map((c) => c.id)).toEqual([deployId]);
  });

  it('keeps the resolved secrets out of what it writes', async () => {
    const { row } = await scraperOf(
      {
        items: [{ ...deploy, description: 'token s3cr3t-value', config: { env: { TOKEN: 's3cr3t-value' } } }],
        errors: [],
      },
      { secret: 's3cr3t-value' },
    );
    await scrape(row);
    const [stored] = await rows<{ config: unknown; description: string }>(
      `select config, description from configs where scraper_id = $1`,
      [row.id],
    );
    expect(JSON.stringify(stored)).not.toContain('s3cr3t-value');
    expect(stored!.config).toEqual({ env: { TOKEN: '***' } });
  });

  it('writes a 10,000-item scrape in transactions of at most 500 items', async () => {
    const items: ScrapedItem[] = Array.from({ length: 10_000 }, (_, i) => ({
      id: `bulk-${i}`,
      type: 'Bulk::Item',
      name: `item-${i}`,
      config: { index: i, payload: 'x'.repeat(50) },
    }));
    const { row, set } = await scraperOf({ items });
    const transactions: number[] = [];
    // The engine's database, with every transaction counted and the items each one writes.
    const counted: Db = Object.assign(Object.create(db) as Db, {
      transaction: <T>(fn: (tx: Transaction) => Promise<T>) =>
        db.transaction((tx) => {
          const index = transactions.push(0) - 1;
          const watched: Transaction = Object.assign(Object.create(tx) as Transaction, {
            query: (text: string, params?: readonly unknown[]) => {
              if (/^\s*insert into configs/.test(text))
                transactions[index]! += (JSON.parse(String(params![2])) as unknown[]).length;
              return tx.query(text, params);
            },
          });
          return fn(watched);
        }),
    });
    const summary = await scrape(row, { db: counted });
    expect(summary).toMatchObject({ added: 10_000, errors: [] });
    const writing = transactions.filter((n) => n > 0);
    expect(writing).toHaveLength(20);
    expect(Math.max(...writing)).toBe(500);
    expect(
      await one(`select count(*)::int from configs where scraper_id = $1 and deleted_at is null`, [row.id]),
    ).toBe(10_000);

    // A second scrape with one item changed and one gone: one update, one delete, the rest untouched.
    const next = items
      .slice(1)
      .map((item, i) => (i === 0 ? { ...item, config: { index: 1, payload: 'changed' } } : item));
    set({ items: next });
    expect(await scrape(row)).toMatchObject({ added: 0, updated: 1, deleted: 1, unchanged: 9_998 });
  });
});

/** The scrapers in the running service: the schedule, Run now, job history and watches. */
describe.each(availableBackends())('scrapers in the service on %s', (backend) => {
  let server: TestServer;
  const watching = new Map<string, (update: ScrapeOutput) => Promise<void>>();
  const stopped: string[] = [];
  const watchKind: ScraperKind = {
    kind: 'http',
    scrape: async () => ({ items: [] }),
    async watch(entry, ctx, emit) {
      const key = String(entry.source);
      watching.set(key, emit);
      await new Promise<void>((resolve) =>
        ctx.signal.addEventListener('abort', () => resolve(), { once: true }),
      );
      watching.delete(key);
      stopped.push(key);
    },
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'empty', scraperKinds: [fakeKind, watchKind] });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const sql = async <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await server.db.query<R>(text, params)).rows;
  async function createScraper(spec: Record<string, unknown>, agentId = LOCAL_AGENT): Promise<string> {
    const [row] = await sql<{ id: string }>(
      `insert into config_scrapers (name, spec, agent_id) values ($1, $2, $3) returning id`,
      [`service-${Math.random().toString(36).slice(2)}`, JSON.stringify(spec), agentId],
    );
    return row!.id;
  }
  const jobsOf = (id: string) =>
    sql<{
      name: string;
      status: string;
      success_count: number;
      details: { scrape_summary: Record<string, unknown> };
    }>(
      `select name, status, success_count, details from job_histories
        where resource_type = 'config_scraper' and resource_id = $1 order by time_start`,
      [id],
    );
  const runNow = (id: string, as: 'admin' | 'viewer' = 'admin') =>
    server.fetch(`api/config/run/${id}`, { method: 'POST' }, as);

  it('scrapes a new or edited scraper at once and records each run as a Scraper job with its scrape summary', async () => {
    sources.set('scheduled', { items: [pod, deploy] });
    const id = await createScraper({ schedule: '@every 1h', file: [{ source: 'scheduled' }] });
    const [job] = await eventually(async () => {
      const jobs = await jobsOf(id);
      expect(jobs).toHaveLength(1);
      return jobs;
    });
    expect(job).toMatchObject({
      name: 'Scraper',
      status: 'SUCCESS',
      success_count: 2,
      details: {
        scrape_summary: {
          'Kubernetes::Pod': { added: 1, updated: 0, unchanged: 0, deleted: 0 },
          'Kubernetes::Deployment': { added: 1, updated: 0, unchanged: 0, deleted: 0 },
        },
      },
    });
    expect(await sql(`select name from configs where scraper_id = $1 order by name`, [id])).toEqual([
      { name: 'web' },
      { name: 'web-1' },
    ]);

    // Edited: scraped again at once, not an hour later.
    sources.set('scheduled-edited', { items: [deploy] });
    await sql(`update config_scrapers set spec = $2 where id = $1`, [
      id,
      JSON.stringify({ schedule: '@every 1h', file: [{ source: 'scheduled-edited' }] }),
    ]);
    await eventually(async () => expect(await jobsOf(id)).toHaveLength(2));
    expect(
      await sql(`select name, delete_reason from configs where scraper_id = $1 order by name`, [id]),
    ).toEqual([
      { name: 'web', delete_reason: null },
      { name: 'web-1', delete_reason: 'MISSING_SCRAPE' },
    ]);
  });

  it('runs a scraper now for whoever may write scrapers, and answers with what the scrape did', async () => {
    sources.set('run-now', { items: [deploy] });
    const id = await createScraper({ schedule: '@never', file: [{ source: 'run-now' }] });
    const refused = await runNow(id, 'viewer');
    expect(refused.status).toBe(403);
    expect(await jobsOf(id)).toEqual([]);

    const response = await runNow(id);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'SUCCESS',
      added: 1,
      updated: 0,
      unchanged: 0,
      deleted: 0,
      errors: [],
      scrape_summary: { 'Kubernetes::Deployment': { added: 1 } },
    });
    sources.set('run-now', new Error('the source is down'));
    const failed = await runNow(id);
    expect(await failed.json()).toMatchObject({ status: 'FAILED', errors: ['file[0]: the source is down'] });
    expect((await jobsOf(id)).map((j) => j.status)).toEqual(['SUCCESS', 'FAILED']);
  });

  it("refuses to run another agent's scraper, an unknown one and a malformed id", async () => {
    const [agent] = await sql<{ id: string }>(`insert into agents (name) values ('edge-eu') returning id`);
    const remote = await createScraper({ file: [{ source: 'x' }] }, agent!.id);
    const response = await runNow(remote);
    expect(response.status).toBe(422);
    expect((await response.json()).message).toMatch(/belongs to the agent edge-eu/);
    expect((await runNow('00000000-0000-0000-0000-00000000abcd')).status).toBe(404);
    expect((await runNow('not-an-id')).status).toBe(400);
  });

  it('follows the watch of a scraper while it exists, writing its updates, and deletes its items with it', async () => {
    const id = await createScraper({ schedule: '@never', http: [{ source: `watched-${backend}` }] });
    const emit = await eventually(async () => {
      expect(watching.has(`watched-${backend}`)).toBe(true);
      return watching.get(`watched-${backend}`)!;
    });
    await emit({ items: [{ ...pod, id: 'watched-pod', name: `watched-${backend}` }] });
    expect(await sql(`select name, deleted_at from configs where scraper_id = $1`, [id])).toEqual([
      { name: `watched-${backend}`, deleted_at: null },
    ]);
    await sql(`update config_scrapers set deleted_at = now() where id = $1`, [id]);
    await eventually(async () => expect(stopped).toContain(`watched-${backend}`));
    // The deleted scraper's items go with it.
    await eventually(async () =>
      expect(await sql(`select delete_reason from configs where scraper_id = $1`, [id])).toEqual([
        { delete_reason: 'SCRAPER_DELETED' },
      ]),
    );
  });
});
