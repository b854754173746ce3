/**
 * Chart values checked against the chart's values schema, in the browser. Loaded as its own chunk
 * (ajv is large) once a schema is there. Ajv compiles a schema to a function with `new Function`,
 * which the console's Content Security Policy refuses; there the values are checked by a small
 * walker of the schema's common keywords instead (types, required, properties, items, enum,
 * bounds, pattern), and the server checks them in full on Apply.
 */
import { Ajv } from 'ajv';

export interface ValuesProblem {
  /** The value's JSON pointer: '/resources/limits'; '' is the values themselves. */
  path: string;
  message: string;
}

export type ValuesCheck = (values: unknown) => ValuesProblem[];

type Schema = Record<string, unknown>;

const typeOf = (value: unknown) => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
};

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function matchesType(value: unknown, type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  const actual = typeOf(value);
  return types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

/** The common keywords of a schema, walked over the values. */
function walk(schema: unknown, value: unknown, path: string, problems: ValuesProblem[]): void {
  if (!isSchema(schema)) return;
  const say = (message: string) => problems.push({ path, message });
  if (schema.type !== undefined && !matchesType(value, schema.type)) {
    say(`must be ${([] as unknown[]).concat(schema.type).join(' or ')}`);
    return;
  }
  if (
    Array.isArray(schema.enum) &&
    !schema.enum.some((option) => JSON.stringify(option) === JSON.stringify(value))
  )
    say('must be equal to one of the allowed values');
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) say(`must be >= ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) say(`must be <= ${schema.maximum}`);
  }
  if (
    typeof value === 'string' &&
    typeof schema.pattern === 'string' &&
    !new RegExp(schema.pattern, 'u').test(value)
  )
    say(`must match pattern "${schema.pattern}"`);
  if (Array.isArray(value))
    value.forEach((item, index) => walk(schema.items, item, `${path}/${index}`, problems));
  if (typeOf(value) !== 'object') return;
  const object = value as Record<string, unknown>;
  const properties = isSchema(schema.properties) ? schema.properties : {};
  for (const key of Array.isArray(schema.required) ? (schema.required as string[]) : []) {
    if (!(key in object)) say(`must have required property '${key}'`);
  }
  for (const [key, item] of Object.entries(object)) {
    const at = `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (key in properties) walk(properties[key], item, at, problems);
    else if (schema.additionalProperties === false)
      problems.push({ path: at, message: 'must NOT have additional properties' });
    else walk(schema.additionalProperties, item, at, problems);
  }
}

/**
 * A check of values against `schema`: ajv where the page may compile code, the walker otherwise.
 * Chart schemas are written loosely: unknown keywords and formats pass, and a schema's draft
 * and id are left out (older drafts are read as 07, as the server reads them).
 */
export function valuesCheck(schema: Schema): ValuesCheck {
  try {
    const { $id: _id, $schema: _draft, ...anonymous } = schema;
    const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false, validateFormats: false });
    const validate = ajv.compile(anonymous);
    return (values) =>
      validate(values)
        ? []
        : (validate.errors ?? []).map((error) => ({
            path: error.instancePath,
            message: error.message ?? 'is not valid',
          }));
  } catch {
    return (values) => {
      const problems: ValuesProblem[] = [];
      walk(schema, values, '', problems);
      return problems;
    };
  }
}
