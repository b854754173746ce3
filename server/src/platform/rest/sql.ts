import { RestError, parseError, unknownColumn, writeOnlyColumn } from './errors.js';
import type { Condition, Field, Filter, OrderTerm, ParsedQuery, PathOptions, SelectItem } from './parse.js';
import { resolveRelationship, type Relationship } from './relationships.js';
import type { Column, DbSchema, Relation } from './schema.js';

/** One SQL statement and its bound values. Values never appear in `text`. */
export interface BuiltQuery {
  text: string;
  params: unknown[];
}

/** Double-quotes a name. Only ever called with names taken from the introspected schema. */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (name: string) => `public.${quoteIdent(name)}`;

const maxParams = 30000;

export class Params {
  readonly values: unknown[] = [];
  /** Binds a value as text and casts it in SQL, so both engines convert it the same way. */
  add(value: string | null, type = 'text'): string {
    if (this.values.length >= maxParams) throw parseError('The request has too many values');
    this.values.push(value);
    return type === 'text' ? `$${this.values.length}::text` : `$${this.values.length}::text::${type}`;
  }

  /** Another list starting with the same values, for a second statement over the same source. */
  copy(): Params {
    const copied = new Params();
    copied.values.push(...this.values);
    return copied;
  }
}

/** Where a node's rows come from: a table or view, a write's CTE, or a function call. */
export interface Source {
  relation: Relation;
  /** The FROM item, given the alias its rows get. */
  from(alias: string): string;
}

export const relationSource = (relation: Relation): Source => ({
  relation,
  from: (alias) => `${qualified(relation.name)} ${alias}`,
});

/**
 * Which rows of a relation a caller may see, by one id column: only those listed, or all but
 * those listed (access/grants.ts: grants and denies on one resource).
 */
export interface RowScope {
  column: string;
  only?: readonly string[];
  except?: readonly string[];
}

/** The relation's rows narrowed to the scope, the ids bound as one uuid[] parameter. */
export function scopedSource(relation: Relation, scope: RowScope, params: Params): Source {
  const column = quoteIdent(scope.column);
  const ids = (list: readonly string[]) => params.add(`{${list.join(',')}}`, 'uuid[]');
  const conditions: string[] = [];
  if (scope.only) conditions.push(`${column} = any(${ids(scope.only)})`);
  if (scope.except?.length) conditions.push(`coalesce(${column} <> all(${ids(scope.except)}), true)`);
  const where = conditions.length > 0 ? conditions.join(' and ') : 'true';
  return {
    relation,
    from: (alias) => `(select * from ${qualified(relation.name)} where ${where}) ${alias}`,
  };
}

type Output =
  | { kind: 'column'; key: string; field: Field; cast?: string }
  | { kind: 'embed'; key: string; node: PlanNode; hidden: boolean };

export interface PlanNode {
  source: Source;
  alias: string;
  outputs: Output[];
  options: PathOptions;
  /** For embeds: how it joins its parent, and whether it filters the parent (`!inner`). */
  relationship?: Relationship;
  parentAlias?: string;
  inner?: boolean;
  children: PlanNode[];
}

/** Resolves the select tree against the schema and attaches each path's filters and order. */
export function plan(schema: DbSchema, source: Source, parsed: ParsedQuery): PlanNode {
  const nodes = new Map<string, PlanNode>();
  let aliasCount = 0;
  const nextAlias = () => `_${aliasCount++}`;
  const build = (nodeSource: Source, items: SelectItem[], path: string): PlanNode => {
    const node: PlanNode = {
      source: nodeSource,
      alias: nextAlias(),
      outputs: [],
      options: { filters: [], order: [] },
      children: [],
    };
    nodes.set(path, node);
    for (const item of items) addOutput(schema, node, item, path, build);
    // `select=*,person_id(*)`: the embed takes the column's place in the answer, so no key repeats.
    const embedKeys = new Set(node.outputs.filter((o) => o.kind === 'embed' && !o.hidden).map((o) => o.key));
    node.outputs = node.outputs.filter((o) => o.kind !== 'column' || !embedKeys.has(o.key));
    return node;
  };
  const root = build(source, parsed.select, '');
  for (const [path, options] of parsed.paths) {
    const node = nodes.get(path);
    if (!node) {
      throw new RestError(
        400,
        'PGRST108',
        `'${path}' is not an embedded resource in this request`,
        null,
        `Verify that '${path}' is included in the 'select' query parameter.`,
      );
    }
    node.options = options;
  }
  return root;
}

