/**
 * The pieces of the platform's resource selectors as SQL conditions, with every value a bound
 * parameter: `!x` excludes x, `x*` and `*x` match by prefix and suffix, and label and tag selectors
 * read as Kubernetes selectors (`app=api,tier!=db,env in (prod,stage),owner,!legacy`).
 */

/** A selector that cannot be read; the message says where. */
export class SelectorError extends Error {}

/** Conditions to join with `and`, and the parameters they bind (numbered after those before). */
export class SqlConditions {
  readonly terms: string[] = [];
  constructor(readonly params: unknown[]) {}
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
}

/** A selector's value as a list: an array, or comma-separated text. */
export const valueList = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map((v) => String(v).trim()).filter(Boolean)
    : typeof value === 'string' && value.trim()
      ? value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : [];

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
const likePattern = (v: string) => escapeLike(v).replace(/\*/g, '%');

/** The column is one of the values (with their `!` and `*` prefixes). */
export function matchAny(where: SqlConditions, column: string, values: string[]): void {
  const include = values.filter((v) => !v.startsWith('!'));
  const exclude = values.filter((v) => v.startsWith('!')).map((v) => v.slice(1));
  if (include.length)
    where.terms.push(
      `(${include
        .map((v) =>
          v.includes('*') ? `${column} like ${where.param(likePattern(v))}` : `${column} = ${where.param(v)}`,
        )
        .join(' or ')})`,
    );
  for (const v of exclude)
    where.terms.push(
      v.includes('*')
        ? `${column} not like ${where.param(likePattern(v))}`
        : `${column} is distinct from ${where.param(v)}`,
    );
}

/** The column contains the text, in any case. */
export function matchSearch(where: SqlConditions, column: string, search: string): void {
  where.terms.push(`${column} ilike ${where.param(`%${escapeLike(search)}%`)}`);
}

/** A Kubernetes-style selector on a jsonb column of string values (labels or tags). */
export function matchSelector(where: SqlConditions, column: string, selector: string, what: string): void {
  const terms = selector.match(/[^,(]+(\([^)]*\))?/g) ?? [];
  for (const raw of terms) {
    const term = raw.trim();
    if (!term) continue;
    let m: RegExpExecArray | null;
    if ((m = /^([\w./-]+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(term))) {
      const values = m[3]!
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      const test = `${column}->>${where.param(m[1])} = any(${where.param(values)}::text[])`;
      where.terms.push(m[2] === 'in' ? test : `not coalesce(${test}, false)`);
    } else if ((m = /^([\w./-]+)\s*(==|=|!=)\s*(.*)$/.exec(term))) {
      const test = `${column}->>${where.param(m[1])} = ${where.param(m[3]!.trim())}`;
      where.terms.push(m[2] === '!=' ? `not coalesce(${test}, false)` : test);
    } else if ((m = /^!([\w./-]+)$/.exec(term))) {
      where.terms.push(`not ${column} ? ${where.param(m[1])}`);
    } else if ((m = /^([\w./-]+)$/.exec(term))) {
      where.terms.push(`${column} ? ${where.param(m[1])}`);
    } else throw new SelectorError(`${what} '${selector}' cannot be read at '${term}'`);
  }
}
