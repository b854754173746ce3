/**
 * The incident rows as /api/db answers them (spec 2 §3, migrations 0005 and 0011), shared by the
 * area's pages, and the SWR keys more than one of them revalidates.
 */
import type {
  EvidenceType,
  HistoryEvent,
  HypothesisStatus,
  HypothesisType,
  IncidentSeverity,
  IncidentStatus,
  IncidentType,
} from '../../../../common/incidents.js';

/** A person or team as an embed shows them. */
export interface PersonRef {
  id: string;
  name: string;
  avatar: string | null;
}
export interface TeamRef {
  id: string;
  name: string;
  icon: string | null;
}

export interface Incident {
  id: string;
  /** The visible identifier, INC0000042. */
  incident_id: string;
  title: string;
  description: string | null;
  type: IncidentType;
  status: IncidentStatus;
  severity: IncidentSeverity;
  commander_id: string | null;
  communicator_id: string | null;
  incident_rule_id: string | null;
  acknowledged: string | null;
  resolved: string | null;
  closed: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A row of the incident_summary view (the list). */
export interface IncidentSummary extends Incident {
  commander: PersonRef | null;
  responders: {
    id: string;
    type: string;
    created_at: string;
    team: TeamRef | null;
    person: PersonRef | null;
  }[];
  commenters: PersonRef[];
  hypotheses_count: number;
  evidences_count: number;
  definition_of_done_count: number;
  done_count: number;
  comments_count: number;
}

export interface Hypothesis {
  id: string;
  incident_id: string;
  parent_id: string | null;
  title: string | null;
  type: HypothesisType;
  status: HypothesisStatus;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface Evidence {
  id: string;
  hypothesis_id: string;
  type: EvidenceType;
  description: string | null;
  /** The payload: lines and selected_lines (config, log), start and includeMessages (check). */
  evidence: Record<string, unknown> | null;
  properties: Record<string, unknown> | null;
  component_id: string | null;
  config_id: string | null;
  config_analysis_id: string | null;
  config_change_id: string | null;
  check_id: string | null;
  definition_of_done: boolean;
  done: boolean;
  script: string | null;
  external_created_by: string | null;
  responder_id: string | null;
  created_by: string | null;
  created_at: string;
}

export interface Comment {
  id: string;
  incident_id: string;
  hypothesis_id: string | null;
  responder_id: string | null;
  /** May hold mentions, @[display](user:id). */
  comment: string;
  external_created_by: string | null;
  created_by: string | null;
  created_at: string;
}

export interface Responder {
  id: string;
  incident_id: string;
  type: string;
  team_id: string | null;
  person_id: string | null;
  external_id: string | null;
  properties: Record<string, unknown>;
  acknowledge_time: string | null;
  signoff_time: string | null;
  close_time: string | null;
  created_by: string | null;
  created_at: string;
  deleted_at: string | null;
}

export interface IncidentHistory {
  id: string;
  incident_id: string;
  type: HistoryEvent;
  description: string | null;
  created_by: string | null;
  created_at: string;
  responder_id: string | null;
  evidence_id: string | null;
  comment_id: string | null;
  hypothesis_id: string | null;
}

/**
 * SWR keys several parts of the area revalidate: `mutate(key => isIncidentKey(key, id))` after a
 * write refreshes every read of that incident (detail, hypotheses, evidences, comments,
 * responders, changelog).
 */
export const incidentKeyPrefix = (incidentId: string) => `incident:${incidentId}:`;
export const isIncidentKey = (key: unknown, incidentId: string) =>
  typeof key === 'string' && key.startsWith(incidentKeyPrefix(incidentId));
/** The prefix of every list read (the list page, pickers): revalidated after any create. */
export const INCIDENT_LISTS_PREFIX = 'incidents:list:';
