/**
 * Log backends (spec 1 §3: name, labels, spec, source, id) through /api/db/logging_backends:
 * read by id, create and update with source UI (PostgREST answers the written row), soft delete.
 */
import { useSWRConfig } from 'swr';
import { createRow, deleteRow, getRow, rowKey, updateRow } from '../../spec-editor/index.js';

export const LOG_BACKENDS = 'logging_backends';

export interface LogBackendRow {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string> | null;
  spec: Record<string, unknown> | null;
  /** 'UI' for rows made here; anything else is managed elsewhere and read-only. */
  source: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
}

/** What the form writes. */
export interface LogBackendFields {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  spec: Record<string, unknown>;
}

export const logBackendKey = (id: string) => rowKey(LOG_BACKENDS, id);

export const getLogBackend = (id: string) => getRow<LogBackendRow>(LOG_BACKENDS, id);

export const createLogBackend = (fields: LogBackendFields, createdBy: string | null) =>
  createRow<LogBackendRow>(LOG_BACKENDS, { ...fields }, createdBy);

/** Name and namespace are fixed once saved: only labels and spec change. */
export const updateLogBackend = (id: string, { labels, spec }: LogBackendFields) =>
  updateRow<LogBackendRow>(LOG_BACKENDS, id, { labels, spec });

export const deleteLogBackend = (id: string) => deleteRow(LOG_BACKENDS, id);

/** Revalidates every list that shows log backends (the generic table and the integrations). */
export function useRefreshLogBackendLists(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () =>
    mutate(
      (key) =>
        typeof key === 'string' &&
        (key.startsWith(`${LOG_BACKENDS}_with_status`) || key.startsWith('integrations_with_status')),
    );
}
