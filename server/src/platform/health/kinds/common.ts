import type { KubeConnection } from '../../../kube/index.js';
import type { Queryable } from '../../db/db.js';
import type { Entry } from '../canary-spec.js';

/** What one run of a check found. */
export interface CheckOutcome {
  status: boolean;
  message: string | null;
  error: string | null;
  detail?: Record<string, unknown> | null;
  /**
   * What the check saw, as its `display`, `test` and `transform` templates see it (canary-checker's
   * result data: `code`, `json`, `results`, ...). Kinds whose upstream spec has no templates leave
   * it out, and then none are applied.
   */
  context?: Record<string, unknown>;
}

export interface KindContext {
  /** Aborted when the check's time is up or the runner stops; signal.reason tells which. */
  signal: AbortSignal;
  timeoutMs: number;
  /** Which setting the timeout came from, when it is not `timeout` itself ("thresholdMillis"). */
  timeoutFrom?: string;
  /** What templates see of the check and its canary (`check.name`, `canary.namespace`, ...). */
  values?: Record<string, unknown>;
  /** For the `connections` a check names. */
  db: Queryable;
  /** The cluster the Kubernetes kinds look at, when one is configured. */
  kube?: KubeConnection;
  /** The canary's namespace: where the Kubernetes kinds put what names none. */
  namespace?: string;
}

export type KindRunner = (entry: Entry, ctx: KindContext) => Promise<CheckOutcome>;

/**
 * How much later than the check's deadline a client library's own time limits are set: the
 * deadline stops the run and says so, the library's limits only make sure nothing is left running.
 */
export const CLIENT_GRACE_MS = 1000;

export const DEFAULT_TIMEOUT_MS = 10_000;
/** Longest message or output kept with a result. */
export const MAX_TEXT = 4000;

export const pass = (message: string | null, detail?: Record<string, unknown>): CheckOutcome => ({
  status: true,
  message,
  error: null,
  detail: detail ?? null,
});

export const fail = (error: string, message: string | null = null, detail?: Record<string, unknown>) => ({
  status: false,
  message,
  error,
  detail: detail ?? null,
});

export function cap(text: string, max = MAX_TEXT): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

export const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined;

/** canary-checker's default timeouts where its spec has a `timeout` of its own, in ms. */
const DEFAULT_TIMEOUTS_MS: Record<string, number> = {
  dns: 10_000,
  sql: 60_000,
  postgres: 60_000,
  mysql: 60_000,
  mssql: 60_000,
  // Starting pods and waiting on controllers takes minutes, not seconds.
  pod: 120_000,
  namespace: 120_000,
  kubernetesresource: 900_000,
};

/** Kinds canary-checker cuts off at thresholdMillis (its HTTP client timeout, its TCP dial timeout). */
const THRESHOLD_IS_TIMEOUT = new Set(['http', 'tcp']);

/**
 * How long a check of `kind` may run, in ms. As canary-checker reads it: dns and the SQL kinds
 * take `timeout` in seconds (defaults 10 s and 60 s); http and tcp stop at `thresholdMillis`.
 * Elsewhere canary-checker has no `timeout`; this console takes it in the same unit, seconds.
 * A duration text ("500ms", "5s", "1m") is read as such for every kind.
 */
export function timeoutOf(entry: Entry, kind = ''): number {
  return timeoutSettingOf(entry, kind).ms;
}

export function timeoutSettingOf(entry: Entry, kind = ''): { ms: number; from?: string } {
  if (THRESHOLD_IS_TIMEOUT.has(kind)) {
    const threshold = thresholdOf(entry);
    if (threshold !== undefined) return { ms: threshold, from: 'thresholdMillis' };
  }
  // The pod and namespace kinds bound a whole run with `deadline`, in milliseconds.
  const deadline = Number(entry.deadline);
  if ((kind === 'pod' || kind === 'namespace') && Number.isFinite(deadline) && deadline > 0)
    return { ms: deadline, from: 'deadline' };
  const raw = entry.timeout;
  if (typeof raw === 'number' && raw > 0) return { ms: raw * 1000 };
  if (typeof raw === 'string') {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(raw);
    if (match) {
      const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
      const ms = Number(match[1]) * unit;
      if (ms > 0) return { ms };
    }
  }
  return { ms: DEFAULT_TIMEOUTS_MS[kind] ?? DEFAULT_TIMEOUT_MS };
}

