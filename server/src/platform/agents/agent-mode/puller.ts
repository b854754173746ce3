/**
 * What the hub assigns to this agent: its canaries and scrape configs, fetched every pull
 * interval since a watermark kept in the database and written into the local tables as the
 * local agent's, so this console's own check runner and scrapers run them. The hub's ids are
 * kept (the checks and configs they give are pushed back under them); a row deleted in the hub
 * is soft-deleted here. Rows taken from the hub are not pushed back to it. The hub answers the
 * agent's own pushed canaries too: identical to the local rows, they write nothing.
 *
 * And the playbooks whose runsOn names this agent, the whole set each pull: written as this
 * console's playbooks with the source `Upstream` (read-only here, as any playbook managed
 * elsewhere), so its people and its own events run them here; one the hub no longer answers
 * (deleted, or assigned elsewhere) is soft-deleted. Playbooks are never pushed back; the runs
 * made here of them are (the outbox, tables.ts).
 */
import type { Logger } from '../../../http/logging.js';
import type { Db } from '../../db/db.js';
import type { HubClient, PullResource } from './client.js';
import { LOCAL_AGENT, PULLED_PLAYBOOK_SOURCE } from './tables.js';

export { PULLED_PLAYBOOK_SOURCE };

/** What is pulled, into which table. */
export const PULLED: { resource: PullResource; table: 'canaries' | 'config_scrapers' }[] = [
  { resource: 'canary', table: 'canaries' },
  { resource: 'scrapeconfig', table: 'config_scrapers' },
];

/**
 * The watermark is moved back this much for the next pull: a row the hub committed late with an
 * earlier updated_at is still taken. Rows taken twice change nothing.
 */
const OVERLAP_MS = 2000;

const EPOCH = '1970-01-01T00:00:00.000Z';

