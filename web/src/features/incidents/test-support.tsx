/** The incidents area's fixtures for its page tests: rows as /api/db answers them. */
import type { ResponderWithRefs } from './responders-api.js';
import type { Evidence, Incident, IncidentSummary } from './types.js';

/** An open incident, every optional field empty; `patch` sets what a test needs. */
export function incidentRow(patch: Partial<Incident> = {}): Incident {
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
    created_by: null,
    created_at: '2026-01-01T10:00:00Z',
    updated_at: '2026-01-01T10:00:00Z',
    ...patch,
  };
}

/** An evidence on hypothesis h1, outside the definition of done. */
export function evidenceRow(patch: Partial<Evidence> & Pick<Evidence, 'id' | 'type'>): Evidence {
  return {
    hypothesis_id: 'h1',
    description: null,
    evidence: null,
    properties: null,
    component_id: null,
    config_id: null,
    config_analysis_id: null,
    config_change_id: null,
    check_id: null,
    definition_of_done: false,
    done: false,
    script: null,
    external_created_by: null,
    responder_id: null,
    created_by: null,
    created_at: '2026-01-01T10:05:00Z',
    ...patch,
  };
}

const person = (n: number) => ({ id: `p${n}`, name: `Person ${n}`, avatar: null });

export function summaryRow(patch: Partial<IncidentSummary> = {}): IncidentSummary {
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  return {
    ...incidentRow({ created_by: 'p1', created_at: hourAgo, updated_at: hourAgo }),
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

/** A responder row with its team and person embedded, none set; `over` sets what a test needs. */
export const responderRow = (over: Partial<ResponderWithRefs>): ResponderWithRefs => ({
  id: 'r1',
  incident_id: 'i1',
  type: 'system',
  team_id: null,
  person_id: null,
  external_id: null,
  properties: {},
  acknowledge_time: null,
  signoff_time: null,
  close_time: null,
  created_by: null,
  created_at: '2026-01-01T10:00:00Z',
  deleted_at: null,
  team: null,
  person: null,
  ...over,
});
