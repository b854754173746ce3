/**
 * The rows of the settings editors through /api/db (spec 3 §7, generic resources): read by id,
 * create and update with source UI, soft delete with deleted_at.
 */
import { db, dbError, type DbResult } from '../../api/index.js';
import { sortKeysDeep } from '../../components/CodeViewer/index.js';
import { UI_SOURCE } from './cluster/managed.js';

/** A row of a spec table (topologies, config_scrapers, playbooks); columns vary by table. */
export interface SpecRow {
  id: string;
  name: string;
  namespace: string;
  labels?: Record<string, string> | null;
  spec: Record<string, unknown> | null;
  /** 'UI' for rows made here; anything else (KubernetesCRD, ...) is managed elsewhere. */
  source: string | null;
  title?: string | null;
  icon?: string | null;
  schedule?: string | null;
  created_by: string | null;
  /** The agent it is linked to or assigned to (the local agent is the console itself). */
  agent_id?: string | null;
  agent?: { id: string; name: string } | null;
  created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
}

type Fields = Record<string, unknown>;

export const rowKey = (table: string, id: string) => `${table}?id=eq.${id}`;

/** The tables whose rows an agent may push or be assigned: read with their agent's name. */
const AGENT_TABLES = new Set(['canaries', 'topologies', 'config_scrapers']);

export const getRow = <T>(table: string, id: string) =>
  db
    .from(table)
    .select(AGENT_TABLES.has(table) ? '*,agent:agent_id(id,name)' : '*')
    .eq('id', id)
    .maybeSingle<T>();

/** The written row, or an ApiError that keeps the status (a 422 is an invalid spec). */
export async function written<T>(query: PromiseLike<DbResult<T>>): Promise<T> {
  const { data, error, status } = await query;
  if (error) throw dbError(error, status);
  return data as T;
}

export const createRow = <T>(table: string, fields: Fields, createdBy: string | null) =>
  written<T>(
    db
      .from(table)
      // Without a person the server names the acting one (an agent's assignment needs its creator).
      .insert({ ...fields, source: UI_SOURCE, ...(createdBy ? { created_by: createdBy } : {}) })
      .select()
      .single<T>(),
  );

/** Sends only what is given, with source UI. */
export const updateRow = <T>(table: string, id: string, changes: Fields) =>
  written<T>(
    db
      .from(table)
      .update({ ...changes, source: UI_SOURCE })
      .eq('id', id)
      .select()
      .single<T>(),
  );

/** Soft delete (spec 3 §7): the row stays, with deleted_at now. */
export const deleteRow = (table: string, id: string) =>
  written<unknown>(db.from(table).update({ deleted_at: new Date().toISOString() }).eq('id', id));

// jsonb keeps keys in its own order: compare values, not key order.
const sameJson = (a: unknown, b: unknown) =>
  JSON.stringify(sortKeysDeep(a ?? null)) === JSON.stringify(sortKeysDeep(b ?? null));

/** The fields among `keys` of `next` that differ from the row. */
export function changedValues<F extends Fields>(
  row: object,
  next: F,
  keys: readonly (keyof F)[],
): Partial<F> {
  const before = row as Partial<Record<keyof F, unknown>>;
  const changes: Partial<F> = {};
  for (const key of keys) {
    if (!sameJson(before[key], next[key])) changes[key] = next[key];
  }
  return changes;
}
