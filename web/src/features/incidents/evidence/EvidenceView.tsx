import type { Evidence } from '../types.js';

/** Placeholder until the evidence renderers land: the evidence's description. */
export function EvidenceView({ evidence }: { evidence: Evidence }) {
  return <span>{evidence.description ?? evidence.type}</span>;
}