/** The entry's thresholdMillis, when set. */
export function thresholdOf(entry: Entry): number | undefined {
  const value = Number(entry.thresholdMillis);
  return entry.thresholdMillis !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
}

export function slowerThanThreshold(elapsedMs: number, entry: Entry): string | undefined {
  const threshold = thresholdOf(entry);
  return threshold !== undefined && elapsedMs > threshold
    ? `response took ${elapsedMs}ms, threshold ${threshold}ms`
    : undefined;
}

/** Thrown by a kind for a problem with the entry itself (missing field, unsupported value). */
export class EntryError extends Error {}

/**
 * A secret-capable value (spec 3 §3): a literal or `{value}`. References (`{valueFrom: ...}`) are
 * read before a kind runs (references.ts); one still here was not, and the check fails saying so.
 */
export function literalValue(value: unknown, what: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (typeof value === 'object') {
    const v = value as { value?: unknown; valueFrom?: unknown };
    if (v.value !== undefined && v.value !== null) return String(v.value);
    if (v.valueFrom)
      throw new EntryError(
        `${what} takes its value from a reference that was not read; give the value itself or a secretKeyRef or configMapKeyRef`,
      );
  }
  return undefined;
}

/** The `env` of an entry as name → value (canary-checker's EnvVars), its references already read. */
export function envOf(entry: Entry): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(entry.env)) return out;
  for (const item of entry.env as { name?: unknown }[]) {
    const name = str(item?.name);
    if (!name) continue;
    out[name] = literalValue(item, `env '${name}'`) ?? '';
  }
  return out;
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the peer',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed (temporary)',
  EPIPE: 'connection closed by the peer',
  ETIMEDOUT: 'connection timed out',
};

/** An error a check met, told in words; a timeout or a stop says which. */
export function describeError(error: unknown, ctx: KindContext, target?: string): string {
  if (ctx.signal.aborted) {
    const reason = ctx.signal.reason as { name?: string } | undefined;
    return reason?.name === 'TimeoutError'
      ? `timed out after ${ctx.timeoutMs}ms${ctx.timeoutFrom ? ` (${ctx.timeoutFrom})` : ''}`
      : 'stopped before it finished (the check runner is stopping)';
  }
  const err = error as NodeJS.ErrnoException;
  const known = err?.code ? NETWORK_CODES[err.code] : undefined;
  if (known) return target ? `${known}: ${target}` : known;
  // Not `instanceof Error`: errors made in another realm (a vm context) are Errors too.
  const message = typeof err?.message === 'string' ? err.message : String(error);
  return message || 'unknown error';
}

/** A promise that rejects when the signal aborts, so waits never outlive their check. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal, onAbort?: () => void): Promise<T> {
  if (signal.aborted) {
    onAbort?.();
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      onAbort?.();
      reject(signal.reason);
    };
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

/** host:port (also tcp://host:port, [v6]:port) → parts; throws EntryError otherwise. */
export function hostPort(text: string | undefined, what: string, defaultPort?: number) {
  if (!text) throw new EntryError(`${what} is required (host:port)`);
  const stripped = text.replace(/^[a-z]+:\/\//i, '').replace(/\/.*$/, '');
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(stripped);
  const port = match?.[2] ? Number(match[2]) : defaultPort;
  if (!match || port === undefined || port < 1 || port > 65535)
    throw new EntryError(`${what} '${text}' is not host:port`);
  return { host: match[1]!.replace(/^\[|\]$/g, ''), port };
}
