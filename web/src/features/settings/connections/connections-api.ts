import { ApiError, apiJson, db } from '../../../api/index.js';

/** A connections row as the API answers it: password and certificate are write-only (spec 3 §3). */
export interface Connection {
  id: string;
  name: string;
  namespace: string | null;
  type: string;
  url: string | null;
  username: string | null;
  insecure_tls: boolean | null;
  properties: Record<string, unknown> | null;
  /** 'UI' or null when made here; anything else (KubernetesCRD, Flux, ...) owns the row. */
  source: string | null;
  /** Whether a password / certificate is stored: the values themselves are never answered. */
  password_set?: boolean;
  certificate_set?: boolean;
  /** The keys of the secret properties stored (restic's secretKey, ...), never their values. */
  secret_properties_set?: string[];
  created_by: { id: string; name: string } | null;
  created_at: string;
  updated_at: string | null;
}

/** What a create or update sends. */
export interface ConnectionWrite {
  name: string;
  namespace: string;
  type: string;
  url?: string | null;
  username?: string | null;
  password?: string | null;
  certificate?: string | null;
  insecure_tls: boolean;
  properties: Record<string, string>;
  /** Write-only: only the keys typed; the stored others stay. */
  secret_properties?: Record<string, string>;
  source: 'UI';
  created_by?: string | null;
}

/** Spec 3 §8. */
export const CONNECTION_MESSAGES = {
  added: 'Connection added successfully',
  updated: 'Connection updated successfully',
  deleted: 'Connection deleted successfully',
  tested: 'Connection successful',
  testFailed: 'Testing connection failed!',
  testUnsupported: 'We currently do not support testing this connection type',
} as const;

export const CONNECTIONS_KEY = 'connections?deleted_at=is.null&order=name.asc';

/** Rows made elsewhere (GitOps, the cluster) are read-only here. */
export const isManagedElsewhere = (row: Pick<Connection, 'source'>) =>
  row.source !== null && row.source !== '' && row.source !== 'UI';

export const listConnections = () =>
  db
    .from('connections')
    .select('*,created_by(id,name)')
    .is('deleted_at', null)
    .order('name', { ascending: true })
    .overrideTypes<Connection[], { merge: false }>();

export async function addConnection(write: ConnectionWrite, createdBy: string | null): Promise<void> {
  await db
    .from('connections')
    .insert({ ...write, created_by: createdBy })
    .throwOnError();
}

export async function updateConnection(id: string, write: ConnectionWrite): Promise<void> {
  await db.from('connections').update(write).eq('id', id).throwOnError();
}

/** Soft delete, as the generic resources are deleted (spec 3 §7). */
export async function deleteConnection(id: string): Promise<void> {
  await db.from('connections').update({ deleted_at: new Date().toISOString() }).eq('id', id).throwOnError();
}

/** A bad request's error text, as pretty JSON when it is JSON. */
function badRequestText(error: ApiError): string {
  const body = error.body as { error?: unknown; message?: unknown } | string | undefined;
  const detail = typeof body === 'object' && body !== null ? (body.error ?? body.message) : body;
  if (detail === undefined || detail === null || detail === '') return CONNECTION_MESSAGES.testFailed;
  if (typeof detail !== 'string') return JSON.stringify(detail, null, 2);
  try {
    return JSON.stringify(JSON.parse(detail), null, 2);
  } catch {
    return detail;
  }
}

/**
 * Test Connection (spec 3 §7, §8): resolves on success; rejects with the text to show: the
 * server's error for a bad request, the not-supported text for 501, else the generic failure.
 */
export async function testConnection(id: string): Promise<void> {
  try {
    await apiJson(`api/connection/test/${encodeURIComponent(id)}`, { method: 'POST' });
  } catch (error) {
    if (!(error instanceof ApiError)) throw new Error(CONNECTION_MESSAGES.testFailed);
    if (error.status === 400) throw new Error(badRequestText(error));
    if (error.status === 501) throw new Error(CONNECTION_MESSAGES.testUnsupported);
    throw new Error(CONNECTION_MESSAGES.testFailed);
  }
}
