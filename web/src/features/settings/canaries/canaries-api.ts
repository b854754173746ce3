import { apiJson, db, dbError, type DbResult } from '../../../api/index.js';
import { sortKeysDeep } from '../../../components/CodeViewer/index.js';
import type { SpecValidationResponse } from '../../../../../server/src/platform/health/types.js';

/** A canaries row: the definition of a set of health checks (spec 3 §3 Health check). */
export interface Canary {
  id: string;
  name: string;
  namespace: string;
  icon: string | null;
  labels: Record<string, string> | null;
  schedule: string | null;
  spec: Record<string, unknown> | null;
  /** 'UI' for rows made here; anything else (KubernetesCRD, ...) is managed elsewhere. */
  source: string | null;
  agent_id: string;
  created_by: string | null;
  created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
}

/** What the editor writes. */
export type CanaryFields = Pick<Canary, 'name' | 'namespace' | 'icon' | 'labels' | 'schedule' | 'spec'>;

/** Spec 3 §9: the generic editor's schedule list. */
export const SCHEDULES = [
  '@every 30s',
  '@every 1m',
  '@every 5m',
  '@every 30m',
  '@hourly',
  '@every 6h',
  '@daily',
  '@weekly',
] as const;
export const DEFAULT_SCHEDULE = '@every 5m';

export const UI_SOURCE = 'UI';

export const CANARY_MESSAGES = {
  created: (name: string) => `${name} created successfully`,
  updated: (name: string) => `${name} updated successfully`,
  deleted: (name: string) => `${name} deleted successfully`,
  savedInfo: 'Saved. Its checks will run within a few seconds.',
} as const;

/**
 * Who manages a row that was not made here, in the server's words (its 409 says the same):
 * 'Canary default/web-checks in the cluster' for a custom resource, else the source.
 */
export function managerOf(canary: Pick<Canary, 'source' | 'namespace' | 'name'>): string | undefined {
  const { source } = canary;
  if (!source || source === UI_SOURCE) return undefined;
  if (source === 'KubernetesCRD') return `Canary ${canary.namespace}/${canary.name} in the cluster`;
  return source;
}

export const readOnlyNote = (manager: string) =>
  `This health check is managed by ${manager} and is read-only here.`;

export const canaryKey = (id: string) => `canaries?id=eq.${id}`;

export const getCanary = (id: string) => db.from('canaries').select('*').eq('id', id).maybeSingle<Canary>();

/** The written row, or an ApiError that keeps the status (a 422 is an invalid spec). */
async function written<T>(query: PromiseLike<DbResult<T>>): Promise<T> {
  const { data, error, status } = await query;
  if (error) throw dbError(error, status);
  return data as T;
}

export const createCanary = (fields: CanaryFields, createdBy: string | null) =>
  written<Canary>(
    db
      .from('canaries')
      .insert({ ...fields, source: UI_SOURCE, created_by: createdBy })
      .select()
      .single<Canary>(),
  );

/** Sends only what changed, with source UI. */
export const updateCanary = (id: string, changes: Partial<CanaryFields>) =>
  written<Canary>(
    db
      .from('canaries')
      .update({ ...changes, source: UI_SOURCE })
      .eq('id', id)
      .select()
      .single<Canary>(),
  );

/** Soft delete (spec 3 §7): the row stays, with deleted_at now. */
export const deleteCanary = (id: string) =>
  written<unknown>(db.from('canaries').update({ deleted_at: new Date().toISOString() }).eq('id', id));

// jsonb keeps keys in its own order: compare values, not key order.
const sameJson = (a: unknown, b: unknown) =>
  JSON.stringify(sortKeysDeep(a ?? null)) === JSON.stringify(sortKeysDeep(b ?? null));

/** The fields of `next` that differ from the row. */
export function changedFields(row: Canary, next: CanaryFields): Partial<CanaryFields> {
  const changes: Partial<CanaryFields> = {};
  for (const key of ['icon', 'labels', 'schedule', 'spec'] as const) {
    if (!sameJson(row[key], next[key])) {
      Object.assign(changes, { [key]: next[key] });
    }
  }
  return changes;
}

/** Checks a canary spec written in YAML: problems at their lines (POST /api/canary/validate). */
export const validateSpec = (yaml: string, signal?: AbortSignal) =>
  apiJson<SpecValidationResponse>('api/canary/validate', { method: 'POST', json: { yaml }, signal });

export const SCHEMA_PATH = 'api/canary/schema';
