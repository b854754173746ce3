/**
 * The incident vocabulary both sides use (spec 2 §3, §4, §9): statuses and the moves between
 * them, severities, types, hypothesis statuses, evidence kinds, responder types and their fields,
 * and the changelog's event names. The server enforces the transitions with these; the UI offers
 * only what they allow.
 */

export const INCIDENT_STATUSES = ['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export const INCIDENT_SEVERITIES = [
  'info',
  'warning',
  'low',
  'medium',
  'high',
  'blocker',
  'critical',
] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];

export const INCIDENT_TYPES = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technicalDebt',
  'reliability',
] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];

/** A new incident, as the Create New Incident dialog starts it (spec 2 §9). */
export const NEW_INCIDENT_DEFAULTS = { status: 'open', severity: 'low', type: 'availability' } as const;

/** The list's status filter when the URL names none. */
export const DEFAULT_STATUS_FILTER: IncidentStatus = 'open';

/** Allowed next statuses by current status (spec 2 §4); staying put is always allowed. */
export const STATUS_TRANSITIONS: Readonly<Record<IncidentStatus, readonly IncidentStatus[]>> = {
  new: INCIDENT_STATUSES,
  open: ['open', 'investigating', 'mitigated', 'resolved', 'closed'],
  investigating: ['investigating', 'mitigated', 'resolved', 'closed'],
  mitigated: ['mitigated', 'resolved', 'closed', 'open'],
  resolved: ['resolved', 'closed', 'open'],
  closed: ['closed', 'open'],
};

export const canMoveTo = (from: IncidentStatus, to: IncidentStatus): boolean =>
  STATUS_TRANSITIONS[from].includes(to);

/** Choosing one of these first asks which evidences join the definition of done. */
export const ASKS_CONTRIBUTING_FACTORS: readonly IncidentStatus[] = ['mitigated', 'resolved'];

/** How a status, severity or type reads in the interface: 'Investigating', 'TechnicalDebt'. */
export const capitalised = (value: string): string => value.charAt(0).toUpperCase() + value.slice(1);

/** Severity colours (spec 2 §9): Low and Medium green, High orange, Critical and Blocker red. */
export const SEVERITY_COLOUR: Readonly<Partial<Record<IncidentSeverity, 'green' | 'orange' | 'red'>>> = {
  low: 'green',
  medium: 'green',
  high: 'orange',
  critical: 'red',
  blocker: 'red',
};

export const HYPOTHESIS_STATUSES = [
  'proven',
  'likely',
  'possible',
  'unlikely',
  'improbable',
  'disproven',
] as const;
export type HypothesisStatus = (typeof HYPOTHESIS_STATUSES)[number];
export const HYPOTHESIS_TYPES = ['root', 'factor', 'solution'] as const;
export type HypothesisType = (typeof HYPOTHESIS_TYPES)[number];

/** The type of a hypothesis's child: a root's child is a factor, a factor's a solution. */
export const CHILD_TYPE: Readonly<Partial<Record<HypothesisType, HypothesisType>>> = {
  root: 'factor',
  factor: 'solution',
};

export const EVIDENCE_TYPES = [
  'log',
  'topology',
  'config',
  'check',
  'config_change',
  'config_analysis',
  'comment',
] as const;
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];

/** The changelog's event names (spec 2 §2), as incident_histories.type holds them. */
export const HISTORY_EVENTS = [
  'incident.created',
  'incident.status_updated',
  'incident_status.updated',
  'responder.created',
  'evidence.created',
  'evidence.done_definition_added',
  'responder.commented',
  'hypothesis.created',
  'hypothesis.status_updated',
] as const;
export type HistoryEvent = (typeof HISTORY_EVENTS)[number];

/** Responder types as the wizard offers them (spec 2 §3), by the key properties.responderType holds. */
export const RESPONDER_TYPES = [
  { key: 'email', label: 'Email' },
  { key: 'jira', label: 'Jira' },
  { key: 'service_now', label: 'ServiceNow' },
  { key: 'ca', label: 'CA' },
  { key: 'aws_support', label: 'AWS Support' },
  { key: 'aws_ams_service_request', label: 'AWS AMS Service Request' },
  { key: 'redhat', label: 'Redhat' },
  { key: 'oracle', label: 'Oracle' },
  { key: 'ms_planner', label: 'Microsoft Planner' },
  { key: 'vmware', label: 'VMWare' },
  { key: 'person', label: 'Person' },
] as const;
export type ResponderType = (typeof RESPONDER_TYPES)[number]['key'];

/**
 * The add wizard's 'None' choice (spec 2 §4): the team responds with no target, no ticket anywhere.
 * It is stored as an incident rule stores a team, type 'team' with no properties.responderType,
 * which the delivery queue (migration 0023) never picks up.
 */
export const NO_TARGET_CHOICE = { key: 'none', label: 'None' } as const;
export const TEAM_WITHOUT_TARGET = 'team';

/** The template fields of each responder type (spec 2 §3); every type also has external_id. */
export const RESPONDER_FIELDS: Readonly<Record<ResponderType, readonly string[]>> = {
  email: ['to', 'subject', 'body'],
  jira: ['project', 'issueType', 'summary', 'description', 'priority'],
  service_now: ['category', 'description', 'body'],
  ca: ['category', 'description', 'body'],
  aws_support: ['category', 'description', 'body'],
  aws_ams_service_request: ['category', 'description', 'body'],
  redhat: ['product', 'category', 'description', 'body'],
  oracle: ['product', 'category', 'description', 'body'],
  vmware: ['product', 'category', 'description', 'body'],
  ms_planner: ['plan_id', 'bucket_id', 'priority', 'title', 'description'],
  person: ['person'],
};

/** A comment mention: `@[display](user:id)`. */
export const MENTION = /@\[([^\]]*)\]\(user:([0-9a-f-]{36})\)/g;

/** A text with its mentions `@[display](user:id)` read as `@display`. */
export const mentionsAsText = (text: string): string =>
  text.replace(MENTION, (_all, display: string) => `@${display}`);

/** The mentions in a comment, in order. */
export function mentionsIn(comment: string): { display: string; id: string }[] {
  return [...comment.matchAll(MENTION)].map((m) => ({ display: m[1]!, id: m[2]! }));
}
