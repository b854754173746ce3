/**
 * The incident list's reads and the calls that create incidents and link evidence (spec 2 §7):
 * the list pages over incident_summary on the server; creating goes through the platform's
 * POST /api/incidents, which writes the incident, its root hypothesis and the evidence in one
 * transaction.
 */
import { apiJson, db } from '../../api/index.js';
import type {
  EvidenceType,
  IncidentSeverity,
  IncidentStatus,
  IncidentType,
} from '../../../../common/incidents.js';
import type { SortOrder } from '../../components/DataTable/index.js';
import { ALL_STATUSES, type IncidentFilters } from './incident-params.js';
import {
  INCIDENT_LISTS_PREFIX,
  incidentKeyPrefix,
  type Hypothesis,
  type IncidentSummary,
  type PersonRef,
} from './types.js';

/** Evidence as another page hands it over to be attached (spec 2 §3). */
export interface NewEvidence {
  type: EvidenceType;
  description?: string;
  /** The payload: lines (config, log), start and includeMessages (check). */
  evidence?: Record<string, unknown>;
  component_id?: string;
  config_id?: string;
  check_id?: string;
  config_change_id?: string;
  config_analysis_id?: string;
}

export interface NewIncident {
  title: string;
  description?: string;
  type: IncidentType;
  severity: IncidentSeverity;
  status: IncidentStatus;
  evidence?: NewEvidence;
}

export interface CreatedIncident {
  id: string;
  incident_id: string;
  hypothesis_id: string;
  evidence_id?: string;
}

// ─── The list ───────────────────────────────────────────────────────────────────────────────────

export interface IncidentListQuery {
  filters: IncidentFilters;
  pageIndex: number;
  pageSize: number;
  sortBy: string;
  sortOrder: SortOrder;
}

/** The columns the list may be ordered by; anything else in the URL orders by creation. */
export const SORTABLE_COLUMNS = ['incident_id', 'title', 'severity', 'status', 'created_at'] as const;
export const DEFAULT_SORT = { by: 'created_at', order: 'desc' } as const;

const LIST_SELECT = 'id,incident_id,title,type,status,severity,created_by,created_at,commander,responders';

/** A value inside `or=(...)`, quoted so commas and parentheses the user typed stay text. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

export const incidentListKey = ({ filters, pageIndex, pageSize, sortBy, sortOrder }: IncidentListQuery) =>
  `${INCIDENT_LISTS_PREFIX}incident_summary?${new URLSearchParams({
    ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')),
    page: `${pageIndex}.${pageSize}`,
    order: `${sortBy}.${sortOrder}`,
  }).toString()}`;

/** One page of incident_summary under the filters (spec 2 §7), with the total from the count. */
export function listIncidents({ filters, pageIndex, pageSize, sortBy, sortOrder }: IncidentListQuery) {
  // A component filter keeps only incidents with evidence on it: the embeds must be inner joins.
  const select = filters.component ? `${LIST_SELECT},hypotheses!inner(evidences!inner())` : LIST_SELECT;
  let query = db.from('incident_summary').select(select, { count: 'exact' });
  if (filters.type) query = query.eq('type', filters.type);
  if (filters.severity) query = query.eq('severity', filters.severity);
  if (filters.status !== ALL_STATUSES) query = query.eq('status', filters.status);
  if (filters.owner) query = query.eq('created_by', filters.owner);
  if (filters.component) query = query.eq('hypotheses.evidences.component_id', filters.component);
  const search = filters.search.trim();
  if (search) {
    const pattern = quoted(`*${search}*`);
    query = query.or(`title.ilike.${pattern},incident_id.ilike.${pattern}`);
  }
  const column = (SORTABLE_COLUMNS as readonly string[]).includes(sortBy) ? sortBy : DEFAULT_SORT.by;
  const from = pageIndex * pageSize;
  return query
    .order(column, { ascending: sortOrder === 'asc' })
    .order('id')
    .range(from, from + pageSize - 1)
    .overrideTypes<IncidentSummary[], { merge: false }>();
}

export interface Choice {
  id: string;
  name: string;
}

/**
 * The person a link's owner filter names, by name: those who may not read people still read the
 * people embed of an incident, so one incident the person opened tells it.
 */
export const ownerKey = (id: string) => `${INCIDENT_LISTS_PREFIX}owner?id=${encodeURIComponent(id)}`;
export const getOwner = (id: string) =>
  db
    .from('incidents')
    .select('owner:created_by(id,name,avatar)')
    .eq('created_by', id)
    .limit(1)
    .maybeSingle<{ owner: PersonRef | null }>();

/** The component filter's topology components. */
export const COMPONENTS_KEY = 'components?select=id,name&order=name';
export const listComponents = () =>
  db
    .from('components')
    .select('id,name')
    .is('deleted_at', null)
    .order('name')
    .limit(500)
    .overrideTypes<Choice[], { merge: false }>();

// ─── Creating and linking ───────────────────────────────────────────────────────────────────────

/** Creates the incident, its root hypothesis (possible) and the evidence, if any, at once. */
export const createIncident = (incident: NewIncident) =>
  apiJson<CreatedIncident>('api/incidents', { method: 'POST', json: incident });

export type EvidenceTarget = { hypothesis_id: string } | { hypothesis_title: string };

/** Attaches evidence to a hypothesis of the incident, or to a new one named `hypothesis_title`. */
export const attachEvidence = (incidentId: string, target: EvidenceTarget, evidence: NewEvidence) =>
  apiJson<{ hypothesis_id: string; evidence_id: string }>(
    `api/incidents/${encodeURIComponent(incidentId)}/evidence`,
    { method: 'POST', json: { ...target, evidence } },
  );

/** An incident as the link dialog's lookup shows it. */
export interface IncidentChoice {
  id: string;
  incident_id: string;
  title: string;
  status: IncidentStatus;
}

/** Spec 2 §9: the incident lookup waits 100 ms after the last key. */
export const LOOKUP_DEBOUNCE_MS = 100;
const LOOKUP_LIMIT = 50;

/** Incidents evidence can still go to (neither resolved nor closed), matching `text`, newest first. */
export const incidentLookupKey = (text: string) =>
  `${INCIDENT_LISTS_PREFIX}lookup?search=${encodeURIComponent(text.trim())}`;
export function lookupIncidents(text: string) {
  let query = db
    .from('incidents')
    .select('id,incident_id,title,status')
    .not('status', 'in', '(closed,resolved)');
  const search = text.trim();
  if (search) {
    const pattern = quoted(`*${search}*`);
    query = query.or(`title.ilike.${pattern},incident_id.ilike.${pattern}`);
  }
  return query
    .order('created_at', { ascending: false })
    .limit(LOOKUP_LIMIT)
    .overrideTypes<IncidentChoice[], { merge: false }>();
}

export type HypothesisChoice = Pick<Hypothesis, 'id' | 'title' | 'type'>;

export const hypothesisChoicesKey = (incidentId: string) =>
  `${incidentKeyPrefix(incidentId)}hypotheses:choices`;
export const listHypothesisChoices = (incidentId: string) =>
  db
    .from('hypotheses')
    .select('id,title,type')
    .eq('incident_id', incidentId)
    .order('created_at', { ascending: true })
    .overrideTypes<HypothesisChoice[], { merge: false }>();

/** A hypothesis as a picker shows it: 'Bad deploy (root)', '(no title) (factor)'. */
export const hypothesisLabel = (hypothesis: HypothesisChoice) =>
  `${hypothesis.title?.trim() || '(no title)'} (${hypothesis.type})`;
