import { RestError } from './errors.js';
import type { DbSchema, ForeignKey, Relation } from './schema.js';

export interface Relationship {
  target: Relation;
  /** [column of the parent, column of the target] pairs that join them. */
  joins: [string, string][];
  toMany: boolean;
  foreignKey: ForeignKey;
}

/**
 * Finds the one relationship an embed `name!hint(...)` means, as PostgREST does: `name` is a
 * related table or view, a foreign-key column of the parent (`created_by(...)`), or a constraint
 * name; `hint` narrows by constraint name or column. Declared keys to tables win over inferred
 * ones; what stays ambiguous is a 300 (PGRST201), nothing found a 400 (PGRST200).
 */
export function resolveRelationship(
  schema: DbSchema,
  parent: Relation,
  name: string,
  hint?: string,
): Relationship {
  const candidates = findCandidates(schema, parent, name).filter(
    (candidate) => !hint || matchesHint(candidate, hint),
  );
  const chosen = candidates.length > 1 ? preferDeclared(candidates) : candidates;
  if (chosen.length === 1) return chosen[0]!;
  if (chosen.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      null,
      'Check the name of the embedded resource or its hint',
    );
  }
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
    chosen.map((candidate) => `${candidate.target.name} using ${candidate.foreignKey.name}`).join('; '),
    `Try changing '${name}' to one of: ${chosen.map((c) => `${name}!${c.foreignKey.name}`).join(', ')}`,
  );
}

function findCandidates(schema: DbSchema, parent: Relation, name: string): Relationship[] {
  const found: Relationship[] = [];
  for (const key of schema.foreignKeys) {
    if (key.table === parent.name) {
      const byColumn = key.columns.length === 1 && key.columns[0] === name;
      if (key.references === name || key.name === name || byColumn) {
        const target = schema.relations.get(key.references)!;
        found.push({
          target,
          joins: pairs(key.columns, key.referencedColumns),
          toMany: false,
          foreignKey: key,
        });
      }
    }
    if (key.references === parent.name && (key.table === name || key.name === name)) {
      const target = schema.relations.get(key.table)!;
      const toMany = !target.uniqueKeys.some((unique) => sameColumns(unique, key.columns));
      found.push({ target, joins: pairs(key.referencedColumns, key.columns), toMany, foreignKey: key });
    }
  }
  return found;
}

function matchesHint(candidate: Relationship, hint: string): boolean {
  const key = candidate.foreignKey;
  return (
    key.name === hint ||
    (key.columns.length === 1 && key.columns[0] === hint) ||
    (key.referencedColumns[0] === hint && key.referencedColumns.length === 1 && !candidate.toMany)
  );
}

function preferDeclared(candidates: Relationship[]): Relationship[] {
  const declaredToTables = candidates.filter((c) => !c.foreignKey.inferred && c.target.kind === 'table');
  if (declaredToTables.length > 0) return declaredToTables;
  const toTables = candidates.filter((c) => c.target.kind === 'table');
  if (toTables.length > 0) return toTables;
  const declared = candidates.filter((c) => !c.foreignKey.inferred);
  return declared.length > 0 ? declared : candidates;
}

const pairs = (left: string[], right: string[]): [string, string][] =>
  left.map((column, index) => [column, right[index]!]);

const sameColumns = (a: string[], b: string[]) =>
  a.length === b.length && a.every((column) => b.includes(column));
