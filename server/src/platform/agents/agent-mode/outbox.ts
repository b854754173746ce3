/**
 * The agent's outbox (migration 0042_agent_outbox.sql): the oldest entries made into one push,
 * the current rows loaded for them, and the entries settled once the hub has taken them.
 *
 * A batch is the oldest entries of one kind (upserts, or deletions) in a row: order is kept, a
 * deletion never overtakes the upsert queued before it. An entry is removed only if it is still
 * the revision that was sent (`rev`): a row that changed meanwhile is sent again. A check's
 * results go a page at a time, `since` moving past each page the hub took.
 */
import type { Db, Queryable } from '../../db/db.js';
import type { PushData } from './client.js';
import { LOCAL_AGENT, PUSHED_TABLES, UNSENT_COLUMNS } from './tables.js';

export interface OutboxEntry {
  seq: number;
  table_name: string;
  pk: Record<string, string>;
  op: 'upsert' | 'delete';
  /** check_statuses: the earliest result time still to push, as the database writes it. */
  since: string | null;
  rev: number;
  attempts: number;
}

export interface BatchLimits {
  /** Most outbox entries in one push. */
  entries: number;
  /** Most results of one check in one push. */
  statusPage: number;
  /** Most bytes of rows in one push (the hub's BODY_LIMIT is 1 MB by default). */
  bytes: number;
}

export const DEFAULT_LIMITS: BatchLimits = { entries: 200, statusPage: 500, bytes: 512 * 1024 };

export interface Batch {
  op: 'upsert' | 'delete';
  data: PushData;
  /** Rows in `data`. */
  rows: number;
  /** The entries the batch stands for, settled together once the hub has taken it. */
  entries: OutboxEntry[];
  /** check_statuses entries with more results after this page: seq → the last result's time sent. */
  more: Map<number, string>;
}

/** The oldest entries, oldest first. */
export async function oldestEntries(db: Queryable, limit: number): Promise<OutboxEntry[]> {
  const { rows } = await db.query<OutboxEntry>(
    `select seq, table_name, pk, op, since::text as since, rev, attempts
       from _agent_outbox order by seq limit $1`,
    [limit],
  );
  return rows;
}

