import { advanceChangeCounts } from '../../server/src/platform/catalog/change-counts.js';
import { catalogSummary, summaryQueryOf } from '../../server/src/platform/catalog/summary.js';
import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import { availableBackends, freshDatabase } from '../support/databases.js';
import { eventually } from '../support/eventually.js';

/**
 * The catalog summary's 30-day change counts, which the database keeps per item as changes are
 * written: they must answer what counting the changes would, whatever happens to the changes
 * and however long ago the ConfigChangeCounts task last moved the window on.
 */

const DAY = 86_400_000;
const WINDOW = 30 * DAY;
const ago = (ms: number) => new Date(Date.now() - ms);

describe.each(availableBackends())('the kept 30-day change counts on %s', (backend) => {
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

  /** A type of its own for each test, with `n` items. */
  async function itemsOfNewType(n: number): Promise<{ type: string; ids: string[] }> {
    const type = `Counts::T${++seq}`;
    const { rows } = await db.query<{ id: string }>(
      `insert into configs (name, type) select $1 || g, $1 from generate_series(1, $2::int) g returning id`,
      [type, n],
    );
    return { type, ids: rows.map((row) => row.id) };
  }

  async function addChanges(configId: string, ...agos: number[]): Promise<string[]> {
    const { rows } = await db.query<{ id: string }>(
      `insert into config_changes (config_id, change_type, created_at)
       select $1, 'diff', t from unnest($2::timestamptz[]) t returning id`,
      [configId, agos.map(ago)],
    );
    return rows.map((row) => row.id);
  }

  /** The summary's 30-day changes of a type (what the catalog list shows). */
  async function summaryChanges(type: string): Promise<number> {
    const rows = await catalogSummary(db, summaryQueryOf({ changes: { since: '30d' } }));
    return (rows.find((row) => row.type === type)?.changes as number | undefined) ?? 0;
  }

  /** What counting the type's changes of the last 30 days answers. */
  async function countedChanges(type: string): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from config_changes x join configs c on c.id = x.config_id
       where c.type = $1 and c.deleted_at is null and x.created_at > $2`,
      [type, ago(WINDOW)],
    );
    return rows[0]!.n;
  }

  it('follows changes written, removed, moved in time and moved to another item', async () => {
    const { type, ids } = await itemsOfNewType(2);
    const [a, b] = ids as [string, string];
    const [recent, tenDays, nearlyMonth] = await addChanges(a, 3600_000, 10 * DAY, 29 * DAY, 31 * DAY);
    expect(await summaryChanges(type)).toBe(3);

    await db.query(`delete from config_changes where id = $1`, [tenDays]);
    expect(await summaryChanges(type)).toBe(2);

    await db.query(`update config_changes set created_at = $2 where id = $1`, [recent, ago(40 * DAY)]);
    expect(await summaryChanges(type)).toBe(1);
    await db.query(`update config_changes set created_at = $2 where id = $1`, [recent, ago(DAY)]);
    expect(await summaryChanges(type)).toBe(2);

    await db.query(`update config_changes set config_id = $2 where id = $1`, [nearlyMonth, b]);
    await db.query(`update configs set deleted_at = now() where id = $1`, [b]);
    expect(await summaryChanges(type)).toBe(1);
    expect(await summaryChanges(type)).toBe(await countedChanges(type));

    await db.query(`delete from configs where id = $1`, [a]);
    expect(await summaryChanges(type)).toBe(0);
  });

  it('counts a statement of many changes over many items', async () => {
    const { type, ids } = await itemsOfNewType(50);
    await db.query(
      `insert into config_changes (config_id, change_type, created_at)
       select id, 'diff', now() - make_interval(days => g) from unnest($1::uuid[]) id
       cross join generate_series(0, 44) g`,
      [ids],
    );
    // Days 0 to 29 of each item's 45 are inside the window.
    expect(await summaryChanges(type)).toBe(50 * 30);
    expect(await countedChanges(type)).toBe(50 * 30);
  });

  it('leaves out a change as it ages past 30 days, before and after the task moves the window', async () => {
    const { type, ids } = await itemsOfNewType(1);
    await addChanges(ids[0]!, WINDOW - 2_000, DAY);
    expect(await summaryChanges(type)).toBe(2);
    // Nothing has moved the window: the summary itself takes out the change that aged.
    await eventually(async () => expect(await summaryChanges(type)).toBe(1));

    expect(await advanceChangeCounts(db)).toBeGreaterThanOrEqual(1);
    expect(await summaryChanges(type)).toBe(1);
    const { rows } = await db.query<{ changes_30d: number }>(
      `select changes_30d from _config_change_counts where config_id = $1`,
      [ids[0]],
    );
    expect(rows).toEqual([{ changes_30d: 1 }]);
  });

  it('never moves the window back', async () => {
    const before = await db.query<{ counted_from: Date }>(
      `select counted_from from _config_change_counts_window`,
    );
    const { rows } = await db.query<{ n: number }>(
      `select _config_change_counts_advance(now() - interval '60 days') as n`,
    );
    expect(rows[0]!.n).toBe(0);
    const after = await db.query<{ counted_from: Date }>(
      `select counted_from from _config_change_counts_window`,
    );
    expect(after.rows).toEqual(before.rows);
  });

  it('starts again from nothing when the changes are truncated', async () => {
    const { type, ids } = await itemsOfNewType(1);
    await addChanges(ids[0]!, DAY);
    expect(await summaryChanges(type)).toBe(1);
    await db.query('truncate config_changes cascade');
    expect(await summaryChanges(type)).toBe(0);
    await addChanges(ids[0]!, DAY, 2 * DAY);
    expect(await summaryChanges(type)).toBe(2);
  });
});
