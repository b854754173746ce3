import { Duration } from '@marcbachmann/cel-js/evaluator';
import { celEnvironment } from './cel-functions.js';

type Compiled = ReturnType<typeof celEnvironment.parse>;
const compiled = new Map<string, Compiled>();
const MAX_CACHED = 500;

/** The `test: {expr}` of an entry, when it has one. */
export function testExpressionOf(entry: Record<string, unknown>): string | undefined {
  const test = entry.test;
  if (!test || typeof test !== 'object') return undefined;
  const expr = (test as { expr?: unknown }).expr;
  return typeof expr === 'string' && expr.trim() ? expr.trim() : undefined;
}

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

/** Runs a CEL expression; throws with a one-line reason when it cannot be read or run. */
export function evaluateCel(expr: string, context: Record<string, unknown>): unknown {
  let program = compiled.get(expr);
  if (!program) {
    try {
      program = celEnvironment.parse(expr);
    } catch (error) {
      throw new CelError('cannot be read', error);
    }
    if (compiled.size >= MAX_CACHED) compiled.clear();
    compiled.set(expr, program);
  }
  try {
    return program(celValue(context) as Record<string, unknown>);
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

/**
 * Evaluates a CEL expression (`code == 200 && json.status == "ok"`) against what a check saw.
 * Undefined when it holds; otherwise the reason, in words.
 */
export function failedTest(expr: string, context: Record<string, unknown>): string | undefined {
  let value: unknown;
  try {
    value = evaluateCel(expr, context);
  } catch (error) {
    const e = error as CelError;
    return `test expression '${expr}' ${e.stage}: ${e.message}`;
  }
  if (value === true) return undefined;
  if (value === false) return `test expression '${expr}' is false`;
  return `test expression '${expr}' gave ${String(value)}, not true or false`;
}
