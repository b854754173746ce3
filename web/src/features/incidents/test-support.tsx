/** The incidents area's fixtures for its page tests. */
import type { IncidentSummary } from './types.js';

const person = (n: number) => ({ id: `p${n}`, name: `Person ${n}`, avatar: null });

export function summaryRow(patch: Partial<IncidentSummary> = {}): IncidentSummary {
  return {
    id: 'i1',
    incident_id: 'INC0000042',
    title: 'Payments down',
    description: null,
    type: 'availability',
    status: 'open',
    severity: 'high',
    commander_id: null,
    communicator_id: null,
    incident_rule_id: null,
    acknowledged: null,
    resolved: null,
    closed: null,
    created_by: 'p1',
    created_at: new Date(Date.now() - 3_600_000).toISOString(),
    updated_at: new Date(Date.now() - 3_600_000).toISOString(),
    commander: null,
    responders: [],
    commenters: [],
    hypotheses_count: 1,
    evidences_count: 0,
    definition_of_done_count: 0,
    done_count: 0,
    comments_count: 0,
    ...patch,
  };
}

/** `count` responders, people with no avatar. */
export const responders = (count: number): IncidentSummary['responders'] =>
  Array.from({ length: count }, (_, index) => ({
    id: `r${index + 1}`,
    type: 'person',
    created_at: '2024-01-01T00:00:00Z',
    team: null,
    person: person(index + 1),
  }));
