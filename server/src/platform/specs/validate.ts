/**
 * Checks a spec against its kind's JSON schema (kube/schemas): YAML text with errors located at
 * their line and column (POST /api/specs/:table/validate), or a parsed value (writes to /api/db
 * through specWriteValidator).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { load, YAMLException } from 'js-yaml';
import type { Schema } from '../../kube/schemas/index.js';
import { locateYaml, type YamlLocator } from '../../lib/yaml-locator.js';
import { RestError } from '../rest/errors.js';
import type { WriteRequest } from '../rest/write-rules.js';
import type { SpecValidationError, SpecValidationResponse } from './types.js';

const ajv = new Ajv({ allErrors: true, allowUnionTypes: true });

/** A schema error before it is located: the pointer of the value it is about, and its text. */
export interface SpecProblem {
  /** JSON pointer of the offending value ('' for the whole spec) */
  path: string;
  message: string;
}

export interface SpecValidator {
  /** The schema's complaints about a parsed spec, one per problem, in ajv's order. */
  problems(spec: unknown): SpecProblem[];
  /** Validates the YAML text of a spec; an empty text is an empty spec. */
  validateYaml(yaml: string): SpecValidationResponse;
}

const unescapeToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** '/http/0/headers/1' → 'http[0].headers[1]': how people name a place in a spec. */
export function readablePath(pointer: string): string {
  if (pointer === '') return '';
  return pointer
    .slice(1)
    .split('/')
    .map(unescapeToken)
    .reduce(
      (path, token) => (/^\d+$/.test(token) ? `${path}[${token}]` : path === '' ? token : `${path}.${token}`),
      '',
    );
}

const quote = (value: unknown) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value));

function problemOf(error: ErrorObject): SpecProblem {
  const where = error.instancePath;
  const params = error.params as Record<string, unknown>;
  let path = where;
  let message = error.message ?? 'is not valid';
  if (error.keyword === 'additionalProperties') {
    const field = String(params.additionalProperty);
    path = `${where}/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    message = `must NOT have additional property ${quote(field)}`;
  } else if (error.keyword === 'enum') {
    message = `must be one of ${(params.allowedValues as unknown[]).map(quote).join(', ')}`;
  }
  const prefix = readablePath(where);
  return { path, message: prefix === '' ? message : `${prefix}: ${message}` };
}

function locate(problem: SpecProblem, locator: YamlLocator): SpecValidationError {
  // An entry of a list or the whole spec is shown where it starts; a field where its key is.
  const position = problem.path === '' ? locator.value('') : locator.key(problem.path);
  return { ...position, path: problem.path, message: problem.message };
}

function parseError(error: YAMLException): SpecValidationResponse {
  const mark = error.mark;
  return {
    valid: false,
    errors: [
      { line: mark ? mark.line + 1 : 1, column: mark ? mark.column + 1 : 1, path: '', message: error.reason },
    ],
  };
}

export function createSpecValidator(schema: Schema): SpecValidator {
  // Compiled on first use: the platform's schemas describe every field, and their compiled
  // code is megabytes of memory that a console nobody edits specs in never needs.
  let compiled: ValidateFunction | undefined;

  const problems = (spec: unknown): SpecProblem[] => {
    const validate = (compiled ??= ajv.compile(schema));
    if (validate(spec)) return [];
    const seen = new Set<string>();
    const found: SpecProblem[] = [];
    for (const error of validate.errors ?? []) {
      const problem = problemOf(error);
      const key = `${problem.path}\n${problem.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push(problem);
    }
    return found;
  };

  const validateYaml = (yaml: string): SpecValidationResponse => {
    let spec: unknown;
    try {
      spec = yaml.trim() === '' ? {} : load(yaml);
    } catch (error) {
      if (!(error instanceof YAMLException)) throw error;
      return parseError(error);
    }
    const found = problems(spec);
    if (found.length === 0) return { valid: true, errors: [] };
    const locator = locateYaml(yaml);
    const errors = found
      .map((problem) => locate(problem, locator))
      .sort((a, b) => a.line - b.line || a.column - b.column);
    return { valid: false, errors };
  };

  return { problems, validateYaml };
}

/**
 * The /api/db write check of a table with a `spec` column: a row written with a spec the schema
 * refuses is answered 422 before anything is written, naming the first problem (all of them in
 * `details`). Rows without a spec pass.
 */
export function specWriteValidator(validator: SpecValidator): (write: WriteRequest) => void {
  return ({ rows }) => {
    for (const row of rows) {
      if (!Object.hasOwn(row, 'spec')) continue;
      const problems = validator.problems(row.spec);
      if (problems.length === 0) continue;
      const messages = problems.map((problem) => `spec: ${problem.message}`);
      throw new RestError(422, 'PGRST422', messages[0]!, messages.join('\n'));
    }
  };
}
