/**
 * Roles, resources and the read/write matrix of spec 1 §6. The server decides with these;
 * /api/auth/whoami hands the result to the UI, which only hides what would be refused.
 */

import { ROLES, type Role } from '../../../common/roles.js';

export { ROLES, type Role };

export const RESOURCES = [
  'database',
  'rbac',
  'auth',
  'responder',
  'incident',
  'evidences',
  'comments',
  'canaries',
  'topologies',
  'config_scrapers',
  'identities',
  'connections',
  'kratos',
  'agents',
  'feature_flags',
  'logging_backends',
  'integrations',
  'notifications',
  'playbooks',
  'playbook_runs',
  'permissions',
] as const;
export type Resource = (typeof RESOURCES)[number];

export interface Access {
  read: boolean;
  write: boolean;
}
export type Permissions = Record<Resource, Access>;

/** What commanders, responders and viewers may not read. */
const HIDDEN_FROM_RESPONDERS: readonly Resource[] = ['rbac', 'identities', 'connections'];
/** What editors may not write. */
const EDITOR_READ_ONLY: readonly Resource[] = ['connections', 'identities', 'rbac'];
/** The only resources commanders and responders write: incident work. */
const INCIDENT_WORK: readonly Resource[] = ['responder', 'incident', 'evidences', 'comments'];

function accessOf(role: Role, resource: Resource): Access {
  switch (role) {
    case 'admin':
      return { read: true, write: true };
    case 'editor':
      return { read: true, write: !EDITOR_READ_ONLY.includes(resource) };
    case 'commander':
    case 'responder':
      return { read: !HIDDEN_FROM_RESPONDERS.includes(resource), write: INCIDENT_WORK.includes(resource) };
    case 'viewer':
      return { read: !HIDDEN_FROM_RESPONDERS.includes(resource), write: false };
  }
}

/** Known roles of a person; a person with none is a viewer. */
export function effectiveRoles(roles: readonly string[]): Role[] {
  const known = ROLES.filter((role) => roles.includes(role));
  return known.length > 0 ? known : ['viewer'];
}

/** The union of what each role grants. */
export function permissionsFor(roles: readonly string[]): Permissions {
  const granted = effectiveRoles(roles);
  const permissions = {} as Permissions;
  for (const resource of RESOURCES) {
    const each = granted.map((role) => accessOf(role, resource));
    permissions[resource] = { read: each.some((a) => a.read), write: each.some((a) => a.write) };
  }
  return permissions;
}