function addOutput(
  schema: DbSchema,
  node: PlanNode,
  item: SelectItem,
  path: string,
  build: (source: Source, items: SelectItem[], path: string) => PlanNode,
): void {
  const relation = node.source.relation;
  if (item.kind === 'star') {
    // Write-only columns (connection secrets) are never answered; as the answer then isn't the
    // whole row, it is built column by column (see isWholeRow).
    for (const column of relation.columns)
      if (!column.writeOnly)
        node.outputs.push({ kind: 'column', key: column.name, field: { column: column.name, jsonPath: [] } });
  } else if (item.kind === 'column') {
    readableColumn(relation, item.field.column);
    const key = item.alias ?? item.field.jsonPath.at(-1)?.key ?? item.field.column;
    node.outputs.push({
      kind: 'column',
      key,
      field: item.field,
      ...(item.cast ? { cast: castType(item.cast) } : {}),
    });
  } else {
    const relationship = resolveRelationship(schema, relation, item.name, item.hint);
    const key = item.alias ?? item.name;
    const child = build(
      relationSource(relationship.target),
      item.select,
      path === '' ? key : `${path}.${key}`,
    );
    Object.assign(child, { relationship, parentAlias: node.alias, inner: item.inner });
    node.children.push(child);
    node.outputs.push({ kind: 'embed', key, node: child, hidden: item.select.length === 0 });
  }
}

/** Casts allowed in `select=col::type`, mapped to the SQL type they produce. */
const casts: Record<string, string> = {
  text: 'text',
  varchar: 'text',
  int: 'integer',
  integer: 'integer',
  int4: 'integer',
  bigint: 'bigint',
  int8: 'bigint',
  smallint: 'smallint',
  numeric: 'numeric',
  real: 'real',
  float: 'double precision',
  float8: 'double precision',
  'double precision': 'double precision',
  boolean: 'boolean',
  bool: 'boolean',
  date: 'date',
  timestamptz: 'timestamp with time zone',
  timestamp: 'timestamp without time zone',
  json: 'json',
  jsonb: 'jsonb',
  uuid: 'uuid',
  'text[]': 'text[]',
};
function castType(cast: string): string {
  const type = casts[cast];
  if (!type)
    throw parseError(`Casting to "${cast}" is not supported`, `Supported: ${Object.keys(casts).join(', ')}`);
  return type;
}

// ---- expressions ----------------------------------------------------------------------------

const textTypes = new Set(['text', 'character varying', 'character', 'citext', 'name']);

/** A column that may be read: answered, filtered or ordered by. Not unknown, not write-only. */
function readableColumn(relation: Relation, name: string): Column {
  const column = relation.columnsByName.get(name);
  if (!column) throw unknownColumn(relation.name, name);
  if (column.writeOnly) throw writeOnlyColumn(relation.name, name);
  return column;
}

/** The SQL for a column (with its JSON path) of a node, and the type of what it yields. */
export function fieldSql(
  relation: Relation,
  alias: string,
  field: Field,
  params: Params,
): { sql: string; type: string } {
  const column = readableColumn(relation, field.column);
  let sql = `${alias}.${quoteIdent(column.name)}`;
  let type = column.type;
  for (const step of field.jsonPath) {
    const key = /^-?\d{1,9}$/.test(step.key) ? params.add(step.key, 'integer') : params.add(step.key);
    sql = `(${sql}${step.arrow}${key})`;
    type = step.arrow === '->>' ? 'text' : type === 'json' ? 'json' : 'jsonb';
  }
  return { sql, type };
}

const comparison: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  isdistinct: 'is distinct from',
};
const patternMatch: Record<string, string> = { like: 'like', ilike: 'ilike', match: '~', imatch: '~*' };
const fullText: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};
const isValues: Record<string, string> = { null: 'null', true: 'true', false: 'false', unknown: 'unknown' };

/** A Postgres array literal of the given items (each one double-quoted and escaped). */
export const arrayLiteral = (items: readonly string[]) =>
  `{${items.map((item) => `"${item.replace(/[\\"]/g, (char) => `\\${char}`)}"`).join(',')}}`;

