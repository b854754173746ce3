/**
 * Durations as the platform writes them, Go's form with its longer units: `500ms`, `30s`,
 * `1h30m`, `2d` (24 h), `1w` (7 d), `1y` (365 d).
 */

export const DURATION_UNIT_MS = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  y: 365 * 86_400_000,
} as const;
export type DurationUnit = keyof typeof DURATION_UNIT_MS;

export interface DurationSyntax {
  /** The units accepted; every one unless told. */
  units?: readonly DurationUnit[];
  /** Whether amounts may have decimals (`1.5h`); yes unless told. */
  decimals?: boolean;
  /** Whether spaces may stand between amounts and units (`1h 30m`); no unless told. */
  spaces?: boolean;
}

const ALL_UNITS = Object.keys(DURATION_UNIT_MS) as DurationUnit[];

/** Milliseconds of a duration (surrounding spaces aside); undefined for text that is not one. */
export function durationMs(
  text: string,
  { units = ALL_UNITS, decimals = true, spaces = false }: DurationSyntax = {},
): number | undefined {
  // Longest units first, so that `ms` is not read as `m` followed by `s`.
  const unit = [...units].sort((a, b) => b.length - a.length).join('|');
  const amount = decimals ? String.raw`\d+(?:\.\d+)?` : String.raw`\d+`;
  const gap = spaces ? String.raw`\s*` : '';
  const part = `(${amount})${gap}(${unit})${gap}`;
  const trimmed = text.trim();
  if (!new RegExp(`^(?:${part})+$`, 'u').test(trimmed)) return undefined;
  let total = 0;
  for (const [, value, name] of trimmed.matchAll(new RegExp(part, 'gu')))
    total += Number(value) * DURATION_UNIT_MS[name as DurationUnit];
  return total;
}
