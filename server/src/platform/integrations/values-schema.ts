/**
 * Checking values against a chart's values.schema.json as `helm install` does: the chart's own
 * values with the person's over them, against the schema's draft (07 unless it names 2019-09 or
 * 2020-12). Chart schemas are written loosely, so unknown keywords and formats are let through.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { readablePath } from '../specs/validate.js';
import { coalesceValues } from '../../../../common/helm-values.js';
import type { ValuesProblem } from './types.js';

const options = { allErrors: true, strict: false, validateFormats: false } as const;
const drafts = { draft7: new Ajv(options), draft2019: new Ajv2019(options), draft2020: new Ajv2020(options) };

const compiled = new WeakMap<object, ValidateFunction>();

/** The schema's validator; throws with the reason when ajv cannot use the schema (e.g. a remote $ref). */
export function compileValuesSchema(schema: Record<string, unknown>): ValidateFunction {
  const known = compiled.get(schema);
  if (known) return known;
  const draft = String(schema.$schema ?? '');
  const ajv = draft.includes('2020-12')
    ? drafts.draft2020
    : draft.includes('2019-09')
      ? drafts.draft2019
      : drafts.draft7;
  // Each chart's schema may use the same $id: compiled without adding it to ajv's registry. The
  // draft is chosen above; older drafts (04, 06) are read as 07, which most such schemas fit.
  const { $id: _id, $schema: _draft, ...anonymous } = schema;
  const validate = ajv.compile(anonymous);
  compiled.set(schema, validate);
  return validate;
}

const pointerToken = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

function problemOf(error: ErrorObject): ValuesProblem {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties')
    return {
      path: `${error.instancePath}/${pointerToken(String(params.additionalProperty))}`,
      message: 'is not allowed',
    };
  if (error.keyword === 'enum')
    return {
      path: error.instancePath,
      message: `must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`,
    };
  return { path: error.instancePath, message: error.message ?? 'is not valid' };
}

/** What is wrong with the values (the chart's defaults with them over), each at its JSON pointer. */
export function checkValues(
  validate: ValidateFunction,
  defaults: Record<string, unknown>,
  values: Record<string, unknown>,
): ValuesProblem[] {
  if (validate(coalesceValues(defaults, values))) return [];
  const seen = new Set<string>();
  return (validate.errors ?? []).map(problemOf).filter((problem) => {
    const key = `${problem.path} ${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The problem in a sentence: 'nested.size must be integer', 'the values must have …'. */
export function describeProblem({ path, message }: ValuesProblem): string {
  const readable = readablePath(path);
  return readable === '' ? `the values ${message}` : `${readable} ${message}`;
}

/** What is wrong with the values, one sentence per problem (at most `limit`); [] when they pass. */
export function valuesProblems(
  validate: ValidateFunction,
  defaults: Record<string, unknown>,
  values: Record<string, unknown>,
  limit = 10,
): string[] {
  const problems = checkValues(validate, defaults, values).map(describeProblem);
  return problems.length > limit
    ? [...problems.slice(0, limit), `and ${problems.length - limit} more`]
    : problems;
}
