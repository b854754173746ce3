import type { Incident } from '../types.js';

/** Placeholder until the comment timeline lands. */
export function CommentsTab({ incident }: { incident: Incident }) {
  return <div data-incident={incident.id} />;
}
