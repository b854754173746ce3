/**
 * The calls of an incident's Action Plan and Comments (spec 2 §7): hypotheses with their
 * evidence, comments and evidence targets. Every read of one incident is keyed under
 * incidentKeyPrefix, so a write anywhere in the area refreshes it.
 */
import { useSWRConfig } from 'swr';
import { db, useDbQuery } from '../../api/index.js';
import { CHILD_TYPE, type HypothesisStatus, type HypothesisType } from '../../../../common/incidents.js';
import {
  incidentKeyPrefix,
  isIncidentKey,
  type Comment,
  type Evidence,
  type Hypothesis,
  type PersonRef,
} from './types.js';

/** A hypothesis as the tree reads it: its evidence embedded. */
export interface HypothesisRow extends Hypothesis {
  evidences: Evidence[];
}

/** A comment with its author embedded (null for a comment from an external system). */
export interface CommentRow extends Comment {
  creator: PersonRef | null;
}

export const hypothesesKey = (incidentId: string) => `${incidentKeyPrefix(incidentId)}hypotheses`;
export const commentsKey = (incidentId: string) => `${incidentKeyPrefix(incidentId)}comments`;

export function useHypotheses(incidentId: string) {
  return useDbQuery<HypothesisRow[]>(hypothesesKey(incidentId), () =>
    db
      .from('hypotheses')
      .select('*,evidences(*)')
      .eq('incident_id', incidentId)
      .order('created_at', { ascending: true })
      .order('created_at', { ascending: true, referencedTable: 'evidences' })
      .overrideTypes<HypothesisRow[], { merge: false }>(),
  );
}

export function useComments(incidentId: string) {
  return useDbQuery<CommentRow[]>(commentsKey(incidentId), () =>
    db
      .from('comments')
      .select('*,creator:created_by(id,name,avatar)')
      .eq('incident_id', incidentId)
      .order('created_at', { ascending: true })
      .overrideTypes<CommentRow[], { merge: false }>(),
  );
}

/** Revalidates every read of the incident (tree, comments, the detail page's panels). */
export function useRefreshIncident(incidentId: string): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => isIncidentKey(key, incidentId));
}

// ─── Hypotheses ─────────────────────────────────────────────────────────────────────────────────

export interface NewChild {
  parent: Pick<Hypothesis, 'id' | 'incident_id' | 'type'>;
  title: string;
  createdBy: string | undefined;
}

/** The type a child of this hypothesis takes; a solution has none. */
export const childTypeOf = (type: HypothesisType): HypothesisType | undefined => CHILD_TYPE[type];

export async function createChildHypothesis({ parent, title, createdBy }: NewChild): Promise<void> {
  const type = childTypeOf(parent.type);
  if (!type) throw new Error(`A ${parent.type} has no children`);
  await db
    .from('hypotheses')
    .insert({
      incident_id: parent.incident_id,
      parent_id: parent.id,
      title: title.trim() || null,
      type,
      status: 'possible',
      created_by: createdBy ?? null,
    })
    .throwOnError();
}

export async function updateHypothesis(
  id: string,
  patch: { status?: HypothesisStatus; title?: string | null },
): Promise<void> {
  await db.from('hypotheses').update(patch).eq('id', id).throwOnError();
}

/** Deletes hypotheses by id list in one statement; the database removes their comments and evidence. */
export async function deleteHypotheses(ids: string[]): Promise<void> {
  await db.from('hypotheses').delete().in('id', ids).throwOnError();
}

// ─── Comments ───────────────────────────────────────────────────────────────────────────────────

export interface NewComment {
  incidentId: string;
  hypothesisId: string;
  comment: string;
  createdBy: string;
}

export async function createComment({ incidentId, hypothesisId, comment, createdBy }: NewComment) {
  await db
    .from('comments')
    .insert({
      created_by: createdBy,
      incident_id: incidentId,
      hypothesis_id: hypothesisId,
      comment,
    })
    .throwOnError();
}

// ─── Evidence ───────────────────────────────────────────────────────────────────────────────────

export async function deleteEvidence(id: string): Promise<void> {
  await db.from('evidences').delete().eq('id', id).throwOnError();
}

/** A topology component as a topology evidence shows it. */
export interface EvidenceComponent {
  id: string;
  name: string;
  type: string | null;
  icon: string | null;
  status: string;
  health: string | null;
  status_reason: string | null;
}

export const useEvidenceComponent = (id: string | null) =>
  useDbQuery<EvidenceComponent | null>(id && `components?id=eq.${id}&evidence`, () =>
    db
      .from('components')
      .select('id,name,type,icon,status,health,status_reason')
      .eq('id', id!)
      .maybeSingle<EvidenceComponent>(),
  );

export interface EvidenceCheck {
  id: string;
  name: string;
  type: string;
  status: string | null;
}
export interface CheckStatus {
  time: string;
  status: boolean;
  duration: number;
  message: string | null;
  error: string | null;
}

/** How many of a check's results since the evidence's start are shown. */
export const CHECK_STATUS_LIMIT = 20;

export const useEvidenceCheck = (id: string | null) =>
  useDbQuery<EvidenceCheck | null>(id && `checks?id=eq.${id}&evidence`, () =>
    db.from('checks').select('id,name,type,status').eq('id', id!).maybeSingle<EvidenceCheck>(),
  );

/** The check's latest results from `since` on, newest first. */
export const useCheckStatuses = (checkId: string | null, since: Date | undefined) => {
  const from = since?.toISOString();
  return useDbQuery<CheckStatus[]>(
    checkId && `check_statuses?check_id=eq.${checkId}&time=gte.${from ?? ''}&evidence`,
    () => {
      let query = db
        .from('check_statuses')
        .select('time,status,duration,message,error')
        .eq('check_id', checkId!);
      if (from) query = query.gte('time', from);
      return query
        .order('time', { ascending: false })
        .limit(CHECK_STATUS_LIMIT)
        .overrideTypes<CheckStatus[], { merge: false }>();
    },
  );
};

export interface ConfigRef {
  id: string;
  name: string;
  type: string;
}

export interface EvidenceChange {
  id: string;
  change_type: string;
  severity: string | null;
  summary: string | null;
  source: string | null;
  diff: string | null;
  patches: unknown;
  created_at: string;
  config: ConfigRef | null;
}

export const useEvidenceChange = (id: string | null) =>
  useDbQuery<EvidenceChange | null>(id && `config_changes?id=eq.${id}&evidence`, () =>
    db
      .from('config_changes')
      .select('id,change_type,severity,summary,source,diff,patches,created_at,config:config_id(id,name,type)')
      .eq('id', id!)
      .maybeSingle<EvidenceChange>(),
  );

export interface EvidenceAnalysis {
  id: string;
  analyzer: string;
  analysis_type: string;
  severity: string;
  status: string;
  message: string | null;
  summary: string | null;
  last_observed: string;
  config: ConfigRef | null;
}

export const useEvidenceAnalysis = (id: string | null) =>
  useDbQuery<EvidenceAnalysis | null>(id && `config_analysis?id=eq.${id}&evidence`, () =>
    db
      .from('config_analysis')
      .select(
        'id,analyzer,analysis_type,severity,status,message,summary,last_observed,config:config_id(id,name,type)',
      )
      .eq('id', id!)
      .maybeSingle<EvidenceAnalysis>(),
  );

export const useEvidenceConfig = (id: string | null) =>
  useDbQuery<ConfigRef | null>(id && `configs?id=eq.${id}&evidence`, () =>
    db.from('configs').select('id,name,type').eq('id', id!).maybeSingle<ConfigRef>(),
  );
