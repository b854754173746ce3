import { parseError } from './errors.js';
import { checkCount, checkIdentifier, limitError, requestLimits as limits, shorten } from './limits.js';

/** `col->a->>b`: a column and the JSON keys under it. */
export interface Field {
  column: string;
  jsonPath: { arrow: '->' | '->>'; key: string }[];
}

export interface ColumnItem {
  kind: 'column';
  field: Field;
  alias?: string;
  cast?: string;
}
export interface StarItem {
  kind: 'star';
}
export interface EmbedItem {
  kind: 'embed';
  name: string;
  alias?: string;
  /** `!fk_or_column` hints that pick one relationship among several. */
  hint?: string;
  inner: boolean;
  select: SelectItem[];
}
export type SelectItem = ColumnItem | StarItem | EmbedItem;

export const operators = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type Operator = (typeof operators)[number];
const operatorSet = new Set<string>(operators);
/** Operators that take `(any)` / `(all)` with a `{a,b}` list. */
const quantifiable = new Set<string>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
]);
const fullTextOperators = new Set<string>(['fts', 'plfts', 'phfts', 'wfts']);

export interface Condition {
  kind: 'condition';
  field: Field;
  negated: boolean;
  operator: Operator;
  /** The value as sent; `in` has `list`; full-text search may have `language`. */
  value: string;
  list?: string[];
  quantifier?: 'any' | 'all';
  language?: string;
}
export interface LogicTree {
  kind: 'logic';
  operator: 'and' | 'or';
  negated: boolean;
  children: Filter[];
}
export type Filter = Condition | LogicTree;

