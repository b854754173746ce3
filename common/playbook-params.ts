/**
 * A playbook's parameters (spec 1 §3, §5): their kinds, their values and what is wrong with a
 * value. The run dialog checks as people type, the server again before it starts a run.
 *
 * Values travel as strings (the run request's `params` is a map of strings): a checkbox is
 * 'true' or 'false', a memory size '512Mi', a CPU amount '500m', a team, person or resource its id.
 */

/** The kinds of parameter the run dialog can show (spec 1 §3, and the platform's newer ones). */
export const PARAMETER_TYPES = [
  'check',
  'checkbox',
  'code',
  'component',
  'config',
  'configs',
  'list',
  'people',
  'team',
  'text',
  'bytes',
  'millicores',
  'duration',
  'secret',
] as const;
export type PlaybookParameterType = (typeof PARAMETER_TYPES)[number];

/** The formats a text parameter can ask for. */
export const TEXT_FORMATS = ['bytes', 'millicores', 'dns1123'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];

export interface ParameterOption {
  label?: string;
  value: string;
}

export interface PlaybookParameterProperties {
  /** The code editor's height: very-small, small, medium, large, full. */
  size?: string;
  /** The code editor's language: yaml (default), json, sql, shell... */
  language?: string;
  jsonSchemaUrl?: string;
  /** A list's choices. */
  options?: readonly (ParameterOption | string)[];
  /** A resource parameter's selector. */
  filter?: unknown;
  multiline?: boolean | string;
  maxLength?: number | string;
  minLength?: number | string;
  regex?: string;
  /** bytes, millicores, dns1123, or an input type such as email or url. */
  format?: string;
  /** A number's bounds; for bytes a size ('1Gi', or a number of Mi), for millicores an amount ('2', '500m'). */
  min?: number | string;
  max?: number | string;
  [key: string]: unknown;
}

export interface PlaybookParameter {
  name: string;
  label?: string;
  type?: PlaybookParameterType | string;
  /** The value the dialog starts with (already templated against the resource by the server). */
  default?: string | number | boolean | null;
  required?: boolean;
  description?: string;
  icon?: string;
  properties?: PlaybookParameterProperties | null;
  dependsOn?: string[];
}

export type ParameterValues = Record<string, string | undefined>;

export const PARAM_MESSAGES = {
  required: 'This field is required',
  number: 'Must be a number',
  min: (min: string) => `Must be at least ${min}`,
  max: (max: string) => `Must be at most ${max}`,
  minLength: (n: number) => `Must be at least ${n} characters`,
  maxLength: (n: number) => `Must be at most ${n} characters`,
  regex: (pattern: string) => `Must match the pattern ${pattern}`,
  dns1123:
    'Must be lowercase letters, digits, hyphens and dots, each part starting and ending with a letter or digit',
  dns1123Length: `Must be at most ${253} characters`,
  bytes: 'Must be a size in Mi, Gi or Ti, e.g. 512Mi',
  millicores: 'Must be a CPU amount in millicores, e.g. 500m',
  duration: 'Must be a duration such as 30s, 5m or 1h30m',
  checkbox: "Must be 'true' or 'false'",
  option: 'Must be one of the options',
  email: 'Must be an email address',
  url: 'Must be a URL',
} as const;

// ─── Formats ──────────────────────────────────────────────────────────────────────────────────

/** dns1123 (spec 1 §5): dot-separated labels of lowercase alphanumerics and hyphens, each starting and ending alphanumeric. */
export const DNS1123_PATTERN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
/** The longest DNS-1123 subdomain. */
export const DNS1123_MAX_LENGTH = 253;

export const isDns1123 = (value: string): boolean =>
  value.length <= DNS1123_MAX_LENGTH && DNS1123_PATTERN.test(value);

/** Memory units of a bytes input, smallest first; Mi is the default (spec 1 §5). */
export const BYTE_UNITS = ['Mi', 'Gi', 'Ti'] as const;
export type ByteUnit = (typeof BYTE_UNITS)[number];
export const DEFAULT_BYTE_UNIT: ByteUnit = 'Mi';
const MEBIBYTE = 1024 * 1024;
const UNIT_BYTES: Record<ByteUnit, number> = {
  Mi: MEBIBYTE,
  Gi: 1024 * MEBIBYTE,
  Ti: 1024 * 1024 * MEBIBYTE,
};

const DECIMAL = /^\d+(\.\d+)?$/;

