/**
 * A `lookup`: a canary spec whose checks are run here, by the health area's kinds, and whose
 * results are values (components, properties). As canary-checker reads a result: its `display`
 * when the entry has one (the text, not cut), else what the kind saw (a catalog or SQL check's
 * rows, an HTTP check's JSON), else its message. A check that fails fails the lookup.
 */
import { readKeyRef, type KubeConnection } from '../../../kube/index.js';
import type { Queryable } from '../../db/db.js';
import {
  checksOfCanary,
  runnerFor,
  runTemplate,
  templateOf,
  unsupportedKindMessage,
} from '../../health/index.js';
import { abortable, describeError, resolveReferences, timeoutSettingOf } from '../../health/index.js';
import type { Spec } from './types.js';

export class LookupError extends Error {}

export interface LookupContext {
  db: Queryable;
  kube?: KubeConnection;
  signal: AbortSignal;
  /** Where the entries' secret and config map references are read. */
  namespace: string;
}

/** Plain JSON (bigints as numbers, dates as text): what templates and components hold. */
export function plain(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value ?? null, (_k, v: unknown) =>
      typeof v === 'bigint' ? Number(v) : v instanceof Map ? Object.fromEntries(v) : v,
    ),
  ) as unknown;
}

function seen(type: string, context: Record<string, unknown> | undefined): unknown {
  if (!context) return undefined;
  const results = context.results;
  if (type === 'catalog' && Array.isArray(results))
    return results.map((item: Record<string, unknown>) => ({
      name: item.name,
      type: item.type,
      namespace: item.namespace,
      labels: item.labels,
      health: item.health,
      status: item.status,
      config_id: item.id,
    }));
  if (results && typeof results === 'object' && Array.isArray((results as { rows?: unknown }).rows))
    return (results as { rows: unknown[] }).rows;
  if (Array.isArray(results)) return results;
  if (context.json !== undefined && context.json !== null && context.json !== '') return context.json;
  return undefined;
}

/** Runs each check of the spec; the results, in order (lists spread into items). */
export async function lookup(name: string, spec: Spec, ctx: LookupContext): Promise<unknown[]> {
  const checks = checksOfCanary({ name, spec });
  if (checks.length === 0)
    throw new LookupError(`the lookup of ${name} names no check (http, catalog, sql...)`);
  const results: unknown[] = [];
  for (const check of checks) {
    const kind = runnerFor(check.type);
    if (!kind) throw new LookupError(unsupportedKindMessage(check.type));
    const { ms: timeoutMs, from: timeoutFrom } = timeoutSettingOf(check.spec, check.type);
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException(`timed out after ${timeoutMs}ms`, 'TimeoutError')),
      timeoutMs,
    );
    const stop = () => controller.abort(ctx.signal.reason);
    if (ctx.signal.aborted) stop();
    else ctx.signal.addEventListener('abort', stop, { once: true });
    const values = {
      check: { name: check.name, labels: check.labels },
      canary: { name, namespace: ctx.namespace },
    };
    const kindContext = {
      signal: controller.signal,
      timeoutMs,
      timeoutFrom,
      db: ctx.db,
      kube: ctx.kube,
      namespace: ctx.namespace,
      values,
    };
    try {
      const resolved = await resolveReferences(check.spec, {
        namespace: ctx.namespace,
        readKeyRef: (ref) => readKeyRef(ctx.kube, ref),
        db: ctx.db,
      });
      const outcome = await abortable(kind(resolved.entry, kindContext), controller.signal);
      if (outcome.error && !outcome.status) throw new LookupError(outcome.error);
      const display = templateOf(check.spec, 'display');
      if (display) {
        results.push(runTemplate(display, { ...values, ...outcome.context }));
        continue;
      }
      const value = seen(check.type, outcome.context) ?? outcome.message ?? outcome.detail;
      if (value === undefined || value === null)
        throw new LookupError('no details returned by lookup, did you specify a display template?');
      const data = plain(value);
      if (Array.isArray(data)) results.push(...data);
      else results.push(data);
    } catch (error) {
      if (error instanceof LookupError)
        throw new LookupError(`${check.type} ${check.name}: ${error.message}`);
      throw new LookupError(`${check.type} ${check.name}: ${describeError(error, kindContext)}`);
    } finally {
      clearTimeout(timer);
      ctx.signal.removeEventListener('abort', stop);
    }
  }
  return results;
}

/** A result as JSON: a text holding JSON is read; other text stays text. */
export function parsedResult(result: unknown): unknown {
  if (typeof result !== 'string') return result;
  const trimmed = result.trim();
  if (!/^[[{]/.test(trimmed)) return result;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return result;
  }
}
