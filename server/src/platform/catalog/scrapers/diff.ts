/**
 * How a stored config body and a scraped one are compared, and what a `diff` change holds: the
 * JSON merge patch (RFC 7386) from the old body to the new one, as the platform stores in
 * config_changes.patches, and a unified diff of the two bodies pretty-printed with sorted keys.
 */
import { createTwoFilesPatch } from 'diff';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value as JSON would carry it, keys sorted at every level (Dates as ISO text, undefined dropped). */
export function canonical(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : canonical(v)));
  if (isRecord(value)) {
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function')
      return canonical((value as { toJSON(): unknown }).toJSON());
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = value[key];
      if (v !== undefined && typeof v !== 'function') out[key] = canonical(v);
    }
    return out;
  }
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}

/** One text per value whatever its keys' order: equal texts, equal values. */
export function stableJson(value: unknown): string {
  return JSON.stringify(canonical(value ?? null));
}

/** The JSON merge patch that turns `before` into `after` (removed keys are null). */
export function mergePatch(before: unknown, after: unknown): unknown {
  if (!isRecord(before) || !isRecord(after)) return canonical(after ?? null);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(before)) if (!(key in after) || after[key] === undefined) patch[key] = null;
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (!(key in before)) patch[key] = canonical(value);
    else if (stableJson(before[key]) !== stableJson(value)) patch[key] = mergePatch(before[key], value);
  }
  return patch;
}

/** The body as the config page shows it: pretty JSON with sorted keys, or the text of a text body. */
export function prettyBody(value: unknown): string {
  if (typeof value === 'string') return value.endsWith('\n') ? value : `${value}\n`;
  return `${JSON.stringify(canonical(value ?? null), null, 2)}\n`;
}

/** A unified diff of the two bodies (no file headers beyond the names), '' when they read the same. */
export function unifiedDiff(before: unknown, after: unknown, name = 'config'): string {
  const a = prettyBody(before);
  const b = prettyBody(after);
  if (a === b) return '';
  return createTwoFilesPatch(`a/${name}`, `b/${name}`, a, b, undefined, undefined, { context: 3 })
    .split('\n')
    .filter((line) => !line.startsWith('====='))
    .join('\n');
}
