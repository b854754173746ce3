// Health colours and group health, spec 1 §4.

export type HealthColor = 'red' | 'grey' | 'orange' | 'green';
export type GroupHealth = 'healthy' | 'unhealthy' | 'mixed';

const COLORS = new Map<string, HealthColor>([
  ['degraded', 'red'],
  ['missing', 'red'],
  ['unhealthy', 'red'],
  ['unknown', 'grey'],
  ['suspended', 'grey'],
  ['warning', 'orange'],
  ['warn', 'orange'],
  ['mixed', 'orange'],
]);

/** Degraded, missing, unhealthy → red; unknown, suspended → grey; warning, warn, mixed → orange; anything else (even no status) → green. */
export function healthColor(status?: string | null): HealthColor {
  return COLORS.get((status ?? '').trim().toLowerCase()) ?? 'green';
}

/** Healthy when every member is healthy, unhealthy when every member is unhealthy, otherwise mixed. An empty group is healthy. */
export function groupHealth(statuses: readonly string[]): GroupHealth {
  const normalized = statuses.map((status) => status.trim().toLowerCase());
  if (normalized.every((status) => status === 'healthy')) return 'healthy';
  if (normalized.every((status) => status === 'unhealthy')) return 'unhealthy';
  return 'mixed';
}
