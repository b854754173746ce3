/**
 * Grants and denies on single resources, applied to /api/db: a deny of read on a config hides
 * that config from anyone but an admin, wherever its rows are read by id; a grant of read on one
 * connection lets a person who may not read connections read that one only. Writes likewise: a
 * grant of update (or delete) on one config or component lets a person whose role may not write
 * them change that one, and a deny refuses it to any role but admin.
 */
import type { Relation } from '../platform/rest/schema.js';
import type { RowScope } from '../platform/rest/sql.js';
import { idsWith, type Grant, type GrantAction, type GrantKind } from './grants.js';
import { resourceOf } from './resource-map.js';
import type { Permissions, Role } from './roles.js';

/** The relations whose rows are one resource of a grant kind, by the column naming it. */
export const SCOPED_RELATIONS: Readonly<Record<string, { kind: GrantKind; column: string }>> = {
  configs: { kind: 'config', column: 'id' },
  config_detail: { kind: 'config', column: 'id' },
  config_names: { kind: 'config', column: 'id' },
  config_items: { kind: 'config', column: 'id' },
  config_changes: { kind: 'config', column: 'config_id' },
  config_analysis: { kind: 'config', column: 'config_id' },
  components: { kind: 'component', column: 'id' },
  component_names: { kind: 'component', column: 'id' },
  connections: { kind: 'connection', column: 'id' },
  connections_with_status: { kind: 'connection', column: 'id' },
  playbooks: { kind: 'playbook', column: 'id' },
  playbook_names: { kind: 'playbook', column: 'id' },
  canaries: { kind: 'canary', column: 'id' },
  checks: { kind: 'check', column: 'id' },
};

interface Reader {
  roles: readonly Role[];
  permissions: Permissions;
  grants?: readonly Grant[];
}

/**
 * The rows of the relation this person may read, when grants narrow them: all but the denied
 * ones for a role that reads the resource, only the granted ones for a role that does not;
 * undefined when nothing narrows them (or, without role or grant, when the guard refuses).
 */
export function readScope(reader: Reader, relation: Relation): RowScope | undefined {
  const scoped = SCOPED_RELATIONS[relation.name];
  const resource = resourceOf(relation.name);
  const grants = reader.grants ?? [];
  if (!scoped || !resource || grants.length === 0) return undefined;
  if (!relation.columns.some((column) => column.name === scoped.column)) return undefined;
  const denied = reader.roles.includes('admin') ? [] : idsWith(grants, scoped.kind, 'read', true);
  if (reader.permissions[resource].read)
    return denied.length > 0 ? { column: scoped.column, except: denied } : undefined;
  const granted = idsWith(grants, scoped.kind, 'read', false).filter((id) => !denied.includes(id));
  return granted.length > 0 ? { column: scoped.column, only: granted } : undefined;
}

/** The tables whose rows a single-resource grant of update or delete opens, or a deny closes. */
const WRITE_SCOPED: ReadonlySet<string> = new Set([
  'configs',
  'components',
  'connections',
  'playbooks',
  'canaries',
  'checks',
]);

export interface WriteScope {
  scope: RowScope;
  /** The 403's message when the write would touch a row outside the scope. */
  refusal: string;
}

/**
 * The rows of the table a PATCH (update) or DELETE (delete) may touch, when grants narrow them:
 * all but the denied ones for a role that writes the resource, only the granted ones for a role
 * that does not; undefined when nothing narrows them.
 */
export function writeScope(reader: Reader, relation: Relation, method: string): WriteScope | undefined {
  const action: GrantAction | undefined =
    method === 'PATCH' ? 'update' : method === 'DELETE' ? 'delete' : undefined;
  const scoped = SCOPED_RELATIONS[relation.name];
  const resource = resourceOf(relation.name);
  const grants = reader.grants ?? [];
  if (!action || !scoped || !resource || !WRITE_SCOPED.has(relation.name) || grants.length === 0)
    return undefined;
  const refusal = `You may not ${action} this ${scoped.kind}`;
  const denied = reader.roles.includes('admin') ? [] : idsWith(grants, scoped.kind, action, true);
  if (reader.permissions[resource].write)
    return denied.length > 0 ? { scope: { column: scoped.column, except: denied }, refusal } : undefined;
  const granted = idsWith(grants, scoped.kind, action, false).filter((id) => !denied.includes(id));
  return granted.length > 0 ? { scope: { column: scoped.column, only: granted }, refusal } : undefined;
}
