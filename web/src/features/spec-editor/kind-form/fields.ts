// The model of a spec form's fields: where each value lives in the entry (or the spec) it edits.

export type FieldType =
  'text' | 'textarea' | 'password' | 'number' | 'select' | 'multiselect' | 'list' | 'rows';

/** One row of a `rows` field (a header, a retention rule): its columns' texts by key. */
export type Row = Record<string, string>;

export interface RowColumn {
  key: string;
  /** In the inputs' names ('Header 1 name') and in the row's problem ('Every header needs a name'). */
  label: string;
  /** A row with anything in it needs this column. */
  required?: boolean;
  /** Left out of the spec when empty (else written as ''). */
  optional?: boolean;
  /** A whole number of 0 or more in the spec. */
  count?: boolean;
}

export type FieldValue = string | string[] | Row[];
export type FormValues = Record<string, FieldValue>;

export interface FieldDef {
  /** The field's key in the form values. */
  id: string;
  /** Where the value lives in the entry (or, for a spec field, the spec). */
  path: readonly string[];
  label: string;
  type: FieldType;
  required?: boolean;
  /** select and multiselect choices; a select shows '' as 'Not set'. */
  options?: readonly string[];
  /** multiselect: the choices are numbers in the spec (response codes). */
  numeric?: boolean;
  /** number: the smallest allowed value. */
  min?: number;
  /** number: whole numbers only. */
  integer?: boolean;
  /** rows: what one row is, in lower case ('header'), and its columns (the first one names the row). */
  row?: { label: string; columns: readonly RowColumn[] };
  /** The value of a new entry. */
  initial?: FieldValue;
  placeholder?: string;
  /** Shown only when this holds; hidden fields are left out of the spec. */
  visibleWhen?: (values: FormValues) => boolean;
}

/**
 * The forms of a spec made of lists of entries by kind (a canary's checks, a scraper's sources):
 * the form edits one entry of a kind that has fields, and the spec's own `specFields`.
 */
export interface KindForms {
  /** What one entry is, in the reasons the Form cannot show a spec: 'check', 'scraper'. */
  entry: { one: string; many: string };
  /** The fields of an entry of `kind`, or undefined for kinds edited as code only. */
  fieldsOf: (kind: string | undefined) => readonly FieldDef[] | undefined;
  /** What the kind is called ('HTTP', 'SQL Query'). */
  kindLabel: (kind: string) => string;
  /** Fields of the spec itself, after the entry's (a scraper's schedule and retention). */
  specFields?: readonly FieldDef[];
  /**
   * The Form edits the spec's own fields only, whatever lists it holds (a topology's components
   * stay as they are, edited in Code); the editor opens on Code.
   */
  specOnly?: boolean;
  /** A line under the Form's heading (what is edited in Code instead). */
  formHelp?: string;
}

/** Spec 3 §9: the generic editor's schedule list. */
export const SCHEDULES = [
  '@every 30s',
  '@every 1m',
  '@every 5m',
  '@every 30m',
  '@hourly',
  '@every 6h',
  '@daily',
  '@weekly',
] as const;

/** Spec 3 §9. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/** HTTP headers as name and value rows. */
export const HEADER_ROWS: FieldDef['row'] = {
  label: 'header',
  columns: [
    { key: 'name', label: 'name', required: true },
    { key: 'value', label: 'value' },
  ],
};
