import { lightFormat } from 'date-fns';
import { parseExpression, resolveExpression, type TimeOffset, type TimeUnit } from './expression.js';

/** `from` and `to` are expressions (relative, mapped) or ISO timestamps (absolute). */
export type TimeRange =
  | { type: 'relative'; from: string; to: string; display: string }
  | { type: 'absolute'; from: string; to: string; display: string }
  | { type: 'mapped'; from: string; to: string; display: string };

export type TimeRangeType = TimeRange['type'];

const UNIT_NAMES: Record<TimeUnit, string> = {
  ms: 'millisecond',
  s: 'second',
  m: 'minute',
  h: 'hour',
  d: 'day',
  w: 'week',
  M: 'month',
  y: 'year',
};

function quantity({ amount, unit }: TimeOffset): string {
  const size = Math.abs(amount);
  return `${size} ${UNIT_NAMES[unit]}${size === 1 ? '' : 's'}`;
}

const SPAN = /^(\d+)(ms|mo|s|m|h|d|w|M|y)$/;

/** A span such as '5m', '6M' or '1mo' (month); undefined when malformed. */
function parseSpan(span: string): TimeOffset | undefined {
  const match = SPAN.exec(span.trim());
  if (!match) return undefined;
  const [, digits, unit] = match;
  return { amount: Number(digits), unit: (unit === 'mo' ? 'M' : unit) as TimeUnit };
}

function requireSpan(span: string): TimeOffset {
  const offset = parseSpan(span);
  if (!offset) throw new Error(`Invalid time span '${span}'`);
  return offset;
}

/** 'Last 2 days': `now-2d` → `now`. */
export function lastRange(span: string): TimeRange {
  const offset = requireSpan(span);
  return {
    type: 'relative',
    from: `now-${offset.amount}${offset.unit}`,
    to: 'now',
    display: `Last ${quantity(offset)}`,
  };
}

/** 'Next 2 days': `now` → `now+2d`. */
export function nextRange(span: string): TimeRange {
  const offset = requireSpan(span);
  return {
    type: 'relative',
    from: 'now',
    to: `now+${offset.amount}${offset.unit}`,
    display: `Next ${quantity(offset)}`,
  };
}

/** The picker's relative quick picks (spec 1 §9), offered in the past and in the future. */
export const RELATIVE_QUICK_PICKS = [
  '5m',
  '15m',
  '30m',
  '1h',
  '3h',
  '6h',
  '12h',
  '24h',
  '2d',
  '7d',
  '30d',
  '90d',
  '6M',
  '1y',
  '2y',
  '5y',
] as const;

export const PAST_RANGES: readonly TimeRange[] = RELATIVE_QUICK_PICKS.map(lastRange);
export const FUTURE_RANGES: readonly TimeRange[] = RELATIVE_QUICK_PICKS.map(nextRange);

const mapped = (display: string, from: string, to: string): TimeRange => ({
  type: 'mapped',
  from,
  to,
  display,
});

/** Named ranges, with Grafana's meanings. */
export const MAPPED_RANGES: readonly TimeRange[] = [
  mapped('Today', 'now/d', 'now/d'),
  mapped('Today so far', 'now/d', 'now'),
  mapped('Yesterday', 'now-1d/d', 'now-1d/d'),
  mapped('Day before yesterday', 'now-2d/d', 'now-2d/d'),
  mapped('This day last week', 'now-7d/d', 'now-7d/d'),
  mapped('This week', 'now/w', 'now/w'),
  mapped('This week so far', 'now/w', 'now'),
  mapped('Previous week', 'now-1w/w', 'now-1w/w'),
  mapped('This month', 'now/M', 'now/M'),
  mapped('This month so far', 'now/M', 'now'),
  mapped('Previous month', 'now-1M/M', 'now-1M/M'),
  mapped('This year', 'now/y', 'now/y'),
  mapped('This year so far', 'now/y', 'now'),
  mapped('Previous year', 'now-1y/y', 'now-1y/y'),
];

/** Spec 3 §9: "Default time range relative now-2d". */
export const DEFAULT_TIME_RANGE: TimeRange = lastRange('2d');

export interface TimeRangeOption {
  value: string;
  label: string;
}

/** The dashboard's time range options (spec 1 §9); values are spans for `durationToMs`. */
export const TIME_RANGE_OPTIONS: readonly TimeRangeOption[] = [
  '15m',
  '1h',
  '2h',
  '3h',
  '6h',
  '12h',
  '1d',
  '2d',
  '3d',
  '1w',
  '2w',
  '3w',
  '1mo',
  '2mo',
  '3mo',
  '6mo',
  '1y',
  '2y',
  '3y',
  '5y',
].map((value) => ({ value, label: `Last ${quantity(requireSpan(value))}` }));

