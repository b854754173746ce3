import { can, isFeatureEnabled, type Whoami } from '../../../api/index.js';

/** Spec 1 §6: Run Now on a check is for these roles; a user with no roles is a viewer. */
export const RUN_CHECK_ROLES: readonly Whoami['roles'][number][] = [
  'admin',
  'editor',
  'responder',
  'commander',
];

export const canRunCheck = (whoami: Whoami | undefined) =>
  whoami?.roles.some((role) => RUN_CHECK_ROLES.includes(role)) ?? false;

/** The Edit link goes to the check's definition, which only canary writers may change. */
export const canEditCanary = (whoami: Whoami | undefined) => can(whoami, 'canaries', 'write');

/** Spec 1 §6: the Playbooks menu needs write on playbook_runs (and the playbooks feature on). */
export const canRunPlaybooks = (whoami: Whoami | undefined) =>
  can(whoami, 'playbook_runs', 'write') && isFeatureEnabled(whoami, 'playbooks');

/** Spec 1 §6: Attach as Evidence needs write on incidents and is hidden when incidents are off. */
export const canAttachEvidence = (whoami: Whoami | undefined) =>
  can(whoami, 'incident', 'write') && isFeatureEnabled(whoami, 'incidents');
