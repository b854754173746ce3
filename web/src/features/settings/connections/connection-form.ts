/**
 * The connection form's values from a row, the row's fields from the form, and the form's
 * problems (spec 3 §5). Pure, so the mapping of every type is tested without a page.
 */
import { FIELD_REQUIRED } from '../../../components/Form/index.js';
import type { Connection, ConnectionWrite } from './connections-api.js';
import {
  isWriteOnly,
  visibleFields,
  type ConnectionField,
  type ConnectionType,
  type FormValues,
} from './connection-types.js';
import { buildNotificationUrl, parseNotificationUrl } from './notification-urls.js';

export const NUMBER_REQUIRED = 'This field must be a number';

/** A new connection's values: name and namespace, then each field's default. */
export function defaultValues(type: ConnectionType): FormValues {
  const values: FormValues = { name: '', namespace: 'default' };
  for (const field of type.fields)
    values[field.key] = field.default ?? (field.kind === 'checkbox' ? false : '');
  return values;
}

function storedValue(field: ConnectionField, row: Connection): string | boolean | undefined {
  if (isWriteOnly(field) || field.kind === 'secret') return ''; // never put back into a field
  if (field.column === 'insecure_tls') return row.insecure_tls === true;
  if (field.column) return row[field.column as 'url' | 'username'] ?? undefined;
  if (field.inUrl) return undefined;
  const value = row.properties?.[field.key];
  return value === undefined || value === null ? undefined : String(value);
}

/** An existing connection's values; write-only fields stay empty ("A value is set" says they are). */
export function valuesFromRow(type: ConnectionType, row: Connection): FormValues {
  const values = defaultValues(type);
  values.name = row.name;
  values.namespace = row.namespace ?? 'default';
  for (const field of type.fields) {
    const stored = storedValue(field, row);
    if (stored !== undefined && stored !== '') values[field.key] = stored;
  }
  if (type.notification) Object.assign(values, parseNotificationUrl(type.value, row.url));
  return values;
}

/** Whether a stored write-only value exists for this field (the server's *_set columns). */
export function isValueSet(field: ConnectionField, row: Connection | undefined): boolean {
  if (!row) return false;
  if (field.column === 'password') return row.password_set === true;
  if (field.column === 'certificate') return row.certificate_set === true;
  if (field.kind === 'secret' && !field.column)
    return row.secret_properties_set?.includes(field.key) === true;
  return false;
}

const isEmpty = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** Each field's problem by key: required and empty, or not a number. */
export function validate(type: ConnectionType, values: FormValues, row?: Connection): Record<string, string> {
  const problems: Record<string, string> = {};
  if (isEmpty(values.name)) problems.name = FIELD_REQUIRED;
  if (isEmpty(values.namespace)) problems.namespace = FIELD_REQUIRED;
  for (const field of visibleFields(type, values)) {
    const value = values[field.key];
    if (field.kind === 'checkbox') continue;
    if (isEmpty(value)) {
      if (field.required && !isValueSet(field, row)) problems[field.key] = FIELD_REQUIRED;
    } else if (field.kind === 'number' && !/^\d+$/.test(String(value).trim())) {
      problems[field.key] = NUMBER_REQUIRED;
    }
  }
  return problems;
}

/**
 * The row's fields from the form. On update an empty write-only field is left out, so the
 * stored value stays; typing one replaces it. Fields hidden by another's choice are not sent
 * (and on update cleared, e.g. the git password after switching to an SSH key).
 */
export function toWrite(type: ConnectionType, values: FormValues, row?: Connection): ConnectionWrite {
  const isUpdate = row !== undefined;
  const write: ConnectionWrite = {
    name: String(values.name).trim(),
    namespace: String(values.namespace).trim(),
    type: type.value,
    insecure_tls: false,
    properties: {},
    source: 'UI',
  };
  const shown = new Set(visibleFields(type, values));
  for (const field of type.fields) {
    const raw = values[field.key];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (!shown.has(field)) {
      if (isUpdate && field.column && field.column !== 'insecure_tls') write[field.column] = null;
      continue;
    }
    if (field.inUrl) continue;
    if (field.column === 'insecure_tls') write.insecure_tls = value === true;
    else if (field.column) {
      if (isWriteOnly(field) && value === '' && isUpdate) continue;
      write[field.column] = value === '' ? null : String(value);
    } else if (field.kind === 'secret') {
      // Write-only: sent only when typed; an empty field keeps what is stored.
      if (value !== '' && value !== undefined)
        write.secret_properties = { ...write.secret_properties, [field.key]: String(value) };
    } else if (value !== '' && value !== undefined) write.properties[field.key] = String(value);
  }
  if (type.notification) write.url = buildNotificationUrl(type.value, values) ?? null;
  return write;
}