const DAY_MS = 24 * 60 * 60 * 1000;
const UNIT_MS: Record<TimeUnit, number> = {
  ms: 1,
  s: 1000,
  m: 60 * 1000,
  h: 60 * 60 * 1000,
  d: DAY_MS,
  w: 7 * DAY_MS,
  M: 30 * DAY_MS,
  y: 365 * DAY_MS,
};

/**
 * Milliseconds in a span such as '1h', '2d', '1w', '1mo' or '1y' (a month counts 30 days, a year
 * 365); undefined when malformed.
 */
export function durationToMs(span: string): number | undefined {
  const offset = parseSpan(span);
  return offset && offset.amount * UNIT_MS[offset.unit];
}

const normalize = (expression: string) => expression.replace(/\s+/g, '');

/** Same `from` and `to`, ignoring whitespace: how the picker marks the current choice. */
export function isSameTimeRange(a: TimeRange | undefined, b: TimeRange | undefined): boolean {
  return !!a && !!b && normalize(a.from) === normalize(b.from) && normalize(a.to) === normalize(b.to);
}

const DATE_TIME_FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** A local date and time as shown in the picker, e.g. '2024-03-05 14:30:00'. */
export function formatDateTime(date: Date): string {
  return lightFormat(date, DATE_TIME_FORMAT);
}

export function absoluteRange(from: Date, to: Date): TimeRange {
  return {
    type: 'absolute',
    from: from.toISOString(),
    to: to.toISOString(),
    display: `${formatDateTime(from)} to ${formatDateTime(to)}`,
  };
}

function isPlainOffset(text: string, sign: 1 | -1): TimeOffset | undefined {
  const parsed = parseExpression(text);
  if (parsed?.kind !== 'relative' || parsed.round || parsed.offsets.length !== 1) return undefined;
  const [offset] = parsed.offsets;
  return offset && Math.sign(offset.amount) === sign ? offset : undefined;
}

const isNow = (text: string) => normalize(text) === 'now';

/** 'Last 2 days' for now-2d → now, 'Next 5 minutes' for now → now+5m, else 'now-3h to now-1h'. */
export function describeRange(from: string, to: string): string {
  const past = isNow(to) && isPlainOffset(from, -1);
  if (past) return `Last ${quantity(past)}`;
  const future = isNow(from) && isPlainOffset(to, 1);
  if (future) return `Next ${quantity(future)}`;
  const show = (text: string) => {
    const parsed = parseExpression(text);
    return parsed?.kind === 'absolute' ? formatDateTime(parsed.date) : text.trim();
  };
  return `${show(from)} to ${show(to)}`;
}

/**
 * The range that a `from` and `to` pair (as kept in a URL) stands for: a known named pair is
 * mapped, anything with a `now` expression relative, two timestamps absolute. Undefined when
 * either is missing or invalid.
 */
export function timeRangeFromValues(from?: string | null, to?: string | null): TimeRange | undefined {
  const parsedFrom = parseExpression(from);
  const parsedTo = parseExpression(to);
  if (!from || !to || !parsedFrom || !parsedTo) return undefined;
  const candidate: TimeRange = { type: 'relative', from, to, display: '' };
  const named = MAPPED_RANGES.find((range) => isSameTimeRange(range, candidate));
  if (named) return named;
  if (parsedFrom.kind === 'absolute' && parsedTo.kind === 'absolute') {
    return { type: 'absolute', from, to, display: describeRange(from, to) };
  }
  return { ...candidate, display: describeRange(from, to) };
}

const INVALID_MAPPED = 'Invalid mapped time range';

function absoluteDate(text: string): Date | undefined {
  const parsed = parseExpression(text);
  return parsed?.kind === 'absolute' ? parsed.date : undefined;
}

/**
 * The instants a range covers at `now`: `from` rounds to the start of its unit, `to` to the end.
 * Invalid relative or mapped expressions are logged and give undefined; an invalid absolute
 * value is logged and throws (spec 3 §8).
 */
export function resolveTimeRange(
  range: TimeRange,
  now: Date = new Date(),
): { from: Date; to: Date } | undefined {
  if (range.type === 'absolute') {
    const from = absoluteDate(range.from);
    const to = absoluteDate(range.to);
    if (from && to) return { from, to };
    console.error(INVALID_MAPPED);
    throw new Error(`Invalid absolute time range: ${range.from} to ${range.to}`);
  }
  const from = resolveExpression(range.from, { now });
  const to = resolveExpression(range.to, { now, roundUp: true });
  if (from && to) return { from, to };
  console.error(range.type === 'mapped' ? INVALID_MAPPED : 'Invalid relative time range');
  return undefined;
}
