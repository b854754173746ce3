/**
 * Durations and sizes as canary-checker shows and reads them: Go's time.Duration text
 * ("1m30s", "1.5ms"), gomplate's duration units (d, w, y as well) and its human forms.
 * Durations are cel-js Durations, so CEL compares them and Go templates print them alike.
 */
import { Duration } from '@marcbachmann/cel-js/evaluator';

const NS = { ns: 1n, us: 1_000n, µs: 1_000n, μs: 1_000n, ms: 1_000_000n, s: 1_000_000_000n } as const;
const MINUTE = 60n * NS.s;
const HOUR = 60n * MINUTE;
const DAY = 24n * HOUR;
const WEEK = 7n * DAY;
const UNITS: Record<string, bigint> = { ...NS, m: MINUTE, h: HOUR, d: DAY, w: WEEK, y: 365n * DAY };

export function nanosOf(d: Duration): bigint {
  return d.seconds * NS.s + BigInt(d.nanos);
}

export function durationFromNanos(total: bigint): Duration {
  return new Duration(total / NS.s, Number(total % NS.s));
}

export const durationFromMs = (ms: number): Duration => durationFromNanos(BigInt(Math.round(ms * 1e6)));

/** gomplate's ParseDuration: Go's units plus d, w and y ("7d", "1h30m", "-2h"). */
export function parseGoDuration(text: string): Duration {
  let s = text.trim();
  const negative = s.startsWith('-');
  if (s.startsWith('-') || s.startsWith('+')) s = s.slice(1);
  if (s === '0') return new Duration(0);
  if (!s) throw new Error(`invalid duration "${text}"`);
  let total = 0n;
  const part = /^(\d*)(?:\.(\d*))?([a-zµμ]+)/;
  while (s) {
    const m = part.exec(s);
    const unit = m ? UNITS[m[3]!] : undefined;
    if (!m || unit === undefined || (!m[1] && !m[2])) throw new Error(`invalid duration "${text}"`);
    total += BigInt(m[1] || '0') * unit;
    if (m[2]) total += (BigInt(m[2]) * unit) / 10n ** BigInt(m[2].length);
    s = s.slice(m[0].length);
  }
  return durationFromNanos(negative ? -total : total);
}

function fraction(value: bigint, unit: bigint): string {
  const whole = value / unit;
  const rest = value % unit;
  if (rest === 0n) return String(whole);
  const digits = String(unit).length - 1;
  return `${whole}.${String(rest).padStart(digits, '0').replace(/0+$/, '')}`;
}

/** Go's time.Duration.String(): "1h2m3.5s", "1.5ms", "0s". */
export function formatGoDuration(d: Duration): string {
  let n = nanosOf(d);
  const sign = n < 0n ? '-' : '';
  if (n < 0n) n = -n;
  if (n === 0n) return '0s';
  if (n < NS.us) return `${sign}${n}ns`;
  if (n < NS.ms) return `${sign}${fraction(n, NS.us)}µs`;
  if (n < NS.s) return `${sign}${fraction(n, NS.ms)}ms`;
  const hours = n / HOUR;
  const minutes = (n % HOUR) / MINUTE;
  const seconds = fraction(n % MINUTE, NS.s);
  if (hours > 0n) return `${sign}${hours}h${minutes}m${seconds}s`;
  if (minutes > 0n) return `${sign}${minutes}m${seconds}s`;
  return `${sign}${seconds}s`;
}

/** gomplate's HumanDuration: "3d1h3m", "4w3d2h", "1m30s"; a number is nanoseconds. */
export function humanDuration(value: unknown): string {
  const n0 =
    value instanceof Duration
      ? nanosOf(value)
      : typeof value === 'bigint'
        ? value
        : BigInt(Math.trunc(Number(value) || 0));
  let n = n0 < 0n ? -n0 : n0;
  const sign = n0 < 0n ? '-' : '';
  let out: string;
  if (n < NS.s) out = formatGoDuration(durationFromNanos(n));
  else if (n > WEEK) {
    const hours = (n / HOUR) % 24n;
    const days = (n / DAY) % 7n;
    const weeks = n / WEEK;
    out = `${weeks}w${days}d${hours}h`;
  } else if (n > DAY) {
    out = `${n / DAY}d${(n / HOUR) % 24n}h${(n / MINUTE) % 60n}m`;
  } else {
    n -= n % NS.s;
    out = formatGoDuration(durationFromNanos(n));
  }
  // As gomplate does: zero units are left out ("1h0m0s" reads "1h").
  out = out.replace(/(^|[a-zµ])0[smhd]/g, '$1').replace(/(^|[a-zµ])0[smhd]/g, '$1') || '0s';
  return sign + out;
}

/** Bytes in binary units, as gomplate's HumanSize: "1M", "1.5K", "512B". */
export function humanSize(bytes: number): string {
  const units = ['B', 'K', 'M', 'G', 'T', 'P', 'E'];
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, '');
  return `${text}${units[unit]}`;
}
