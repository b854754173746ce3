import { groupHealth, HealthLabel } from '../../components/HealthLabel/index.js';
import type { CheckSummary } from './types.js';

/** A group's health: healthy when all its checks pass, unhealthy when all fail, else mixed (spec 1 §4). */
export function GroupHealthLabel({ checks }: { checks: readonly CheckSummary[] }) {
  return <HealthLabel status={groupHealth(checks.map((check) => check.status ?? 'unknown'))} isCompact />;
}
