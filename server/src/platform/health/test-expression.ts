import { parse } from '@marcbachmann/cel-js';

type Compiled = ReturnType<typeof parse>;
const compiled = new Map<string, Compiled>();
const MAX_CACHED = 500;

/** The `test: {expr}` of an entry, when it has one. */
export function testExpressionOf(entry: Record<string, unknown>): string | undefined {
  const test = entry.test;
  if (!test || typeof test !== 'object') return undefined;
  const expr = (test as { expr?: unknown }).expr;
  return typeof expr === 'string' && expr.trim() ? expr.trim() : undefined;
}

/** Values CEL can hold: Dates become ISO text, bigints numbers, undefined is left out. */
export function celSafe(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (Array.isArray(value)) return value.map(celSafe);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = celSafe(v);
    return out;
  }
  return value;
}

/**
 * Evaluates a CEL expression (`code == 200 && json.status == "ok"`) against what a check saw.
 * Undefined when it holds; otherwise the reason, in words.
 */
export function failedTest(expr: string, context: Record<string, unknown>): string | undefined {
  let program = compiled.get(expr);
  try {
    if (!program) {
      program = parse(expr);
      if (compiled.size >= MAX_CACHED) compiled.clear();
      compiled.set(expr, program);
    }
  } catch (error) {
    return `test expression '${expr}' cannot be read: ${(error as Error).message.split('\n')[0]}`;
  }
  let value: unknown;
  try {
    value = program(celSafe(context) as Record<string, unknown>);
  } catch (error) {
    return `test expression '${expr}' failed: ${(error as Error).message.split('\n')[0]}`;
  }
  if (value === true) return undefined;
  if (value === false) return `test expression '${expr}' is false`;
  return `test expression '${expr}' gave ${String(value)}, not true or false`;
}
