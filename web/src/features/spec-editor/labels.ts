// A canary's labels, edited as JSON (spec 3 §2.3: labels accept JSON).
import { isPlainObject, parseJson, type EditorDiagnostic } from '../../components/YamlEditor/index.js';

export type LabelsResult =
  { ok: true; labels: Record<string, string> } | { ok: false; diagnostic: EditorDiagnostic };

export const LABEL_MESSAGES = {
  notObject: 'Labels must be a JSON object, e.g. {"team": "payments"}',
  notText: (key: string) => `The value of label '${key}' must be text`,
} as const;

/** The 1-based line where the key is written, else 1. */
function lineOfKey(text: string, key: string): number {
  const at = text.indexOf(JSON.stringify(key));
  return at < 0 ? 1 : text.slice(0, at).split('\n').length;
}

/** The labels in the JSON text; empty text is no labels. */
export function parseLabels(text: string): LabelsResult {
  if (text.trim() === '') return { ok: true, labels: {} };
  const parsed = parseJson(text);
  if (!parsed.ok) return parsed;
  if (!isPlainObject(parsed.value))
    return { ok: false, diagnostic: { line: 1, message: LABEL_MESSAGES.notObject } };
  const wrong = Object.entries(parsed.value).find(([, value]) => typeof value !== 'string');
  if (wrong) {
    return {
      ok: false,
      diagnostic: { line: lineOfKey(text, wrong[0]), message: LABEL_MESSAGES.notText(wrong[0]) },
    };
  }
  return { ok: true, labels: parsed.value as Record<string, string> };
}

export const labelsToText = (labels: Record<string, string> | null | undefined) =>
  JSON.stringify(labels ?? {}, null, 2);
