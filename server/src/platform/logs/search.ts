/**
 * One `POST /api/logs` search: the component, its log selector (by name, else its first), the
 * backend that serves it (routing.ts), and that backend's lines within a bounded time, its
 * failures told without a secret.
 */
import type { LogSearchResult } from '../../../../common/logs.js';
import { KeyRefError, readEnvVar, type KubeConnection } from '../../kube/index.js';
import { UUID } from '../../lib/uuid.js';
import { connectionResolver } from '../connections/resolver.js';
import { scrubSecrets } from '../connections/scrub.js';
import type { Queryable } from '../db/db.js';
import { backendsOf, type LogBackend, type LogBackendRow } from './backends.js';
import { BACKEND_READERS, BackendError, type BackendContext } from './backends/index.js';
import type { LogSearchParams } from './request.js';
import { routeSelector, type LogSelector } from './routing.js';

export const COMPONENT_NOT_FOUND = 'Component not found';
export const NO_LOGS = 'This component has no logs';
export const noLogsNamed = (name: string) => `No logs named ${name} for this component`;
export const noBackendFor = (selector: LogSelector) =>
  `No log backend serves the logs '${selector.name}'${selector.type ? ` (type ${selector.type})` : ''}: add one whose routes match them`;

const durationText = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

/** The longest one search may take by default. */
export const SEARCH_TIMEOUT_MS = 15_000;

export interface LogSearchDependencies {
  db: Queryable;
  kube?: KubeConnection;
  /** The directories `file` backends may read (LOG_FILE_ROOTS). */
  fileRoots: readonly string[];
  timeoutMs?: number;
}

/** A search that cannot be answered: its HTTP status and what to tell the person. */
export class LogSearchError extends Error {
  constructor(
    readonly status: 404 | 502 | 504,
    message: string,
  ) {
    super(message);
  }
}

const isSelector = (value: unknown): value is LogSelector =>
  !!value && typeof value === 'object' && typeof (value as LogSelector).name === 'string';

interface ComponentRow {
  external_id: string | null;
  log_selectors: unknown;
}

async function selectorOf(db: Queryable, id: string, name: string | undefined) {
  const { rows } = UUID.test(id)
    ? await db.query<ComponentRow>(
        `select external_id, log_selectors from components where id = $1 and deleted_at is null`,
        [id],
      )
    : { rows: [] };
  const component = rows[0];
  if (!component) throw new LogSearchError(404, COMPONENT_NOT_FOUND);
  const selectors = Array.isArray(component.log_selectors) ? component.log_selectors.filter(isSelector) : [];
  const selector = name === undefined ? selectors[0] : selectors.find((s) => s.name === name);
  if (!selector) throw new LogSearchError(404, name === undefined ? NO_LOGS : noLogsNamed(name));
  return { selector, externalId: component.external_id ?? undefined };
}

async function liveBackends(db: Queryable): Promise<LogBackend[]> {
  const { rows } = await db.query<LogBackendRow>(
    `select id, name, namespace, spec from logging_backends where deleted_at is null order by name, id`,
  );
  return rows.flatMap(backendsOf);
}

export async function searchLogs(
  deps: LogSearchDependencies,
  params: LogSearchParams,
  signal?: AbortSignal,
): Promise<LogSearchResult> {
  const { selector, externalId } = await selectorOf(deps.db, params.id, params.name);
  const backend = routeSelector(await liveBackends(deps.db), selector, externalId);
  if (!backend) throw new LogSearchError(404, noBackendFor(selector));
  const secrets = new Set<string>();
  const ctx: BackendContext = {
    kube: deps.kube,
    fileRoots: deps.fileRoots,
    secrets,
    connection: connectionResolver(deps.db, { namespace: backend.namespace, kube: deps.kube, secrets }),
    credential: async (value) => {
      const read = await readEnvVar(value, deps.kube, backend.namespace);
      if (read?.fromSecret) secrets.add(read.value);
      return read?.value;
    },
  };
  const timeoutMs = deps.timeoutMs ?? SEARCH_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('timeout')), timeoutMs);
  const left = () => controller.abort(new Error('left'));
  signal?.addEventListener('abort', left, { once: true });
  const timedOut = new Promise<never>((_, reject) =>
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true }),
  );
  timedOut.catch(() => undefined);
  try {
    const reader = BACKEND_READERS[backend.kind];
    const result = await Promise.race([
      reader(backend, { ...params, selector, externalId, signal: controller.signal }, ctx),
      timedOut,
    ]);
    return { ...result, results: result.results.slice(0, params.limit) };
  } catch (error) {
    if (controller.signal.aborted && !signal?.aborted)
      throw new LogSearchError(
        504,
        `Log backend ${backend.name} did not answer within ${durationText(timeoutMs)}`,
      );
    const message =
      error instanceof BackendError || error instanceof KeyRefError
        ? (error as Error).message
        : `log backend ${backend.name} failed: ${(error as Error).message}`;
    throw new LogSearchError(502, scrubSecrets(message, secrets));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', left);
  }
}
