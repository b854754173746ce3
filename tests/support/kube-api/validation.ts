/**
 * What the API server checks in a custom resource before storing it: the type meta (400 on a
 * wrong apiVersion), unknown fields (pruned, a warning, or 400 with `fieldValidation=Strict`),
 * then ObjectMeta and the CRD schema (422 Invalid with k8s field paths and reasons).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { KubeObject } from '../../../server/src/kube/types.js';
import { type JsonSchema, type ServedResource, apiVersionOf } from './resources.js';
import { K8S_FORMATS, pruneObject, toAjvSchema } from './schema.js';
import { type StatusCause, badRequest, invalid } from './status.js';

const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1123_SUBDOMAIN_MESSAGE =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const LABEL_VALUE_MESSAGE =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const NAME_PART_MESSAGE =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

/** Go's `%v`-like rendering of a value in field error messages. */
const shown = (value: unknown) =>
  typeof value === 'string'
    ? JSON.stringify(value)
    : typeof value === 'object' && value !== null
      ? JSON.stringify(value)
      : String(value);

/** The JSON type name the API server reports for a value of the wrong type. */
function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const invalidValue = (field: string, value: unknown, detail: string): StatusCause => ({
  reason: 'FieldValueInvalid',
  message: `Invalid value: ${shown(value)}: ${detail}`,
  field,
});

/** `/spec/http/0/url` in `{spec: {http: [...]}}` → `spec.http[0].url`. */
function fieldPath(object: unknown, pointer: string): string {
  let path = '';
  let value = object;
  for (const token of pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    path = Array.isArray(value) ? `${path}[${token}]` : path ? `${path}.${token}` : token;
    value = (value as Record<string, unknown> | undefined)?.[token];
  }
  return path;
}

function valueAt(object: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((value, token) => (value as Record<string, unknown> | undefined)?.[token], object);
}

/** One ajv error as the cause the real server reports. */
function causeOf(object: unknown, error: ErrorObject): StatusCause {
  const field = fieldPath(object, error.instancePath);
  const value = valueAt(object, error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return {
        reason: 'FieldValueRequired',
        message: 'Required value',
        field: `${field ? `${field}.` : ''}${params.missingProperty}`,
      };
    case 'type': {
      const expected = String(params.type).replace(/,null$/, '');
      return {
        reason: 'FieldValueTypeInvalid',
        message: `Invalid value: "${typeName(value)}": ${field} in body must be of type ${expected}: "${typeName(value)}"`,
        field,
      };
    }
    case 'enum':
      return {
        reason: 'FieldValueNotSupported',
        message: `Unsupported value: ${shown(value)}: supported values: ${(params.allowedValues as unknown[]).map(shown).join(', ')}`,
        field,
      };
    case 'maxLength':
      return {
        reason: 'FieldValueTooLong',
        message: `Too long: may not be more than ${params.limit} bytes`,
        field,
      };
    case 'maxItems':
      return {
        reason: 'FieldValueTooMany',
        message: `Too many: ${(value as unknown[]).length}: must have at most ${params.limit} items`,
        field,
      };
    case 'uniqueItems':
      return {
        reason: 'FieldValueDuplicate',
        message: `Duplicate value: ${shown((value as unknown[])[params.i as number])}`,
        field,
      };
    case 'format':
      return invalidValue(field, value, `${field} in body must be of type ${params.format}: ${shown(value)}`);
    default:
      return invalidValue(
        field,
        value,
        `${field} in body ${DETAILS[error.keyword]?.(params) ?? error.message}`,
      );
  }
}

const DETAILS: Record<string, (params: Record<string, unknown>) => string> = {
  minimum: ({ limit }) => `should be greater than or equal to ${limit}`,
  exclusiveMinimum: ({ limit }) => `should be greater than ${limit}`,
  maximum: ({ limit }) => `should be less than or equal to ${limit}`,
  exclusiveMaximum: ({ limit }) => `should be less than ${limit}`,
  minLength: ({ limit }) => `should be at least ${limit} chars long`,
  minItems: ({ limit }) => `should have at least ${limit} items`,
  minProperties: ({ limit }) => `should have at least ${limit} properties`,
  maxProperties: ({ limit }) => `should have at most ${limit} properties`,
  pattern: ({ pattern }) => `should match '${pattern}'`,
  multipleOf: ({ multipleOf }) => `should be a multiple of ${multipleOf}`,
  oneOf: () => 'must validate one and only one schema (oneOf)',
  anyOf: () => 'must validate at least one schema (anyOf)',
  not: () => 'must not validate the schema (not)',
};

