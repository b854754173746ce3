/**
 * A playbook's parameters on the server: defaults rendered as Go templates against the run's
 * resource (`{{.check.name}}`), and the values of a run request checked against the parameters
 * (required, type, the text rules of spec 1 §5) before a run is queued.
 */
import { renderGoTemplate } from '../health/index.js';

export interface PlaybookParameter {
  name: string;
  label?: string;
  type?: string;
  default?: string;
  required?: boolean;
  description?: string;
  icon?: string;
  properties?: Record<string, unknown>;
  dependsOn?: string[];
}

export const REQUIRED = 'This field is required';

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
    if (empty(out[parameter.name]) && typeof parameter.default === 'string' && parameter.default !== '')
      out[parameter.name] = parameter.default;
  return out;
}

/** dns1123 (spec 1 §5): dot-separated labels of lowercase alphanumerics and hyphens. */
export const DNS1123 = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
/** A quantity of memory as the bytes input writes it: 512Mi, 2Gi, 1Ti, or a plain number. */
const BYTES = /^\d+(\.\d+)?(Ki|Mi|Gi|Ti|Pi|K|M|G|T|P|k)?$/;
/** CPU as the millicores input writes it: 500m, or cores (0.5, 2). */
const MILLICORES = /^(\d+m|\d+(\.\d+)?)$/;
/** A Go-style duration: 30s, 5m, 1h30m, 2d, 1w. */
const DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h|d|w|y))+$/;

const numberOf = (value: unknown): number | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
};

/** The values a list parameter offers: properties.options as [{label, value}] or plain values. */
function optionsOf(parameter: PlaybookParameter): string[] | undefined {
  const options = parameter.properties?.options;
  if (!Array.isArray(options)) return undefined;
  return options.map((o) => (isRecord(o) ? String(o.value ?? o.label ?? '') : String(o)));
}

/** The problem with one given value of a parameter; undefined when it is fine. */
function valueProblem(parameter: PlaybookParameter, value: unknown): string | undefined {
  const properties = parameter.properties ?? {};
  const type = parameter.type ?? 'text';
  switch (type) {
    case 'checkbox':
      if (typeof value === 'boolean' || value === 'true' || value === 'false') return undefined;
      return 'must be true or false';
    case 'list': {
      const options = optionsOf(parameter);
      const chosen = Array.isArray(value) ? value : [value];
      if (chosen.some((v) => typeof v !== 'string' && typeof v !== 'number'))
        return 'must be one of its options';
      if (options && chosen.some((v) => !options.includes(String(v))))
        return `must be one of ${options.join(', ')}`;
      return undefined;
    }
    case 'people':
    case 'team':
    case 'component':
    case 'config':
    case 'configs':
    case 'check': {
      const chosen = Array.isArray(value) ? value : [value];
      if (chosen.some((v) => typeof v !== 'string' || v.trim() === '')) return 'must be an id';
      return undefined;
    }
    case 'bytes':
      return typeof value === 'string' && BYTES.test(value.trim())
        ? undefined
        : 'must be a quantity of memory such as 512Mi or 2Gi';
    case 'millicores':
      return typeof value === 'string' && MILLICORES.test(value.trim())
        ? undefined
        : 'must be CPU such as 500m';
    case 'duration':
      return typeof value === 'string' && DURATION.test(value.trim())
        ? undefined
        : 'must be a duration such as 30s, 5m or 1h';
    default:
      break;
  }
  // text, code, secret and any kind the console does not know: a text.
  if (typeof value !== 'string' && typeof value !== 'number') return 'must be text';
  const text = String(value);
  const minLength = numberOf(properties.minLength);
  const maxLength = numberOf(properties.maxLength);
  if (minLength !== undefined && text.length < minLength) return `must be at least ${minLength} characters`;
  if (maxLength !== undefined && text.length > maxLength) return `must be at most ${maxLength} characters`;
  const min = numberOf(properties.min);
  const max = numberOf(properties.max);
  if (min !== undefined || max !== undefined) {
    const n = numberOf(text);
    if (n === undefined) return 'must be a number';
    if (min !== undefined && n < min) return `must be at least ${min}`;
    if (max !== undefined && n > max) return `must be at most ${max}`;
  }
  if (typeof properties.regex === 'string' && properties.regex !== '') {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(properties.regex);
    } catch {
      pattern = undefined;
    }
    if (pattern && !pattern.test(text)) return `must match ${properties.regex}`;
  }
  switch (properties.format) {
    case 'dns1123':
      if (text.length > 253 || !DNS1123.test(text))
        return 'must be lowercase letters, digits and hyphens in dot-separated labels that start and end with a letter or digit';
      break;
    case 'bytes':
      if (!BYTES.test(text.trim())) return 'must be a quantity of memory such as 512Mi or 2Gi';
      break;
    case 'millicores':
      if (!MILLICORES.test(text.trim())) return 'must be CPU such as 500m';
      break;
  }
  return undefined;
}

/**
 * Why these values cannot start a run of a playbook with these parameters: a required one
 * missing, a value that is not of its type or breaks its rules, a value for no parameter.
 * Undefined when they can. The one place run values are checked: shared rules plug in here.
 */
export function validateRunParams(
  parameters: readonly PlaybookParameter[],
  values: Record<string, unknown>,
): string | undefined {
  const known = new Set(parameters.map((p) => p.name));
  for (const name of Object.keys(values))
    if (!known.has(name)) return `The playbook has no parameter '${name}'`;
  for (const parameter of parameters) {
    const label = parameter.label?.trim() || parameter.name;
    const value = values[parameter.name];
    if (empty(value)) {
      if (parameter.required) return `${label}: ${REQUIRED}`;
      continue;
    }
    const problem = valueProblem(parameter, value);
    if (problem) return `${label} ${problem}`;
  }
  return undefined;
}
