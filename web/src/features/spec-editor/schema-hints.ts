// Hints from the canary spec's JSON schema (GET /api/specs/canaries/schema): the fields a kind's checks take.
import { isPlainObject } from '../../components/YamlEditor/index.js';

type Schema = Record<string, unknown>;

/** Follows a local `$ref` ('#/$defs/http' or '#/definitions/http'); anything else stays as it is. */
function resolve(root: Schema, node: unknown): Schema | undefined {
  if (!isPlainObject(node)) return undefined;
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  let target: unknown = root;
  for (const part of ref.slice(2).split('/')) target = isPlainObject(target) ? target[part] : undefined;
  return isPlainObject(target) ? target : undefined;
}

export interface KindFields {
  required: string[];
  optional: string[];
}

/** The fields of one check of `kind` as the schema describes them, or undefined when it does not. */
export function kindFields(schema: unknown, kind: string): KindFields | undefined {
  if (!isPlainObject(schema)) return undefined;
  const properties = resolve(schema, schema)?.properties;
  const list = isPlainObject(properties) ? resolve(schema, properties[kind]) : undefined;
  const item = resolve(schema, list?.items);
  const fields = item?.properties;
  if (!item || !isPlainObject(fields)) return undefined;
  const required = Array.isArray(item.required)
    ? item.required.filter((f): f is string => typeof f === 'string')
    : [];
  const optional = Object.keys(fields).filter((field) => !required.includes(field));
  return { required, optional };
}

/** 'http: name*, url*, method, headers' — required fields first, marked with *. */
export function describeKindFields(kind: string, fields: KindFields): string {
  return `${kind}: ${[...fields.required.map((f) => `${f}*`), ...fields.optional].join(', ')}`;
}
