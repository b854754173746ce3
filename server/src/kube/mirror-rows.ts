/**
 * How a custom resource becomes a row of its table, and how the mirror writes those rows
 * (docs/kubernetes.md, "How rows map"). The resource's uid is the row id: a resource deleted and
 * created again (a new uid) is a new row.
 */
import type { Logger } from '../http/logging.js';
import type { Db } from '../platform/db/db.js';
import { canonical } from '../lib/canonical.js';
import { LOCAL_AGENT } from '../../../common/agents.js';
import { CRD_SOURCE, type KindInfo, type KindTable } from './kinds.js';
import type { KubeObject } from './types.js';
import { UUID } from '../lib/uuid.js';

/** The columns the mirror owns, per table; every other column keeps its default. */
export const MIRRORED_COLUMNS: Record<KindTable, readonly string[]> = {
  canaries: ['name', 'namespace', 'icon', 'labels', 'schedule', 'spec', 'source', 'agent_id', 'created_at'],
  topologies: ['name', 'namespace', 'icon', 'labels', 'schedule', 'spec', 'source', 'agent_id', 'created_at'],
  config_scrapers: [
    'name',
    'namespace',
    'description',
    'icon',
    'labels',
    'schedule',
    'spec',
    'source',
    'agent_id',
    'created_at',
  ],
  playbooks: [
    'name',
    'namespace',
    'title',
    'icon',
    'description',
    'category',
    'spec',
    'source',
    'created_at',
  ],
};

/** Which columns must be unique among live rows (the tables' partial unique indexes). */
export const NAME_KEY: Record<KindTable, readonly string[]> = {
  canaries: ['agent_id', 'namespace', 'name'],
  topologies: ['agent_id', 'namespace', 'name'],
  // No unique index; a UI scraper of the same name is superseded all the same (one definition).
  config_scrapers: ['agent_id', 'namespace', 'name'],
  playbooks: ['namespace', 'name'],
};

/** JSON columns: written as JSON text and compared by content. */
const JSON_COLUMNS = new Set(['labels', 'spec']);

export type MirroredRow = { id: string } & Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The row a resource becomes; undefined for an object that is not a namespaced resource with a uid. */
export function rowOf(table: KindTable, object: KubeObject): MirroredRow | undefined {
  const { uid, name, namespace, labels, creationTimestamp } = object.metadata;
  if (!uid || !name || !namespace) return undefined;
  const spec = object.spec ?? {};
  const common = {
    id: uid,
    name,
    namespace,
    spec,
    source: CRD_SOURCE,
    icon: text(spec.icon),
    created_at: creationTimestamp ? new Date(creationTimestamp).toISOString() : new Date().toISOString(),
  };
  switch (table) {
    case 'canaries':
    case 'topologies':
      return { ...common, labels: labels ?? {}, schedule: text(spec.schedule), agent_id: LOCAL_AGENT };
    case 'config_scrapers':
      return {
        ...common,
        labels: labels ?? {},
        schedule: text(spec.schedule),
        description: text(spec.description),
        agent_id: LOCAL_AGENT,
      };
    case 'playbooks':
      return {
        ...common,
        // As the platform does: a playbook without a title is shown by its name.
        title: text(spec.title) ?? name,
        description: text(spec.description),
        category: text(spec.category),
      };
  }
}

function sameValue(column: string, stored: unknown, wanted: unknown): boolean {
  if (JSON_COLUMNS.has(column)) return canonical(stored ?? {}) === canonical(wanted ?? {});
  if (column === 'created_at')
    return stored instanceof Date || typeof stored === 'string'
      ? new Date(stored).getTime() === new Date(wanted as string).getTime()
      : false;
  return (stored ?? null) === (wanted ?? null);
}

/**
 * Whether the stored row already says what the resource says (live, same columns): then nothing
 * is written, e.g. for the MODIFIED event the console's own status write causes.
 */
export function isUpToDate(
  table: KindTable,
  stored: (Record<string, unknown> & { deleted_at?: unknown }) | undefined,
  wanted: MirroredRow,
): boolean {
  if (!stored || stored.deleted_at) return false;
  return MIRRORED_COLUMNS[table].every((column) => sameValue(column, stored[column], wanted[column]));
}

/** The value bound for a column: JSON columns as JSON text. */
export function boundValue(column: string, value: unknown): unknown {
  return JSON_COLUMNS.has(column) ? JSON.stringify(value ?? {}) : value;
}

/** metadata.deletionTimestamp is set: deleted, and kept only until its finalizers are done. */
export const isBeingDeleted = (object: KubeObject) => Boolean(object.metadata.deletionTimestamp);

/** Where one kind's rows are written; writes of a kind run one after another, in event order. */
export class TableWriter {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly columns: readonly string[];

  constructor(
    private readonly db: Db,
    private readonly info: KindInfo,
    private readonly log: Logger,
  ) {
    this.columns = MIRRORED_COLUMNS[info.table];
  }

