/**
 * The actions of spec 1-3 §6 that are more than read or write on one resource: each is a rule
 * over the role matrix (roles.ts) and the feature flags (features.ts). whoami hands the UI the
 * actions a person may take, and the routes that perform one refuse it by the same rule
 * (`requireAction` in guard.ts). Grants of the `permissions` table (grants.ts) decide the two
 * playbook actions: on one playbook (`playbookActionRefusal`) or on all (the `playbooks` object).
 */
import { refusal } from './resource-map.js';
import { disabledMessage } from './feature-map.js';
import type { Feature } from './features.js';
import { grantVerdict, type Grant, type GrantAction } from './grants.js';
import type { Permissions, Resource, Role } from './roles.js';

export interface ActionRule {
  /** Only people holding one of these roles (when the spec names roles rather than resources). */
  roles?: readonly Role[];
  /** Read on each of these resources. */
  read?: readonly Resource[];
  /** Write on each of these resources. */
  write?: readonly Resource[];
  /** The feature that must be on. */
  feature?: Feature;
  /** What a refusal for a missing role says. */
  refusal?: string;
}

/** Spec 1 §6: everyone but a viewer (who writes nothing). */
const NOT_VIEWER: readonly Role[] = ['admin', 'editor', 'commander', 'responder'];
/** Spec 3 §6: Invite, Edit and Delete of users need write on identities, with the users page on. */
const PEOPLE: ActionRule = { write: ['identities'], feature: 'settings.users' };

export const ACTIONS = {
  /** Run Now on a check (spec 1 §6 names the roles). */
  'checks.run': {
    roles: ['admin', 'editor', 'responder', 'commander'],
    read: ['canaries'],
    feature: 'health',
    refusal: 'You may not run checks',
  },
  /** The Playbooks menu and starting a run (spec 1 §6: write on playbook_runs). */
  'playbooks.run': { write: ['playbook_runs'], feature: 'playbooks' },
  /** Approving a run waiting for approval. */
  'playbooks.approve': { write: ['playbook_runs'], feature: 'playbooks' },
  /** Attach as Evidence / Link to Incident (spec 1 and 2 §6: write on incidents, incidents on). */
  'incidents.attach': { write: ['incident'], feature: 'incidents' },
  /** View Logs of a component (spec 2 §6: hidden while logs are off). */
  'logs.view': { read: ['topologies'], feature: 'logs' },
  /** Deleting a notification silence (spec 2 and 3 §6: also needs write on identities). */
  'silences.delete': { write: ['notifications', 'identities'] },
  /** Agent create, edit and delete (spec 1 §6). */
  'agents.manage': { write: ['agents'], feature: 'agents' },
  'people.invite': PEOPLE,
  'people.update': PEOPLE,
  /** Giving a user another role: the edit form's role picker. */
  'people.assignRole': { ...PEOPLE, roles: ['admin'], refusal: 'Only administrators may change roles' },
  'people.delete': PEOPLE,
  /** The Settings group of the sidebar: viewers do not see it (spec 1 §6). */
  'settings.view': { roles: NOT_VIEWER },
} as const satisfies Record<string, ActionRule>;

export type ActionName = keyof typeof ACTIONS;
export const ACTION_NAMES = Object.keys(ACTIONS) as ActionName[];

/** Who is asking, as far as actions go: effective roles, their permissions, the features off. */
export interface Actor {
  roles: readonly Role[];
  permissions: Permissions;
  /** The grants and denies in force (grants.ts); none when not read. */
  grants?: readonly Grant[];
}

/** The playbook actions grants decide, with their name in `permissions.action`. */
const PLAYBOOK_GRANTS: Partial<Record<ActionName, GrantAction>> = {
  'playbooks.run': 'playbook:run',
  'playbooks.approve': 'playbook:approve',
};

/** What a deny of a playbook action says. */
export const playbookDenied = (action: 'playbooks.run' | 'playbooks.approve') =>
  `You may not ${action === 'playbooks.run' ? 'run' : 'approve'} this playbook`;

/** Why the actor may not take the action; undefined when they may. */
export function actionRefusal(
  actor: Actor,
  action: ActionName,
  disabled: readonly Feature[],
): string | undefined {
  const rule: ActionRule = ACTIONS[action];
  const granted = PLAYBOOK_GRANTS[action];
  if (granted) {
    const verdict = grantVerdict(actor.grants ?? [], actor.roles, granted, {
      kind: 'playbook',
      id: '',
      object: 'playbooks',
    });
    if (rule.feature && disabled.includes(rule.feature)) return disabledMessage(rule.feature);
    if (verdict === 'deny') return playbookDenied(action as 'playbooks.run' | 'playbooks.approve');
    if (verdict === 'grant') return undefined;
  }
  if (rule.roles && !actor.roles.some((role) => rule.roles!.includes(role)))
    return rule.refusal ?? `You may not take the action ${action}`;
  for (const resource of rule.read ?? [])
    if (!actor.permissions[resource].read) return rule.refusal ?? refusal('read', resource);
  for (const resource of rule.write ?? [])
    if (!actor.permissions[resource].write) return rule.refusal ?? refusal('write', resource);
  if (rule.feature && disabled.includes(rule.feature)) return disabledMessage(rule.feature);
  return undefined;
}

/** Every action the actor may take, in ACTIONS order. */
export function actionsFor(actor: Actor, disabled: readonly Feature[]): ActionName[] {
  return ACTION_NAMES.filter((action) => actionRefusal(actor, action, disabled) === undefined);
}

/**
 * Why the actor may not run (or approve a run of) this playbook: a deny of it or of all
 * playbooks refuses, a grant of it or of all allows, else the action's rule decides.
 */
export function playbookActionRefusal(
  actor: Actor,
  action: 'playbooks.run' | 'playbooks.approve',
  playbookId: string,
  disabled: readonly Feature[],
): string | undefined {
  if (disabled.includes('playbooks')) return disabledMessage('playbooks');
  const verdict = grantVerdict(actor.grants ?? [], actor.roles, PLAYBOOK_GRANTS[action]!, {
    kind: 'playbook',
    id: playbookId,
    object: 'playbooks',
  });
  if (verdict === 'deny') return playbookDenied(action);
  if (verdict === 'grant') return undefined;
  return actionRefusal(actor, action, disabled);
}