function conditionSql(relation: Relation, alias: string, condition: Condition, params: Params): string {
  const { sql: left, type } = fieldSql(relation, alias, condition.field, params);
  const { operator, value } = condition;
  const patternLeft = textTypes.has(type) ? left : `${left}::text`;
  let sql: string;
  if (operator === 'is') sql = `${left} is ${isValues[value.toLowerCase()]}`;
  else if (operator === 'in')
    sql = `${left} = any(${params.add(arrayLiteral(condition.list!), `${type}[]`)})`;
  else if (condition.quantifier) {
    const isPattern = operator in patternMatch;
    const sqlOperator = isPattern ? patternMatch[operator] : comparison[operator];
    const items = isPattern ? condition.list!.map(likePattern(operator)) : condition.list!;
    const list = params.add(arrayLiteral(items), isPattern ? 'text[]' : `${type}[]`);
    sql = `${isPattern ? patternLeft : left} ${sqlOperator} ${condition.quantifier}(${list})`;
  } else if (operator in patternMatch) {
    sql = `${patternLeft} ${patternMatch[operator]} ${params.add(likePattern(operator)(value))}`;
  } else if (operator in fullText) {
    const language = condition.language ? `${params.add(condition.language, 'regconfig')}, ` : '';
    sql = `${left} @@ ${fullText[operator]}(${language}${params.add(value)})`;
  } else sql = `${left} ${comparison[operator]} ${params.add(value, type)}`;
  return condition.negated ? `not (${sql})` : sql;
}

const likePattern = (operator: string) => (value: string) =>
  operator === 'like' || operator === 'ilike' ? value.replaceAll('*', '%') : value;

export function filterSql(relation: Relation, alias: string, filter: Filter, params: Params): string {
  if (filter.kind === 'condition') return conditionSql(relation, alias, filter, params);
  const parts = filter.children.map((child) => filterSql(relation, alias, child, params));
  const joined = `(${parts.join(` ${filter.operator} `)})`;
  return filter.negated ? `not ${joined}` : joined;
}

function orderSql(node: PlanNode, params: Params): string {
  if (node.options.order.length === 0) return '';
  const terms = node.options.order.map((term: OrderTerm) => {
    const { sql } = fieldSql(node.source.relation, node.alias, term.field, params);
    return `${sql}${term.direction ? ` ${term.direction}` : ''}${term.nulls ? ` nulls ${term.nulls}` : ''}`;
  });
  return ` order by ${terms.join(', ')}`;
}

export function pagingSql(limit: number | undefined, offset: number | undefined, params: Params): string {
  const limitSql = limit === undefined ? '' : ` limit ${params.add(String(limit), 'bigint')}`;
  const offsetSql = offset ? ` offset ${params.add(String(offset), 'bigint')}` : '';
  return limitSql + offsetSql;
}

// ---- statements -----------------------------------------------------------------------------

/** The WHERE conditions of a node: its join to the parent, its filters, its `!inner` children. */
export function whereSql(node: PlanNode, params: Params): string {
  const conditions: string[] = [];
  if (node.relationship) {
    for (const [parentColumn, column] of node.relationship.joins) {
      conditions.push(
        `${node.alias}.${quoteIdent(column)} = ${node.parentAlias}.${quoteIdent(parentColumn)}`,
      );
    }
  }
  for (const filter of node.options.filters)
    conditions.push(filterSql(node.source.relation, node.alias, filter, params));
  for (const child of node.children) {
    if (child.inner)
      conditions.push(
        `exists (select 1 from ${child.source.from(child.alias)} where ${whereSql(child, params)})`,
      );
  }
  return conditions.length === 0 ? 'true' : conditions.join(' and ');
}

/**
 * The JSON object of one row of a node. Keys that are column names of the relation (schema names,
 * which may appear in SQL) are literals; any other key (an alias, a JSON path's last key) is a
 * bound value, so user input never enters SQL text.
 */
