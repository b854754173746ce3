/**
 * Writing a scrape's items to `configs`, one short transaction per batch: each item is looked up
 * by (scraper, type, external id); a new one is inserted, a changed one updated (with a `diff`
 * change when its body changed), an unchanged one left alone. "Unchanged" compares every stored
 * field and the body (JSON with sorted keys), so a re-scrape of the same source writes no row;
 * only last_scraped_time is refreshed, once it is older than `refreshScrapedAfterMs`, without
 * moving updated_at (migration 0026) or raising an event.
 */
import type { Db, Transaction } from '../../db/db.js';
import { canonical, mergePatch, stableJson, unifiedDiff } from './diff.js';
import { count, type ScrapeSummary } from './summary.js';
import type { TransformedItem } from './transform.js';

/** Why the engine set deleted_at (config-db's reasons). */
export const DELETED_FROM_ATTRIBUTE = 'FROM_ATTRIBUTE';
export const DELETED_MISSING = 'MISSING_SCRAPE';
export const DELETED_FROM_CHANGE = 'FROM_CHANGE';
export const DELETED_STALE = 'STALE';
export const DELETED_RETENTION = 'RETENTION';
export const DELETED_SCRAPER = 'SCRAPER_DELETED';

/** The change types the engine writes itself. */
export const DIFF_CHANGE = 'diff';
export const DELETED_CHANGE = 'deleted';

/** A stored item after the write, for links, changes and findings. */
export interface WrittenItem {
  id: string;
  item: TransformedItem;
  externalIds: string[];
  parentId: string | null;
  path: string | null;
  deleted: boolean;
}

interface StoredRow {
  id: string;
  type: string;
  eid: string;
  external_id: string[];
  name: string;
  config_class: string | null;
  namespace: string | null;
  description: string | null;
  status: string | null;
  health: string | null;
  ready: boolean;
  labels: Record<string, string>;
  tags: Record<string, string>;
  properties: unknown;
  config: unknown;
  format: string | null;
  source: string | null;
  parent_id: string | null;
  path: string | null;
  last_scraped_time: Date | null;
  deleted_at: Date | null;
}

/** The columns an item sets, as the store holds them. */
interface ItemColumns {
  external_id: string[];
  type: string;
  name: string;
  config_class: string | null;
  namespace: string | null;
  description: string | null;
  status: string | null;
  health: string | null;
  ready: boolean;
  labels: Record<string, string>;
  tags: Record<string, string>;
  properties: unknown;
  config: unknown;
  format: string | null;
  source: string | null;
  deleted_at: string | null;
  delete_reason: string | null;
}

const HEALTH = new Set(['healthy', 'unhealthy', 'warning', 'unknown']);

function stringMap(value: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value ?? {})) if (v !== undefined && v !== null) out[k] = String(v);
  return out;
}

export function columnsOf(item: TransformedItem): ItemColumns {
  return {
    external_id: [...new Set([item.id, ...(item.aliases ?? [])].filter(Boolean))],
    type: item.type,
    name: item.name || item.id,
    config_class: item.configClass ?? null,
    namespace: item.namespace ?? null,
    description: item.description ?? null,
    status: item.status ?? null,
    health: item.health && HEALTH.has(item.health) ? item.health : null,
    ready: item.ready ?? true,
    labels: stringMap(item.labels),
    tags: stringMap(item.tags),
    properties: item.properties ? canonical(item.properties) : null,
    config: canonical(item.config ?? null),
    format: item.format ?? null,
    source: item.source ?? null,
    deleted_at: item.deletedAt ? item.deletedAt.toISOString() : null,
    delete_reason: item.deletedAt ? DELETED_FROM_ATTRIBUTE : null,
  };
}

/** Everything but the body, the way both sides are compared. */
const fieldsText = (c: Omit<ItemColumns, 'deleted_at' | 'delete_reason'> | StoredRow) =>
  stableJson([
    c.external_id,
    c.name,
    c.config_class,
    c.namespace,
    c.description,
    c.status,
    c.health,
    c.ready,
    c.labels,
    c.tags,
    c.properties,
    c.format,
    c.source,
  ]);

