/**
 * The pieces of the platform's resource selectors as SQL conditions, with every value a bound
 * parameter: `!x` excludes x, `x*` and `*x` match by prefix and suffix, and label and tag selectors
 * read as Kubernetes selectors (`app=api,tier!=db,env in (prod,stage),owner,!legacy`).
 */

/** A selector that cannot be read; the message says where. */
export class SelectorError extends Error {}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
const likePattern = (v: string) => escapeLike(v).replace(/\*/g, '%');

/** Conditions to join with `and`, and the parameters they bind (numbered after those before). */
export class SqlConditions {
  readonly terms: string[] = [];
  constructor(readonly params: unknown[]) {}
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** The column is one of the values (with their `!` and `*` prefixes). */
  matchAny(column: string, values: string[]): void {
    const include = values.filter((v) => !v.startsWith('!'));
    const exclude = values.filter((v) => v.startsWith('!')).map((v) => v.slice(1));
    if (include.length)
      this.terms.push(
        `(${include
          .map((v) =>
            v.includes('*') ? `${column} like ${this.param(likePattern(v))}` : `${column} = ${this.param(v)}`,
          )
          .join(' or ')})`,
      );
    for (const v of exclude)
      this.terms.push(
        v.includes('*')
          ? `${column} not like ${this.param(likePattern(v))}`
          : `${column} is distinct from ${this.param(v)}`,
      );
  }

  /** The column contains the text, in any case. */
  matchSearch(column: string, search: string): void {
    this.terms.push(`${column} ilike ${this.param(`%${escapeLike(search)}%`)}`);
  }

  /** A Kubernetes-style selector on a jsonb column of string values (labels or tags). */
  matchSelector(column: string, selector: string, what: string): void {
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
        const test = `${column}->>${this.param(m[1])} = any(${this.param(values)}::text[])`;
        this.terms.push(m[2] === 'in' ? test : `not coalesce(${test}, false)`);
      } else if ((m = /^([\w./-]+)\s*(==|=|!=)\s*(.*)$/.exec(term))) {
        const test = `${column}->>${this.param(m[1])} = ${this.param(m[3]!.trim())}`;
        this.terms.push(m[2] === '!=' ? `not coalesce(${test}, false)` : test);
      } else if ((m = /^!([\w./-]+)$/.exec(term))) {
        this.terms.push(`not ${column} ? ${this.param(m[1])}`);
      } else if ((m = /^([\w./-]+)$/.exec(term))) {
        this.terms.push(`${column} ? ${this.param(m[1])}`);
      } else throw new SelectorError(`${what} '${selector}' cannot be read at '${term}'`);
    }
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
