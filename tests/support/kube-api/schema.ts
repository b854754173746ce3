/**
 * A CRD's structural OpenAPI v3 schema as the API server applies it: pruning of unknown fields
 * (what is not in `properties` goes, unless x-kubernetes-preserve-unknown-fields) and the
 * translation to a JSON schema ajv validates with (int-or-string, nullable, k8s formats).
 */
import type { JsonSchema } from './resources.js';

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields of ObjectMeta: anything else in metadata is unknown. */
const OBJECT_META_FIELDS = new Set([
  'name',
  'generateName',
  'namespace',
  'selfLink',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'labels',
  'annotations',
  'ownerReferences',
  'finalizers',
  'managedFields',
]);

const joinPath = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** Drops in place the fields the schema does not know; returns their paths (`spec.foo`, `spec.http[0].bar`). */
function prune(value: Json, schema: JsonSchema | undefined, path: string, unknown: string[]): void {
  if (!schema) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) =>
      prune(item, schema.items as JsonSchema | undefined, `${path}[${index}]`, unknown),
    );
    return;
  }
  if (!isObject(value)) return;
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const additional = isObject(schema.additionalProperties)
    ? (schema.additionalProperties as JsonSchema)
    : undefined;
  const preserve = schema['x-kubernetes-preserve-unknown-fields'] === true;
  const embedded = schema['x-kubernetes-embedded-resource'] === true;
  for (const key of Object.keys(value)) {
    const child = joinPath(path, key);
    if (embedded && ['apiVersion', 'kind'].includes(key)) continue;
    if (embedded && key === 'metadata') pruneMetadata(value[key], child, unknown);
    else if (properties?.[key]) prune(value[key], properties[key], child, unknown);
    else if (additional) prune(value[key], additional, child, unknown);
    else if (!preserve) {
      delete value[key];
      unknown.push(child);
    }
  }
}

function pruneMetadata(metadata: Json, path: string, unknown: string[]): void {
  if (!isObject(metadata)) return;
  for (const key of Object.keys(metadata))
    if (!OBJECT_META_FIELDS.has(key)) {
      delete metadata[key];
      unknown.push(joinPath(path, key));
    }
}

/** Prunes an object (in place) by its CRD schema; apiVersion, kind and metadata are the server's. */
export function pruneObject(object: Record<string, Json>, schema: JsonSchema | undefined): string[] {
  const unknown: string[] = [];
  pruneMetadata(object.metadata, 'metadata', unknown);
  const { apiVersion: _apiVersion, kind: _kind, metadata: _metadata, ...rest } = object;
  if (!schema) return unknown;
  prune(rest, schema, '', unknown);
  for (const key of Object.keys(object))
    if (!['apiVersion', 'kind', 'metadata'].includes(key) && !(key in rest)) delete object[key];
  return unknown;
}

const VENDOR_KEYWORD = /^x-kubernetes-/;

/** The schema ajv validates with: int-or-string as `type: [integer, string]`, nullable as `null` allowed. */
export function toAjvSchema(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(toAjvSchema);
  if (!isObject(schema)) return schema;
  const result: Record<string, Json> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (VENDOR_KEYWORD.test(key) || key === 'nullable') continue;
    if (key === 'properties' || key === 'patternProperties' || key === 'definitions')
      result[key] = Object.fromEntries(
        Object.entries(value as object).map(([name, child]) => [name, toAjvSchema(child)]),
      );
    else if (key === 'default' || key === 'enum' || key === 'example' || key === 'required')
      result[key] = value;
    else result[key] = toAjvSchema(value);
  }
  if (schema['x-kubernetes-int-or-string'] === true) result.type = ['integer', 'string'];
  if (schema.nullable === true) {
    if (typeof result.type === 'string') result.type = [result.type, 'null'];
    if (Array.isArray(result.enum)) result.enum = [...result.enum, null];
  }
  return result;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** The formats the API server checks (kube-openapi's strfmt); any other format passes. */
export const K8S_FORMATS: Record<string, (value: string) => boolean> = {
  'date-time': (value) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)),
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)),
  byte: (value) => /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(value),
  uuid: (value) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
  ipv4: (value) => /^((25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d)$/.test(value),
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
};