function metadataCauses(object: KubeObject): StatusCause[] {
  const causes: StatusCause[] = [];
  const { name, labels, annotations } = object.metadata;
  if (!name)
    causes.push({
      reason: 'FieldValueRequired',
      message: 'Required value: name or generateName is required',
      field: 'metadata.name',
    });
  else if (!DNS1123_SUBDOMAIN.test(name))
    causes.push(invalidValue('metadata.name', name, DNS1123_SUBDOMAIN_MESSAGE));
  else if (name.length > 253)
    causes.push(invalidValue('metadata.name', name, 'must be no more than 253 characters'));
  const checkKey = (field: string, key: string) => {
    const [prefix, part] = key.includes('/') ? key.split('/', 2) : [undefined, key];
    if (!part || part.length > 63 || !NAME_PART.test(part))
      causes.push(invalidValue(field, key, NAME_PART_MESSAGE));
    else if (prefix !== undefined && !DNS1123_SUBDOMAIN.test(prefix))
      causes.push(invalidValue(field, key, `prefix part ${DNS1123_SUBDOMAIN_MESSAGE}`));
  };
  for (const [key, value] of Object.entries(labels ?? {})) {
    checkKey('metadata.labels', key);
    if (typeof value !== 'string' || value.length > 63 || !LABEL_VALUE.test(value))
      causes.push(invalidValue('metadata.labels', value, LABEL_VALUE_MESSAGE));
  }
  for (const key of Object.keys(annotations ?? {})) checkKey('metadata.annotations', key.toLowerCase());
  return causes;
}

/**
 * The compiled schema checks, shared by the test servers a file starts and made the first time a
 * kind is written: compiling the Canary CRD's schema alone takes seconds, and most servers never
 * see a Canary. A check depends on nothing but the schema's text, so one made for an earlier
 * server is the same check for the next.
 */
let ajv: Ajv | undefined;
const checksBySchema = new Map<string, ValidateFunction>();

function checkOf(schema: JsonSchema): ValidateFunction {
  const text = JSON.stringify(schema);
  let check = checksBySchema.get(text);
  if (!check) {
    if (!ajv) {
      ajv = new Ajv({ allErrors: true, strict: false, logger: false });
      for (const [name, format] of Object.entries(K8S_FORMATS))
        ajv.addFormat(name, { type: 'string', validate: format });
    }
    check = ajv.compile(toAjvSchema(schema) as object);
    checksBySchema.set(text, check);
  }
  return check;
}

export class Validator {
  private readonly compiled = new Map<ServedResource, ValidateFunction | undefined>();

  private checkFor(resource: ServedResource): ValidateFunction | undefined {
    if (!this.compiled.has(resource))
      this.compiled.set(resource, resource.schema && checkOf(resource.schema));
    return this.compiled.get(resource);
  }

  /**
   * The object as the server decodes it: type meta checked (400), unknown fields dropped and
   * reported per `fieldValidation` (Strict → 400, Warn (the default) → warnings, Ignore).
   */
  decode(
    resource: ServedResource,
    body: KubeObject,
    query: URLSearchParams,
  ): { object: KubeObject; warnings: string[] } {
    const raw = JSON.stringify(body);
    const expected = apiVersionOf(resource);
    // Built-in kinds decode into their Go type, which takes its kind from the URL when the body has none.
    if (resource.builtin) {
      body.kind ||= resource.kind;
      body.apiVersion ||= expected;
    }
    if (!body.kind) throw badRequest(`Object 'Kind' is missing in '${raw}'`);
    if (!body.apiVersion) throw badRequest(`Object 'apiVersion' is missing in '${raw}'`);
    if (body.apiVersion !== expected)
      throw badRequest(
        `the API version in the data (${body.apiVersion}) does not match the expected API version (${expected})`,
      );
    if (typeof body.metadata !== 'object' || body.metadata === null || Array.isArray(body.metadata))
      body.metadata = {} as KubeObject['metadata'];
    const object = structuredClone(body);
    const unknown = pruneObject(object as unknown as Record<string, unknown>, resource.schema);
    const messages = unknown.map((field) => `unknown field "${field}"`);
    const mode = query.get('fieldValidation') ?? 'Warn';
    if (mode === 'Strict' && messages.length > 0)
      throw badRequest(
        `${resource.kind} in version "${resource.version}" cannot be handled as a ${resource.kind}: strict decoding error: ${messages.join(', ')}`,
      );
    return { object, warnings: mode === 'Ignore' ? [] : messages };
  }

  /** 422 Invalid unless the object's kind, metadata and schema are right. */
  validate(resource: ServedResource, object: KubeObject): void {
    const causes: StatusCause[] = [];
    if (object.kind !== resource.kind)
      causes.push(invalidValue('kind', object.kind, `must be ${resource.kind}`));
    causes.push(...metadataCauses(object));
    const check = this.checkFor(resource);
    if (check && !check(object))
      causes.push(
        ...(check.errors ?? [])
          // The branches of anyOf/oneOf are summed up by the anyOf/oneOf error itself.
          .filter((error) => !/\/(anyOf|oneOf)\/\d+\//.test(error.schemaPath))
          .map((error) => causeOf(object, error)),
      );
    if (causes.length > 0) throw invalid(resource, object.metadata.name ?? '', causes);
  }
}