/** Columns the hub's row does not decide here: the agent is this console's own, the creator the hub's. */
const LOCAL_COLUMNS = new Set(['agent_id', 'created_by', 'updated_at']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PullOutcome {
  /** Rows written (new or changed). */
  applied: number;
  /** Rows that could not be written (logged). */
  failed: number;
  /** Playbooks the hub no longer assigns, soft-deleted here. */
  removed?: number;
}

/** Columns of a pulled playbook this console decides: its creator, its time of change, its source. */
const LOCAL_PLAYBOOK_COLUMNS = new Set(['created_by', 'updated_at', 'source']);

export class AssignmentPuller {
  private readonly columns = new Map<string, Set<string>>();

  constructor(
    private readonly db: Db,
    private readonly client: HubClient,
    /** Names the hub and agent the watermarks belong to. */
    private readonly hubKey: string,
    private readonly log: Logger,
  ) {}

  /** One pull of each resource; throws the first HubError (the state is the caller's). */
  async pullAll(signal?: AbortSignal): Promise<Record<string, PullOutcome>> {
    const outcomes: Record<string, PullOutcome> = {};
    for (const { resource, table } of PULLED) {
      const since = await this.watermark(table);
      const rows = await this.client.pull(resource, since, signal);
      outcomes[table] = await this.apply(table, rows);
      const newest = rows
        .map((row) => Date.parse(String(row.updated_at)))
        .filter((time) => Number.isFinite(time))
        .reduce((max, time) => Math.max(max, time), Number.NEGATIVE_INFINITY);
      if (Number.isFinite(newest))
        await this.setWatermark(table, new Date(newest - OVERLAP_MS).toISOString());
    }
    outcomes.playbooks = await this.applyPlaybooks(await this.client.pullPlaybooks(signal));
    return outcomes;
  }

  /**
   * Makes this console's playbooks from the hub what the hub answered: each written by its id
   * (an identical one writes nothing), and the hub's earlier ones that are not among them
   * soft-deleted. A playbook that cannot be written (one of the same name and namespace made
   * here) is logged and skipped.
   */
  async applyPlaybooks(rows: Record<string, unknown>[]): Promise<PullOutcome> {
    const known = await this.columnsOf('playbooks');
    const outcome: PullOutcome = { applied: 0, failed: 0, removed: 0 };
    const ids: string[] = [];
    for (const row of rows) {
      if (typeof row.id !== 'string' || !UUID.test(row.id)) {
        outcome.failed += 1;
        this.log.warn({ table: 'playbooks' }, 'the hub sent a row without an id: skipped');
        continue;
      }
      ids.push(row.id);
      const columns = Object.keys(row).filter(
        (column) => known.has(column) && !LOCAL_PLAYBOOK_COLUMNS.has(column),
      );
      const changed = columns.filter((column) => column !== 'id');
      const list = columns.join(', ');
      const differs = changed.length
        ? `and (${changed.map((c) => `playbooks.${c}`).join(', ')}) is distinct from (${changed.map((c) => `excluded.${c}`).join(', ')})`
        : '';
      try {
        const { rows: written } = await this.db.query(
          `insert into playbooks (${list}, source)
           select ${list}, $2 from jsonb_populate_record(null::playbooks, $1::jsonb) r
           on conflict (id) do update set ${[...changed, 'source'].map((c) => `${c} = excluded.${c}`).join(', ')}
            where playbooks.source = $2 ${differs}
           returning id`,
          [JSON.stringify(row), PULLED_PLAYBOOK_SOURCE],
        );
        if (written.length > 0) outcome.applied += 1;
      } catch (error) {
        outcome.failed += 1;
        this.log.warn(
          { table: 'playbooks', id: row.id, name: row.name, err: error },
          'the hub assigned a playbook this console could not take',
        );
      }
    }
    const { rows: removed } = await this.db.query<{ id: string; name: string; namespace: string }>(
      `update playbooks set deleted_at = now()
        where source = $1 and deleted_at is null and not (id = any($2::uuid[]))
        returning id, name, namespace`,
      [PULLED_PLAYBOOK_SOURCE, ids],
    );
    for (const playbook of removed)
      this.log.info(
        { playbook: `${playbook.namespace}/${playbook.name}`, id: playbook.id },
        'the hub no longer assigns this playbook to this agent: removed',
      );
    outcome.removed = removed.length;
    return outcome;
  }

  /** Writes the hub's rows into the local table as the local agent's. */
  async apply(table: 'canaries' | 'config_scrapers', rows: Record<string, unknown>[]): Promise<PullOutcome> {
    const known = await this.columnsOf(table);
    const outcome: PullOutcome = { applied: 0, failed: 0 };
    for (const row of rows) {
      if (typeof row.id !== 'string' || !UUID.test(row.id)) {
        outcome.failed += 1;
        this.log.warn({ table }, 'the hub sent a row without an id: skipped');
        continue;
      }
      const columns = Object.keys(row).filter((column) => known.has(column) && !LOCAL_COLUMNS.has(column));
      try {
        if (await this.upsert(table, columns, row)) outcome.applied += 1;
      } catch (error) {
        outcome.failed += 1;
        this.log.warn(
          { table, id: row.id, name: row.name, err: error },
          `the hub assigned a ${table === 'canaries' ? 'canary' : 'scrape config'} this console could not take`,
        );
      }
    }
    return outcome;
  }

  /**
   * One row, in a transaction with the removal of the outbox entry its write makes (the row is
   * the hub's: it must not go back). A row deleted in the hub that is not here is not created;
   * a row changed here and not yet pushed is left as it is (the local change goes to the hub,
   * and comes back with the next pull). True when the row was written.
   */
  private async upsert(table: string, columns: string[], row: Record<string, unknown>): Promise<boolean> {
    const list = columns.join(', ');
    const changed = columns.filter((column) => column !== 'id');
    const set = changed.map((column) => `${column} = excluded.${column}`).join(', ');
    const distinct = changed.length
      ? `and (${changed.map((c) => `${table}.${c}`).join(', ')}) is distinct from (${changed.map((c) => `excluded.${c}`).join(', ')})`
      : 'and false';
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query(
        `insert into ${table} (${list}, agent_id)
         select ${list}, $2::uuid from jsonb_populate_record(null::${table}, $1::jsonb) r
          where (r.deleted_at is null or exists (select 1 from ${table} t where t.id = r.id))
            and not exists (select 1 from _agent_outbox o where o.table_name = $3 and o.pk = jsonb_build_object('id', r.id))
         on conflict (id) do update set ${set || 'id = excluded.id'}
          where ${table}.agent_id = $2::uuid ${distinct}
         returning id`,
        [JSON.stringify(row), LOCAL_AGENT, table],
      );
      if (rows.length === 0) return false;
      await tx.query(
        `delete from _agent_outbox where table_name = $1 and pk = jsonb_build_object('id', $2::uuid)`,
        [table, row.id],
      );
      return true;
    });
  }

  private async columnsOf(table: string): Promise<Set<string>> {
    let columns = this.columns.get(table);
    if (!columns) {
      const { rows } = await this.db.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1`,
        [table],
      );
      columns = new Set(rows.map((r) => r.column_name));
      this.columns.set(table, columns);
    }
    return columns;
  }

  private async watermark(table: string): Promise<string> {
    const { rows } = await this.db.query<{ since: Date }>(
      `select since from _agent_pull where hub = $1 and resource = $2`,
      [this.hubKey, table],
    );
    return rows[0]?.since.toISOString() ?? EPOCH;
  }

  private async setWatermark(table: string, since: string): Promise<void> {
    await this.db.query(
      `insert into _agent_pull (hub, resource, since) values ($1, $2, $3)
       on conflict (hub, resource) do update set since = greatest(_agent_pull.since, excluded.since)`,
      [this.hubKey, table, since],
    );
  }
}