export interface OrderTerm {
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** What one embed path (`''` for the top level, `a.b` for nested embeds) is asked for. */
export interface PathOptions {
  filters: Filter[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface ParsedQuery {
  select: SelectItem[];
  /** Keyed by embed path: `''` top level, `hypotheses.evidences` nested. */
  paths: Map<string, PathOptions>;
  onConflict?: string[];
  columns?: string[];
}

/**
 * Parses query parameters (in order, repeated keys kept) into what was asked, refusing anything
 * past the limits of limits.ts.
 */
export function parseQuery(params: Iterable<[string, string]>): ParsedQuery {
  const entries = [...params];
  const length = entries.reduce((sum, [key, value]) => sum + key.length + value.length + 1, 0);
  if (length > limits.queryLength)
    throw limitError(`The query has ${length} characters`, limits.queryLength, 'Ask for less in one request');
  const parsed: ParsedQuery = { select: [{ kind: 'star' }], paths: new Map() };
  for (const [key, value] of entries) {
    if (key.includes('\0') || value.includes('\0')) throw parseError('NUL characters are not allowed');
    if (key === 'select') parsed.select = parseSelect(value);
    else if (key === 'on_conflict') parsed.onConflict = parseNameList(value, 'on_conflict');
    else if (key === 'columns') parsed.columns = parseNameList(value, 'columns');
    else applyPathParameter(parsed, key, value);
  }
  checkCount(countItems(parsed.select), limits.selectItems, (n) => `select has ${n} items`);
  let conditions = 0;
  for (const options of parsed.paths.values())
    for (const filter of options.filters) conditions += countConditions(filter);
  checkCount(conditions, limits.filters, (n) => `The request has ${n} filter conditions`);
  return parsed;
}

function countItems(items: SelectItem[]): number {
  return items.reduce((sum, item) => sum + 1 + (item.kind === 'embed' ? countItems(item.select) : 0), 0);
}

function countConditions(filter: Filter): number {
  if (filter.kind === 'condition') return 1;
  return filter.children.reduce((sum, child) => sum + countConditions(child), 0);
}

export function pathOptions(parsed: ParsedQuery, path: string): PathOptions {
  let options = parsed.paths.get(path);
  if (!options) parsed.paths.set(path, (options = { filters: [], order: [] }));
  return options;
}

function applyPathParameter(parsed: ParsedQuery, key: string, value: string): void {
  const arrow = key.indexOf('->');
  const head = arrow === -1 ? key : key.slice(0, arrow);
  const segments = head.split('.');
  let last = segments.pop()!;
  if (arrow !== -1) last += key.slice(arrow);
  const negated = segments.at(-1) === 'not' && (last === 'or' || last === 'and');
  if (negated) segments.pop();
  if (segments.some((segment) => segment === ''))
    throw parseError(`"${shorten(key)}" is not a valid parameter`);
  segments.forEach(checkIdentifier);
  const options = pathOptions(parsed, segments.join('.'));
  if (last === 'order') options.order = parseOrder(value);
  else if (last === 'limit') options.limit = parseCount(value, 'limit');
  else if (last === 'offset') options.offset = parseCount(value, 'offset');
  else if (last === 'or' || last === 'and') options.filters.push(parseLogicTree(last, negated, value, 0));
  else options.filters.push(parseCondition(parseField(last), value, false));
}

function parseCount(value: string, what: string): number {
  if (!/^\d{1,15}$/.test(value)) throw parseError(`"${value}" is not a valid ${what}`);
  return Number(value);
}

function parseNameList(value: string, what: string): string[] {
  const names = checkList(
    splitTopLevel(value).map((name) => unquote(name.trim())),
    what,
  );
  if (names.some((name) => name === '')) throw parseError(`"${shorten(value)}" is not a valid ${what} list`);
  return names.map(checkIdentifier);
}

export function parseField(text: string): Field {
  const parts = text.split(/(->>|->)/);
  const column = checkIdentifier(parts[0]!.trim());
  if (column === '') throw parseError(`"${shorten(text)}" is not a valid column`);
  checkJsonPath(column, (parts.length - 1) / 2);
  const jsonPath: Field['jsonPath'] = [];
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i + 1] ?? '';
    if (key === '') throw parseError(`"${shorten(text)}" has an empty JSON key`);
    jsonPath.push({ arrow: parts[i] as '->' | '->>', key });
  }
  return { column, jsonPath };
}

function checkJsonPath(column: string, keys: number): void {
  if (keys > limits.jsonPathKeys)
    throw limitError(`The JSON path of "${shorten(column)}" has ${keys} keys`, limits.jsonPathKeys);
}

function checkList(items: string[], what: string): string[] {
  checkCount(items.length, limits.listItems, (n) => `The ${what} list has ${n} items`);
  return items;
}

// ---- filters --------------------------------------------------------------------------------

/** `[not.]op[(modifier)].value` for the given field. */
export function parseCondition(field: Field, text: string, inTree: boolean): Condition {
  let rest = text;
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const match = /^([a-z]+)(?:\(([^)]*)\))?\./.exec(rest);
  if (!match || !operatorSet.has(match[1]!))
    throw parseError(`"${shorten(text)}" is not a valid filter`, 'Expected op.value, e.g. eq.1');
  const operator = match[1] as Operator;
  const modifier = match[2];
  const raw = rest.slice(match[0].length);
  const value = inTree ? unquote(raw) : raw;
  const condition: Condition = { kind: 'condition', field, negated, operator, value };
  if (modifier !== undefined) {
    if (fullTextOperators.has(operator) && /^[A-Za-z_]+$/.test(modifier)) condition.language = modifier;
    else if (quantifiable.has(operator) && (modifier === 'any' || modifier === 'all')) {
      condition.quantifier = modifier;
      condition.list = parseBraceList(raw);
    } else throw parseError(`"${modifier}" is not a valid modifier of ${operator}`);
  }
  if (operator === 'in') condition.list = parseParenList(raw);
  if (operator === 'match' || operator === 'imatch') (condition.list ?? [value]).forEach(checkPattern);
  if (operator === 'is' && !/^(null|true|false|unknown)$/i.test(value)) {
    throw parseError(`"${value}" is not valid for is`, 'Use null, true, false or unknown');
  }
  return condition;
}

/** `(a,"b,c",d)` → ['a', 'b,c', 'd']. */
function parseParenList(raw: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')'))
    throw parseError(`"${shorten(raw)}" is not a valid list`, 'Use in.(a,b)');
  return checkList(splitTopLevel(raw.slice(1, -1)), 'in').map(unquote);
}

/** `{a,"b,c"}` → ['a', 'b,c']. */
function parseBraceList(raw: string): string[] {
  if (!raw.startsWith('{') || !raw.endsWith('}'))
    throw parseError(`"${shorten(raw)}" is not a valid list`, 'Use {a,b}');
  return checkList(splitTopLevel(raw.slice(1, -1)), '{…}').map(unquote);
}

