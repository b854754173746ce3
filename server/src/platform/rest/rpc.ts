import { RestError, unknownFunction } from './errors.js';
import { pagingSql, Params, qualified, quoteIdent, type BuiltQuery, type Source } from './sql.js';
import type { DbFunction, DbSchema, Relation } from './schema.js';

export type RpcArgs = Record<string, unknown>;

/** The overload of `name` that takes exactly these named arguments (required ones all given). */
export function findFunction(schema: DbSchema, name: string, argNames: readonly string[]): DbFunction {
  const overloads = schema.functions.get(name) ?? [];
  const fits = overloads.filter(
    (fn) =>
      argNames.every((arg) => fn.args.some((a) => a.name === arg)) &&
      fn.args.every((a) => a.hasDefault || argNames.includes(a.name)),
  );
  if (fits.length === 0) throw unknownFunction(name, argNames);
  if (fits.length > 1 && argNames.length === 0) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between overloads of public.${name}`,
    );
  }
  return fits.sort((a, b) => a.args.length - b.args.length)[0]!;
}

/** Names every query parameter that is an argument of some overload of the function. */
export function argumentNames(schema: DbSchema, name: string): Set<string> {
  return new Set((schema.functions.get(name) ?? []).flatMap((fn) => fn.args.map((arg) => arg.name)));
}

/** The rows of a function call behave like a relation: its table's, or its OUT columns. */
export function resultRelation(schema: DbSchema, fn: DbFunction): Relation | null {
  if (fn.returnsRelation) return schema.relations.get(fn.returnsRelation) ?? null;
  if (fn.returnType !== 'record') return null;
  const columnsByName = new Map(fn.outColumns.map((column) => [column.name, column]));
  return {
    name: fn.name,
    kind: 'view',
    columns: fn.outColumns,
    columnsByName,
    primaryKey: [],
    uniqueKeys: [],
  };
}

/**
 * The call with named arguments. Arguments arrive as one JSON object turned into a typed record
 * by json_to_record, so Postgres converts every value to its argument's type (as PostgREST does).
 */
function callSql(fn: DbFunction, args: RpcArgs, params: Params): { from: string; call: string } {
  const names = Object.keys(args);
  if (names.length === 0) return { from: '', call: `${qualified(fn.name)}()` };
  const types = names.map((name) => `${quoteIdent(name)} ${fn.args.find((arg) => arg.name === name)!.type}`);
  const from = `json_to_record(${params.add(JSON.stringify(args), 'json')}) as _args(${types.join(', ')}) cross join lateral `;
  const call = `${qualified(fn.name)}(${names.map((name) => `${quoteIdent(name)} => _args.${quoteIdent(name)}`).join(', ')})`;
  return { from, call };
}

/** A source for functions returning rows: select, filters, order and paging then apply as to a table. */
export function functionSource(fn: DbFunction, relation: Relation, args: RpcArgs, params: Params): Source {
  const { from, call } = callSql(fn, args, params);
  return { relation, from: (alias) => `${from}${call} ${alias}` };
}

/** A function returning a scalar (or a set of them, with limit/offset): its JSON as `body`. */
export function buildScalarCall(
  fn: DbFunction,
  args: RpcArgs,
  paging: { limit?: number; offset?: number },
): BuiltQuery {
  const params = new Params();
  const { from, call } = callSql(fn, args, params);
  if (fn.returnsVoid)
    return { text: `select null as body, 0 as n from ${from}${call} _result`, params: params.values };
  if (!fn.returnsSet)
    return {
      text: `select to_json(_result)::text as body, 1 as n from ${from}${call} _result`,
      params: params.values,
    };
  const rows = `select _result from ${from}${call} _result${pagingSql(paging.limit, paging.offset, params)}`;
  return {
    text: `select coalesce(json_agg(_rows._result), '[]'::json)::text as body, count(*) as n from (${rows}) _rows`,
    params: params.values,
  };
}
