/**
 * The platform's filter expressions as SQL conditions with bound parameters: `a,b` (any of),
 * `!c` (none of), `*x*` / `x*` / `*x` (a pattern, where the field allows them), and the tags
 * selector `k=v,k!=v,k in (a,b),k notin (a,b),k,!k` over a JSON column.
 */
import { HttpError } from '../../http/errors.js';

/** The bound values of one statement; `add` binds a value and answers its `$n`. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface FilterExpression {
  include: string[];
  exclude: string[];
  /** Patterns with `%` for `*`, to be matched without regard to case. */
  includePatterns: string[];
  excludePatterns: string[];
}

/** 422 with a message a person can act on. */
export const invalid = (message: string) => new HttpError(422, message);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The values of an expression; `*` makes a pattern only where `wildcards` is set. */
export function parseFilterExpression(text: string, wildcards = false): FilterExpression {
  const expression: FilterExpression = { include: [], exclude: [], includePatterns: [], excludePatterns: [] };
  for (const raw of text.split(',')) {
    let value = raw.trim();
    if (!value) continue;
    const negated = value.startsWith('!');
    if (negated) value = value.slice(1).trim();
    if (!value) continue;
    if (wildcards && (value.startsWith('*') || value.endsWith('*'))) {
      const core = value.replace(/^\*+|\*+$/g, '');
      const pattern = `${value.startsWith('*') ? '%' : ''}${escapeLike(core)}${value.endsWith('*') ? '%' : ''}`;
      (negated ? expression.excludePatterns : expression.includePatterns).push(pattern);
    } else (negated ? expression.exclude : expression.include).push(value);
  }
  return expression;
}

/** The condition an expression puts on a column (undefined when it says nothing). */
export function filterCondition(
  column: string,
  text: string,
  params: SqlParams,
  { wildcards = false }: { wildcards?: boolean } = {},
): string | undefined {
  const { include, exclude, includePatterns, excludePatterns } = parseFilterExpression(text, wildcards);
  const conditions: string[] = [];
  const anyOf: string[] = [];
  if (include.length === 1) anyOf.push(`${column} = ${params.add(include[0])}`);
  else if (include.length > 1) anyOf.push(`${column} = any(${params.add(include)}::text[])`);
  for (const pattern of includePatterns) anyOf.push(`${column} ilike ${params.add(pattern)}`);
  if (anyOf.length > 0) conditions.push(anyOf.length === 1 ? anyOf[0]! : `(${anyOf.join(' or ')})`);
  if (exclude.length > 0)
    conditions.push(`(${column} is null or ${column} <> all(${params.add(exclude)}::text[]))`);
  for (const pattern of excludePatterns)
    conditions.push(`(${column} is null or ${column} not ilike ${params.add(pattern)})`);
  return conditions.length > 0 ? conditions.join(' and ') : undefined;
}

/** Splits on commas outside parentheses: `a=b,c in (d,e)` → [`a=b`, `c in (d,e)`]. */
function selectorParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth++;
    if (char === ')') depth = Math.max(0, depth - 1);
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter(Boolean);
}

const KEY = String.raw`[A-Za-z0-9_./:-]+`;
const SET_REQUIREMENT = new RegExp(`^(${KEY})\\s+(in|notin)\\s*\\(([^)]*)\\)$`);
const EQUALITY_REQUIREMENT = new RegExp(`^(${KEY})\\s*(==|=|!=)\\s*(.*)$`);
const EXISTENCE_REQUIREMENT = new RegExp(`^(!?)\\s*(${KEY})$`);

/**
 * The conditions a Kubernetes-style selector puts on a JSON object column (tags or labels),
 * each answered by its GIN index (`@>`, `?`). Throws 422 naming the `field` on bad syntax.
 */
export function selectorConditions(column: string, text: string, params: SqlParams, field: string): string[] {
  const conditions: string[] = [];
  const contains = (key: string, value: string) =>
    `${column} @> ${params.add(JSON.stringify({ [key]: value }))}::jsonb`;
  for (const part of selectorParts(text)) {
    const set = SET_REQUIREMENT.exec(part);
    if (set) {
      const [, key, operator, list] = set;
      const values = list!
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      if (values.length === 0) throw invalid(`${field}: "${part}" lists no values`);
      const anyOf = values.map((value) => contains(key!, value)).join(' or ');
      conditions.push(operator === 'in' ? `(${anyOf})` : `not (${anyOf})`);
      continue;
    }
    const equality = EQUALITY_REQUIREMENT.exec(part);
    if (equality) {
      const [, key, operator, value] = equality;
      const condition = contains(key!, value!.trim());
      conditions.push(operator === '!=' ? `not ${condition}` : condition);
      continue;
    }
    const existence = EXISTENCE_REQUIREMENT.exec(part);
    if (existence) {
      const [, negated, key] = existence;
      const condition = `${column} ? ${params.add(key)}`;
      conditions.push(negated ? `not (${condition})` : condition);
      continue;
    }
    throw invalid(
      `${field}: "${part}" is not a selector (key=value, key!=value, key in (a,b), key notin (a,b))`,
    );
  }
  return conditions;
}
