import pg from 'pg';
import { advanceChangeCounts, foldSummaryParts } from '../../server/src/platform/catalog/change-counts.js';
import {
  catalogSummary,
  itemsStatement,
  partsAnswer,
  partsStatement,
  summaryQueryOf,
} from '../../server/src/platform/catalog/summary.js';
import type { CatalogSummaryRow } from '../../server/src/platform/catalog/types.js';
import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import { availableBackends, freshDatabase } from '../support/databases.js';
import { eventually } from '../support/eventually.js';

/**
 * The catalog summary's kept parts (migration 0029): whatever is written to the items, their
 * changes and their insights, the summary read from the parts answers what reading every item
 * answers, and it does not read every item.
 */

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const WINDOWS = { changes: { since: '30d' }, analysis: { since: '30d' } };

/** The views the catalog list asks for that the parts answer. */
const BODIES: Record<string, unknown>[] = [
  { ...WINDOWS, cost: '30d' },
  { groupBy: ['config_class'], ...WINDOWS, cost: '1d' },
  { groupBy: ['type', 'status'], ...WINDOWS, cost: '7d' },
  { health: 'healthy,warning', ...WINDOWS, cost: '30d' },
  { status: '!Failed', groupBy: ['status'], changes: { since: '30d' } },
  {},
];