  /** Runs writes in order; the returned promise settles with this one. */
  enqueue<T>(write: () => Promise<T>): Promise<T> {
    const result = this.queue.then(write);
    this.queue = result.catch(() => {});
    return result;
  }

  /**
   * Inserts or updates the rows of these resources, leaving the unchanged ones alone. A resource
   * being deleted (a finalizer holds it) counts as deleted: its row is soft-deleted, so its
   * checks stop, rather than running until the finalizer lets go.
   */
  async upsert(objects: KubeObject[]): Promise<void> {
    for (const object of objects.filter(isBeingDeleted)) await this.remove(object);
    const rows = objects
      .filter((object) => !isBeingDeleted(object))
      .map((object) => this.rowOrSkip(object))
      .filter((row) => row !== undefined);
    if (rows.length === 0) return;
    const { table } = this.info;
    const { rows: stored } = await this.db.query<Record<string, unknown> & { id: string }>(
      `select id, deleted_at, ${this.columns.join(', ')} from ${table} where id = any($1::uuid[])`,
      [rows.map((row) => row.id)],
    );
    const byId = new Map(stored.map((row) => [row.id, row]));
    for (const row of rows) if (!isUpToDate(table, byId.get(row.id), row)) await this.write(row);
  }

  /** The resource is gone from the cluster: its row is soft-deleted. */
  async remove(object: KubeObject): Promise<void> {
    const { rows } = await this.db.query(
      `update ${this.info.table} set deleted_at = now(), updated_at = now()
        where id = $1 and source = $2 and deleted_at is null returning id`,
      [object.metadata.uid, CRD_SOURCE],
    );
    if (rows.length)
      this.log.info(
        { resource: this.nameOf(object) },
        isBeingDeleted(object)
          ? 'being deleted in the cluster: row soft-deleted'
          : 'deleted in the cluster: row soft-deleted',
      );
  }

  /** After a list: rows mirrored from this scope whose resource is not listed any more are soft-deleted. */
  async removeUnlisted(namespace: string | undefined, listed: KubeObject[]): Promise<void> {
    const live = listed.filter((object) => !isBeingDeleted(object));
    const params: unknown[] = [CRD_SOURCE, live.map((object) => object.metadata.uid).filter(Boolean)];
    let scope = '';
    if (namespace) {
      params.push(namespace);
      scope += ` and namespace = $${params.length}`;
    }
    if (this.columns.includes('agent_id')) {
      params.push(LOCAL_AGENT);
      scope += ` and agent_id = $${params.length}`;
    }
    const { rows } = await this.db.query<{ namespace: string; name: string }>(
      `update ${this.info.table} set deleted_at = now(), updated_at = now()
        where source = $1 and deleted_at is null and not (id::text = any($2::text[]))${scope}
        returning namespace, name`,
      params,
    );
    for (const row of rows)
      this.log.info(
        { resource: `${this.info.kind} ${row.namespace}/${row.name}` },
        'no longer in the cluster: row soft-deleted',
      );
  }

  private rowOrSkip(object: KubeObject): MirroredRow | undefined {
    const row = rowOf(this.info.table, object);
    if (row && UUID.test(row.id)) return row;
    this.log.warn(
      { resource: this.nameOf(object), uid: object.metadata.uid },
      'resource without a usable uid: not mirrored',
    );
    return undefined;
  }

  /** One transaction: a live row of the same name made elsewhere (e.g. in the UI) is superseded. */
  private async write(row: MirroredRow): Promise<void> {
    const { table } = this.info;
    const key = NAME_KEY[table];
    await this.db.transaction(async (tx) => {
      const keyParams = key.map((column) => row[column]);
      const { rows: superseded } = await tx.query<{ id: string; source: string }>(
        `update ${table} set deleted_at = now(), updated_at = now()
          where deleted_at is null and id <> $1 and ${key.map((column, i) => `${column} = $${i + 2}`).join(' and ')}
          returning id, source`,
        [row.id, ...keyParams],
      );
      for (const old of superseded)
        this.log.info(
          {
            resource: `${this.info.kind} ${String(row.namespace)}/${String(row.name)}`,
            supersededId: old.id,
            source: old.source,
          },
          'the cluster resource supersedes a row of the same name: that row is soft-deleted',
        );
      const values = this.columns.map((column) => boundValue(column, row[column]));
      const placeholders = this.columns.map((_, i) => `$${i + 2}`);
      await tx.query(
        `insert into ${table} (id, ${this.columns.join(', ')}) values ($1, ${placeholders.join(', ')})
         on conflict (id) do update set ${this.columns.map((column) => `${column} = excluded.${column}`).join(', ')},
           deleted_at = null, updated_at = now()`,
        [row.id, ...values],
      );
    });
    this.log.debug(
      { resource: `${this.info.kind} ${String(row.namespace)}/${String(row.name)}` },
      'mirrored',
    );
  }

  private nameOf(object: KubeObject): string {
    return `${this.info.kind} ${object.metadata.namespace ?? ''}/${object.metadata.name}`;
  }
}
