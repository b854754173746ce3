/**
 * A spec under edit as a Form (one entry of a kind with a form, and the spec's own fields) or as
 * Code (YAML), and the conversions when the user switches between them.
 */
import { isPlainObject, parseYaml } from '../../../components/YamlEditor/index.js';
import { specFromYaml, specToYaml, type SpecText } from '../../../components/SpecResource/index.js';
import type { FieldDef, FormValues, KindForms } from './fields.js';
import { initialValues, readValues, validateValues, writeValues } from './values.js';

type Spec = Record<string, unknown>;
export type SpecTab = 'form' | 'code';

export interface SpecState {
  tab: SpecTab;
  /** What the Form tab edits: `base[kind][0]`, starting from `entry`. */
  kind?: string;
  base: Spec;
  entry: Spec;
  values: FormValues;
  /** The YAML of the Code tab. */
  text: string;
  /** Why the Form tab cannot show the spec; the Code tab then holds it. */
  formBlocked?: string;
}

/** The `kind` of a form that edits the spec itself (KindForms.specOnly). */
export const SPEC_ITSELF = '';

type FormShape = { ok: true; kind: string; entry: Spec } | { ok: false; reason: string };

/** The fields the form shows for `kind`: the entry's, then the spec's own. */
export const formFields = (forms: KindForms, kind: string): readonly FieldDef[] => [
  ...(forms.fieldsOf(kind) ?? []),
  ...(forms.specFields ?? []),
];

/** Whether the form can edit the spec: exactly one entry, of a kind that has a form. */
export function formShapeOf(forms: KindForms, spec: unknown): FormShape {
  const { one, many } = forms.entry;
  if (!isPlainObject(spec)) return { ok: false, reason: `The spec is not a YAML mapping of ${many}.` };
  if (forms.specOnly) return { ok: true, kind: SPEC_ITSELF, entry: {} };
  const lists = Object.entries(spec).filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]));
  const total = lists.reduce((sum, [, entries]) => sum + entries.length, 0);
  if (total === 0) return { ok: false, reason: `This spec has no ${many} yet.` };
  const [kind, entries] = lists.find(([, list]) => list.length > 0)!;
  if (total > 1) return { ok: false, reason: `The form edits one ${one} at a time; this spec has ${total}.` };
  if (!forms.fieldsOf(kind))
    return { ok: false, reason: `There is no form for ${forms.kindLabel(kind)} ${many}.` };
  const entry = entries[0];
  if (!isPlainObject(entry)) return { ok: false, reason: `The ${one} is not a YAML mapping.` };
  return { ok: true, kind, entry };
}

/** The values of a new entry of a kind with a form. */
export const newEntry = (forms: KindForms, kind: string): Spec =>
  writeValues(forms.fieldsOf(kind) ?? [], initialValues(forms.fieldsOf(kind) ?? []));

const valuesOf = (forms: KindForms, kind: string, base: Spec, entry: Spec): FormValues => ({
  ...readValues(forms.specFields ?? [], base),
  ...readValues(forms.fieldsOf(kind) ?? [], entry),
});

/** The editor's state for a spec: the Form when it fits one (and `forms` are given), else the Code. */
export function initSpecState(forms: KindForms | undefined, spec: unknown): SpecState {
  const text = specToYaml(spec);
  // A form of the spec's own fields is the second view of a spec written mostly in Code.
  if (forms?.specOnly) return { tab: 'code', base: {}, entry: {}, values: {}, text };
  const shape = forms ? formShapeOf(forms, spec) : { ok: false as const, reason: undefined };
  if (!forms || !shape.ok)
    return {
      tab: 'code',
      base: {},
      entry: {},
      values: {},
      text,
      formBlocked: shape.ok ? undefined : shape.reason,
    };
  const base = spec as Spec;
  return {
    tab: 'form',
    kind: shape.kind,
    base,
    entry: shape.entry,
    values: valuesOf(forms, shape.kind, base, shape.entry),
    text,
  };
}

/** Whether the Form tab is the one shown and holds the spec. */
export const formActive = (state: SpecState) =>
  state.tab === 'form' && !state.formBlocked && state.kind !== undefined;

function formSpec(forms: KindForms, state: SpecState): Spec {
  const kind = state.kind!;
  if (forms.specOnly) return writeValues(forms.specFields ?? [], state.values, state.base);
  const spec = writeValues(forms.specFields ?? [], state.values, state.base);
  return { ...spec, [kind]: [writeValues(forms.fieldsOf(kind) ?? [], state.values, state.entry)] };
}

/** Switches tab, carrying the spec over: Form → Code writes the YAML, Code → Form reads it. */
export function selectTab(forms: KindForms, state: SpecState, tab: SpecTab): SpecState {
  if (tab === state.tab) return state;
  if (tab === 'code')
    return { ...state, tab, text: formActive(state) ? specToYaml(formSpec(forms, state)) : state.text };
  const parsed = parseYaml(state.text);
  if (!parsed.ok) return { ...state, tab, formBlocked: 'The YAML has errors: fix them in Code first.' };
  const shape = formShapeOf(forms, parsed.value ?? {});
  if (!shape.ok) return { ...state, tab, formBlocked: shape.reason };
  const base = parsed.value as Spec;
  return {
    ...state,
    tab,
    kind: shape.kind,
    base,
    entry: shape.entry,
    values: valuesOf(forms, shape.kind, base, shape.entry),
    formBlocked: undefined,
  };
}

/** The spec to save, when the active tab holds a valid one; `notMapping` says what Code must hold. */
export function currentSpec(forms: KindForms | undefined, state: SpecState, notMapping?: string): SpecText {
  if (forms && formActive(state)) {
    const errors = validateValues(formFields(forms, state.kind!), state.values);
    return Object.keys(errors).length > 0 ? { ok: false } : { ok: true, spec: formSpec(forms, state) };
  }
  return specFromYaml(state.text, notMapping);
}
