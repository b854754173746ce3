/**
 * The calls and SWR keys of one incident's page (spec 2 §7): the incident with its hypotheses and
 * evidences, its evidences alone (definition of done), its changelog and the topology components
 * its evidence points at. Every key starts with incidentKeyPrefix(id), so one refresh after a write
 * revalidates every part of the page.
 */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiUrl, db, useDbQuery } from '../../api/index.js';
import type { IncidentStatus } from '../../../../common/incidents.js';
import {
  incidentKeyPrefix,
  isIncidentKey,
  type Evidence,
  type Hypothesis,
  type Incident,
  type IncidentHistory,
  type PersonRef,
} from './types.js';

export interface IncidentDetail extends Incident {
  commander: PersonRef | null;
  hypotheses: (Hypothesis & { evidences: Evidence[] })[];
}

/** A changelog row with the person who acted (null for the platform's own jobs). */
export interface IncidentHistoryRow extends IncidentHistory {
  actor: PersonRef | null;
  /** The responder a responder.created event added. */
  responder?: HistoryResponder | null;
}

export interface HistoryResponder {
  team: { id: string; name: string } | null;
  person: { id: string; name: string } | null;
}

const HISTORY_SELECT =
  '*,actor:created_by(id,name,avatar),responder:responder_id(team:team_id(id,name),person:person_id(id,name))';

/** A topology component as its card shows it. */
export interface ComponentCard {
  id: string;
  name: string;
  icon: string | null;
  type: string | null;
  status: string;
  health: string | null;
}

/** What the details form may change on an incident. */
export type IncidentPatch = Partial<Pick<Incident, 'status' | 'severity' | 'type' | 'commander_id'>>;

export const incidentKey = (id: string) => `${incidentKeyPrefix(id)}detail`;
export const incidentEvidencesKey = (id: string) => `${incidentKeyPrefix(id)}evidences`;
export const incidentHistoriesKey = (id: string) => `${incidentKeyPrefix(id)}histories`;
export const incidentComponentsKey = (id: string, componentIds: readonly string[]) =>
  `${incidentKeyPrefix(id)}components:${componentIds.join(',')}`;

export const getIncident = (id: string) =>
  db
    .from('incidents')
    .select('*,commander:commander_id(id,name,avatar),hypotheses(*,evidences(*))')
    .eq('id', id)
    .maybeSingle<IncidentDetail>();

/** Every evidence of the incident, oldest first, through the hypothesis it belongs to. */
export const listIncidentEvidences = (id: string) =>
  db
    .from('evidences')
    .select('*,hypotheses!inner(incident_id)')
    .eq('hypotheses.incident_id', id)
    .order('created_at', { ascending: true })
    .overrideTypes<Evidence[], { merge: false }>();

export const listIncidentHistories = (id: string) =>
  db
    .from('incident_histories')
    .select(HISTORY_SELECT)
    .eq('incident_id', id)
    .order('created_at', { ascending: false })
    .overrideTypes<IncidentHistoryRow[], { merge: false }>();

export const listComponents = (ids: readonly string[]) =>
  db
    .from('components')
    .select('id,name,icon,type,status,health')
    .in('id', [...ids])
    .order('name', { ascending: true })
    .overrideTypes<ComponentCard[], { merge: false }>();

export async function patchIncident(id: string, patch: IncidentPatch): Promise<void> {
  await db.from('incidents').update(patch).eq('id', id).throwOnError();
}

export async function setIncidentStatus(id: string, status: IncidentStatus): Promise<void> {
  await patchIncident(id, { status });
}

/** Changes several evidences at once (one PATCH: all of them or none). */
export async function updateEvidences(
  ids: readonly string[],
  patch: Partial<Pick<Evidence, 'definition_of_done' | 'done' | 'script'>>,
): Promise<void> {
  await db
    .from('evidences')
    .update(patch)
    .in('id', [...ids])
    .throwOnError();
}

/** A manual definition-of-done item: a comment evidence on the root hypothesis. */
export async function addManualDefinitionOfDone(
  hypothesisId: string,
  comment: string,
  createdBy: string | undefined,
): Promise<void> {
  await db
    .from('evidences')
    .insert({
      hypothesis_id: hypothesisId,
      type: 'comment',
      description: comment,
      evidence: { comment },
      definition_of_done: true,
      created_by: createdBy ?? null,
    })
    .throwOnError();
}

/** The Markdown export of the incident, downloaded by the browser. */
export const postmortemUrl = (id: string) => apiUrl(`api/incidents/${encodeURIComponent(id)}/postmortem`);

/**
 * Jobs change an incident without anyone on the page: definition-of-done scripts mark items done
 * and resolve the incident, incident rules close it. The page asks again this often to show that.
 */
export const INCIDENT_POLL_MS = 30_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a URL's id can name an incident at all (anything else is simply not found). */
export const isIncidentId = (id: string) => UUID.test(id);

export function useIncident(id: string) {
  return useDbQuery<IncidentDetail | null>(isIncidentId(id) ? incidentKey(id) : null, () => getIncident(id), {
    refreshInterval: INCIDENT_POLL_MS,
  });
}

export function useIncidentEvidences(id: string) {
  return useDbQuery<Evidence[]>(incidentEvidencesKey(id), () => listIncidentEvidences(id), {
    refreshInterval: INCIDENT_POLL_MS,
  });
}

export function useIncidentHistories(id: string) {
  return useDbQuery<IncidentHistoryRow[]>(incidentHistoriesKey(id), () => listIncidentHistories(id));
}

/** Revalidates every read of the incident (detail, evidences, changelog, the other tabs' reads). */
export function useRefreshIncident(id: string): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => isIncidentKey(key, id)), [mutate, id]);
}

/** The incident's evidences, flattened out of its hypotheses. */
export const evidencesOf = (incident: IncidentDetail): Evidence[] =>
  incident.hypotheses.flatMap((hypothesis) => hypothesis.evidences ?? []);

export const rootHypothesisOf = (incident: IncidentDetail): Hypothesis | undefined =>
  incident.hypotheses.find((hypothesis) => hypothesis.type === 'root') ?? incident.hypotheses[0];
