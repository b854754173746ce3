import { db } from '../../../api/index.js';

export interface OpenIncident {
  id: string;
  incident_id: string;
  title: string;
  status: string;
}

export interface Hypothesis {
  id: string;
  title: string | null;
  type: string;
}

/** Incidents evidence can still be attached to: neither resolved nor closed (0005's statuses). */
export const OPEN_INCIDENTS_KEY = 'incidents?status=not.in.(closed,resolved)&order=created_at.desc&limit=100';
export const listOpenIncidents = () =>
  db
    .from('incidents')
    .select('id,incident_id,title,status')
    .not('status', 'in', '(closed,resolved)')
    .order('created_at', { ascending: false })
    .limit(100)
    .overrideTypes<OpenIncident[], { merge: false }>();

export const hypothesesKey = (incidentId: string) => `hypotheses?incident_id=eq.${incidentId}`;
export const listHypotheses = (incidentId: string) =>
  db
    .from('hypotheses')
    .select('id,title,type')
    .eq('incident_id', incidentId)
    .order('created_at', { ascending: true })
    .overrideTypes<Hypothesis[], { merge: false }>();

export interface CheckEvidence {
  hypothesisId: string;
  checkId: string;
  description: string;
  /** ISO start of the range the drawer shows: where the evidence's history begins. */
  start: string;
}

/** A check evidence row (spec 2 §3: check evidence holds start and includeMessages). */
export async function attachCheckEvidence({ hypothesisId, checkId, description, start }: CheckEvidence) {
  await db
    .from('evidences')
    .insert({
      hypothesis_id: hypothesisId,
      check_id: checkId,
      type: 'check',
      description,
      evidence: { start, includeMessages: true },
    })
    .throwOnError();
}

/** A hypothesis as the picker shows it. */
export const hypothesisLabel = (hypothesis: Hypothesis) =>
  `${hypothesis.title?.trim() || '(no title)'} (${hypothesis.type})`;
