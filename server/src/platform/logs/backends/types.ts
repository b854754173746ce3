import type { LogSearchResult } from '../../../../../common/logs.js';
import type { KubeConnection } from '../../../kube/index.js';
import type { ResolvedConnection } from '../../connections/resolver.js';
import type { LogBackend } from '../backends.js';
import type { LogSelector } from '../routing.js';

/** One search as a backend gets it: the request read, and the selector routed to it. */
export interface BackendSearch {
  selector: LogSelector;
  /** The component's external id. */
  externalId?: string;
  start: Date;
  end: Date;
  query?: string;
  limit: number;
  page?: string;
  /** Aborted when the search has taken too long or the caller left. */
  signal: AbortSignal;
}

export interface BackendContext {
  kube?: KubeConnection;
  /** The directories `file` backends may read (LOG_FILE_ROOTS). */
  fileRoots: readonly string[];
  /** A stored connection (`connection://…`) with its secrets read, in the backend's namespace. */
  connection(ref: string): Promise<ResolvedConnection | undefined>;
  /** A literal or a `valueFrom` Secret/ConfigMap key, in the backend's namespace. */
  credential(value: unknown): Promise<string | undefined>;
  /** Values kept out of every answer and message. */
  secrets: Set<string>;
}

/** A failure of the backend, told in words without a secret: the answer's 502 `error`. */
export class BackendError extends Error {}

export type BackendReader = (
  backend: LogBackend,
  search: BackendSearch,
  ctx: BackendContext,
) => Promise<LogSearchResult>;

export type Raw = Record<string, unknown>;
export const isObject = (value: unknown): value is Raw =>
  !!value && typeof value === 'object' && !Array.isArray(value);
export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
