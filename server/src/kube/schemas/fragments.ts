/**
 * Building blocks of the spec schemas (JSON schema draft-07, as the editors' validator reads
 * them). The Canary schema's own blocks are reused so a secret-capable value or a template means
 * the same thing in every kind.
 */
import type { Schema } from '../../platform/health/canary-schema.js';

export {
  boolean,
  count,
  nonEmpty,
  secretValue,
  string,
  stringMap,
  template,
  type Schema,
} from '../../platform/health/canary-schema.js';

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
