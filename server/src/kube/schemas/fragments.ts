/**
 * Building blocks of the spec schemas (JSON schema draft-07, as the editors' validator reads
 * them): the plain value types and the ways to compose them. The platform's own shared types are
 * in duty.ts.
 */
export type Schema = Record<string, unknown>;

export const string: Schema = { type: 'string' };
export const nonEmpty: Schema = { type: 'string', minLength: 1 };
export const boolean: Schema = { type: 'boolean' };
export const integer: Schema = { type: 'integer' };
export const count: Schema = { type: 'integer', minimum: 0 };
export const number: Schema = { type: 'number' };
export const strings: Schema = { type: 'array', items: { type: 'string' } };
export const stringMap: Schema = { type: 'object', additionalProperties: { type: 'string' } };
/** An object whose fields this console doesn't describe: the platform defines them. */
export const openObject: Schema = { type: 'object' };
/** Any value the platform passes on as it is (a pod spec, pipeline variables). */
export const anyValue: Schema = { description: 'any value, passed on as it is' };

export const list = (items: Schema): Schema => ({ type: 'array', items });

/** An object of exactly these fields (an unknown one is a typo), these required. */
export function closed(properties: Schema, required: string[] = [], description?: string): Schema {
  const node: Schema = { type: 'object', properties, additionalProperties: false };
  if (required.length > 0) node.required = required;
  if (description !== undefined) node.description = description;
  return node;
}

/** The top of a spec schema: what the editor's hints and /api/specs/:table/schema show. */
export function specSchema(id: string, title: string, schema: Schema): Schema {
  return { $schema: 'http://json-schema.org/draft-07/schema#', $id: id, title, type: 'object', ...schema };
}
