import {
  addDays,
  addHours,
  addMilliseconds,
  addMinutes,
  addMonths,
  addSeconds,
  addWeeks,
  addYears,
  endOfDay,
  endOfHour,
  endOfISOWeek,
  endOfMinute,
  endOfMonth,
  endOfSecond,
  endOfYear,
  isValid,
  parseISO,
  startOfDay,
  startOfHour,
  startOfISOWeek,
  startOfMinute,
  startOfMonth,
  startOfSecond,
  startOfYear,
} from 'date-fns';

/** Units of a time expression: `M` is month, `m` is minute. */
export type TimeUnit = 'ms' | 's' | 'm' | 'h' | 'd' | 'w' | 'M' | 'y';

export const TIME_UNITS: readonly TimeUnit[] = ['ms', 's', 'm', 'h', 'd', 'w', 'M', 'y'];

export interface TimeOffset {
  amount: number;
  unit: TimeUnit;
}

export type ParsedExpression =
  /** `now`, then offsets applied in order (negative amounts go back), then an optional rounding. */
  { kind: 'relative'; offsets: TimeOffset[]; round?: TimeUnit } | { kind: 'absolute'; date: Date };

export interface ResolveOptions {
  /** The instant `now` stands for; defaults to the current time. */
  now?: Date;
  /** Round to the end of the unit (a range's `to`) instead of its start (a range's `from`). */
  roundUp?: boolean;
}

const UNIT = '(ms|s|m|h|d|w|M|y)';
const OFFSET = new RegExp(`^([+-])\\s*(\\d+)${UNIT}`);
const ROUNDING = new RegExp(`^/\\s*${UNIT}$`);

const ADD: Record<TimeUnit, (date: Date, amount: number) => Date> = {
  ms: addMilliseconds,
  s: addSeconds,
  m: addMinutes,
  h: addHours,
  d: addDays,
  w: addWeeks,
  M: addMonths,
  y: addYears,
};

const identity = (date: Date) => date;
// Weeks are ISO weeks: they start on Monday.
const START_OF: Record<TimeUnit, (date: Date) => Date> = {
  ms: identity,
  s: startOfSecond,
  m: startOfMinute,
  h: startOfHour,
  d: startOfDay,
  w: startOfISOWeek,
  M: startOfMonth,
  y: startOfYear,
};
const END_OF: Record<TimeUnit, (date: Date) => Date> = {
  ms: identity,
  s: endOfSecond,
  m: endOfMinute,
  h: endOfHour,
  d: endOfDay,
  w: endOfISOWeek,
  M: endOfMonth,
  y: endOfYear,
};

function parseRelative(text: string): ParsedExpression | undefined {
  let rest = text.slice('now'.length).trimStart();
  const offsets: TimeOffset[] = [];
  for (let match = OFFSET.exec(rest); match; match = OFFSET.exec(rest)) {
    const [whole, sign, digits, unit] = match;
    const amount = Number(digits);
    if (!Number.isSafeInteger(amount)) return undefined;
    offsets.push({ amount: sign === '-' ? -amount : amount, unit: unit as TimeUnit });
    rest = rest.slice(whole.length).trimStart();
  }
  if (rest === '') return { kind: 'relative', offsets };
  const rounding = ROUNDING.exec(rest);
  return rounding ? { kind: 'relative', offsets, round: rounding[1] as TimeUnit } : undefined;
}

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*';
// A day, a month and a full year as in RFC 2822, Date#toString or 2024/03/05: the built-in
// parser alone is lenient enough to read '2' or 'not a date 2024' as some date.
const LOOSE_DATE = new RegExp(
  `\\d{1,2}\\s+${MONTH}\\s+\\d{4}|${MONTH}\\s+\\d{1,2},?\\s+\\d{4}|\\d{4}/\\d{1,2}/\\d{1,2}|\\d{1,2}/\\d{1,2}/\\d{4}`,
  'i',
);

function parseAbsolute(text: string): Date | undefined {
  const iso = parseISO(text);
  if (isValid(iso)) return iso;
  if (!LOOSE_DATE.test(text)) return undefined;
  const date = new Date(text);
  return isValid(date) ? date : undefined;
}

/**
 * Parses `now[(+|-)N unit]...[/unit]` or an absolute timestamp. Surrounding whitespace and
 * whitespace between the parts are ignored. Returns undefined for anything else; never throws.
 */
export function parseExpression(text: string | null | undefined): ParsedExpression | undefined {
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (trimmed.startsWith('now')) return parseRelative(trimmed);
  const date = parseAbsolute(trimmed);
  return date && { kind: 'absolute', date };
}

/** True for a valid expression based on `now` (as opposed to an absolute timestamp). */
export function isRelativeExpression(text: string | null | undefined): boolean {
  return parseExpression(text)?.kind === 'relative';
}

/** The instant an expression stands for, or undefined when it is invalid. */
export function resolveExpression(
  text: string | null | undefined,
  options: ResolveOptions = {},
): Date | undefined {
  const parsed = parseExpression(text);
  if (!parsed) return undefined;
  if (parsed.kind === 'absolute') return parsed.date;
  let date = options.now ?? new Date();
  for (const { amount, unit } of parsed.offsets) date = ADD[unit](date, amount);
  if (parsed.round) date = (options.roundUp ? END_OF : START_OF)[parsed.round](date);
  return isValid(date) ? date : undefined;
}
