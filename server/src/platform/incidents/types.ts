/** The shapes of /api/incidents, the console's own incident calls (docs/incidents.md). */
import type {
  EvidenceType,
  IncidentSeverity,
  IncidentStatus,
  IncidentType,
} from '../../../../common/incidents.js';

/** Evidence as the create and link calls take it; the hypothesis comes from the call. */
export interface NewEvidence {
  type: EvidenceType;
  description?: string | null;
  /** The payload: lines and selected_lines (config, log), start and includeMessages (check). */
  evidence?: Record<string, unknown> | null;
  component_id?: string | null;
  config_id?: string | null;
  check_id?: string | null;
  config_change_id?: string | null;
  config_analysis_id?: string | null;
}

/** POST /api/incidents */
export interface CreateIncidentRequest {
  title: string;
  description?: string | null;
  type: IncidentType;
  severity: IncidentSeverity;
  status: IncidentStatus;
  evidence?: NewEvidence;
}

/** 201 of POST /api/incidents: the incident, its root hypothesis, and the evidence if given. */
export interface CreateIncidentResponse {
  id: string;
  /** The visible identifier, INC0000042. */
  incident_id: string;
  hypothesis_id: string;
  evidence_id?: string;
}

/**
 * POST /api/incidents/{id}/evidence: onto an existing hypothesis (`hypothesis_id`), or a new one
 * titled `hypothesis_title` (empty or absent: untitled), a factor under the root, or the root
 * when the incident has none.
 */
export interface LinkEvidenceRequest {
  hypothesis_id?: string;
  hypothesis_title?: string | null;
  evidence: NewEvidence;
}

/** 201 of POST /api/incidents/{id}/evidence */
export interface LinkEvidenceResponse {
  id: string;
  incident_id: string;
  hypothesis_id: string;
  evidence_id: string;
  /** True when the call made the hypothesis. */
  hypothesis_created: boolean;
}

/** A row of GET /api/incidents/people: an active person, as mentions show them. */
export interface MentionablePerson {
  id: string;
  name: string;
  avatar: string | null;
}
