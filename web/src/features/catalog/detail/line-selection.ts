/**
 * The Config tab's line selection, kept in the URL as repeated `selected` parameters (1-based line
 * numbers) so a selection can be shared: a click toggles a line, a shift-click selects every line
 * from the last clicked one.
 */
export const SELECTED_PARAM = 'selected';

/** The selected line numbers in the URL, ascending, without repeats or values that are no line. */
export function readSelectedLines(params: URLSearchParams, lineCount = Infinity): number[] {
  const numbers = params
    .getAll(SELECTED_PARAM)
    .map((value) => Number(value))
    .filter((n) => Number.isInteger(n) && n > 0 && n <= lineCount);
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/** The URL's parameters with `lines` as the selection, every other parameter kept. */
export function writeSelectedLines(params: URLSearchParams, lines: readonly number[]): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(SELECTED_PARAM);
  for (const line of [...new Set(lines)].sort((a, b) => a - b)) next.append(SELECTED_PARAM, String(line));
  return next;
}

/**
 * The selection after a click on `line`: toggled alone, or with shift and an earlier click
 * (`anchor`), the whole range from the anchor added.
 */
export function clickLine(
  selected: readonly number[],
  line: number,
  { anchor, shift }: { anchor?: number; shift: boolean },
): number[] {
  if (shift && anchor !== undefined && anchor !== line) {
    const [from, to] = anchor < line ? [anchor, line] : [line, anchor];
    const range = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    return [...new Set([...selected, ...range])].sort((a, b) => a - b);
  }
  return selected.includes(line)
    ? selected.filter((n) => n !== line)
    : [...selected, line].sort((a, b) => a - b);
}

/**
 * The evidence a config's lines make, as the platform's `config` evidence stores them: every line,
 * and the selected ones keyed by their 1-based number.
 */
export function configLinesEvidence(
  config: { id: string; name: string; type: string },
  lines: readonly string[],
  selected: readonly number[],
) {
  return {
    id: config.id,
    configName: config.name,
    configType: config.type,
    lines: [...lines],
    selected_lines: Object.fromEntries(
      selected.filter((n) => n <= lines.length).map((n) => [String(n), lines[n - 1]]),
    ),
  };
}
