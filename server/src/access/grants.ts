/**
 * Grants and denies of the `permissions` table (spec 3 §3, §6), on top of the role matrix of
 * roles.ts: a person (directly, or through a team they belong to) may be given — or refused —
 * an action on one resource (a playbook, connection, config, component, canary or check) or on
 * a global object. A deny wins over any grant and over any role short of admin; a row whose
 * `until` has passed no longer counts. They are read by one indexed query (migration 0008) and
 * kept per person until any change to them (grant-cache.ts).
 */
import type { Queryable } from '../platform/db/db.js';
import {
  GLOBAL_OBJECTS,
  GRANT_ACTIONS,
  GRANT_KINDS,
  type GlobalObject,
  type Grant,
  type GrantAction,
  type GrantKind,
} from '../../../common/permissions.js';
import type { Permissions, Resource, Role } from './roles.js';

export {
  GLOBAL_OBJECTS,
  GRANT_ACTIONS,
  GRANT_KINDS,
  type GlobalObject,
  type Grant,
  type GrantAction,
  type GrantKind,
};
const KINDS = Object.keys(GRANT_KINDS) as GrantKind[];

/** What a grant's resources of spec 1 §6 are, for a global object (those without are left out). */
const OBJECT_RESOURCES: Partial<Record<GlobalObject, readonly Resource[]>> = {
  canaries: ['canaries'],
  catalog: ['database'],
  incident: ['incident', 'evidences', 'comments', 'responder'],
  people: ['identities'],
  topology: ['topologies'],
  playbooks: ['playbooks', 'playbook_runs'],
  connection: ['connections'],
  'connection-detail': ['connections'],
  notification: ['notifications'],
  rbac: ['rbac', 'permissions'],
  logs: ['logging_backends'],
  agent: ['agents'],
};

/** Whether a grant's action covers the one asked for: `*` covers all, CRUD its four. */
export function covers(granted: GrantAction, wanted: GrantAction): boolean {
  if (granted === wanted || granted === '*') return true;
  return granted === 'create,read,update,delete' && ['create', 'read', 'update', 'delete'].includes(wanted);
}

interface GrantRow {
  action: GrantAction;
  deny: boolean;
  object: GlobalObject | null;
  until: Date | string | null;
  playbook_id: string | null;
  connection_id: string | null;
  config_id: string | null;
  component_id: string | null;
  canary_id: string | null;
  check_id: string | null;
}

/**
 * The person's grants in force now: their own and their teams' (deleted teams give nothing),
 * one row per resource a `permissions` row names.
 */
export async function loadGrants(db: Queryable, personId: string): Promise<Grant[]> {
  const { rows } = await db.query<GrantRow>(
    `select action, deny, object, until, playbook_id, connection_id, config_id, component_id,
       canary_id, check_id
     from permissions
     where (person_id = $1::uuid or team_id in (
         select m.team_id from team_members m join teams t on t.id = m.team_id
         where m.person_id = $1::uuid and t.deleted_at is null))
       and (until is null or until > now())`,
    [personId],
  );
  const grants: Grant[] = [];
  for (const row of rows) {
    const until = row.until === null ? {} : { until: new Date(row.until).toISOString() };
    const base = { action: row.action, deny: row.deny, ...until };
    if (row.object) grants.push({ ...base, kind: 'object', id: row.object });
    for (const kind of KINDS) {
      const id = row[GRANT_KINDS[kind]];
      if (id) grants.push({ ...base, kind, id });
    }
  }
  return grants;
}

/** Drops grants whose `until` has passed since they were read (a long request, a cached list). */
export const inForce = (grants: readonly Grant[], now = Date.now()): Grant[] =>
  grants.filter((grant) => grant.until === undefined || Date.parse(grant.until) > now);

const readsWith = (action: GrantAction) => covers(action, 'read');
const writesWith = (action: GrantAction) =>
  covers(action, 'update') || covers(action, 'create') || covers(action, 'delete');

/**
 * The role matrix with the global objects' grants and denies applied: a grant adds read (read)
 * or write (update, create, delete) on the object's resources; a deny takes them away from
 * anyone but an admin.
 */
export function withGrants(
  permissions: Permissions,
  roles: readonly Role[],
  grants: readonly Grant[],
): Permissions {
  const globals = grants.filter((grant) => grant.kind === 'object');
  if (globals.length === 0) return permissions;
  const result = Object.fromEntries(
    Object.entries(permissions).map(([resource, access]) => [resource, { ...access }]),
  ) as Permissions;
  const apply = (deny: boolean) => {
    for (const grant of globals.filter((g) => g.deny === deny)) {
      for (const resource of OBJECT_RESOURCES[grant.id as GlobalObject] ?? []) {
        const access = result[resource];
        if (readsWith(grant.action)) access.read = !deny;
        if (writesWith(grant.action)) access.write = !deny;
        // Writing what one may not read makes no sense: a read deny takes write too.
        if (deny && readsWith(grant.action)) access.write = false;
      }
    }
  };
  apply(false);
  if (!roles.includes('admin')) apply(true);
  return result;
}

/** What a check of one resource asks: the action, and the global object that covers every one. */
export interface GrantTarget {
  kind: GrantKind;
  id: string;
  /** The global object whose grants cover all resources of the kind (`playbooks` for playbooks). */
  object?: GlobalObject;
}

const matches = (grant: Grant, target: GrantTarget) =>
  (grant.kind === target.kind && grant.id === target.id) ||
  (target.object !== undefined && grant.kind === 'object' && grant.id === target.object);

/**
 * Whether the grants decide the action on the resource: 'deny' when a deny covers it (admins
 * are not refused by denies), 'grant' when a grant does, undefined when they say nothing and
 * the role matrix decides.
 */
export function grantVerdict(
  grants: readonly Grant[],
  roles: readonly Role[],
  action: GrantAction,
  target: GrantTarget,
): 'grant' | 'deny' | undefined {
  const relevant = inForce(grants).filter((grant) => matches(grant, target) && covers(grant.action, action));
  if (!roles.includes('admin') && relevant.some((grant) => grant.deny)) return 'deny';
  return relevant.some((grant) => !grant.deny) ? 'grant' : undefined;
}

/** The ids of one kind the grants give (`deny` false) or refuse (`deny` true) the action on. */
export function idsWith(
  grants: readonly Grant[],
  kind: GrantKind,
  action: GrantAction,
  deny: boolean,
): string[] {
  return [
    ...new Set(
      inForce(grants)
        .filter((grant) => grant.kind === kind && grant.deny === deny && covers(grant.action, action))
        .map((grant) => grant.id),
    ),
  ];
}
