/**
 * The canary spec under edit, as a Form (one check of a kind with a form) or as Code (YAML): the
 * shared spec form with the canary's checks.
 */
import { isPlainObject } from '../../../components/YamlEditor/index.js';
import {
  currentSpec as currentOf,
  formShapeOf as shapeOf,
  initSpecState as initOf,
  newEntry,
  selectTab as selectOf,
  specFromYaml,
  type SpecState,
  type SpecTab,
  type SpecText,
} from '../../spec-editor/index.js';
import { CHECK_FORMS, fieldsOf } from './check-fields.js';

export { specToYaml } from '../../spec-editor/index.js';
export type { SpecState, SpecTab };

type Spec = Record<string, unknown>;

const NOT_A_MAPPING = 'The spec must be a mapping of check kinds to lists of checks';

/** The spec of a new canary: one empty check of the kind (nothing for Custom). */
export function newSpec(kind: string | undefined): Spec {
  if (kind === undefined) return {};
  return { [kind]: [fieldsOf(kind) ? newEntry(CHECK_FORMS, kind) : { name: '' }] };
}

/** Whether the form can edit the spec: exactly one check, of a kind that has a form. */
export const formShapeOf = (spec: unknown) => shapeOf(CHECK_FORMS, spec);
export const initSpecState = (spec: unknown): SpecState => initOf(CHECK_FORMS, spec);
export const selectTab = (state: SpecState, tab: SpecTab): SpecState => selectOf(CHECK_FORMS, state, tab);
/** The spec to save, when the active tab holds a valid one. */
export const currentSpec = (state: SpecState): SpecText => currentOf(CHECK_FORMS, state, NOT_A_MAPPING);

/** The spec in YAML text: a mapping, else a problem at line 1 (nothing to say for empty text). */
export const specFromText = (text: string): SpecText => specFromYaml(text, NOT_A_MAPPING);

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
