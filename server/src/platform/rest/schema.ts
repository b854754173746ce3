import type { Queryable } from '../db/db.js';
import { viewRelations as defaultViewRelations, type ViewRelation } from './view-relations.js';

export interface Column {
  name: string;
  /** The type without modifiers (e.g. `character varying`), used to cast bound values. */
  type: string;
  nullable: boolean;
  hasDefault: boolean;
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
}

const hidden = (name: string) => name === 'schema_migrations' || name.startsWith('_');

const relationsSql = `
  select c.relname as name, c.relkind as kind
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
  order by c.relname`;

const columnsSql = `
  select c.relname as relation, a.attname as name, format_type(a.atttypid, null) as type,
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

/** Which base columns each view reads (same-named view columns are taken to be those). */
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
  const relations = await loadRelations(db);
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
  foreignKeys.push(...inferViewForeignKeys(relations, foreignKeys, sources));
  foreignKeys.push(...explicitViewForeignKeys(relations, options.viewRelations ?? defaultViewRelations));
  const functions = await loadFunctions(db, relations);
  return { relations, foreignKeys, functions };
}

async function loadRelations(db: Queryable): Promise<Map<string, Relation>> {
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
  const columns = await db.query<{
    relation: string;
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
  }
  return relations;
}

/**
 * A view column with the same name as a base column it reads inherits that column's single-column
 * foreign keys, in both directions (the view references what the base column references; what
 * references the base column also references the view). Repeated so views over views inherit too.
 * `sources` lists every base column a view reads (pg_depend), in its output or anywhere else.
 */
export function inferViewForeignKeys(
  relations: Map<string, Relation>,
  declared: readonly ForeignKey[],
  sources: readonly { view: string; source: string; column: string }[],
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
  // A view that reads same-named columns of several relations (`id` of two joined tables)
  // can't tell which one its own column is: no inference for that name.
  const readers = new Map<string, number>();
  for (const { view, column } of sources)
    readers.set(`${view}.${column}`, (readers.get(`${view}.${column}`) ?? 0) + 1);
  const unambiguous = sources.filter(({ view, column }) => readers.get(`${view}.${column}`) === 1);
  for (let round = 0, changed = true; changed && round < 5; round++) {
    changed = false;
    for (const { view, source, column } of unambiguous) {
      if (!relations.get(view)?.columnsByName.has(column)) continue;
      for (const key of [...all]) {
        if (key.columns.length !== 1) continue;
        if (key.table === source && key.columns[0] === column) {
          changed =
            add({ ...key, name: `${view}_${column}_inferred_fkey`, table: view, inferred: true }) || changed;
        }
        if (key.references === source && key.referencedColumns[0] === column && key.table !== view) {
          const name = `${key.table}_${key.columns[0]}_${view}_inferred_fkey`;
          changed = add({ ...key, name, references: view, inferred: true }) || changed;
        }
      }
    }
  }
  return inferred;
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
