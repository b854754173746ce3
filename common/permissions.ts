/** The permissions table's vocabulary (spec 3 §3), shared by the server's grants and the page. */

/** Mission Control's action names, as stored in `permissions.action`. */
export const GRANT_ACTIONS = [
  'read',
  'update',
  'create',
  'delete',
  '*',
  'create,read,update,delete',
  'playbook:run',
  'playbook:approve',
] as const;
export type GrantAction = (typeof GRANT_ACTIONS)[number];

/** The global objects a grant may name instead of one resource. */
export const GLOBAL_OBJECTS = [
  'canaries',
  'catalog',
  'incident',
  'people',
  'topology',
  'playbooks',
  'connection',
  'connection-detail',
  'agent-push',
  'kubernetes-proxy',
  'notification',
  'rbac',
  'logs',
  'agent',
  'artifact',
] as const;
export type GlobalObject = (typeof GLOBAL_OBJECTS)[number];

/** The kinds of one resource a grant may name, each with its column in `permissions`. */
export const GRANT_KINDS = {
  playbook: 'playbook_id',
  connection: 'connection_id',
  config: 'config_id',
  component: 'component_id',
  canary: 'canary_id',
  check: 'check_id',
} as const;
export type GrantKind = keyof typeof GRANT_KINDS;

/** One effective grant or deny, as whoami publishes it. */
export interface Grant {
  action: GrantAction;
  /** The resource kind and id, or `object` for a global object. */
  kind: GrantKind | 'object';
  /** The resource's id, or the global object's name. */
  id: string;
  deny: boolean;
  /** ISO time after which it no longer applies. */
  until?: string;
}
