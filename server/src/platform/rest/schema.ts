import type { Queryable } from '../db/db.js';
import { viewColumnOrigins, wholeRowRelationIds } from './view-origins.js';
import { viewRelations as defaultViewRelations, type ViewRelation } from './view-relations.js';
import { writeOnlyColumns as defaultWriteOnlyColumns } from './write-only-columns.js';

export interface Column {
  name: string;
  /** The type without modifiers (e.g. `character varying`), used to cast bound values. */
  type: string;
  nullable: boolean;
  hasDefault: boolean;
  /** Accepted in writes, never answered, filtered or ordered by (see write-only-columns.ts). */
  writeOnly?: boolean;
}

export interface Relation {
  name: string;
  kind: 'table' | 'view';
  /** In table order. */
  columns: Column[];
  columnsByName: Map<string, Column>;
  primaryKey: string[];
  /** Column sets with a unique constraint or unique index (the primary key included). */
  uniqueKeys: string[][];
  /**
   * Views only: the columns of other relations the view reads anywhere (its output, subqueries,
   * filters), by relation, through the views it reads too; `*` for a whole row. What it shows
   * may come from any of them, so reading the view is checked as reading these (see
   * access/resource-map.ts).
   */
  sources?: Map<string, Set<string>>;
}

export interface ForeignKey {
  /** Constraint name; inferred view keys are named `<view>_<column>_inferred_fkey`. */
  name: string;
  table: string;
  columns: string[];
  references: string;
  referencedColumns: string[];
  /** True for keys inferred on views (ranked below declared ones when resolving an embed). */
  inferred: boolean;
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface DbFunction {
  name: string;
  args: FunctionArg[];
  returnType: string;
  returnsSet: boolean;
  /** The table or view whose rows it returns (`returns setof t`), if any. */
  returnsRelation: string | null;
  /** Columns of `returns table(...)` / OUT parameters, if any. */
  outColumns: Column[];
  returnsVoid: boolean;
}

export interface DbSchema {
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  /** Overloads by name. */
  functions: Map<string, DbFunction[]>;
}

export interface LoadSchemaOptions {
  /** Extra view keys; defaults to the list in view-relations.ts. */
  viewRelations?: ViewRelation[];
  /** Write-only columns by table; defaults to the list in write-only-columns.ts. */
  writeOnlyColumns?: Readonly<Record<string, readonly string[]>>;
}

const hidden = (name: string) => name === 'schema_migrations' || name.startsWith('_');

const relationsSql = `
  select c.relname as name, c.relkind as kind
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
  order by c.relname`;

const columnsSql = `
  select c.relname as relation, c.oid::text as relation_id, a.attnum as number, a.attname as name, format_type(a.atttypid, null) as type,
         not a.attnotnull as nullable,
         (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
    and a.attnum > 0 and not a.attisdropped
  order by c.relname, a.attnum`;

const constraintsSql = `
  select con.conname as name, con.contype as kind, c.relname as relation,
         array(select a.attname::text from unnest(con.conkey) with ordinality k(num, ord)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num
               order by k.ord) as columns,
         r.relname as references,
         array(select a.attname::text from unnest(con.confkey) with ordinality k(num, ord)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num
               order by k.ord) as referenced_columns
  from pg_constraint con
  join pg_class c on c.oid = con.conrelid
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_class r on r.oid = con.confrelid
  left join pg_namespace rn on rn.oid = r.relnamespace
  where n.nspname = 'public' and con.contype in ('p', 'u', 'f')
    and (con.contype <> 'f' or rn.nspname = 'public')
  order by con.conname`;

const uniqueIndexesSql = `
  select c.relname as relation,
         array(select a.attname::text from unnest(i.indkey) with ordinality k(num, ord)
               join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.num
               order by k.ord) as columns
  from pg_index i
  join pg_class c on c.oid = i.indrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and i.indisunique and i.indpred is null and i.indexprs is null`;

/** Every base column each view reads, in its output or anywhere else (subqueries, WHERE). */
const viewSourcesSql = `
  select distinct v.relname as view, t.relname as source, a.attname as column
  from pg_depend d
  join pg_rewrite rw on rw.oid = d.objid
  join pg_class v on v.oid = rw.ev_class
  join pg_namespace vn on vn.oid = v.relnamespace
  join pg_class t on t.oid = d.refobjid
  join pg_namespace tn on tn.oid = t.relnamespace
  join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
  where d.classid = 'pg_rewrite'::regclass and d.refclassid = 'pg_class'::regclass
    and d.refobjsubid > 0 and vn.nspname = 'public' and tn.nspname = 'public'
    and v.relkind in ('v', 'm') and v.oid <> t.oid`;

/** Each view's query (its `_RETURN` rule), to read which base column each output column is. */
const viewDefinitionsSql = `
  select v.relname as view, rw.ev_action::text as definition
  from pg_rewrite rw
  join pg_class v on v.oid = rw.ev_class
  join pg_namespace vn on vn.oid = v.relnamespace
  where vn.nspname = 'public' and v.relkind in ('v', 'm') and rw.rulename = '_RETURN'`;

const functionsSql = `
  select p.proname as name, p.proretset as returns_set,
         format_type(p.prorettype, null) as return_type,
         case when rt.typrelid <> 0 then rc.relname end as returns_relation,
         coalesce(p.proargnames, '{}') as arg_names,
         coalesce(p.proargmodes::text[], '{}') as arg_modes,
         array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
               with ordinality x(t, ord) order by ord) as arg_types,
         p.pronargdefaults as default_count
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  left join pg_class rc on rc.oid = rt.typrelid
  left join pg_namespace rcn on rcn.oid = rc.relnamespace
  where n.nspname = 'public' and p.prokind = 'f'
    and rt.typname not in ('trigger', 'event_trigger', 'internal')
    and (rc.oid is null or rcn.nspname = 'public')
    and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
  order by p.proname, p.oid`;

interface ConstraintRow {
  name: string;
  kind: 'p' | 'u' | 'f';
  relation: string;
  columns: string[];
  references: string | null;
  referenced_columns: string[];
}

interface FunctionRow {
  name: string;
  returns_set: boolean;
  return_type: string;
  returns_relation: string | null;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
  default_count: number;
}

/** Introspects the `public` schema once; the router answers from this, never per request. */
export async function loadSchema(db: Queryable, options: LoadSchemaOptions = {}): Promise<DbSchema> {
  const { relations, columnIds } = await loadRelations(db);
  const constraints = (await db.query<ConstraintRow>(constraintsSql)).rows;
  for (const row of constraints) {
    const relation = relations.get(row.relation);
    if (!relation || row.kind === 'f') continue;
    if (row.kind === 'p') relation.primaryKey = row.columns;
    relation.uniqueKeys.push(row.columns);
  }
  for (const row of (await db.query<{ relation: string; columns: string[] }>(uniqueIndexesSql)).rows) {
    relations.get(row.relation)?.uniqueKeys.push(row.columns);
  }
  const foreignKeys: ForeignKey[] = constraints
    .filter((row) => row.kind === 'f' && row.references !== null)
    .filter((row) => relations.has(row.relation) && relations.has(row.references!))
    .map((row) => ({
      name: row.name,
      table: row.relation,
      columns: row.columns,
      references: row.references!,
      referencedColumns: row.referenced_columns,
      inferred: false,
    }));
  const sources = (await db.query<{ view: string; source: string; column: string }>(viewSourcesSql)).rows;
  const definitions = (await db.query<{ view: string; definition: string }>(viewDefinitionsSql)).rows;
  const origins = viewOrigins(definitions, relations, columnIds);
  recordViewSources(relations, sources, wholeRows(definitions, columnIds));
  const inferred = inferViewForeignKeys(relations, foreignKeys, origins);
  foreignKeys.push(...inferred);
  const seen = new Set(foreignKeys.map(foreignKeyIdentity));
  foreignKeys.push(
    ...explicitViewForeignKeys(relations, options.viewRelations ?? defaultViewRelations).filter(
      (key) => !seen.has(foreignKeyIdentity(key)),
    ),
  );
  markWriteOnly(relations, options.writeOnlyColumns ?? defaultWriteOnlyColumns, origins, sources);
  const functions = await loadFunctions(db, relations);
  return { relations, foreignKeys, functions };
}

/** Public columns by `<relation oid>.<attnum>`, to name the origins of view columns. */
type ColumnIds = Map<string, { relation: string; column: string }>;

async function loadRelations(
  db: Queryable,
): Promise<{ relations: Map<string, Relation>; columnIds: ColumnIds }> {
  const relations = new Map<string, Relation>();
  for (const row of (await db.query<{ name: string; kind: string }>(relationsSql)).rows) {
    if (hidden(row.name)) continue;
    const kind = row.kind === 'v' || row.kind === 'm' ? 'view' : 'table';
    relations.set(row.name, {
      name: row.name,
      kind,
      columns: [],
      columnsByName: new Map(),
      primaryKey: [],
      uniqueKeys: [],
    });
  }
  const columnIds: ColumnIds = new Map();
  const columns = await db.query<{
    relation: string;
    relation_id: string;
    number: number;
    name: string;
    type: string;
    nullable: boolean;
    has_default: boolean;
  }>(columnsSql);
  for (const row of columns.rows) {
    const relation = relations.get(row.relation);
    if (!relation) continue;
    const column = { name: row.name, type: row.type, nullable: row.nullable, hasDefault: row.has_default };
    relation.columns.push(column);
    relation.columnsByName.set(column.name, column);
    columnIds.set(`${row.relation_id}.${row.number}`, { relation: row.relation, column: row.name });
  }
  return { relations, columnIds };
}

/** A view's output column and the column of the table or view it is (see view-origins.ts). */
export interface ViewOrigin {
  view: string;
  column: string;
  source: string;
  sourceColumn: string;
}

function viewOrigins(
  definitions: readonly { view: string; definition: string }[],
  relations: Map<string, Relation>,
  columnIds: ColumnIds,
): ViewOrigin[] {
  const origins: ViewOrigin[] = [];
  for (const row of definitions) {
    const view = relations.get(row.view);
    if (!view) continue;
    for (const origin of viewColumnOrigins(row.definition)) {
      const source = columnIds.get(`${origin.relationId}.${origin.attributeNumber}`);
      if (!source || source.relation === view.name || !view.columnsByName.has(origin.column)) continue;
      origins.push({
        view: view.name,
        column: origin.column,
        source: source.relation,
        sourceColumn: source.column,
      });
    }
  }
  return origins;
}

/** The relations each view reads a whole row of, by name (see view-origins.ts). */
function wholeRows(
  definitions: readonly { view: string; definition: string }[],
  columnIds: ColumnIds,
): { view: string; source: string; column: string }[] {
  const names = new Map<string, string>();
  for (const [id, { relation }] of columnIds) names.set(id.slice(0, id.indexOf('.')), relation);
  return definitions.flatMap(({ view, definition }) =>
    wholeRowRelationIds(definition).flatMap((id) => {
      const source = names.get(id);
      return source && source !== view ? [{ view, source, column: '*' }] : [];
    }),
  );
}

/** Fills each view's sources; a view read by another passes its own sources on. */
function recordViewSources(
  relations: Map<string, Relation>,
  ...lists: (readonly { view: string; source: string; column: string }[])[]
): void {
  for (const { view, source, column } of lists.flat()) {
    const relation = relations.get(view);
    if (!relation || !relations.has(source)) continue;
    relation.sources ??= new Map();
    if (!relation.sources.has(source)) relation.sources.set(source, new Set());
    relation.sources.get(source)!.add(column);
  }
  for (let round = 0, changed = true; changed && round < 10; round++) {
    changed = false;
    for (const relation of relations.values())
      for (const source of [...(relation.sources?.keys() ?? [])]) {
        for (const [inner, columns] of relations.get(source)?.sources ?? []) {
          if (inner === relation.name) continue;
          if (!relation.sources!.has(inner)) relation.sources!.set(inner, new Set());
          const into = relation.sources!.get(inner)!;
          for (const column of columns)
            if (!into.has(column)) {
              into.add(column);
              changed = true;
            }
        }
      }
  }
}

/**
 * A view column that is a base column (its origin, read from the view's query) inherits that
 * column's single-column foreign keys, in both directions (the view references what the base
 * column references; what references the base column also references the view), whatever the
 * view calls it. Only output columns count: a column the view reads in a subquery or a filter
 * gives nothing. Repeated so views over views inherit too.
 */
export function inferViewForeignKeys(
  relations: Map<string, Relation>,
  declared: readonly ForeignKey[],
  origins: readonly ViewOrigin[],
): ForeignKey[] {
  const all = [...declared];
  const inferred: ForeignKey[] = [];
  const seen = new Set(all.map(foreignKeyIdentity));
  const add = (key: ForeignKey) => {
    const identity = foreignKeyIdentity(key);
    if (seen.has(identity) || key.table === key.references) return false;
    seen.add(identity);
    all.push(key);
    inferred.push(key);
    return true;
  };
  for (let round = 0, changed = true; changed && round < 5; round++) {
    changed = false;
    for (const { view, column, source, sourceColumn } of origins) {
      if (!relations.get(view)?.columnsByName.has(column)) continue;
      for (const key of [...all]) {
        if (key.columns.length !== 1) continue;
        if (key.table === source && key.columns[0] === sourceColumn) {
          const name = `${view}_${column}_inferred_fkey`;
          changed = add({ ...key, name, table: view, columns: [column], inferred: true }) || changed;
        }
        if (key.references === source && key.referencedColumns[0] === sourceColumn && key.table !== view) {
          const name = `${key.table}_${key.columns[0]}_${view}_inferred_fkey`;
          changed =
            add({ ...key, name, references: view, referencedColumns: [column], inferred: true }) || changed;
        }
      }
    }
  }
  return inferred;
}

/**
 * Marks the declared write-only columns, and the view columns that pass one through: a view
 * column whose origin is write-only, or named like a write-only column the view reads anywhere
 * (erring on the side of hiding: `coalesce(c.password, '') as password` is hidden too).
 */
function markWriteOnly(
  relations: Map<string, Relation>,
  declared: Readonly<Record<string, readonly string[]>>,
  origins: readonly ViewOrigin[],
  sources: readonly { view: string; source: string; column: string }[],
): void {
  const isWriteOnly = (relation: string, column: string) =>
    relations.get(relation)?.columnsByName.get(column)?.writeOnly === true;
  const mark = (relation: string, column: string) => {
    const found = relations.get(relation)?.columnsByName.get(column);
    if (!found || found.writeOnly) return false;
    found.writeOnly = true;
    return true;
  };
  for (const [table, columns] of Object.entries(declared)) for (const column of columns) mark(table, column);
  for (let round = 0, changed = true; changed && round < 10; round++) {
    changed = false;
    for (const { view, column, source, sourceColumn } of origins)
      if (isWriteOnly(source, sourceColumn)) changed = mark(view, column) || changed;
    for (const { view, source, column } of sources)
      if (isWriteOnly(source, column)) changed = mark(view, column) || changed;
  }
}

function explicitViewForeignKeys(
  relations: Map<string, Relation>,
  entries: readonly ViewRelation[],
): ForeignKey[] {
  return entries
    .filter((entry) => relations.has(entry.view) && relations.has(entry.references))
    .map((entry) => ({
      name: `${entry.view}_${entry.columns.join('_')}_fkey`,
      table: entry.view,
      columns: entry.columns,
      references: entry.references,
      referencedColumns: entry.referencedColumns,
      inferred: false,
    }));
}

const foreignKeyIdentity = (key: ForeignKey) =>
  `${key.table}(${key.columns.join(',')})>${key.references}(${key.referencedColumns.join(',')})`;

async function loadFunctions(
  db: Queryable,
  relations: Map<string, Relation>,
): Promise<Map<string, DbFunction[]>> {
  const functions = new Map<string, DbFunction[]>();
  for (const row of (await db.query<FunctionRow>(functionsSql)).rows) {
    if (hidden(row.name)) continue;
    const fn = toFunction(row, relations);
    if (!fn) continue;
    functions.set(fn.name, [...(functions.get(fn.name) ?? []), fn]);
  }
  return functions;
}

function toFunction(row: FunctionRow, relations: Map<string, Relation>): DbFunction | null {
  const args: FunctionArg[] = [];
  const outColumns: Column[] = [];
  row.arg_types.forEach((type, index) => {
    const mode = row.arg_modes[index] ?? 'i';
    const name = row.arg_names[index] ?? '';
    if (mode === 'i' || mode === 'b') args.push({ name, type, hasDefault: false });
    if (mode === 'o' || mode === 'b' || mode === 't')
      outColumns.push({ name, type, nullable: true, hasDefault: false });
  });
  // Callable by name only: unnamed or variadic arguments can't be given in a query string.
  if (args.some((arg) => arg.name === '') || row.arg_modes.includes('v')) return null;
  args.slice(args.length - row.default_count).forEach((arg) => (arg.hasDefault = true));
  const returnsRelation =
    row.returns_relation && relations.has(row.returns_relation) ? row.returns_relation : null;
  if (row.returns_relation && !returnsRelation) return null;
  if (row.return_type === 'record' && outColumns.length === 0) return null;
  return {
    name: row.name,
    args,
    returnType: row.return_type,
    returnsSet: row.returns_set,
    returnsRelation,
    outColumns,
    returnsVoid: row.return_type === 'void',
  };
}
