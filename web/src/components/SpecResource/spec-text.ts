// A spec typed as YAML: a mapping, or a problem at its line for the editor; and a spec as YAML.
import { dump } from 'js-yaml';
import { isPlainObject, parseYaml, type EditorDiagnostic } from '../YamlEditor/index.js';

export type SpecText =
  | { ok: true; spec: Record<string, unknown> }
  /** `diagnostic` says where the YAML is wrong; absent for empty text (nothing to point at). */
  | { ok: false; diagnostic?: EditorDiagnostic };

export const NOT_A_MAPPING = 'The spec must be a YAML mapping of fields';

/** The spec in YAML text: a mapping, else a problem at line 1 (nothing to say for empty text). */
export function specFromYaml(text: string, notMapping: string = NOT_A_MAPPING): SpecText {
  if (text.trim() === '') return { ok: false };
  const parsed = parseYaml(text);
  if (!parsed.ok) return { ok: false, diagnostic: parsed.diagnostic };
  if (!isPlainObject(parsed.value)) return { ok: false, diagnostic: { line: 1, message: notMapping } };
  return { ok: true, spec: parsed.value };
}

/** Keys sorted, with each entry's name first: the database keeps no order of its own. */
function readableOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(readableOrder);
  if (!isPlainObject(value)) return value;
  const keys = Object.keys(value).sort(
    (a, b) => Number(b === 'name') - Number(a === 'name') || a.localeCompare(b),
  );
  return Object.fromEntries(keys.map((key) => [key, readableOrder(value[key])]));
}

/** The spec as YAML; empty text for an empty spec. */
export function specToYaml(spec: unknown): string {
  if (isPlainObject(spec) && Object.keys(spec).length === 0) return '';
  return dump(readableOrder(spec), { noRefs: true, lineWidth: -1 });
}
