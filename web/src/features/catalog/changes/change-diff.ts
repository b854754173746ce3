// A unified diff as rows to render: hunk headers, then each line with its old and new numbers.
import { parsePatch } from 'diff';

export type DiffLineKind = 'added' | 'removed' | 'context' | 'hunk' | 'note';

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
  oldNumber?: number;
  newNumber?: number;
}

/** The lines of a unified diff, numbered; undefined when the text holds no hunk (show it as is). */
export function diffLines(diff: string): DiffLine[] | undefined {
  let patches;
  try {
    patches = parsePatch(diff);
  } catch {
    return undefined;
  }
  const lines: DiffLine[] = [];
  for (const patch of patches) {
    for (const hunk of patch.hunks) {
      lines.push({
        kind: 'hunk',
        text: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
      });
      let oldNumber = hunk.oldStart;
      let newNumber = hunk.newStart;
      for (const line of hunk.lines) {
        const marker = line[0];
        const text = line.slice(1);
        if (marker === '+') lines.push({ kind: 'added', text, newNumber: newNumber++ });
        else if (marker === '-') lines.push({ kind: 'removed', text, oldNumber: oldNumber++ });
        else if (marker === '\\') lines.push({ kind: 'note', text: line });
        else lines.push({ kind: 'context', text, oldNumber: oldNumber++, newNumber: newNumber++ });
      }
    }
  }
  return lines.some((line) => line.kind === 'hunk') ? lines : undefined;
}
