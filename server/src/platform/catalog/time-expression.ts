/**
 * Times as the platform's catalog calls take them: an RFC 3339 timestamp, or date math from
 * now (`now`, `now-2d`, `now-1h+30m`, `now/d`, `now-7d/d`; units y M w d h H m s, rounding in UTC).
 */

const UNITS = 'yMwdhHms';
const DATE_MATH = new RegExp(`^now((?:[+-]\\d+[${UNITS}])*)(?:/([${UNITS}]))?$`);
const STEP = new RegExp(`([+-])(\\d+)([${UNITS}])`, 'g');
const RFC3339 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

function shift(date: Date, amount: number, unit: string): void {
  switch (unit) {
    case 'y':
      date.setUTCFullYear(date.getUTCFullYear() + amount);
      break;
    case 'M':
      date.setUTCMonth(date.getUTCMonth() + amount);
      break;
    case 'w':
      date.setUTCDate(date.getUTCDate() + 7 * amount);
      break;
    case 'd':
      date.setUTCDate(date.getUTCDate() + amount);
      break;
    case 'h':
    case 'H':
      date.setUTCHours(date.getUTCHours() + amount);
      break;
    case 'm':
      date.setUTCMinutes(date.getUTCMinutes() + amount);
      break;
    case 's':
      date.setUTCSeconds(date.getUTCSeconds() + amount);
      break;
  }
}

function roundDown(date: Date, unit: string): void {
  const order = ['y', 'M', 'd', 'h', 'm', 's'];
  if (unit === 'w') {
    const monday = (date.getUTCDay() + 6) % 7;
    date.setUTCDate(date.getUTCDate() - monday);
    unit = 'd';
  }
  const level = order.indexOf(unit === 'H' ? 'h' : unit);
  if (level < 1) date.setUTCMonth(0);
  if (level < 2) date.setUTCDate(1);
  if (level < 3) date.setUTCHours(0);
  if (level < 4) date.setUTCMinutes(0);
  if (level < 5) date.setUTCSeconds(0);
  date.setUTCMilliseconds(0);
}

/** The time a text names, or undefined when it is neither a timestamp nor date math. */
export function parseTimeExpression(text: string, now: Date = new Date()): Date | undefined {
  const trimmed = text.trim();
  const math = DATE_MATH.exec(trimmed);
  if (math) {
    const date = new Date(now.getTime());
    for (const [, sign, amount, unit] of math[1]!.matchAll(STEP))
      shift(date, (sign === '-' ? -1 : 1) * Number(amount), unit!);
    if (math[2]) roundDown(date, math[2]);
    return date;
  }
  if (!RFC3339.test(trimmed)) return undefined;
  const parsed = new Date(trimmed);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}
