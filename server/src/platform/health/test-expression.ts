import { evaluateCel, type CelError } from '../../lib/cel.js';

export { celSafe, celValue, CelError, evaluateCel } from '../../lib/cel.js';

/** The `test: {expr}` of an entry, when it has one. */
export function testExpressionOf(entry: Record<string, unknown>): string | undefined {
  const test = entry.test;
  if (!test || typeof test !== 'object') return undefined;
  const expr = (test as { expr?: unknown }).expr;
  return typeof expr === 'string' && expr.trim() ? expr.trim() : undefined;
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