/** Dotted paths of what a merge patch touches, for a diff change's summary. */
export function patchSummary(patch: unknown, limit = 5): string {
  const paths: string[] = [];
  const walk = (value: unknown, prefix: string, depth: number) => {
    if (paths.length > limit) return;
    if (
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      depth < 3 &&
      Object.keys(value).length
    ) {
      for (const [key, child] of Object.entries(value))
        walk(child, prefix ? `${prefix}.${key}` : key, depth + 1);
    } else paths.push(prefix || '.');
  };
  walk(patch, '', 0);
  return paths.length > limit ? `${paths.slice(0, limit).join(', ')}, ...` : paths.join(', ');
}

export interface ChangeRow {
  config_id: string;
  change_type: string;
  severity: string | null;
  source: string | null;
  summary: string | null;
  details: unknown;
  patches?: unknown;
  diff?: string | null;
  external_change_id?: string | null;
  external_created_by?: string | null;
  created_at?: string | null;
  first_observed?: string | null;
  count?: number;
}

/** Inserts change rows in one statement. */
export async function insertChanges(tx: Transaction | Db, rows: ChangeRow[]): Promise<number> {
  if (!rows.length) return 0;
  const result = await tx.query(
    `insert into config_changes (config_id, change_type, severity, source, summary, details, patches, diff,
       external_change_id, external_created_by, created_at, first_observed, count)
     select x.config_id, x.change_type, x.severity, x.source, x.summary, x.details, x.patches, x.diff,
            x.external_change_id, x.external_created_by, coalesce(x.created_at, now()),
            coalesce(x.first_observed, x.created_at, now()), coalesce(x.count, 1)
       from jsonb_to_recordset($1::jsonb) as x(config_id uuid, change_type text, severity text, source text,
            summary text, details jsonb, patches jsonb, diff text, external_change_id text,
            external_created_by text, created_at timestamptz, first_observed timestamptz, count integer)`,
    [JSON.stringify(rows)],
  );
  return result.rowCount;
}

export interface ConfigBatchOptions {
  scraperId: string;
  agentId: string;
  summary: ScrapeSummary;
  /** last_scraped_time of an unchanged item is refreshed once older than this. */
  refreshScrapedAfterMs: number;
}

const RECORDSET_COLUMNS = `external_id jsonb, type text, name text, config_class text, namespace text,
  description text, status text, health text, ready boolean, labels jsonb, tags jsonb, properties jsonb,
  config jsonb, format text, source text, deleted_at timestamptz, delete_reason text`;