describe.each(availableBackends())('the catalog summary from its kept parts on %s', (backend) => {
  let db: Db;
  let drop: () => Promise<void>;
  let databaseUrl: string | undefined;

  beforeAll(async () => {
    const fresh = await freshDatabase(backend, 'empty');
    drop = fresh.drop;
    databaseUrl = fresh.databaseUrl;
    db = await openDatabase({ dataDir: fresh.dataDir, databaseUrl });
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  /** The summary's rows without the groups' latest times, which only the fold sets exactly. */
  const withoutTimes = (rows: CatalogSummaryRow[]) =>
    rows.map((row) => {
      const { created_at: _created, updated_at: _updated, ...rest } = row;
      return rest;
    });

  async function expectPartsToAnswerAsItems(options: { times?: boolean } = {}): Promise<void> {
    for (const body of BODIES) {
      const query = summaryQueryOf(body);
      expect(partsAnswer(query)).toBe(true);
      const fromParts = await catalogSummary(db, query, partsStatement);
      const fromItems = await catalogSummary(db, query, itemsStatement);
      if (options.times) expect({ body, rows: fromParts }).toEqual({ body, rows: fromItems });
      else expect({ body, rows: withoutTimes(fromParts) }).toEqual({ body, rows: withoutTimes(fromItems) });
    }
  }

  async function insertItems(type: string, n: number): Promise<string[]> {
    const { rows } = await db.query<{ id: string }>(
      `insert into configs (name, type, config_class, status, health, cost_total_1d, cost_total_7d, cost_total_30d)
       select $1 || g, $1, split_part($1, '::', 1),
              (array['Running','Pending','Failed'])[1 + g % 3],
              (array['healthy','unhealthy','warning', null])[1 + g % 4],
              case when g % 3 = 0 then g * 1.25 end, case when g % 3 = 0 then g * 8.5 end,
              case when g % 2 = 0 then g * 30.125 end
       from generate_series(1, $2::int) g returning id`,
      [type, n],
    );
    return rows.map((row) => row.id);
  }

  async function addChanges(ids: string[], ...agos: number[]): Promise<void> {
    await db.query(
      `insert into config_changes (config_id, change_type, created_at)
       select id, 'diff', t from unnest($1::uuid[]) id cross join unnest($2::timestamptz[]) t`,
      [ids, agos.map(ago)],
    );
  }

  async function addInsights(ids: string[], observedAgo: number): Promise<void> {
    await db.query(
      `insert into config_analysis (config_id, analyzer, analysis_type, severity, message, last_observed)
       select id, 'test', (array['security','cost','reliability'])[1 + (row_number() over ()) % 3], 'low', 'x', $2
       from unnest($1::uuid[]) id`,
      [ids, ago(observedAgo)],
    );
  }

  it('leaves out an insight as its last observation ages past 30 days, before and after the task', async () => {
    const [id] = await insertItems('Aging::Item', 1);
    await addInsights([id!], 30 * DAY - 2_000);
    await addInsights([id!], DAY);
    const insights = async () => {
      const rows = await catalogSummary(db, summaryQueryOf(WINDOWS), partsStatement);
      const analysis = rows.find((row) => row.type === 'Aging::Item')?.analysis ?? {};
      return Object.values(analysis).reduce((sum, n) => sum + n, 0);
    };
    expect(await insights()).toBe(2);
    await eventually(async () => expect(await insights()).toBe(1));
    await advanceChangeCounts(db);
    expect(await insights()).toBe(1);
    await expectPartsToAnswerAsItems();
  });

  it('answers as the items do through every kind of write, and after the fold exactly, times too', async () => {
    const pods = await insertItems('Kubernetes::Pod', 40);
    const nodes = await insertItems('Kubernetes::Node', 12);
    const buckets = await insertItems('AWS::S3::Bucket', 9);
    await addChanges(pods, DAY, 3 * DAY, 45 * DAY);
    await addChanges(nodes.slice(0, 5), 2 * DAY);
    await addInsights([...pods.slice(0, 7), ...buckets.slice(0, 2)], 0);
    await addInsights(pods.slice(5, 9), 40 * DAY);
    await expectPartsToAnswerAsItems();

    // Items changing health, status, type, cost; leaving and coming back; removed for good.
    await db.query(`update configs set health = 'unhealthy', status = 'Failed' where id = any($1::uuid[])`, [
      pods.slice(0, 10),
    ]);
    await db.query(`update configs set type = 'Kubernetes::Node' where id = $1`, [pods[11]]);
    await db.query(`update configs set cost_total_30d = null, cost_total_1d = 3 where id = any($1::uuid[])`, [
      buckets,
    ]);
    await db.query(`update configs set deleted_at = now() where id = any($1::uuid[])`, [pods.slice(20, 25)]);
    await db.query(`update configs set deleted_at = null where id = $1`, [pods[20]]);
    await db.query(`delete from configs where id = any($1::uuid[])`, [[pods[30], pods[21], nodes[0]]]);
    // A body update moves no item.
    await db.query(`update configs set config = '{"a":1}' where id = any($1::uuid[])`, [pods.slice(0, 3)]);
    await expectPartsToAnswerAsItems();

    // Changes removed, moved in time and to another item; the window moved on; all of them gone.
    await db.query(
      `delete from config_changes where id in (select id from config_changes where config_id = $1 limit 1)`,
      [pods[1]],
    );
    await db.query(`update config_changes set config_id = $2 where config_id = $1`, [pods[2], buckets[0]]);
    await db.query(`update config_changes set created_at = now() - interval '40 days' where config_id = $1`, [
      pods[3],
    ]);
    // Insights observed again, aged out of the window, of another type, moved, removed.
    await db.query(`update config_analysis set last_observed = now() where config_id = any($1::uuid[])`, [
      pods.slice(7, 9),
    ]);
    await db.query(
      `update config_analysis set last_observed = now() - interval '31 days' where config_id = $1`,
      [pods[0]],
    );
    await db.query(`update config_analysis set analysis_type = 'performance' where config_id = $1`, [
      pods[4],
    ]);
    await db.query(`update config_analysis set config_id = $2 where config_id = $1`, [pods[5], nodes[3]]);
    await db.query(`delete from config_analysis where config_id = $1`, [pods[6]]);
    await advanceChangeCounts(db);
    await expectPartsToAnswerAsItems();

    expect(await foldSummaryParts(db)).toBeGreaterThan(0);
    await expectPartsToAnswerAsItems({ times: true });
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from (select distinct type, config_class, status, health from _config_summary_parts) g`,
    );
    const parts = await db.query<{ n: number }>(`select count(*)::int as n from _config_summary_parts`);
    expect(parts.rows[0]!.n).toBe(rows[0]!.n);

    await db.query('truncate config_changes cascade');
    await expectPartsToAnswerAsItems();
    await db.query('truncate config_analysis cascade');
    await expectPartsToAnswerAsItems();
    await db.query('truncate configs cascade');
    expect(await catalogSummary(db, summaryQueryOf({}), partsStatement)).toEqual([]);
  });

  it('reads the parts, not every item', async () => {
    const ids = await insertItems('Bulk::Item', 2000);
    await addChanges(ids.slice(0, 3), DAY);
    await addInsights(ids.slice(0, 500), DAY);
    await foldSummaryParts(db);
    // The rows the statement's plan read from configs, as EXPLAIN ANALYZE counts them.
    const itemsRead = async (statement: typeof partsStatement) => {
      const { text, values } = statement(summaryQueryOf({ ...WINDOWS, cost: '30d' }));
      const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(
        `explain (analyze, format json) ${text}`,
        values,
      );
      const plan = rows[0]!['QUERY PLAN'];
      const read = (node: PlanNode): number =>
        (node['Relation Name'] === 'configs' ? node['Actual Rows'] * node['Actual Loops'] : 0) +
        (node.Plans ?? []).reduce((sum, child) => sum + read(child), 0);
      return read((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan);
    };
    expect(await itemsRead(itemsStatement)).toBeGreaterThanOrEqual(2000);
    expect(await itemsRead(partsStatement)).toBeLessThan(100);
  });

  if (backend === 'postgres') {
    it('keeps an item’s changes and insights in the right group when the item moves while one is written', async () => {
      const [id] = await insertItems('Race::Item', 1);
      await addChanges([id!], DAY, 2 * DAY);
      const mover = new pg.Client({ connectionString: databaseUrl });
      const writer = new pg.Client({ connectionString: databaseUrl });
      await Promise.all([mover.connect(), writer.connect()]);
      const waiting = async () => {
        const { rows } = await db.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return rows[0]!.n;
      };
      try {
        const writes = [
          `insert into config_changes (config_id, change_type) values ('${id}', 'diff')`,
          `insert into config_analysis (config_id, analyzer, analysis_type) values ('${id}', 'race', 'cost')`,
        ];
        const healths = ['warning', 'unhealthy', 'healthy', 'unknown'];
        for (const [round, [moverFirst, write]] of [true, false]
          .flatMap((first) => writes.map((w) => [first, w] as const))
          .entries()) {
          const move = `update configs set health = '${healths[round]}' where id = '${id}'`;
          const [first, second] = moverFirst ? [mover, writer] : [writer, mover];
          await first.query('begin');
          await first.query(moverFirst ? move : write);
          await second.query('begin');
          const blocked = second.query(moverFirst ? write : move);
          await eventually(async () => expect(await waiting()).toBe(1));
          await first.query('commit');
          await blocked;
          await second.query('commit');
          await expectPartsToAnswerAsItems();
        }
      } finally {
        await Promise.all([mover.end(), writer.end()]);
      }
    });
  }
});
