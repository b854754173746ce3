import type { Incident } from '../types.js';

/** Placeholder until the responders section lands. */
export function RespondersSection({ incident }: { incident: Incident }) {
  return <div data-incident={incident.id} />;
}
