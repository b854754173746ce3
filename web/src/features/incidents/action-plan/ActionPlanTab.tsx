import type { Incident } from '../types.js';

/** Placeholder until the hypothesis tree lands. */
export function ActionPlanTab({ incident }: { incident: Incident }) {
  return <div data-incident={incident.id} />;
}