function parseLogicTree(operator: 'and' | 'or', negated: boolean, text: string, depth: number): LogicTree {
  if (depth >= limits.logicDepth)
    throw limitError(
      `The logic tree nests and/or more than ${limits.logicDepth} levels deep`,
      limits.logicDepth,
    );
  if (!text.startsWith('(') || !text.endsWith(')'))
    throw parseError(`"${shorten(text)}" is not a valid logic tree`, 'Use or=(a.eq.1,b.eq.2)');
  const children = splitTopLevel(text.slice(1, -1)).map((item) => parseTreeItem(item.trim(), depth + 1));
  if (children.length === 0) throw parseError('A logic tree needs at least one condition');
  return { kind: 'logic', operator, negated, children };
}

function parseTreeItem(item: string, depth: number): Filter {
  const logic = /^(not\.)?(and|or)\(/.exec(item);
  if (logic)
    return parseLogicTree(
      logic[2] as 'and' | 'or',
      Boolean(logic[1]),
      item.slice(logic[0].length - 1),
      depth,
    );
  const dot = item.indexOf('.');
  if (dot <= 0) throw parseError(`"${shorten(item)}" is not a valid condition`);
  return parseCondition(parseField(item.slice(0, dot)), item.slice(dot + 1), true);
}

/** Splits on commas outside parentheses, braces and double quotes. */
function splitTopLevel(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '\\') i++;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === '(' || char === '{') depth++;
    else if (char === ')' || char === '}') depth--;
    else if (char === ',' && depth === 0) {
      items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted || depth !== 0) throw parseError(`"${shorten(text)}" has unbalanced quotes or parentheses`);
  if (text.length > 0) items.push(text.slice(start));
  return items;
}

/** `"a\"b"` → `a"b`; anything not wholly double-quoted is returned as is. */
function unquote(text: string): string {
  if (text.length < 2 || !text.startsWith('"') || !text.endsWith('"')) return text;
  return text.slice(1, -1).replace(/\\(.)/gs, '$1');
}

// ---- order ----------------------------------------------------------------------------------

export function parseOrder(text: string): OrderTerm[] {
  const terms = splitTopLevel(text);
  checkCount(terms.length, limits.orderTerms, (n) => `order has ${n} terms`);
  return terms.map((term) => {
    const arrow = term.indexOf('->');
    const dots = term.slice(arrow === -1 ? 0 : arrow).split('.');
    const modifiers = dots.slice(1);
    const fieldText = (arrow === -1 ? '' : term.slice(0, arrow)) + dots[0];
    const order: OrderTerm = { field: parseField(fieldText) };
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') order.direction = modifier;
      else if (modifier === 'nullsfirst') order.nulls = 'first';
      else if (modifier === 'nullslast') order.nulls = 'last';
      else
        throw parseError(
          `"${shorten(term)}" is not a valid order term`,
          'Use col.asc|desc.nullsfirst|nullslast',
        );
    }
    if (fieldText.includes('(')) throw parseError('Ordering by an embedded resource is not supported');
    return order;
  });
}

// ---- select ---------------------------------------------------------------------------------

const castPattern = /^[a-z][a-z0-9_ ]*(\[\])?$/;

export function parseSelect(text: string): SelectItem[] {
  const parser = new SelectParser(text);
  const items = parser.list(0);
  if (!parser.atEnd())
    throw parseError(`"${shorten(text)}" is not a valid select`, `Unexpected "${parser.rest()}"`);
  return items.length === 0 ? [{ kind: 'star' }] : items;
}

