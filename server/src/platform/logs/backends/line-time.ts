/**
 * The time at the start of a log line, in the forms log files write it: RFC 3339 / ISO 8601
 * (`2024-06-11T10:00:00.123Z`, `2024-06-11 10:00:00,123`, optionally in brackets; without a zone
 * it is UTC), syslog's `Jun 11 10:00:00` (this year, or last year when that would be ahead), and
 * the access logs' `[11/Jun/2024:10:00:00 +0000]` near the start. The message is the line
 * without a leading ISO or syslog time.
 */
const ISO = /^\[?(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:[.,](\d{1,9}))?(Z|[+-]\d{2}:?\d{2})?\]?\s*/;
const SYSLOG = /^([A-Z][a-z]{2}) {1,2}(\d{1,2}) (\d{2}:\d{2}:\d{2})\s+/;
const ACCESS = /\[(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):(\d{2}:\d{2}:\d{2}) ([+-]\d{2})(\d{2})\]/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

export interface LineTime {
  /** Milliseconds with the sub-millisecond fraction, as lines.ts timeKey. */
  at: number;
  timestamp: string;
  message: string;
}

function zoneOf(zone: string | undefined): string {
  if (!zone || zone === 'Z' || zone === 'z') return 'Z';
  return zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
}

export function lineTime(line: string, now = Date.now()): LineTime | undefined {
  const iso = ISO.exec(line);
  if (iso) {
    const fraction = iso[3] ?? '';
    const zone = zoneOf(iso[4]);
    const ms = Date.parse(
      `${iso[1]}T${iso[2]}${fraction ? `.${fraction.slice(0, 3).padEnd(3, '0')}` : ''}${zone}`,
    );
    if (Number.isNaN(ms)) return undefined;
    const at = fraction.length > 3 ? ms + Number(`0.${fraction.slice(3)}`) : ms;
    const timestamp =
      zone === 'Z' && fraction.length > 3 ? `${iso[1]}T${iso[2]}.${fraction}Z` : new Date(ms).toISOString();
    return { at, timestamp, message: line.slice(iso[0].length) };
  }
  const syslog = SYSLOG.exec(line);
  if (syslog) {
    const month = MONTHS.indexOf(syslog[1]!);
    if (month < 0) return undefined;
    const [h, m, s] = syslog[3]!.split(':').map(Number) as [number, number, number];
    const year = new Date(now).getUTCFullYear();
    let ms = Date.UTC(year, month, Number(syslog[2]), h, m, s);
    if (ms > now + DAY_MS) ms = Date.UTC(year - 1, month, Number(syslog[2]), h, m, s);
    return { at: ms, timestamp: new Date(ms).toISOString(), message: line.slice(syslog[0].length) };
  }
  const access = ACCESS.exec(line.slice(0, 120));
  if (access) {
    const month = MONTHS.indexOf(access[2]!);
    if (month < 0) return undefined;
    const ms = Date.parse(
      `${access[3]}-${String(month + 1).padStart(2, '0')}-${access[1]}T${access[4]}${access[5]}:${access[6]}`,
    );
    if (Number.isNaN(ms)) return undefined;
    return { at: ms, timestamp: new Date(ms).toISOString(), message: line };
  }
  return undefined;
}
