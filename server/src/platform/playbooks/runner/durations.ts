/**
 * Durations as playbooks write them (`timeout`, `delay`, `retry.duration`): `30s`, `5m`, `1h30m`,
 * `500ms`, and the platform's longer units `d` (24 h), `w` (7 d) and `y` (365 d).
 */
import { durationMs, type DurationUnit } from '../../../lib/duration.js';

const PLAYBOOK_UNITS: readonly DurationUnit[] = ['ms', 's', 'm', 'h', 'd', 'w', 'y'];

export class DurationError extends Error {}

/** Milliseconds of a duration; throws DurationError, in words, for text that is not one. */
export function parseDuration(text: string): number {
  const ms = durationMs(text, { units: PLAYBOOK_UNITS });
  if (ms === undefined) throw new DurationError(`'${text}' is not a duration (e.g. 30s, 5m, 1h30m, 1d)`);
  return Math.round(ms);
}

/** The playbook's own timeout when its spec gives none: the platform's default, 30 minutes. */
export const DEFAULT_PLAYBOOK_TIMEOUT_MS = 30 * 60_000;

/** `1500` → `1.5s`, `90000` → `1m30s`: how errors name a duration that was given in milliseconds. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  const parts: string[] = [];
  let rest = ms;
  for (const [unit, size] of [
    ['h', 3_600_000],
    ['m', 60_000],
  ] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  if (rest) parts.push(`${Number((rest / 1000).toFixed(3))}s`);
  return parts.join('');
}
