/**
 * The canary spec under edit, as a Form (one check of a kind with a form) or as Code (YAML), and
 * the conversions when the user switches between them.
 */
import { isPlainObject, parseYaml } from '../../../components/YamlEditor/index.js';
import { specFromYaml, specToYaml, type SpecText } from '../../spec-editor/index.js';
import { fieldsOf, type FormValues } from './check-fields.js';
import { entryToValues, newValues, validateValues, valuesToEntry } from './check-form.js';
import { kindLabel } from './check-kinds.js';

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

type FormShape = { ok: true; kind: string; entry: Spec } | { ok: false; reason: string };

/** Whether the form can edit the spec: exactly one check, of a kind that has a form. */
export function formShapeOf(spec: unknown): FormShape {
  if (!isPlainObject(spec)) return { ok: false, reason: 'The spec is not a YAML mapping of checks.' };
  const lists = Object.entries(spec).filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]));
  const total = lists.reduce((sum, [, checks]) => sum + checks.length, 0);
  if (total === 0) return { ok: false, reason: 'This spec has no checks yet.' };
  const [kind, checks] = lists.find(([, list]) => list.length > 0)!;
  if (total > 1) return { ok: false, reason: `The form edits one check at a time; this spec has ${total}.` };
  if (!fieldsOf(kind)) return { ok: false, reason: `There is no form for ${kindLabel(kind)} checks.` };
  const entry = checks[0];
  if (!isPlainObject(entry)) return { ok: false, reason: 'The check is not a YAML mapping.' };
  return { ok: true, kind, entry };
}

/** The spec of a new canary: one empty check of the kind (nothing for Custom). */
export function newSpec(kind: string | undefined): Spec {
  if (kind === undefined) return {};
  return { [kind]: [fieldsOf(kind) ? valuesToEntry(kind, newValues(kind)) : { name: '' }] };
}

/** The editor's state for a spec: the Form when it fits one, else the Code. */
export function initSpecState(spec: unknown): SpecState {
  const text = specToYaml(spec);
  const shape = formShapeOf(spec);
  if (!shape.ok) return { tab: 'code', base: {}, entry: {}, values: {}, text, formBlocked: shape.reason };
  const base = spec as Spec;
  return {
    tab: 'form',
    kind: shape.kind,
    base,
    entry: shape.entry,
    values: entryToValues(shape.kind, shape.entry),
    text,
  };
}

export { specToYaml };

const formActive = (state: SpecState) =>
  state.tab === 'form' && !state.formBlocked && state.kind !== undefined;

function formSpec(state: SpecState): Spec {
  const kind = state.kind!;
  return { ...state.base, [kind]: [valuesToEntry(kind, state.values, state.entry)] };
}

/** Switches tab, carrying the spec over: Form → Code writes the YAML, Code → Form reads it. */
export function selectTab(state: SpecState, tab: SpecTab): SpecState {
  if (tab === state.tab) return state;
  if (tab === 'code')
    return { ...state, tab, text: formActive(state) ? specToYaml(formSpec(state)) : state.text };
  const parsed = parseYaml(state.text);
  if (!parsed.ok) return { ...state, tab, formBlocked: 'The YAML has errors: fix them in Code first.' };
  const shape = formShapeOf(parsed.value ?? {});
  if (!shape.ok) return { ...state, tab, formBlocked: shape.reason };
  return {
    ...state,
    tab,
    kind: shape.kind,
    base: parsed.value as Spec,
    entry: shape.entry,
    values: entryToValues(shape.kind, shape.entry),
    formBlocked: undefined,
  };
}

/** `diagnostic` says where the YAML is wrong; absent when the form has field errors or the text is empty. */
export type CurrentSpec = SpecText;

/** The spec to save, when the active tab holds a valid one. */
export function currentSpec(state: SpecState): CurrentSpec {
  if (formActive(state)) {
    const errors = validateValues(state.kind!, state.values);
    return Object.keys(errors).length > 0 ? { ok: false } : { ok: true, spec: formSpec(state) };
  }
  return specFromText(state.text);
}

/** The spec in YAML text: a mapping, else a problem at line 1 (nothing to say for empty text). */
export const specFromText = (text: string): CurrentSpec =>
  specFromYaml(text, 'The spec must be a mapping of check kinds to lists of checks');

/** The name of the spec's first check: what /health finds it by after saving. */
export function firstCheckName(spec: Spec): string | undefined {
  for (const value of Object.values(spec)) {
    if (!Array.isArray(value)) continue;
    const named = value.find(
      (check) => isPlainObject(check) && typeof check.name === 'string' && check.name !== '',
    );
    if (named) return (named as Spec).name as string;
  }
  return undefined;
}
