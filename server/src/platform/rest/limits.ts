import { MAX_BODY_DEPTH } from '../../http/request-checks.js';
import { RestError } from './errors.js';

/**
 * The most a /api/db request may ask for, in each dimension the parser sees. Each one keeps the
 * statement the request becomes well inside what the database parses quickly: PGlite runs in
 * this process, has no working statement_timeout, and a statement nested a few hundred levels
 * deep overruns its stack and spins or corrupts its memory instead of failing. The UI's own
 * requests stay far below every limit.
 */
export const requestLimits = {
  /** Characters of all query parameters together (names and values, decoded). */
  queryLength: 12_000,
  /** Bytes of a name: a column, relation, alias, hint or cast (Postgres's NAMEDATALEN - 1). */
  identifierBytes: 63,
  /** Keys of one JSON path, `spec->a->>b` has 2. */
  jsonPathKeys: 16,
  /** Levels of embedded resources in select, `a(b(c(id)))` has 3. */
  selectDepth: 8,
  /** Items of the whole select: columns, stars and embeds at any level. */
  selectItems: 200,
  /** Levels of nested and/or, `or=(a.eq.1,and(b.eq.2,c.eq.3))` has 2. */
  logicDepth: 16,
  /** Conditions of the whole request: each filter parameter and each condition in a logic tree. */
  filters: 100,
  /** Terms of one order parameter. */
  orderTerms: 16,
  /** Items of one list: `in.(…)`, `eq(any).{…}`, columns, on_conflict. */
  listItems: 1000,
  /** Characters of a regular expression (match, imatch). */
  patternLength: 256,
  /**
   * The product of a regular expression's repetition bounds (`{m,n}` counts as n): the regular
   * expression compiler copies a repeated part once per count, so nested bounds multiply its
   * work, and a pattern of 40 characters could otherwise hold PGlite for minutes.
   */
  patternRepeats: 1024,
  /**
   * Levels of arrays and objects in a JSON body: serialising it back for Postgres recurses. The
   * app refuses deeper bodies for all of /api before any router; the router checks again for
   * where it is mounted on its own.
   */
  bodyDepth: MAX_BODY_DEPTH,
} as const;

/** A request past a limit, refused as the parser refuses any query it cannot take (PGRST100). */
export const limitError = (message: string, limit: number, hint: string | null = null) =>
  new RestError(400, 'PGRST100', `${message}; the limit is ${limit}`, null, hint);

/** Refuses a name longer than Postgres keeps: no relation, column or type could be called that. */
export function checkIdentifier(name: string): string {
  const bytes = Buffer.byteLength(name);
  if (bytes > requestLimits.identifierBytes)
    throw limitError(`The name "${shorten(name)}" has ${bytes} bytes`, requestLimits.identifierBytes);
  return name;
}

/** Refuses a count past its limit; describe says what was counted, e.g. `order has 20 terms`. */
export function checkCount(count: number, limit: number, describe: (count: number) => string): void {
  if (count > limit) throw limitError(describe(count), limit);
}

/** At most 40 characters of text quoted in a message, so a huge input is not echoed whole. */
export const shorten = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** Refuses a JSON body nested deeper than the limit; walks it a level at a time, not recursively. */
export function checkBodyDepth(body: unknown): void {
  const isContainer = (value: unknown): value is object => value !== null && typeof value === 'object';
  let level = isContainer(body) ? [body] : [];
  for (let depth = 1; level.length > 0; depth++) {
    if (depth > requestLimits.bodyDepth)
      throw limitError(
        `The JSON body nests arrays and objects more than ${requestLimits.bodyDepth} levels deep`,
        requestLimits.bodyDepth,
      );
    level = level.flatMap((container) => Object.values(container).filter(isContainer));
  }
}
