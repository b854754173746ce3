/**
 * A check's `transform`, `display` and `test` (canary-checker's Templatable), applied in its order
 * to what a kind saw: transform first, then display sets the message, then test decides.
 * Each is a template in one of four forms: `template` (Go template), `expr` (CEL), `javascript`
 * and `jsonPath`; jsonPath is not evaluated (canary-checker's template runner ignores it too) and
 * the result says so.
 */
import vm from 'node:vm';
import { Duration } from '@marcbachmann/cel-js/evaluator';
import { celToJSON } from './cel-functions.js';
import { goPrint, renderGoTemplate } from './go-template.js';
import type { CheckOutcome } from './kinds/common.js';
import { cap } from './kinds/common.js';
import { CelError, evaluateCel } from './test-expression.js';

export interface TemplateSpec {
  template?: string;
  expr?: string;
  javascript?: string;
  jsonPath?: string;
}

const JAVASCRIPT_TIMEOUT_MS = 1000;

/** The template an entry gives under `key`, when it gives one. */
export function templateOf(entry: Record<string, unknown>, key: string): TemplateSpec | undefined {
  const value = entry[key];
  if (!value || typeof value !== 'object') return undefined;
  const spec: TemplateSpec = {};
  for (const form of ['template', 'expr', 'javascript', 'jsonPath'] as const) {
    const text = (value as Record<string, unknown>)[form];
    if (typeof text === 'string' && text.trim()) spec[form] = text;
  }
  return Object.keys(spec).length ? spec : undefined;
}

export class TemplateRunError extends Error {}

/** Plain JSON data, as Go hands values to otto: durations are nanoseconds, ints numbers. */
function plainData(env: Record<string, unknown>): unknown {
  return JSON.parse(celToJSON(env)) as unknown;
}

function runJavascript(source: string, env: Record<string, unknown>): string {
  // Values are copied into the script's own realm as JSON, so a script sees data, not the
  // console's objects. Canary authors may already run shell scripts (exec checks); this is no
  // stronger a boundary than that, and the timeout stops a loop.
  const context = vm.createContext({});
  vm.runInContext(
    `var __env = JSON.parse(${JSON.stringify(JSON.stringify(plainData(env)))});
    for (var __k in __env) this[__k] = __env[__k];`,
    context,
  );
  const value: unknown = vm.runInContext(source, context, { timeout: JAVASCRIPT_TIMEOUT_MS });
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  return String(value);
}

/** Runs a template to text, as gomplate does. Throws TemplateRunError with the reason. */
export function runTemplate(spec: TemplateSpec, env: Record<string, unknown>): string {
  try {
    if (spec.javascript) return runJavascript(spec.javascript, env);
    if (spec.template) return renderGoTemplate(spec.template, env).trim();
    if (spec.expr) {
      const value = evaluateCel(spec.expr.replace(/\n/g, ' '), env);
      return value === null || value === undefined ? '' : celPrint(value);
    }
  } catch (error) {
    const reason = error instanceof CelError ? `${error.stage}: ${error.message}` : (error as Error).message;
    throw new TemplateRunError(reason.split('\n')[0]);
  }
  throw new TemplateRunError("jsonPath templates are not supported by this console's check runner");
}

function celPrint(value: unknown): string {
  if (value instanceof Duration) return goPrint(value);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    // CEL lists and maps print as Go's %v prints them.
    return goPrint(value instanceof Map ? Object.fromEntries(value) : value);
  }
  return goPrint(value);
}

const formOf = (spec: TemplateSpec) =>
  spec.javascript ? 'javascript' : spec.template ? 'template' : spec.expr ? 'expression' : 'jsonPath';
const sourceOf = (spec: TemplateSpec) =>
  (spec.javascript ?? spec.template ?? spec.expr ?? spec.jsonPath ?? '').trim();

/** Go's strconv.ParseBool. */
function parseBool(text: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(text)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(text)) return false;
  return undefined;
}