/** A size split into what the input shows: '1.5Gi' → {amount: '1.5', unit: 'Gi'}; '512' → Mi. */
export function splitBytes(value: string | undefined): { amount: string; unit: ByteUnit } {
  const text = (value ?? '').trim();
  const unit = BYTE_UNITS.find((candidate) => text.endsWith(candidate));
  return unit ? { amount: text.slice(0, -unit.length), unit } : { amount: text, unit: DEFAULT_BYTE_UNIT };
}

/** What a bytes input sends: the amount with its unit, '' when no amount is typed. */
export const formatBytes = (amount: string, unit: ByteUnit = DEFAULT_BYTE_UNIT): string =>
  amount.trim() === '' ? '' : `${amount.trim()}${unit}`;

/** A size in bytes ('512Mi', '2Gi', a bare number counting Mi); undefined when it is no size. */
export function parseBytes(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value * MEBIBYTE : undefined;
  const { amount, unit } = splitBytes(value);
  return DECIMAL.test(amount) ? Number(amount) * UNIT_BYTES[unit] : undefined;
}

/** A CPU amount split into what the input shows: '500m' → '500'. */
export const splitMillicores = (value: string | undefined): string => (value ?? '').trim().replace(/m$/, '');

/** What a millicores input sends: the amount with the suffix m, '' when none is typed. */
export const formatMillicores = (amount: string): string => (amount.trim() === '' ? '' : `${amount.trim()}m`);

/** Millicores of an amount ('500m', or cores: '2', '0.5'); a number counts millicores. */
export function parseMillicores(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  const text = value.trim();
  if (/^\d+m$/.test(text)) return Number(text.slice(0, -1));
  return DECIMAL.test(text) ? Number(text) * 1000 : undefined;
}

/** A Go duration ('30s', '1h30m', '250ms'). */
export const DURATION_PATTERN = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/;

/** The playbook duration choices (spec 1 §9); 'none' sends nothing. */
export const DURATION_OPTIONS = ['15s', '30s', '60s', '2m', '3m', '5m', '10m', '15m'] as const;

// ─── Reading a parameter ──────────────────────────────────────────────────────────────────────

const toNumber = (value: unknown): number | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
};

/** The kind of a parameter; text when none is given. */
export const parameterType = (param: PlaybookParameter): string => param.type || 'text';

/** The format a parameter asks for: the bytes and millicores types, or a text's `format`. */
export function parameterFormat(param: PlaybookParameter): string | undefined {
  const type = parameterType(param);
  if (type === 'bytes' || type === 'millicores') return type;
  const format = param.properties?.format;
  return type === 'text' && typeof format === 'string' && format !== '' ? format : undefined;
}

/** Whether a text parameter is edited in a text area. */
export const isMultiline = (param: PlaybookParameter): boolean => {
  const multiline = param.properties?.multiline;
  return multiline === true || multiline === 'true';
};

/** A list's choices, each with a label. */
export function parameterOptions(param: PlaybookParameter): { label: string; value: string }[] {
  const options = param.properties?.options;
  if (!Array.isArray(options)) return [];
  return options.flatMap((option: unknown) => {
    if (typeof option === 'string') return [{ label: option, value: option }];
    if (option && typeof option === 'object' && 'value' in option) {
      const { label, value } = option as { label?: unknown; value: unknown };
      const text = String(value);
      return [{ label: typeof label === 'string' && label !== '' ? label : text, value: text }];
    }
    return [];
  });
}

/** What the dialog shows as the parameter's name: its label, else its name. */
export const parameterLabel = (param: PlaybookParameter): string => param.label?.trim() || param.name;

/** The value a parameter starts with: its default as text; a checkbox 'true' or 'false'. */
export function initialValue(param: PlaybookParameter): string {
  const given = param.default;
  const text = given === undefined || given === null ? '' : String(given);
  if (parameterType(param) === 'checkbox') return text.trim().toLowerCase() === 'true' ? 'true' : 'false';
  return text;
}

export function initialValues(params: readonly PlaybookParameter[]): Record<string, string> {
  return Object.fromEntries(params.map((param) => [param.name, initialValue(param)]));
}

// ─── Validation ───────────────────────────────────────────────────────────────────────────────

function checkRegex(pattern: string, value: string): string | undefined {
  let regex: RegExp;
  try {
    // Like an input's pattern attribute: the whole value must match.
    regex = new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return undefined;
  }
  return regex.test(value) ? undefined : PARAM_MESSAGES.regex(pattern);
}