/** Writes one batch of items in the transaction given; returns them with their stored ids. */
export async function writeConfigBatch(
  tx: Transaction,
  items: TransformedItem[],
  { scraperId, agentId, summary, refreshScrapedAfterMs }: ConfigBatchOptions,
): Promise<WrittenItem[]> {
  const { rows: stored } = await tx.query<StoredRow>(
    `select c.id, c.type, c.external_id[1] as eid, c.external_id, c.name, c.config_class, c.namespace,
            c.description, c.status, c.health, c.ready, c.labels, c.tags, c.properties, c.config, c.format,
            c.source, c.parent_id, c.path, c.last_scraped_time, c.deleted_at
       from configs c
       join unnest($2::text[], $3::text[]) as k(type, eid) on c.type = k.type and c.external_id[1] = k.eid
      where c.scraper_id = $1
      order by c.deleted_at is null desc, c.deleted_at desc, c.created_at desc
      for update of c`,
    [scraperId, items.map((i) => i.type), items.map((i) => i.id)],
  );
  const existing = new Map<string, StoredRow>();
  for (const row of stored) {
    const key = `${row.type}\u0000${row.eid}`;
    if (!existing.has(key)) existing.set(key, row);
  }

  const written: WrittenItem[] = [];
  const inserts: { item: TransformedItem; columns: ItemColumns; created_at: string | null }[] = [];
  const updates: (ItemColumns & { id: string })[] = [];
  const changes: ChangeRow[] = [];
  const refresh: string[] = [];
  const now = Date.now();

  for (const item of items) {
    const columns = columnsOf(item);
    const row = existing.get(`${item.type}\u0000${item.id}`);
    if (!row) {
      inserts.push({ item, columns, created_at: item.createdAt?.toISOString() ?? null });
      continue;
    }
    const entry: WrittenItem = {
      id: row.id,
      item,
      externalIds: columns.external_id,
      parentId: row.parent_id,
      path: row.path,
      deleted: !!columns.deleted_at,
    };
    written.push(entry);
    const wasLive = row.deleted_at === null;
    const bodyChanged = stableJson(row.config) !== stableJson(columns.config);
    const liveChanged = wasLive !== !columns.deleted_at;
    if (!bodyChanged && !liveChanged && fieldsText(row) === fieldsText(columns)) {
      if (!wasLive) {
        entry.deleted = true;
        continue;
      }
      count(summary, item.type, 'unchanged');
      if (!row.last_scraped_time || now - row.last_scraped_time.getTime() > refreshScrapedAfterMs)
        refresh.push(row.id);
      continue;
    }
    // A deleted item keeps its first deletion time while the source still says it is gone.
    if (columns.deleted_at && !wasLive) {
      columns.deleted_at = row.deleted_at!.toISOString();
    }
    updates.push({ ...columns, id: row.id });
    if (columns.deleted_at && wasLive) {
      count(summary, item.type, 'deleted');
      changes.push({
        config_id: row.id,
        change_type: DELETED_CHANGE,
        severity: 'info',
        source: null,
        summary: `${item.type} ${columns.name} was deleted`,
        details: null,
        created_at: columns.deleted_at,
      });
    } else count(summary, item.type, 'updated');
    if (bodyChanged && row.config !== null) {
      const patches = mergePatch(row.config, columns.config);
      changes.push({
        config_id: row.id,
        change_type: DIFF_CHANGE,
        severity: 'info',
        source: null,
        summary: patchSummary(patches),
        details: null,
        patches,
        diff: unifiedDiff(row.config, columns.config),
      });
    }
  }

  if (inserts.length) {
    const { rows } = await tx.query<{ id: string; type: string; eid: string }>(
      `insert into configs (scraper_id, agent_id, external_id, type, name, config_class, namespace, description,
         status, health, ready, labels, tags, properties, config, format, source, last_scraped_time, created_at,
         deleted_at, delete_reason)
       select $1, $2, array(select jsonb_array_elements_text(x.external_id)), x.type, x.name, x.config_class,
              x.namespace, x.description, x.status, x.health, x.ready, x.labels, x.tags, x.properties, x.config,
              x.format, x.source, now(), coalesce(x.created_at, now()), x.deleted_at, x.delete_reason
         from jsonb_to_recordset($3::jsonb) as x(${RECORDSET_COLUMNS}, created_at timestamptz)
       returning id, type, external_id[1] as eid`,
      [scraperId, agentId, JSON.stringify(inserts.map((i) => ({ ...i.columns, created_at: i.created_at })))],
    );
    const ids = new Map(rows.map((r) => [`${r.type}\u0000${r.eid}`, r.id]));
    for (const { item, columns } of inserts) {
      const id = ids.get(`${item.type}\u0000${columns.external_id[0]}`)!;
      count(summary, item.type, 'added');
      written.push({
        id,
        item,
        externalIds: columns.external_id,
        parentId: null,
        path: null,
        deleted: !!columns.deleted_at,
      });
    }
  }
  if (updates.length)
    await tx.query(
      `update configs c set external_id = array(select jsonb_array_elements_text(x.external_id)), name = x.name,
              config_class = x.config_class, namespace = x.namespace, description = x.description,
              status = x.status, health = x.health, ready = x.ready, labels = x.labels, tags = x.tags,
              properties = x.properties, config = x.config, format = x.format, source = x.source,
              deleted_at = x.deleted_at, delete_reason = x.delete_reason, last_scraped_time = now()
         from jsonb_to_recordset($1::jsonb) as x(id uuid, ${RECORDSET_COLUMNS})
        where c.id = x.id`,
      [JSON.stringify(updates)],
    );
  if (refresh.length)
    await tx.query(`update configs set last_scraped_time = now() where id = any($1::uuid[])`, [refresh]);
  summary.changes += await insertChanges(tx, changes);
  return written;
}
