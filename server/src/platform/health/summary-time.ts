/**
 * A timestamp of the summary's rows as the answer gives it: ISO 8601 in UTC to the millisecond,
 * as Date#toISOString writes it.
 */

// Postgres's JSON of a timestamptz in a UTC session: seconds, up to six fraction digits, +00:00.
const UTC_JSON = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00:00$/;

/**
 * On PGlite the rows come back as JSON text, so each timestamp is a string; a 2,000-check
 * summary holds 16,000 of them, and parsing each into a Date to write it again took ~8 ms of the
 * answer. The UTC text is rewritten instead (the fraction cut to milliseconds, as the Date
 * would); any other form (another offset, a year past 9999) goes through Date. PostgreSQL's
 * driver gives Dates.
 */
export function isoTime(value: Date | string | null): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  const utc = UTC_JSON.exec(value);
  if (!utc) return new Date(value).toISOString();
  return `${utc[1]}.${(utc[2] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}