function checkLength(param: PlaybookParameter, value: string): string | undefined {
  const minLength = toNumber(param.properties?.minLength);
  const maxLength = toNumber(param.properties?.maxLength);
  const length = [...value].length;
  if (minLength !== undefined && length < minLength) return PARAM_MESSAGES.minLength(minLength);
  if (maxLength !== undefined && length > maxLength) return PARAM_MESSAGES.maxLength(maxLength);
  return undefined;
}

/** Bounds checked on the amount `parse` reads; a bound that does not parse is ignored. */
function checkBounds(
  param: PlaybookParameter,
  amount: number,
  parse: (bound: string | number) => number | undefined,
  show: (bound: string | number) => string,
): string | undefined {
  const { min, max } = param.properties ?? {};
  const low = min === undefined || min === null || min === '' ? undefined : parse(min);
  const high = max === undefined || max === null || max === '' ? undefined : parse(max);
  if (low !== undefined && amount < low) return PARAM_MESSAGES.min(show(min!));
  if (high !== undefined && amount > high) return PARAM_MESSAGES.max(show(max!));
  return undefined;
}

const showBytes = (bound: string | number) => (typeof bound === 'number' ? `${bound}Mi` : bound);
const showMillicores = (bound: string | number) => (typeof bound === 'number' ? `${bound}m` : bound);

function checkText(param: PlaybookParameter, value: string): string | undefined {
  const format = parameterFormat(param);
  const properties = param.properties ?? {};
  if (format === 'bytes') {
    const bytes = parseBytes(value);
    if (bytes === undefined || !BYTE_UNITS.some((unit) => value.trim().endsWith(unit)))
      return PARAM_MESSAGES.bytes;
    return checkBounds(param, bytes, parseBytes, showBytes);
  }
  if (format === 'millicores') {
    if (!/^\d+(\.\d+)?m$/.test(value.trim())) return PARAM_MESSAGES.millicores;
    const millicores = Number(value.trim().slice(0, -1));
    return checkBounds(param, millicores, parseMillicores, showMillicores);
  }
  if (format === 'dns1123') {
    if (value.length > DNS1123_MAX_LENGTH) return PARAM_MESSAGES.dns1123Length;
    if (!DNS1123_PATTERN.test(value)) return PARAM_MESSAGES.dns1123;
  }
  if (format === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return PARAM_MESSAGES.email;
  if (format === 'url' && !/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(value)) return PARAM_MESSAGES.url;

  const length = checkLength(param, value);
  if (length) return length;
  if (typeof properties.regex === 'string' && properties.regex !== '') {
    const regex = checkRegex(properties.regex, value);
    if (regex) return regex;
  }
  const hasBounds = toNumber(properties.min) !== undefined || toNumber(properties.max) !== undefined;
  if (hasBounds || format === 'number') {
    const number = toNumber(value);
    if (number === undefined) return PARAM_MESSAGES.number;
    return checkBounds(param, number, toNumber, String);
  }
  return undefined;
}

/**
 * What is wrong with a parameter's value, in a short sentence for under the field; undefined
 * when nothing is. An empty value is only wrong when the parameter is required.
 */
export function validateParameter(
  param: PlaybookParameter,
  value: string | undefined | null,
): string | undefined {
  const type = parameterType(param);
  const text = value ?? '';
  if (type === 'checkbox') {
    return text === '' || text === 'true' || text === 'false' ? undefined : PARAM_MESSAGES.checkbox;
  }
  if (text.trim() === '') return param.required ? PARAM_MESSAGES.required : undefined;
  switch (type) {
    case 'list': {
      const options = parameterOptions(param);
      return options.length === 0 || options.some((option) => option.value === text)
        ? undefined
        : PARAM_MESSAGES.option;
    }
    case 'duration':
      return DURATION_PATTERN.test(text.trim()) ? undefined : PARAM_MESSAGES.duration;
    case 'text':
    case 'bytes':
    case 'millicores':
    case 'secret':
      return checkText(param, text);
    default:
      return undefined;
  }
}

/** Every parameter's problem, by name; empty when the values may be sent. */
export function validateParameters(
  params: readonly PlaybookParameter[],
  values: ParameterValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const param of params) {
    const error = validateParameter(param, values[param.name]);
    if (error) errors[param.name] = error;
  }
  return errors;
}
