// Problems in editor text, located at a line: what the YamlEditor shows in its gutter and under it.
import { load, YAMLException } from 'js-yaml';

/** A problem at a 1-based line (and column): a syntax error, or one the server found. */
export interface EditorDiagnostic {
  line: number;
  column?: number;
  message: string;
  /** Default 'error'. */
  severity?: 'error' | 'warning';
}

/** The line of the list under the editor: 'Line 4: must have required property 'url''. */
export function describeDiagnostic({ line, message }: EditorDiagnostic): string {
  return `Line ${line}: ${message}`;
}

/** The offset in `text` of a 1-based line and column, clamped to the text. */
export function offsetOf(text: string, line: number, column = 1): number {
  const lines = text.split('\n');
  const lineIndex = Math.min(Math.max(Math.trunc(line), 1), lines.length) - 1;
  let offset = 0;
  for (let index = 0; index < lineIndex; index++) offset += (lines[index] ?? '').length + 1;
  const length = (lines[lineIndex] ?? '').length;
  return offset + Math.min(Math.max(Math.trunc(column) - 1, 0), length);
}

/** The 1-based line and column of an offset in `text`. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset)).split('\n');
  return { line: before.length, column: (before[before.length - 1] ?? '').length + 1 };
}

export type ParseResult = { ok: true; value: unknown } | { ok: false; diagnostic: EditorDiagnostic };

/** Parses YAML; a syntax error comes back at its line (js-yaml's mark is 0-based). */
export function parseYaml(text: string): ParseResult {
  try {
    return { ok: true, value: load(text) };
  } catch (error) {
    if (error instanceof YAMLException) {
      return {
        ok: false,
        diagnostic: {
          line: (error.mark?.line ?? 0) + 1,
          column: (error.mark?.column ?? 0) + 1,
          message: error.reason || error.message,
        },
      };
    }
    throw error;
  }
}

// V8 says 'at position 12 (line 2 column 3)' or only 'at position 12'; Firefox 'at line 2 column 3'.
const LINE_COLUMN = /line (\d+) column (\d+)/;
const POSITION = /position (\d+)/;

/** Parses JSON; a syntax error comes back at its line where the engine says where it is. */
export function parseJson(text: string): ParseResult {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const message = error.message;
    const lineColumn = LINE_COLUMN.exec(message);
    const position = POSITION.exec(message);
    const where = lineColumn
      ? { line: Number(lineColumn[1]), column: Number(lineColumn[2]) }
      : position
        ? positionOf(text, Number(position[1]))
        : { line: 1, column: 1 };
    return { ok: false, diagnostic: { ...where, message } };
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