class SelectParser {
  private pos = 0;
  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }
  rest(): string {
    return this.text.slice(this.pos, this.pos + 20);
  }

  list(depth: number): SelectItem[] {
    if (depth > limits.selectDepth)
      throw limitError(
        `select embeds resources more than ${limits.selectDepth} levels deep`,
        limits.selectDepth,
      );
    const items: SelectItem[] = [];
    this.skipSpace();
    if (this.atEnd() || this.peek(')')) return items;
    for (;;) {
      items.push(this.item(depth));
      this.skipSpace();
      if (!this.peek(',')) return items;
      this.pos++;
    }
  }

  private item(depth: number): SelectItem {
    this.skipSpace();
    if (this.peek('*')) {
      this.pos++;
      return { kind: 'star' };
    }
    if (this.peek('...')) throw parseError('Spread embeds (...rel) are not supported');
    let name = this.identifier();
    let alias: string | undefined;
    if (this.peek(':') && !this.peek('::')) {
      this.pos++;
      alias = name;
      name = this.identifier();
    }
    const hints: string[] = [];
    while (this.peek('!')) {
      this.pos++;
      hints.push(this.identifier());
    }
    if (this.peek('(')) return this.embed(name, alias, hints, depth);
    if (hints.length > 0) throw parseError(`"${name}" has a hint but no embedded columns`);
    return this.column(name, alias);
  }

  private embed(name: string, alias: string | undefined, hints: string[], depth: number): EmbedItem {
    this.pos++;
    const select = this.list(depth + 1);
    this.expect(')');
    const inner = hints.includes('inner');
    const relationshipHints = hints.filter((hint) => hint !== 'inner' && hint !== 'left');
    if (relationshipHints.length > 1) throw parseError(`"${name}" has more than one relationship hint`);
    const embed: EmbedItem = { kind: 'embed', name, inner, select };
    if (alias !== undefined) embed.alias = alias;
    if (relationshipHints[0] !== undefined) embed.hint = relationshipHints[0];
    return embed;
  }

  private column(name: string, alias: string | undefined): ColumnItem {
    const jsonPath: Field['jsonPath'] = [];
    for (;;) {
      const arrow = this.peek('->>') ? '->>' : this.peek('->') ? '->' : null;
      if (!arrow) break;
      this.pos += arrow.length;
      jsonPath.push({ arrow, key: this.name() });
    }
    checkJsonPath(name, jsonPath.length);
    const item: ColumnItem = { kind: 'column', field: { column: name, jsonPath } };
    if (alias !== undefined) item.alias = alias;
    if (this.peek('::')) {
      this.pos += 2;
      const cast = this.identifier().toLowerCase();
      if (!castPattern.test(cast)) throw parseError(`"${cast}" is not a valid cast`);
      item.cast = cast;
    }
    return item;
  }

  private identifier(): string {
    return checkIdentifier(this.name());
  }

  /** A bare name (up to a delimiter) or a double-quoted one. */
  private name(): string {
    this.skipSpace();
    if (this.peek('"')) {
      const end = this.text.indexOf('"', this.pos + 1);
      if (end === -1) throw parseError('Unterminated quoted name in select');
      const name = this.text.slice(this.pos + 1, end);
      this.pos = end + 1;
      if (name === '') throw parseError('Empty name in select');
      return name;
    }
    const start = this.pos;
    while (!this.atEnd() && !/[,()!:"*]/.test(this.text[this.pos]!) && !this.peek('->')) this.pos++;
    const name = this.text.slice(start, this.pos).trim();
    if (name === '') throw parseError(`Expected a name in select at "${this.rest()}"`);
    return name;
  }

  private skipSpace(): void {
    while (!this.atEnd() && /\s/.test(this.text[this.pos]!)) this.pos++;
  }
  private peek(token: string): boolean {
    return this.text.startsWith(token, this.pos);
  }
  private expect(token: string): void {
    this.skipSpace();
    if (!this.peek(token)) throw parseError(`Expected "${token}" in select at "${this.rest()}"`);
    this.pos += token.length;
  }
}

/**
 * Refuses a regular expression whose compilation could take longer than a request may: too long,
 * or with repetition bounds that multiply past the limit.
 */
function checkPattern(pattern: string): void {
  if (pattern.length > limits.patternLength)
    throw limitError(`The regular expression has ${pattern.length} characters`, limits.patternLength);
  let repeats = 1;
  for (const bound of pattern.matchAll(/(?<!\\)\{(\d+)(?:,(\d*))?\}/g)) {
    repeats *= Math.max(1, Number(bound[2] || bound[1]));
    if (repeats > limits.patternRepeats)
      throw limitError(
        'The repetition bounds ({m,n}) of the regular expression multiply past the limit',
        limits.patternRepeats,
      );
  }
}