export function jsonObjectSql(node: PlanNode, params: Params): string {
  // The whole row as it is (`select=*`): to_json makes the same object at a fraction of the cost
  // (`alias.*`, as a bare alias would mean a column if the relation had one of that name).
  if (isWholeRow(node)) return `to_json(${node.alias}.*)`;
  const columns = node.source.relation.columnsByName;
  const pairs: string[] = [];
  for (const output of node.outputs) {
    if (output.kind === 'embed' && output.hidden) continue;
    const value =
      output.kind === 'column' ? columnOutputSql(node, output, params) : embedSql(output.node, params);
    const key = columns.has(output.key) ? quoteLiteral(output.key) : params.add(output.key);
    pairs.push(`${key}, ${value}`);
  }
  // json_build_object takes at most 100 arguments; wider objects are merged as jsonb.
  const chunks: string[] = [];
  for (let i = 0; i < pairs.length; i += 50)
    chunks.push(`json_build_object(${pairs.slice(i, i + 50).join(', ')})`);
  if (chunks.length <= 1) return chunks[0] ?? 'json_build_object()';
  return `(${chunks.map((chunk) => `${chunk}::jsonb`).join(' || ')})::json`;
}

/** Only ever called with names taken from the introspected schema. */
const quoteLiteral = (name: string) => `'${name.replaceAll("'", "''")}'`;

/** Whether a node answers every column of its relation, in order, unchanged and under its own name. */
function isWholeRow(node: PlanNode): boolean {
  const columns = node.source.relation.columns;
  const visible = node.outputs.filter((output) => output.kind === 'column' || !output.hidden);
  return (
    visible.length === columns.length &&
    columns.every((column) => !column.writeOnly) &&
    visible.every((output, i) => {
      if (output.kind !== 'column') return false;
      const { key, field, cast } = output;
      return key === columns[i]!.name && field.column === key && field.jsonPath.length === 0 && !cast;
    })
  );
}

function columnOutputSql(
  node: PlanNode,
  output: Extract<Output, { kind: 'column' }>,
  params: Params,
): string {
  const { sql } = fieldSql(node.source.relation, node.alias, output.field, params);
  return output.cast ? `(${sql})::${output.cast}` : sql;
}

function embedSql(node: PlanNode, params: Params): string {
  const object = jsonObjectSql(node, params);
  const where = whereSql(node, params);
  const from = node.source.from(node.alias);
  if (!node.relationship!.toMany) return `(select ${object} from ${from} where ${where} limit 1)`;
  const order = orderSql(node, params);
  const paging = pagingSql(node.options.limit, node.options.offset, params);
  const rows = `select ${object} as j from ${from} where ${where}${order}${paging}`;
  return `coalesce((select json_agg(${node.alias}_rows.j) from (${rows}) ${node.alias}_rows), '[]'::json)`;
}

export interface ReadOptions {
  limit?: number;
  offset?: number;
  /** Count the rows matching the filters: all of them, or at most `upTo`. */
  count?: { upTo?: number };
}

/**
 * One statement answering a read: `body` (the JSON text, made by Postgres), `n` (rows in it) and,
 * when counting, `total` (rows matching the filters, ignoring limit and offset; with `upTo`,
 * at most that many).
 */
export function buildRead(root: PlanNode, options: ReadOptions, params = new Params()): BuiltQuery {
  const where = whereSql(root, params);
  const from = root.source.from(root.alias);
  const rows = `select ${root.alias}.* from ${from} where ${where}${orderSql(root, params)}${pagingSql(options.limit, options.offset, params)}`;
  const counted = options.count?.upTo
    ? `(select 1 from ${from} where ${where} limit ${params.add(String(options.count.upTo), 'bigint')}) _counted`
    : `${from} where ${where}`;
  const count = options.count ? `, (select count(*) from ${counted}) as total` : '';
  const body = `coalesce(json_agg(${jsonObjectSql(root, params)}), '[]'::json)::text`;
  return {
    text: `select ${body} as body, count(*) as n${count} from (${rows}) ${root.alias}`,
    params: params.values,
  };
}

/**
 * The planner's estimate of the rows matching a read's filters (PostgREST's count=planned):
 * `EXPLAIN (FORMAT JSON)` of the filtered source, without running it. `params` holds what the
 * source itself binds (a function's arguments), as for buildRead.
 */
export function buildPlannedCount(root: PlanNode, params = new Params()): BuiltQuery {
  const where = whereSql(root, params);
  return {
    text: `explain (format json) select 1 from ${root.source.from(root.alias)} where ${where}`,
    params: params.values,
  };
}

/** Answers the rows a write returned (the CTE `_written`) shaped by the select. */
export function representationSql(root: PlanNode, params: Params): string {
  return `select coalesce(json_agg(${jsonObjectSql(root, params)}), '[]'::json)::text as body, count(*) as n from _written ${root.alias}`;
}
