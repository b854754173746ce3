import { RestError, unknownWriteColumn, writeOnlyColumn } from './errors.js';
import type { Filter } from './parse.js';
import {
  filterSql,
  Params,
  qualified,
  quoteIdent,
  representationSql,
  type BuiltQuery,
  type PlanNode,
} from './sql.js';
import type { Relation } from './schema.js';

export type Resolution = 'merge-duplicates' | 'ignore-duplicates';

export interface InsertOptions {
  rows: Record<string, unknown>[];
  /** Columns to insert (`columns=`); by default every key any row has. */
  columns?: string[];
  resolution?: Resolution;
  onConflict?: string[];
}

/**
 * What a write answers besides its rows as the select asks (or just counted): every column of the
 * rows it wrote (`written`, JSON text), for the rules that run after it.
 */
export interface WriteAnswer {
  written?: boolean;
}

/** The rows a write changed, answered as the select asks, or just counted. */
function answerSql(
  write: string,
  representation: PlanNode | null,
  params: Params,
  { written = false }: WriteAnswer,
): string {
  const answer = representation
    ? representationSql(representation, params)
    : 'select null as body, count(*) as n from _written';
  if (!written) return `with _written as (${write}) ${answer}`;
  const all = `(select coalesce(json_agg(_row), '[]'::json)::text from _written _row) as written`;
  return `with _written as (${write}), _answer as (${answer}) select _answer.*, ${all} from _answer`;
}

function checkedColumns(relation: Relation, names: Iterable<string>): string[] {
  const columns = [...new Set(names)];
  for (const name of columns)
    if (!relation.columnsByName.has(name)) throw unknownWriteColumn(relation.name, name);
  return columns;
}

/**
 * INSERT … SELECT from json_populate_recordset, as PostgREST does: Postgres converts the JSON
 * values to the column types, and one statement inserts every row or none.
 */
export function buildInsert(
  relation: Relation,
  options: InsertOptions,
  representation: PlanNode | null,
  answer: WriteAnswer = {},
): BuiltQuery {
  const params = new Params();
  const columns = checkedColumns(
    relation,
    options.columns ?? options.rows.flatMap((row) => Object.keys(row)),
  );
  const table = `${qualified(relation.name)} as _target`;
  let write: string;
  if (columns.length === 0) {
    if (options.rows.length > 1)
      throw new RestError(400, 'PGRST102', 'Rows without any column can only be inserted one at a time');
    write = `insert into ${table} default values`;
  } else {
    const list = columns.map(quoteIdent).join(', ');
    const json = params.add(JSON.stringify(options.rows), 'json');
    write = `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${qualified(relation.name)}, ${json})`;
    write += conflictSql(relation, columns, options);
  }
  write += ' returning _target.*';
  const text = answerSql(write, representation, params, answer);
  return { text, params: params.values };
}

function conflictSql(relation: Relation, columns: string[], options: InsertOptions): string {
  if (!options.resolution) return '';
  const target = checkedColumns(relation, options.onConflict ?? relation.primaryKey);
  // Which rows an upsert skips or merges would tell whether a stored secret equals the one sent.
  const secret = target.find((name) => relation.columnsByName.get(name)?.writeOnly);
  if (secret) throw writeOnlyColumn(relation.name, secret);
  if (target.length === 0)
    throw new RestError(400, 'PGRST100', `'${relation.name}' has no primary key; give on_conflict`);
  const updates = columns.filter((column) => !target.includes(column));
  const conflict = ` on conflict (${target.map(quoteIdent).join(', ')})`;
  if (options.resolution === 'ignore-duplicates' || updates.length === 0) return `${conflict} do nothing`;
  return `${conflict} do update set ${updates.map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`).join(', ')}`;
}

/** Filters of a PATCH or DELETE; PostgREST with pg-safeupdate refuses to change every row. */
function writeWhere(
  relation: Relation,
  filters: Filter[],
  params: Params,
  verb: 'UPDATE' | 'DELETE',
): string {
  if (filters.length === 0) {
    throw new RestError(400, '21000', `${verb} requires a WHERE clause`, null, 'Add a filter, e.g. ?id=eq.1');
  }
  return filters.map((filter) => filterSql(relation, '_target', filter, params)).join(' and ');
}

export function buildUpdate(
  relation: Relation,
  values: Record<string, unknown>,
  filters: Filter[],
  representation: PlanNode | null,
  answer: WriteAnswer = {},
): BuiltQuery {
  const params = new Params();
  const columns = checkedColumns(relation, Object.keys(values));
  const where = writeWhere(relation, filters, params, 'UPDATE');
  const write =
    columns.length === 0
      ? `select _target.* from ${qualified(relation.name)} _target where false and ${where}`
      : `update ${qualified(relation.name)} as _target set ${columns.map((c) => `${quoteIdent(c)} = _values.${quoteIdent(c)}`).join(', ')}` +
        ` from json_populate_record(null::${qualified(relation.name)}, ${params.add(JSON.stringify(values), 'json')}) as _values` +
        ` where ${where} returning _target.*`;
  return { text: answerSql(write, representation, params, answer), params: params.values };
}

export function buildDelete(
  relation: Relation,
  filters: Filter[],
  representation: PlanNode | null,
  answer: WriteAnswer = {},
): BuiltQuery {
  const params = new Params();
  const where = writeWhere(relation, filters, params, 'DELETE');
  const write = `delete from ${qualified(relation.name)} as _target where ${where} returning _target.*`;
  return { text: answerSql(write, representation, params, answer), params: params.values };
}

/**
 * The rows a PATCH or DELETE with these filters would change, locked (`for update`) until the
 * transaction ends, so a guard that reads them decides on what the write will see.
 */
export function buildLockMatching(relation: Relation, filters: Filter[], columns: string[]): BuiltQuery {
  const params = new Params();
  const where = writeWhere(relation, filters, params, 'UPDATE');
  return { text: lockSql(relation, columns, where), params: params.values };
}

/**
 * The rows an upsert (`merge-duplicates`) would update instead of inserting: those whose conflict
 * target equals that of a new row, locked until the transaction ends. None for a plain insert.
 */
export function buildLockConflicting(
  relation: Relation,
  options: InsertOptions,
  columns: string[],
): BuiltQuery | null {
  if (options.resolution !== 'merge-duplicates' || options.rows.length === 0) return null;
  const params = new Params();
  const target = checkedColumns(relation, options.onConflict ?? relation.primaryKey);
  // Which rows an upsert skips or merges would tell whether a stored secret equals the one sent.
  const secret = target.find((name) => relation.columnsByName.get(name)?.writeOnly);
  if (secret) throw writeOnlyColumn(relation.name, secret);
  if (target.length === 0) return null;
  const json = params.add(JSON.stringify(options.rows), 'json');
  const keys = target.map(quoteIdent).join(', ');
  const tuple = target.map((column) => `_target.${quoteIdent(column)}`).join(', ');
  const where = `(${tuple}) in (select ${keys} from json_populate_recordset(null::${qualified(relation.name)}, ${json}))`;
  return { text: lockSql(relation, columns, where), params: params.values };
}

function lockSql(relation: Relation, columns: string[], where: string): string {
  const list = checkedColumns(relation, columns)
    .map((column) => `_target.${quoteIdent(column)}`)
    .join(', ');
  return `select ${list || 'null'} from ${qualified(relation.name)} as _target where ${where} for update`;
}