/** How many entries wait. */
export async function backlogOf(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from _agent_outbox`);
  return rows[0]!.n;
}

interface LoadedRow {
  seq: number;
  row: Record<string, unknown>;
  time?: string;
}

/** The current rows of the entries of one table, the local agent's only. */
async function loadRows(db: Queryable, table: string, entries: OutboxEntry[], limits: BatchLimits) {
  const spec = PUSHED_TABLES[table]!;
  const unsent = UNSENT_COLUMNS.map((column) => ` - '${column}'`).join('');
  if (table === 'check_statuses') {
    const keys = entries.map((e) => ({ seq: e.seq, check_id: e.pk.check_id, since: e.since ?? '-infinity' }));
    const { rows } = await db.query<LoadedRow>(
      `select k.seq, to_jsonb(s) as row, s.time::text as time
         from jsonb_to_recordset($1::jsonb) as k(seq bigint, check_id uuid, since timestamptz)
         join checks c on c.id = k.check_id and c.agent_id = $2
         cross join lateral (
           select * from check_statuses s where s.check_id = k.check_id and s.time >= k.since
           order by s.time limit $3) s
        order by k.seq, s.time`,
      [JSON.stringify(keys), LOCAL_AGENT, limits.statusPage],
    );
    return rows;
  }
  const columns = Object.entries(spec.pk);
  const keys = entries.map((e) => ({ seq: e.seq, ...e.pk }));
  const { rows } = await db.query<LoadedRow>(
    `select k.seq, to_jsonb(x)${unsent} as row
       from jsonb_to_recordset($1::jsonb) as k(seq bigint, ${columns.map(([c, t]) => `${c} ${t}`).join(', ')})
       join ${table} x on ${columns.map(([c]) => `x.${c} = k.${c}`).join(' and ')}
      where ${spec.owned}`,
    [JSON.stringify(keys), LOCAL_AGENT],
  );
  return rows;
}

/**
 * The next push: the oldest entries of the same kind, with their rows, within the limits.
 * Undefined when the outbox is empty. A batch may carry no rows (their rows are gone, or no
 * longer the agent's): settle it without a call.
 */
export async function nextBatch(
  db: Queryable,
  limits: BatchLimits = DEFAULT_LIMITS,
): Promise<Batch | undefined> {
  const oldest = await oldestEntries(db, limits.entries);
  if (oldest.length === 0) return undefined;
  const op = oldest[0]!.op;
  const firstOther = oldest.findIndex((entry) => entry.op !== op);
  const run = firstOther < 0 ? oldest : oldest.slice(0, firstOther);
  const batch: Batch = { op, data: {}, rows: 0, entries: [], more: new Map() };
  const add = (table: string, row: Record<string, unknown>) => {
    const key = PUSHED_TABLES[table]!.key;
    (batch.data[key] ??= []).push(row);
    batch.rows += 1;
  };

  if (op === 'delete') {
    for (const entry of run) {
      // An unknown table (a newer console's entry) is settled without a call.
      if (PUSHED_TABLES[entry.table_name]) add(entry.table_name, entry.pk);
      batch.entries.push(entry);
    }
    return batch;
  }

  const byTable = new Map<string, OutboxEntry[]>();
  for (const entry of run)
    if (PUSHED_TABLES[entry.table_name])
      byTable.set(entry.table_name, [...(byTable.get(entry.table_name) ?? []), entry]);
  const rowsBySeq = new Map<number, LoadedRow[]>();
  for (const [table, entries] of byTable)
    for (const loaded of await loadRows(db, table, entries, limits))
      rowsBySeq.set(loaded.seq, [...(rowsBySeq.get(loaded.seq) ?? []), loaded]);

  let bytes = 0;
  for (const entry of run) {
    const rows = rowsBySeq.get(entry.seq) ?? [];
    const size = rows.reduce((sum, loaded) => sum + JSON.stringify(loaded.row).length + 1, 0);
    // The first entry goes whatever its size: the hub's answer (413) then says it is too big.
    if (batch.entries.length > 0 && bytes + size > limits.bytes) break;
    bytes += size;
    for (const loaded of rows) add(entry.table_name, loaded.row);
    batch.entries.push(entry);
    if (entry.table_name === 'check_statuses' && rows.length >= limits.statusPage)
      batch.more.set(entry.seq, rows[rows.length - 1]!.time!);
  }
  return batch;
}

/**
 * After the hub took a batch: its entries removed, unless they changed meanwhile; a check with
 * more results keeps its entry, `since` past the page sent.
 */
export async function settle(db: Db, batch: Batch): Promise<void> {
  const done = batch.entries
    .filter((entry) => !batch.more.has(entry.seq))
    .map(({ seq, rev }) => ({ seq, rev }));
  const paged = [...batch.more].map(([seq, time]) => ({
    seq,
    rev: batch.entries.find((entry) => entry.seq === seq)!.rev,
    time,
  }));
  await db.transaction(async (tx) => {
    if (done.length)
      await tx.query(
        `delete from _agent_outbox o using jsonb_to_recordset($1::jsonb) as k(seq bigint, rev integer)
          where o.seq = k.seq and o.rev = k.rev`,
        [JSON.stringify(done)],
      );
    if (paged.length)
      await tx.query(
        `update _agent_outbox o set since = k.time::timestamptz + interval '1 microsecond'
           from jsonb_to_recordset($1::jsonb) as k(seq bigint, rev integer, time text)
          where o.seq = k.seq and o.rev = k.rev`,
        [JSON.stringify(paged)],
      );
  });
}

/**
 * The hub refused the one entry sent: it goes to the back of the queue (its parent may be
 * further on), or, refused `maxAttempts` times, is dropped. Answers whether it was dropped.
 */
export async function setAside(db: Queryable, entry: OutboxEntry, maxAttempts: number): Promise<boolean> {
  if (entry.attempts + 1 >= maxAttempts) {
    await db.query(`delete from _agent_outbox where seq = $1 and rev = $2`, [entry.seq, entry.rev]);
    return true;
  }
  await db.query(
    `update _agent_outbox set seq = nextval(pg_get_serial_sequence('_agent_outbox', 'seq')), attempts = attempts + 1
      where seq = $1`,
    [entry.seq],
  );
  return false;
}

/** Switches the outbox triggers on (agent mode) or off; on, it queues what the agent holds. */
export async function switchOutbox(db: Db, on: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Queuing a large database's rows may outlast the statement limit of requests.
    await tx.exec('set local statement_timeout = 0');
    const { rows } = await tx.query<{ changed: boolean }>(`select _agent_outbox_switch($1) as changed`, [on]);
    return rows[0]!.changed;
  });
}
