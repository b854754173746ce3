import { useSWRConfig, type SWRResponse } from 'swr';
import type { About, Whoami } from '../../../server/src/auth/whoami.js';
import type { ApiError } from './fetch.js';
import { useApi } from './hooks.js';
import { WHOAMI_PATH } from './whoami-path.js';

export type { About, Whoami };
export type Resource = keyof Whoami['permissions'];
export type Feature = Whoami['disabledFeatures'][number];
/** An action of server/src/access/actions.ts: 'checks.run', 'incidents.attach', … */
export type Action = Whoami['actions'][number];
export type Access = 'read' | 'write';

/**
 * Asks whoami again: after a change to what it reports (feature flags), so the sidebar and
 * the route guards follow at once.
 */
export function useRefreshWhoami(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate(WHOAMI_PATH);
}

/**
 * Who is signed in. Errors are not retried: the shell decides what they mean (5xx or 404:
 * provisioning screen; anything else: the generic error screen).
 */
export function useWhoami(): SWRResponse<Whoami, ApiError> {
  return useApi<Whoami>(WHOAMI_PATH, { shouldRetryOnError: false, revalidateOnFocus: false });
}

/** The backend's version. */
export function useAbout(): SWRResponse<About, ApiError> {
  return useApi<About>('api/about', { revalidateOnFocus: false });
}

/**
 * Whether the server would allow it: an action whoami lists, or read (the default) or write on a
 * resource. Nothing is allowed before whoami has answered.
 */
export function can(whoami: Whoami | undefined, action: Action): boolean;
export function can(whoami: Whoami | undefined, resource: Resource, access?: Access): boolean;
export function can(whoami: Whoami | undefined, subject: Resource | Action, access?: Access): boolean {
  if (!whoami) return false;
  if (access === undefined && !Object.hasOwn(whoami.permissions, subject))
    return whoami.actions.includes(subject as Action);
  return whoami.permissions[subject as Resource]?.[access ?? 'read'] === true;
}

/** What one resource's grants may allow: read, write (update), or a playbook's run and approve. */
export type ResourceAction = Access | 'run' | 'approve';
type Grant = Whoami['grants'][number];

/** The grant kind and global object of the resources one may be granted singly. */
const GRANTED_AS: Partial<Record<Resource, { kind: Grant['kind']; object: string }>> = {
  playbooks: { kind: 'playbook', object: 'playbooks' },
  connections: { kind: 'connection', object: 'connection' },
  database: { kind: 'config', object: 'catalog' },
  topologies: { kind: 'component', object: 'topology' },
  canaries: { kind: 'canary', object: 'canaries' },
};

const GRANT_ACTION: Record<ResourceAction, Grant['action']> = {
  read: 'read',
  write: 'update',
  run: 'playbook:run',
  approve: 'playbook:approve',
};

const covers = (granted: Grant['action'], wanted: Grant['action']) =>
  granted === wanted ||
  granted === '*' ||
  (granted === 'create,read,update,delete' && ['create', 'read', 'update', 'delete'].includes(wanted));

/**
 * What the grants say of the action on one resource (server/src/access/grants.ts): 'deny' when
 * a deny of it (or of all of its kind) covers it, 'grant' when a
 * grant does, undefined when they say nothing and the role decides.
 */
export function grantOn(
  whoami: Whoami | undefined,
  resource: Resource,
  action: ResourceAction,
  id: string,
): 'grant' | 'deny' | undefined {
  const target = GRANTED_AS[resource];
  if (!whoami || !target) return undefined;
  const wanted = GRANT_ACTION[action];
  const now = Date.now();
  const relevant = (whoami.grants ?? []).filter(
    (grant) =>
      (grant.until === undefined || Date.parse(grant.until) > now) &&
      covers(grant.action, wanted) &&
      ((grant.kind === target.kind && grant.id === id) ||
        (grant.kind === 'object' && grant.id === target.object)),
  );
  // whoami lists no denies to those they do not bind (admins).
  if (relevant.some((grant) => grant.deny)) return 'deny';
  return relevant.some((grant) => !grant.deny) ? 'grant' : undefined;
}

/**
 * Whether the server allows the action on one resource: its grants first, else the role as
 * `can` says (a playbook's run and approve: the `playbooks.run` and `playbooks.approve` actions).
 */
export function canOn(
  whoami: Whoami | undefined,
  resource: Resource,
  action: ResourceAction,
  id: string,
): boolean {
  if (!whoami) return false;
  if ((action === 'run' || action === 'approve') && whoami.disabledFeatures.includes('playbooks'))
    return false;
  const verdict = grantOn(whoami, resource, action, id);
  if (verdict) return verdict === 'grant';
  if (action === 'run') return can(whoami, 'playbooks.run');
  if (action === 'approve') return can(whoami, 'playbooks.approve');
  return can(whoami, resource, action);
}

/**
 * `can` for the signed-in person: `useCan('checks.run')`, `useCan('canaries', 'write')`, and on
 * one resource with its grants, `useCan('playbooks', 'run', playbookId)`.
 */
export function useCan(action: Action): boolean;
export function useCan(resource: Resource, access?: Access): boolean;
export function useCan(resource: Resource, action: ResourceAction, id: string): boolean;
export function useCan(subject: Resource | Action, access?: ResourceAction, id?: string): boolean {
  const { data: whoami } = useWhoami();
  if (id !== undefined) return canOn(whoami, subject as Resource, access ?? 'read', id);
  return can(whoami, subject as Resource, access as Access | undefined);
}

/** Whether a feature is on (no `{feature}.disable` flag); off until whoami has answered. */
export function isFeatureEnabled(whoami: Whoami | undefined, feature: Feature): boolean {
  return whoami !== undefined && !whoami.disabledFeatures.includes(feature);
}