function failWith(outcome: CheckOutcome, problem: string): CheckOutcome {
  const error = outcome.error ? `${outcome.error}, ${problem}` : problem;
  return { ...outcome, status: false, error: cap(error) };
}

interface Transformed {
  name?: unknown;
  pass?: unknown;
  message?: unknown;
  error?: unknown;
  detail?: unknown;
}

/**
 * An inline transform (one object without a name) changes this result; a transform that names
 * new checks is not followed here: the result says so and stands as the check found it.
 */
function applyTransform(
  outcome: CheckOutcome,
  spec: TemplateSpec,
  env: Record<string, unknown>,
  failOnEmpty: boolean,
): { outcome: CheckOutcome; done: boolean } {
  let parsed: unknown;
  try {
    const text = runTemplate(spec, env);
    parsed = text.trim() ? JSON.parse(text) : [];
  } catch (error) {
    return {
      outcome: failWith(outcome, `error transforming result: ${(error as Error).message}`),
      done: true,
    };
  }
  const list = (Array.isArray(parsed) ? parsed : [parsed]) as Transformed[];
  if (list.length === 0) {
    return failOnEmpty
      ? { outcome: failWith(outcome, 'transformation returned no results (markFailOnEmpty)'), done: true }
      : { outcome, done: false };
  }
  const [first] = list;
  const ownName = (env.check as { name?: unknown } | undefined)?.name;
  if (first?.name && first.name !== ownName) {
    const names = list.map((t) => String(t.name ?? '')).filter(Boolean);
    const note = `transform produced ${list.length} ${list.length === 1 ? 'check' : 'checks'} (${names.join(', ')}), which this console's check runner does not create`;
    return {
      outcome: { ...outcome, message: cap(outcome.message ? `${outcome.message}; ${note}` : note) },
      done: true,
    };
  }
  if (list.length > 1)
    return {
      outcome: failWith(outcome, 'transformation returned more than 1 entry without a name'),
      done: true,
    };
  const t = first ?? {};
  const next: CheckOutcome = { ...outcome };
  if (typeof t.pass === 'boolean') {
    next.status = t.pass;
    if (t.pass) next.error = null;
  }
  if (typeof t.message === 'string' && t.message) next.message = cap(t.message);
  if (typeof t.error === 'string' && t.error) next.error = cap(t.error);
  if (t.detail === '$delete') next.detail = null;
  else if (t.detail && typeof t.detail === 'object') next.detail = t.detail as Record<string, unknown>;
  return { outcome: next, done: false };
}

/**
 * Applies the entry's transform, display and test to a kind's outcome, with `env` the values
 * the templates see (the kind's, plus check and duration).
 */
export function applyCheckTemplates(
  entry: Record<string, unknown>,
  outcome: CheckOutcome,
  env: Record<string, unknown>,
): CheckOutcome {
  let result = outcome;
  const transform = templateOf(entry, 'transform');
  if (transform) {
    const applied = applyTransform(result, transform, env, entry.markFailOnEmpty === true);
    if (applied.done) return applied.outcome;
    result = applied.outcome;
  }
  const display = templateOf(entry, 'display');
  if (display) {
    try {
      result = { ...result, message: cap(runTemplate(display, env)) };
    } catch (error) {
      result = failWith(result, `display ${formOf(display)} failed: ${(error as Error).message}`);
    }
  }
  const test = templateOf(entry, 'test');
  if (test) {
    const label = `test ${formOf(test)} '${cap(sourceOf(test), 200)}'`;
    let text: string;
    try {
      text = runTemplate(test, env);
    } catch (error) {
      const message = (error as Error).message;
      return failWith(
        result,
        /^(cannot be read|failed):/.test(message) ? `${label} ${message}` : `${label} failed: ${message}`,
      );
    }
    const value = parseBool(text.trim());
    if (value === undefined) return failWith(result, `${label} gave ${cap(text, 200)}, not true or false`);
    if (!value) return failWith(result, `${label} is false`);
  }
  return result;
}

/** The duration of a run as templates see it: milliseconds, an int. */
export const durationValue = (ms: number) => BigInt(Math.max(0, Math.round(ms)));
