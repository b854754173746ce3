// An entry of a spec (or the spec itself) ⇄ the values of its form's fields, and the form's
// validation (spec 3 §5).
import { FIELD_REQUIRED } from '../../../components/Form/index.js';
import { isPlainObject } from '../../../components/YamlEditor/index.js';
import type { FieldDef, FieldValue, FormValues, Row, RowColumn } from './fields.js';

const an = (noun: string) => (/^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`);

export const FIELD_MESSAGES = {
  required: FIELD_REQUIRED,
  number: 'This field must be a number',
  wholeNumber: 'This field must be a whole number',
  min: (min: number) => `This field must be ${min} or more`,
  /** 'Every header needs a name'. */
  rowNeeds: (row: string, column: string) => `Every ${row} needs ${an(column)}`,
  rowCount: (row: string, column: string) => `The ${column} of every ${row} must be a whole number`,
} as const;

export type FieldErrors = Partial<Record<string, string>>;
type Entry = Record<string, unknown>;

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;
const COUNT = /^\d+$/;

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

const columnsOf = (field: FieldDef): readonly RowColumn[] => field.row?.columns ?? [];

function formValue(field: FieldDef, raw: unknown): FieldValue {
  if (field.type === 'multiselect') return Array.isArray(raw) ? raw.map(String) : [];
  if (field.type === 'list') return Array.isArray(raw) ? raw.map(text).join('\n') : text(raw);
  if (field.type === 'rows') {
    if (!Array.isArray(raw)) return [];
    return raw
      .filter(isPlainObject)
      .map((row): Row => Object.fromEntries(columnsOf(field).map((c) => [c.key, text(row[c.key])])));
  }
  return text(raw);
}

/** The form's values of `fields` read from `entry` (missing fields are empty). */
export function readValues(fields: readonly FieldDef[], entry: Entry): FormValues {
  const values: FormValues = {};
  for (const field of fields) values[field.id] = formValue(field, getPath(entry, field.path));
  return values;
}

/** The values of a new entry: empty, with the fields' defaults (method GET, Redis db 0). */
export function initialValues(fields: readonly FieldDef[]): FormValues {
  const values = readValues(fields, {});
  for (const field of fields) if (field.initial !== undefined) values[field.id] = field.initial;
  return values;
}

const isEmptyRow = (row: Row) => Object.values(row).every((cell) => cell.trim() === '');

function rowValue(columns: readonly RowColumn[], row: Row): Entry {
  const out: Entry = {};
  for (const [index, column] of columns.entries()) {
    // The first column names the row.
    const cell = index === 0 ? (row[column.key] ?? '').trim() : (row[column.key] ?? '');
    if (cell.trim() === '' && (column.optional || column.count)) continue;
    out[column.key] = column.count && COUNT.test(cell.trim()) ? Number(cell.trim()) : cell;
  }
  return out;
}

function specValue(field: FieldDef, value: FieldValue | undefined): unknown {
  if (field.type === 'rows') {
    const rows = ((value ?? []) as Row[]).filter((row) => !isEmptyRow(row));
    return rows.length > 0 ? rows.map((row) => rowValue(columnsOf(field), row)) : undefined;
  }
  if (Array.isArray(value)) {
    const picked = (field.options ?? []).filter((option) => (value as string[]).includes(option));
    if (picked.length === 0) return undefined;
    return field.numeric ? picked.map(Number) : picked;
  }
  const typed = value ?? '';
  if (field.type === 'list') {
    const items = typed
      .split('\n')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    return items.length > 0 ? items : undefined;
  }
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
 * The entry the values of `fields` describe. What the form does not know about `base` is kept,
 * and so is every field left as it was (a password given as a secret reference stays one);
 * hidden fields (a body for GET) are dropped.
 */
export function writeValues(fields: readonly FieldDef[], values: FormValues, base: Entry = {}): Entry {
  // A JSON copy: spec values are JSON, and the copy's objects stay plain in every realm.
  const entry = JSON.parse(JSON.stringify(base)) as Entry;
  const before = readValues(fields, base);
  for (const field of fields) {
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

function rowsError(field: FieldDef, rows: Row[]): string | undefined {
  const label = field.row?.label ?? 'row';
  for (const column of columnsOf(field)) {
    const cells = rows.filter((row) => !isEmptyRow(row)).map((row) => (row[column.key] ?? '').trim());
    if (column.required && cells.some((cell) => cell === ''))
      return FIELD_MESSAGES.rowNeeds(label, column.label);
    if (column.count && cells.some((cell) => cell !== '' && !COUNT.test(cell)))
      return FIELD_MESSAGES.rowCount(label, column.label);
  }
  if (field.required && rows.every(isEmptyRow)) return FIELD_MESSAGES.required;
  return undefined;
}

function fieldError(field: FieldDef, value: FieldValue | undefined): string | undefined {
  if (field.type === 'rows') return rowsError(field, (value ?? []) as Row[]);
  if (Array.isArray(value)) return field.required && value.length === 0 ? FIELD_MESSAGES.required : undefined;
  const typed = (value ?? '').trim();
  if (typed === '') return field.required ? FIELD_MESSAGES.required : undefined;
  return field.type === 'number' ? numberError(field, typed) : undefined;
}

/** The problems of the visible fields, by field id; empty when the form is valid. */
export function validateValues(fields: readonly FieldDef[], values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    if (!isVisible(field, values)) continue;
    const error = fieldError(field, values[field.id]);
    if (error) errors[field.id] = error;
  }
  return errors;
}

export const visibleFields = (fields: readonly FieldDef[], values: FormValues): FieldDef[] =>
  fields.filter((field) => isVisible(field, values));
