/**
 * Building blocks of the spec schemas (JSON schema draft-07, as the editors' validator reads
 * them), shared so a secret-capable value or a template means the same thing in every kind.
 */
export type Schema = Record<string, unknown>;

export const string: Schema = { type: 'string' };
export const nonEmpty: Schema = { type: 'string', minLength: 1 };
export const boolean: Schema = { type: 'boolean' };
export const count: Schema = { type: 'integer', minimum: 0 };
export const stringMap: Schema = { type: 'object', additionalProperties: { type: 'string' } };

const keyRef: Schema = {
  type: 'object',
  properties: { name: string, key: string },
  required: ['name', 'key'],
  additionalProperties: false,
};

/** Where a secret-capable value comes from: a secret or a config map. */
export const valueFrom: Schema = {
  type: 'object',
  properties: { secretKeyRef: keyRef, configMapKeyRef: keyRef },
  additionalProperties: false,
};

/** A literal, or `{value}` / `{valueFrom}` (spec 3 §3's secret-capable value). */
export const secretValue: Schema = {
  type: ['string', 'object'],
  properties: { name: string, value: string, valueFrom },
  additionalProperties: false,
};

/** A CEL expression, Go template, JSONPath or JavaScript: test, display and transform. */
export const template: Schema = {
  type: 'object',
  properties: { expr: string, template: string, jsonPath: string, javascript: string },
  additionalProperties: false,
};

export const number: Schema = { type: 'number' };
export const strings: Schema = { type: 'array', items: { type: 'string' } };
/** An object whose fields this console doesn't describe: the platform defines them. */
export const openObject: Schema = { type: 'object' };
export const openList: Schema = { type: 'array', items: openObject };

/**
 * A list of objects with these fields typed (and these required); other fields are allowed,
 * because the platform defines more than the forms edit, unless `closed` (every field is here:
 * an unknown one is a typo).
 */
export function listOf(properties: Schema, required: string[] = [], { closed = false } = {}): Schema {
  const item: Schema = { type: 'object', properties };
  if (required.length > 0) item.required = required;
  if (closed) item.additionalProperties = false;
  return { type: 'array', items: item };
}

/** The top of a spec schema: what the editor's hints and /api/specs/:table/schema show. */
export function specSchema(id: string, title: string, schema: Schema): Schema {
  return { $schema: 'http://json-schema.org/draft-07/schema#', $id: id, title, type: 'object', ...schema };
}
