/**
 * Which rows a platform event is about, and who may hear of it: the same rules as reading those
 * rows through /api/db (the relation's resource for the person's roles, and its feature on).
 */
import { featureOf } from '../../access/feature-map.js';
import type { Feature } from '../../access/features.js';
import { accessFor, decide } from '../../access/resource-map.js';
import type { Permissions } from '../../access/roles.js';

/**
 * An event is named `<subject>.<what happened>`; the subject names the relation of the row its
 * `id` is. Events of any other subject reach nobody.
 */
const RELATION_OF_SUBJECT: Readonly<Record<string, string>> = {
  check: 'checks',
  canary: 'canaries',
  component: 'components',
  config: 'configs',
  incident: 'incidents',
  playbook: 'playbooks',
  notification: 'notifications',
  connection: 'connections',
};

export function relationOfEvent(name: string): string | undefined {
  const subject = name.split('.', 1)[0]!;
  return Object.hasOwn(RELATION_OF_SUBJECT, subject) ? RELATION_OF_SUBJECT[subject] : undefined;
}

/** Whether a person with these permissions, while these features are off, may hear of the event. */
export function mayHear(permissions: Permissions, disabled: readonly Feature[], name: string): boolean {
  const relation = relationOfEvent(name);
  if (!relation) return false;
  if (!decide(permissions, accessFor('GET', relation)).allowed) return false;
  const feature = featureOf(relation);
  return !feature || !disabled.includes(feature);
}
