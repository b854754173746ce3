/**
 * Which feature (spec 1 §6) each /api/db relation belongs to: when that feature is turned off,
 * its data is refused too, not only hidden in the sidebar. Relations of no area (people,
 * settings, job history, the event queue) stay on whatever is turned off.
 */
import type { Feature } from './features.js';
import { RESOURCE_OF } from './resource-map.js';
import type { Resource } from './roles.js';

const FEATURE_OF_RESOURCE: Partial<Record<Resource, Feature>> = {
  canaries: 'health',
  topologies: 'topology',
  incident: 'incidents',
  evidences: 'incidents',
  comments: 'incidents',
  responder: 'incidents',
  playbooks: 'playbooks',
  playbook_runs: 'playbooks',
  agents: 'agents',
  logging_backends: 'logs',
  config_scrapers: 'config',
};

/** `database` relations that are the platform's own bookkeeping rather than the catalog's. */
const PLATFORM_RELATIONS = new Set([
  'job_histories',
  'job_history_names',
  'job_history_summary',
  'views_summary',
  'event_queue',
  'event_queue_summary',
]);

/** What people call each area when it is off ('{Area} is disabled'). */
export const FEATURE_LABELS: Partial<Record<Feature, string>> = {
  health: 'Health',
  topology: 'Topology',
  incidents: 'Incidents',
  config: 'Catalog',
  playbooks: 'Playbooks',
  agents: 'Agents',
  logs: 'Logs',
  'settings.users': 'Users',
};

export function featureOf(name: string): Feature | undefined {
  const resource = Object.hasOwn(RESOURCE_OF, name) ? RESOURCE_OF[name] : undefined;
  if (resource === 'database') return PLATFORM_RELATIONS.has(name) ? undefined : 'config';
  return resource ? FEATURE_OF_RESOURCE[resource] : undefined;
}

export const disabledMessage = (feature: Feature) => `${FEATURE_LABELS[feature] ?? feature} is disabled`;
