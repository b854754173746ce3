/**
 * Feature flags (spec 1 §6): a property named `{feature}.disable` with the value `true` turns
 * a feature off. Four settings sub-areas also follow their parent area: turning the area off
 * turns off its settings page too, whatever the sub-area's own flag says.
 */

export const FEATURES = [
  'topology',
  'health',
  'incidents',
  'config',
  'logs',
  'playbooks',
  'agents',
  'settings.connections',
  'settings.users',
  'settings.teams',
  'settings.rules',
  'settings.config_scraper',
  'settings.topology',
  'settings.health',
  'settings.job_history',
  'settings.feature_flags',
  'settings.logging_backends',
  'settings.event_queue_status',
  'settings.organization_profile',
  'settings.notifications',
  'settings.playbooks',
  'settings.integrations',
  'settings.permissions',
] as const;
export type Feature = (typeof FEATURES)[number];

/**
 * Parent areas. Job history records the runs of checks, topologies and scrapers, so it goes
 * away with its parents only when all three of those areas are off.
 */
const PARENTS: Partial<Record<Feature, Feature[]>> = {
  'settings.config_scraper': ['config'],
  'settings.topology': ['topology'],
  'settings.health': ['health'],
  'settings.job_history': ['health', 'topology', 'config'],
};

export const flagName = (feature: Feature) => `${feature}.disable`;

/** The features turned off by a set of properties (name → value). */
export function disabledFeatures(properties: ReadonlyMap<string, string>): Feature[] {
  const flagged = (feature: Feature) => properties.get(flagName(feature))?.trim().toLowerCase() === 'true';
  const parents = (feature: Feature) => PARENTS[feature] ?? [];
  return FEATURES.filter(
    (feature) => flagged(feature) || (parents(feature).length > 0 && parents(feature).every(flagged)),
  );
}
