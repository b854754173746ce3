/**
 * Timestamps read with a Go time layout (the reference time "Mon Jan 2 15:04:05 MST 2006"), as a
 * scraper's `timestampFormat` gives them for `createFields` and `deleteFields`. RFC 3339 when no
 * layout is given.
 */

export const RFC3339 = '2006-01-02T15:04:05Z07:00';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

interface Part {
  pattern: string;
  set?: (fields: Fields, text: string) => void;
}

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millis: number;
  pm?: boolean;
  /** Minutes east of UTC; undefined means UTC (Go's default for a layout without a zone). */
  offset?: number;
}

const offsetOf = (text: string): number | undefined => {
  if (text === 'Z') return 0;
  const match = /^([+-])(\d\d):?(\d\d)?$/.exec(text);
  if (!match) return undefined;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
};

const number = (key: keyof Fields) => (fields: Fields, text: string) => {
  (fields[key] as number) = Number(text);
};

/** The layout's elements, longest first where one is the prefix of another. */
const ELEMENTS: [string, Part][] = [
  [
    'January',
    { pattern: '[A-Za-z]+', set: (f, t) => (f.month = MONTHS.indexOf(t.slice(0, 3).toLowerCase()) + 1) },
  ],
  ['Jan', { pattern: '[A-Za-z]{3}', set: (f, t) => (f.month = MONTHS.indexOf(t.toLowerCase()) + 1) }],
  ['Monday', { pattern: '[A-Za-z]+' }],
  ['Mon', { pattern: '[A-Za-z]{3}' }],
  ['MST', { pattern: '[A-Z]{3,5}|[+-]\\d{2,4}' }],
  ['2006', { pattern: '\\d{4}', set: number('year') }],
  ['Z07:00', { pattern: 'Z|[+-]\\d\\d:\\d\\d', set: (f, t) => (f.offset = offsetOf(t)) }],
  ['Z0700', { pattern: 'Z|[+-]\\d{4}', set: (f, t) => (f.offset = offsetOf(t)) }],
  ['-07:00', { pattern: '[+-]\\d\\d:\\d\\d', set: (f, t) => (f.offset = offsetOf(t)) }],
  ['-0700', { pattern: '[+-]\\d{4}', set: (f, t) => (f.offset = offsetOf(t)) }],
  ['-07', { pattern: '[+-]\\d\\d', set: (f, t) => (f.offset = offsetOf(t)) }],
  ['01', { pattern: '\\d\\d', set: number('month') }],
  ['02', { pattern: '\\d\\d', set: number('day') }],
  ['_2', { pattern: ' ?\\d{1,2}', set: (f, t) => (f.day = Number(t.trim())) }],
  ['03', { pattern: '\\d\\d', set: number('hour') }],
  ['04', { pattern: '\\d\\d', set: number('minute') }],
  ['05', { pattern: '\\d\\d', set: number('second') }],
  ['06', { pattern: '\\d\\d', set: (f, t) => (f.year = 2000 + Number(t)) }],
  ['15', { pattern: '\\d{1,2}', set: number('hour') }],
  ['PM', { pattern: 'AM|PM', set: (f, t) => (f.pm = t === 'PM') }],
  ['pm', { pattern: 'am|pm', set: (f, t) => (f.pm = t === 'pm') }],
  ['1', { pattern: '\\d{1,2}', set: number('month') }],
  ['2', { pattern: '\\d{1,2}', set: number('day') }],
  ['3', { pattern: '\\d{1,2}', set: number('hour') }],
  ['4', { pattern: '\\d{1,2}', set: number('minute') }],
  ['5', { pattern: '\\d{1,2}', set: number('second') }],
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const compiled = new Map<string, { regex: RegExp; setters: Part['set'][] }>();

function compile(layout: string) {
  const cached = compiled.get(layout);
  if (cached) return cached;
  let pattern = '';
  const setters: Part['set'][] = [];
  let i = 0;
  outer: while (i < layout.length) {
    // Fractional seconds: ".000" or ".999" (Go reads any number of digits after a seconds field).
    const fraction = /^[.,](0+|9+)/.exec(layout.slice(i));
    if (fraction) {
      pattern += '(?:[.,](\\d+))?';
      setters.push((f, t) => (f.millis = t ? Math.round(Number(`0.${t}`) * 1000) : 0));
      i += fraction[0].length;
      continue;
    }
    for (const [element, part] of ELEMENTS) {
      if (layout.startsWith(element, i)) {
        pattern += `(${part.pattern})`;
        setters.push(part.set);
        i += element.length;
        continue outer;
      }
    }
    pattern += escape(layout[i]!);
    i += 1;
  }
  const result = { regex: new RegExp(`^${pattern}$`), setters };
  compiled.set(layout, result);
  return result;
}

/** The instant `text` names in `layout`, or undefined when it does not fit the layout. */
export function parseGoTime(text: string, layout: string = RFC3339): Date | undefined {
  const value = text.trim();
  if (layout === RFC3339) {
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i.test(value)) return undefined;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  const { regex, setters } = compile(layout);
  const match = regex.exec(value);
  if (!match) return undefined;
  const fields: Fields = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0, millis: 0 };
  setters.forEach((set, index) => set?.(fields, match[index + 1] ?? ''));
  if (fields.pm !== undefined) fields.hour = (fields.hour % 12) + (fields.pm ? 12 : 0);
  if (fields.month < 1 || fields.month > 12 || fields.day < 1 || fields.day > 31) return undefined;
  const utc = Date.UTC(
    fields.year,
    fields.month - 1,
    fields.day,
    fields.hour,
    fields.minute,
    fields.second,
    fields.millis,
  );
  const date = new Date(utc - (fields.offset ?? 0) * 60_000);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
