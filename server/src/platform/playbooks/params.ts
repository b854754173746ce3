/**
 * A playbook's parameters on the server: defaults rendered as Go templates against the run's
 * resource (`{{.check.name}}`), and the values of a run request checked against the parameters
 * by the rules the run dialog uses (common/playbook-params.ts) before a run is queued.
 */
import {
  PARAM_MESSAGES,
  parameterLabel,
  validateParameter,
  type PlaybookParameter,
} from '../../../../common/playbook-params.js';
import { renderGoTemplate } from '../health/index.js';

export type { PlaybookParameter };

export const REQUIRED = PARAM_MESSAGES.required;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parameters a spec lists (entries without a name dropped). */
export function parametersOf(spec: Record<string, unknown> | null | undefined): PlaybookParameter[] {
  const list = spec?.parameters;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (p): p is PlaybookParameter => isRecord(p) && typeof p.name === 'string' && p.name.trim() !== '',
  );
}

export class ParameterError extends Error {}

/**
 * The parameters with each `default` that holds a template rendered against `env` (the run's
 * template context: .config, .component, .check, .user, .playbook, .request...).
 */
export function renderDefaults(
  parameters: readonly PlaybookParameter[],
  env: Record<string, unknown>,
): PlaybookParameter[] {
  return parameters.map((parameter) => {
    if (typeof parameter.default !== 'string' || !parameter.default.includes('{{')) return parameter;
    try {
      return { ...parameter, default: renderGoTemplate(parameter.default, env) };
    } catch (error) {
      throw new ParameterError(
        `The default of parameter '${parameter.name}' cannot be rendered: ${(error as Error).message}`,
      );
    }
  });
}

const empty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The values a run starts with: those given, and for each parameter not given its (rendered)
 * default. Values are kept as given otherwise.
 */
export function withDefaults(
  parameters: readonly PlaybookParameter[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const parameter of parameters)
    if (empty(out[parameter.name]) && !empty(parameter.default))
      out[parameter.name] = String(parameter.default);
  return out;
}

/** A value as the shared rules read it (the run request's values are strings); undefined: not one. */
function asText(value: unknown): string | undefined {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))
    return String(value);
  return undefined;
}

/**
 * Why these values cannot start a run of a playbook with these parameters: a value for no
 * parameter, a value that is not text, or what the shared parameter rules (common/playbook-params,
 * the run dialog's) find wrong with one ('Reason: This field is required'). Undefined when they can.
 */
export function validateRunParams(
  parameters: readonly PlaybookParameter[],
  values: Record<string, unknown>,
): string | undefined {
  const known = new Set(parameters.map((p) => p.name));
  for (const name of Object.keys(values))
    if (!known.has(name)) return `The playbook has no parameter '${name}'`;
  for (const parameter of parameters) {
    const text = asText(values[parameter.name]);
    const problem = text === undefined ? 'Must be text' : validateParameter(parameter, text);
    if (problem) return `${parameterLabel(parameter)}: ${problem}`;
  }
  return undefined;
}
