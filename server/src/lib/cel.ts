/**
 * Evaluating CEL expressions with the console's environment (cel-functions.ts): values as CEL
 * sees them, compiled expressions cached, failures in one line. Used by health checks and the
 * playbook runner.
 */
import { Duration } from '@marcbachmann/cel-js/evaluator';
import { celEnvironment } from './cel-functions.js';

type Compiled = ReturnType<typeof celEnvironment.parse>;
const compiled = new Map<string, Compiled>();
const MAX_CACHED = 500;

/** Values a check's detail (stored as JSON) can hold: Dates become ISO text, bigints numbers. */
export function celSafe(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (value instanceof Duration) return value.toString();
  if (Array.isArray(value)) return value.map(celSafe);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = celSafe(v);
    return out;
  }
  return value;
}

/**
 * Values as CEL sees them, as canary-checker hands them over: ints stay ints (bigint), other
 * numbers are doubles, Dates are timestamps, durations durations, buffers text.
 */
export function celValue(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (value instanceof Date || value instanceof Duration || value === null) return value;
  if (Array.isArray(value)) return value.map(celValue);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = celValue(v);
    return out;
  }
  return value;
}

/** Contexts already in CEL's values (celContext): evaluated as they are. */
const converted = new WeakSet<object>();

/**
 * A context converted once for many expressions (every rule's filter over one event): evaluateCel
 * takes it as it is instead of converting it again for each.
 */
export function celContext(context: Record<string, unknown>): Record<string, unknown> {
  const value = celValue(context) as Record<string, unknown>;
  converted.add(value);
  return value;
}

type CelEnvironment = typeof celEnvironment;
const compiledByEnvironment = new WeakMap<CelEnvironment, Map<string, Compiled>>([
  [celEnvironment, compiled],
]);

/**
 * Runs a CEL expression; throws with a one-line reason when it cannot be read or run. `environment`
 * is the console's unless given (a clone with functions of its own, e.g. the playbook runner's).
 */
export function evaluateCel(
  expr: string,
  context: Record<string, unknown>,
  environment: CelEnvironment = celEnvironment,
): unknown {
  let cache = compiledByEnvironment.get(environment);
  if (!cache) compiledByEnvironment.set(environment, (cache = new Map()));
  let program = cache.get(expr);
  if (!program) {
    try {
      program = environment.parse(expr);
    } catch (error) {
      throw new CelError('cannot be read', error);
    }
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(expr, program);
  }
  try {
    return program(converted.has(context) ? context : (celValue(context) as Record<string, unknown>));
  } catch (error) {
    throw new CelError('failed', error);
  }
}

export class CelError extends Error {
  constructor(
    readonly stage: 'cannot be read' | 'failed',
    cause: unknown,
  ) {
    super(((cause as Error)?.message ?? String(cause)).split('\n')[0]);
  }
}
