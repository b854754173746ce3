// A check entry of a canary spec ⇄ the values of its form, and the form's validation (spec 3 §5).
import { FIELD_REQUIRED } from '../../../components/Form/index.js';
import { isPlainObject } from '../../../components/YamlEditor/index.js';
import { fieldsOf, type FieldDef, type FieldValue, type FormValues, type Header } from './check-fields.js';

export const FIELD_MESSAGES = {
  required: FIELD_REQUIRED,
  number: 'This field must be a number',
  wholeNumber: 'This field must be a whole number',
  min: (min: number) => `This field must be ${min} or more`,
  headerName: 'Every header needs a name',
} as const;

export type FieldErrors = Partial<Record<string, string>>;
type Entry = Record<string, unknown>;

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;

function getPath(entry: Entry, path: readonly string[]): unknown {
  let value: unknown = entry;
  for (const key of path) value = isPlainObject(value) ? value[key] : undefined;
  return value;
}

/** Sets (or with undefined removes) the value at `path`, dropping parents left empty. */
function setPath(entry: Entry, path: readonly string[], value: unknown): void {
  const [key, ...rest] = path;
  if (key === undefined) return;
  if (rest.length === 0) {
    if (value === undefined) delete entry[key];
    else entry[key] = value;
    return;
  }
  const current = entry[key];
  const child = isPlainObject(current) ? current : {};
  setPath(child, rest, value);
  if (Object.keys(child).length > 0) entry[key] = child;
  else delete entry[key];
}

function text(raw: unknown): string {
  if (raw === undefined || raw === null) return '';
  // A secret-capable value written as { value: '...' } shows its literal.
  if (isPlainObject(raw)) return typeof raw.value === 'string' ? raw.value : '';
  return String(raw);
}

function formValue(field: FieldDef, raw: unknown): FieldValue {
  if (field.type === 'multiselect') return Array.isArray(raw) ? raw.map(String) : [];
  if (field.type === 'headers') {
    if (!Array.isArray(raw)) return [];
    return raw
      .filter(isPlainObject)
      .map((header): Header => ({ name: text(header.name), value: text(header.value) }));
  }
  return text(raw);
}

/** The form's values for a check entry (missing fields are empty). */
export function entryToValues(kind: string, entry: Entry): FormValues {
  const values: FormValues = {};
  for (const field of fieldsOf(kind) ?? []) values[field.id] = formValue(field, getPath(entry, field.path));
  return values;
}

/** The values of a new check of the kind: empty, with the kind's defaults (method GET, Redis db 0). */
export function newValues(kind: string): FormValues {
  const values = entryToValues(kind, {});
  for (const field of fieldsOf(kind) ?? []) if (field.initial !== undefined) values[field.id] = field.initial;
  return values;
}

function specValue(field: FieldDef, value: FieldValue | undefined): unknown {
  if (Array.isArray(value)) {
    if (field.type === 'headers') {
      const headers = (value as Header[]).filter((h) => h.name.trim() !== '' || h.value !== '');
      return headers.length > 0 ? headers.map((h) => ({ name: h.name.trim(), value: h.value })) : undefined;
    }
    const picked = (field.options ?? []).filter((option) => (value as string[]).includes(option));
    if (picked.length === 0) return undefined;
    return field.numeric ? picked.map(Number) : picked;
  }
  const typed = value ?? '';
  if (field.type === 'number') {
    const trimmed = typed.trim();
    if (trimmed === '') return undefined;
    // Not a number: kept as typed, so the Code tab and the server show what is wrong.
    return NUMBER.test(trimmed) ? Number(trimmed) : trimmed;
  }
  return typed === '' ? undefined : typed;
}

const isVisible = (field: FieldDef, values: FormValues) => !field.visibleWhen || field.visibleWhen(values);
const sameValue = (a: FieldValue | undefined, b: FieldValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * The check entry the values describe. What the form does not know about `base` is kept, and so
 * is every field left as it was (a password given as a secret reference stays one); hidden fields
 * (a body for GET) are dropped.
 */
export function valuesToEntry(kind: string, values: FormValues, base: Entry = {}): Entry {
  // A JSON copy: spec values are JSON, and the copy's objects stay plain in every realm.
  const entry = JSON.parse(JSON.stringify(base)) as Entry;
  const before = entryToValues(kind, base);
  for (const field of fieldsOf(kind) ?? []) {
    if (!isVisible(field, values)) setPath(entry, field.path, undefined);
    else if (!sameValue(values[field.id], before[field.id])) {
      setPath(entry, field.path, specValue(field, values[field.id]));
    }
  }
  return entry;
}

function numberError(field: FieldDef, typed: string): string | undefined {
  if (!NUMBER.test(typed)) return FIELD_MESSAGES.number;
  const number = Number(typed);
  if (field.integer && !Number.isInteger(number)) return FIELD_MESSAGES.wholeNumber;
  if (field.min !== undefined && number < field.min) return FIELD_MESSAGES.min(field.min);
  return undefined;
}

function fieldError(field: FieldDef, value: FieldValue | undefined): string | undefined {
  if (field.type === 'headers') {
    const headers = (value ?? []) as Header[];
    return headers.some((h) => h.name.trim() === '' && h.value !== '')
      ? FIELD_MESSAGES.headerName
      : undefined;
  }
  if (Array.isArray(value)) return field.required && value.length === 0 ? FIELD_MESSAGES.required : undefined;
  const typed = (value ?? '').trim();
  if (typed === '') return field.required ? FIELD_MESSAGES.required : undefined;
  return field.type === 'number' ? numberError(field, typed) : undefined;
}

/** The problems of the visible fields, by field id; empty when the form is valid. */
export function validateValues(kind: string, values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fieldsOf(kind) ?? []) {
    if (!isVisible(field, values)) continue;
    const error = fieldError(field, values[field.id]);
    if (error) errors[field.id] = error;
  }
  return errors;
}

export const visibleFields = (kind: string, values: FormValues): FieldDef[] =>
  (fieldsOf(kind) ?? []).filter((field) => isVisible(field, values));
