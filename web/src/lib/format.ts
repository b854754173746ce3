// Formatting shared by every screen: ages, durations, uptime percentages and counts.
import { formatDistanceStrict } from 'date-fns';

export type DateInput = Date | string | number | null | undefined;

/** Shown where a value cannot be computed (e.g. uptime of a check that never ran). */
export const NO_VALUE = '—';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Spec 1 §4: a status age older than 7 days is hidden. */
export const STATUS_AGE_MAX_MS = 7 * 24 * HOUR;
/** Spec 1 §4: the Health column shows the last-run age only when it is over 1 hour. */
export const LAST_RUN_AGE_MIN_MS = HOUR;

/** Spec 1 §5 / §8: the history duration filter accepts only ms and s. */
export const DURATION_UNIT_MESSAGE = 'duration is allowed only in milli seconds & seconds';

/** A valid Date for the input, or undefined when it is empty or unparseable. */
export function toDate(value: DateInput): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** '5 minutes ago' / 'in 2 hours' (or '5 minutes' without suffix); undefined for an empty or invalid date. */
export function formatAge(date: DateInput, now: Date = new Date(), suffix = true): string | undefined {
  const parsed = toDate(date);
  return parsed && formatDistanceStrict(parsed, now, { addSuffix: suffix });
}

/**
 * formatAge for a moment that has passed (a run, a creation): a date a little ahead of `now`,
 * as a server clock running ahead of the browser's gives, reads '0 seconds ago', never 'in 7 seconds'.
 */
export function formatPastAge(date: DateInput, now: Date = new Date(), suffix = true): string | undefined {
  const parsed = toDate(date);
  return parsed && formatAge(parsed > now ? now : parsed, now, suffix);
}

/**
 * Duration in the spec's units ms, s, m, h: 350 → '350ms', 1250 → '1.25s', 125000 → '2m 5s',
 * 3_700_000 → '1h 1m'. Values are truncated, never rounded up into the next unit. Empty for
 * negative or non-numeric input.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '';
  if (ms < SECOND) return `${Math.floor(ms)}ms`;
  if (ms < MINUTE) return `${Math.floor(ms / 10) / 100}s`;
  if (ms < HOUR) return joinUnits(Math.floor(ms / MINUTE), 'm', Math.floor((ms % MINUTE) / SECOND), 's');
  return joinUnits(Math.floor(ms / HOUR), 'h', Math.floor((ms % HOUR) / MINUTE), 'm');
}

function joinUnits(major: number, majorUnit: string, minor: number, minorUnit: string): string {
  return minor ? `${major}${majorUnit} ${minor}${minorUnit}` : `${major}${majorUnit}`;
}

export interface Uptime {
  passed?: number | null;
  failed?: number | null;
}

/**
 * Spec 1 §9: passed / (passed + failed) as a percentage with one decimal ('99.5%'). Truncated
 * rather than rounded, so a check with any failed run never shows '100.0%'. NO_VALUE ('—') when
 * there were no runs.
 */
export function formatUptime(uptime: Uptime | null | undefined): string {
  const passed = uptime?.passed ?? 0;
  const total = passed + (uptime?.failed ?? 0);
  if (!(total > 0)) return NO_VALUE;
  return `${(Math.floor((1000 * passed) / total) / 10).toFixed(1)}%`;
}

/** Spec 3 §9: counts above 999 display as thousands with 'k+' (1500 → '1k+', 12000 → '12k+'). */
export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  return n > 999 ? `${Math.floor(n / 1000)}k+` : String(n);
}

const DURATION = /^(\d+(?:\.\d+)?|\.\d+)\s*(ms|s)$/;

/** '500ms' → 500, '1s' → 1000, '1.5s' → 1500; undefined for anything else (other units, no unit). */
export function parseDuration(input: string | null | undefined): number | undefined {
  const match = DURATION.exec((input ?? '').trim());
  if (!match) return undefined;
  const value = Number(match[1]);
  // Rounded to a microsecond so that '1.1s' is 1100, not 1100.0000000000002.
  return match[2] === 's' ? Math.round(value * SECOND * 1000) / 1000 : value;
}

/** The validation message for a duration filter; undefined when it is valid or empty. */
export function durationError(input: string | null | undefined): string | undefined {
  return !input?.trim() || parseDuration(input) !== undefined ? undefined : DURATION_UNIT_MESSAGE;
}
