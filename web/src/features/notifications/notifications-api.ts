/**
 * Every call of the notifications screens and its SWR key (spec 2 §7): the send history and the
 * rules page on the server with their count; rules are written through /api/db, silences are
 * created, previewed and tested through /api/notification.
 */
import useSWR from 'swr';
import { apiJson, db, dbError, useDbQuery, type ApiError, type DbResult } from '../../api/index.js';
import type { SortOrder } from '../../components/DataTable/index.js';
import { NOTIFICATION_CONNECTION_TYPES } from '../../../../common/notifications.js';
import type { ResourceType, SilenceKind } from './notification-options.js';

// ─── Shapes ─────────────────────────────────────────────────────────────────────────────────────

export interface PersonRef {
  id: string;
  name: string;
  avatar?: string | null;
  email?: string | null;
}

export interface NotificationResource {
  id: string;
  name: string;
  type?: string | null;
  icon?: string | null;
  namespace?: string | null;
}

/** A row of notification_send_history_summary. */
export interface SendHistoryRow {
  id: string;
  notification_id: string;
  status: string;
  source_event: string;
  resource_id: string | null;
  resource_type: ResourceType | null;
  resource: NotificationResource | null;
  person?: PersonRef | null;
  /** Who it went to, as the server may tell it (an email, a team, a connection); null when unknown. */
  recipient?: string | null;
  silenced_by?: string | null;
  body?: string | null;
  error?: string | null;
  duration_millis?: number | null;
  count: number;
  first_observed: string;
  created_at: string;
}

/** What a rule sends to: one of a person, a team or custom services (a connection). */
export interface CustomService {
  connection?: string;
  url?: string;
  name?: string;
  [key: string]: unknown;
}

/** A row of notifications. */
export interface NotificationRule {
  id: string;
  name?: string | null;
  title: string | null;
  events: string[];
  filter: string | null;
  person_id: string | null;
  team_id: string | null;
  custom_services: CustomService[] | null;
  repeat_interval: string | null;
  template: string | null;
  properties?: Record<string, unknown> | null;
  source: string | null;
  error?: string | null;
  error_at?: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A row of notifications_summary with its author. */
export interface RuleSummary extends NotificationRule {
  pending: number;
  failed: number;
  sent: number;
  avg_duration_ms: number | null;
  most_common_error: string | null;
  creator: PersonRef | null;
}

/** What the rule form writes. */
export type RuleFields = Pick<
  NotificationRule,
  'title' | 'events' | 'filter' | 'person_id' | 'team_id' | 'custom_services' | 'repeat_interval' | 'template'
>;

/** A row of notification_silences with its resource and author. */
export interface Silence {
  id: string;
  namespace: string | null;
  description: string | null;
  source: string | null;
  canary_id: string | null;
  check_id: string | null;
  component_id: string | null;
  config_id: string | null;
  from: string | null;
  until: string | null;
  recursive: boolean;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  creator?: PersonRef | null;
  canary?: NotificationResource | null;
  check?: NotificationResource | null;
  component?: NotificationResource | null;
  config?: NotificationResource | null;
}

/** What the silence form sends. */
export interface SilenceFields {
  canary_id: string | null;
  check_id: string | null;
  component_id: string | null;
  config_id: string | null;
  from: string | null;
  until: string | null;
  description: string;
  recursive: boolean;
  namespace?: string | null;
}

/** A send-history row a silence would have silenced. */
export interface SilencePreviewMatch {
  id: string;
  source_event: string;
  resource_type: ResourceType | null;
  resource: { id: string; name: string; type?: string | null } | null;
  created_at: string;
  notification_id: string;
  status: string;
}

export interface SilencePreview {
  matches: SilencePreviewMatch[];
  total: number;
}

export interface TestOutcome {
  status: 'sent' | 'error';
  error?: string;
  duration_millis: number;
  recipients: string[];
}

export interface Choice {
  id: string;
  name: string;
  type?: string | null;
  namespace?: string | null;
}

// ─── Keys ───────────────────────────────────────────────────────────────────────────────────────

/** Every key of the area starts with this, so a write can refresh all its lists at once. */
export const NOTIFICATIONS_KEY_PREFIX = 'notifications:';

/** Whether an SWR key is one of the area's (for `mutate(isNotificationsKey)` after a write). */
export const isNotificationsKey = (key: unknown) =>
  typeof key === 'string' && key.startsWith(NOTIFICATIONS_KEY_PREFIX);

const keyOf = (name: string, params: Record<string, string | undefined>) => {
  const defined = Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return `${NOTIFICATIONS_KEY_PREFIX}${name}?${new URLSearchParams(defined).toString()}`;
};

// ─── Send history ───────────────────────────────────────────────────────────────────────────────

export interface HistoryQuery {
  status?: string;
  resourceType?: string;
  pageIndex: number;
  pageSize: number;
}

const HISTORY_LIST_COLUMNS =
  'id,notification_id,status,source_event,resource_id,resource_type,resource,count,first_observed,created_at';

export const historyKey = ({ status, resourceType, pageIndex, pageSize }: HistoryQuery) =>
  keyOf('notification_send_history_summary', {
    status,
    resource_type: resourceType,
    page: `${pageIndex}.${pageSize}`,
  });

/**
 * One page of the send history, newest first, under the filters, with the total: counted up to
 * the API's row limit, the planner's estimate past it (PostgREST's count=estimated). An exact
 * count of a history of millions would cost every page more than the page itself.
 */
export function listHistory({ status, resourceType, pageIndex, pageSize }: HistoryQuery) {
  let query = db
    .from('notification_send_history_summary')
    .select(HISTORY_LIST_COLUMNS, { count: 'estimated' });
  if (status) query = query.eq('status', status);
  if (resourceType) query = query.eq('resource_type', resourceType);
  const from = pageIndex * pageSize;
  return query
    .order('created_at', { ascending: false })
    .order('id')
    .range(from, from + pageSize - 1)
    .overrideTypes<SendHistoryRow[], { merge: false }>();
}

export const useHistory = (query: HistoryQuery) =>
  useDbQuery<SendHistoryRow[]>(historyKey(query), () => listHistory(query), { keepPreviousData: true });

/** One history row with everything the details show. */
export const useHistoryEntry = (id: string | null) =>
  useDbQuery<SendHistoryRow | null>(id ? keyOf('notification_send_history_summary', { id }) : null, () =>
    db.from('notification_send_history_summary').select('*').eq('id', id!).maybeSingle<SendHistoryRow>(),
  );

// ─── Rules ──────────────────────────────────────────────────────────────────────────────────────

export interface RulesQuery {
  pageIndex: number;
  pageSize: number;
  sortBy: string;
  sortOrder: SortOrder;
}

export const RULES_SORTABLE = ['title', 'created_at', 'updated_at'] as const;
export const RULES_DEFAULT_SORT = { by: 'created_at', order: 'desc' } as const;

export const rulesKey = ({ pageIndex, pageSize, sortBy, sortOrder }: RulesQuery) =>
  keyOf('notifications_summary', { page: `${pageIndex}.${pageSize}`, order: `${sortBy}.${sortOrder}` });

/** One page of the rules with their counts (notifications_summary), with the total. */
export function listRules({ pageIndex, pageSize, sortBy, sortOrder }: RulesQuery) {
  const column = (RULES_SORTABLE as readonly string[]).includes(sortBy) ? sortBy : RULES_DEFAULT_SORT.by;
  const from = pageIndex * pageSize;
  return db
    .from('notifications_summary')
    .select('*,creator:created_by(id,name,avatar)', { count: 'exact' })
    .is('deleted_at', null)
    .order(column, { ascending: sortOrder === 'asc' })
    .order('id')
    .range(from, from + pageSize - 1)
    .overrideTypes<RuleSummary[], { merge: false }>();
}

export const useRules = (query: RulesQuery) =>
  useDbQuery<RuleSummary[]>(rulesKey(query), () => listRules(query), { keepPreviousData: true });

/** The rule an edit starts from (GET /notifications?id=eq.{id}). */
export const useRule = (id: string | null) =>
  useDbQuery<NotificationRule | null>(id ? keyOf('notifications', { id }) : null, () =>
    db.from('notifications').select('*').eq('id', id!).maybeSingle<NotificationRule>(),
  );

/** The written row, or an ApiError that keeps the status (a 422 names what the server refused). */
async function written<T>(query: PromiseLike<DbResult<T>>): Promise<T> {
  const { data, error, status } = await query;
  if (error) throw dbError(error, status);
  return data as T;
}

/** A new rule, made in the console by `createdBy` (the fields name the recipients not chosen as null). */
export const createRule = (fields: RuleFields, createdBy: string | null) =>
  written(
    db
      .from('notifications')
      .insert({
        ...fields,
        source: 'UI',
        created_by: createdBy,
      })
      .select()
      .single<NotificationRule>(),
  );

export const updateRule = (id: string, fields: RuleFields) =>
  written(db.from('notifications').update(fields).eq('id', id).select().single<NotificationRule>());

/** Sends a sample message of the rule to its recipients now; a test is not history. */
export const testRule = (id: string) =>
  apiJson<TestOutcome>('api/notification/test', { method: 'POST', json: { id } });

// ─── Recipients ─────────────────────────────────────────────────────────────────────────────────

/** How a rule names a connection in custom_services. */
export const connectionRef = (connection: Pick<Choice, 'namespace' | 'name'>) =>
  `connection://${connection.namespace ?? 'default'}/${connection.name}`;

/** Rows of a relation that are not deleted, by name, for a choice of recipient. */
const useChoices = (relation: string, columns: string, types?: readonly string[]) =>
  useDbQuery<Choice[]>(
    keyOf(relation, { select: columns, type: types?.join(',') }),
    () => {
      let query = db.from(relation).select(columns).is('deleted_at', null);
      if (types) query = query.in('type', [...types]);
      return query.order('name').overrideTypes<Choice[], { merge: false }>();
    },
    { revalidateOnFocus: false },
  );

export const usePeopleChoices = () => useChoices('people', 'id,name');
export const useTeamChoices = () => useChoices('teams', 'id,name');
export const useConnectionChoices = () =>
  useChoices('connections', 'id,name,namespace,type', NOTIFICATION_CONNECTION_TYPES);

// ─── Silences ───────────────────────────────────────────────────────────────────────────────────

const SILENCE_SELECT =
  '*,creator:created_by(id,name,avatar),canary:canary_id(id,name,namespace),check:check_id(id,name,type,icon),' +
  'component:component_id(id,name,type,icon),config:config_id(id,name,type)';

export const SILENCES_KEY = keyOf('notification_silences', { deleted_at: 'is.null' });

/** The silences not deleted, newest first (GET /notification_silences, deleted_at null). */
export const useSilences = () =>
  useDbQuery<Silence[]>(SILENCES_KEY, () =>
    db
      .from('notification_silences')
      .select(SILENCE_SELECT)
      .is('deleted_at', null)
      .order('created_at', { ascending: false })
      .overrideTypes<Silence[], { merge: false }>(),
  );

export const createSilence = (fields: SilenceFields) =>
  apiJson<Silence>('api/notification/silence', { method: 'POST', json: fields });

export const previewSilence = (fields: SilenceFields) =>
  apiJson<SilencePreview>('api/notification/silence/preview', { method: 'POST', json: fields });

/** Spec 2 §7: an update sends the silence whole, with its id, updated_at and source. */
export const updateSilence = (silence: Silence, fields: SilenceFields) =>
  written(
    db
      .from('notification_silences')
      .update({
        id: silence.id,
        updated_at: new Date().toISOString(),
        source: silence.source,
        ...fields,
        namespace: fields.namespace ?? silence.namespace,
      })
      .eq('id', silence.id),
  );

/** Removal is a soft delete: deleted_at now. */
export const deleteSilence = (id: string) =>
  written(db.from('notification_silences').update({ deleted_at: new Date().toISOString() }).eq('id', id));

/** The relation each silence kind picks from. */
const KIND_RELATION: Record<SilenceKind, string> = {
  config: 'configs',
  component: 'components',
  check: 'checks',
};

/** The most a resource search offers at once. */
export const RESOURCE_SEARCH_LIMIT = 50;

/** Resources of a kind whose name holds `q`, by name; null asks nothing. */
export const useResourceSearch = (kind: SilenceKind, q: string | null) =>
  useDbQuery<Choice[]>(
    q === null ? null : keyOf(KIND_RELATION[kind], { q }),
    () => {
      let query = db.from(KIND_RELATION[kind]).select('id,name,type').is('deleted_at', null);
      if (q) query = query.ilike('name', `*${q}*`);
      return query.order('name').limit(RESOURCE_SEARCH_LIMIT).overrideTypes<Choice[], { merge: false }>();
    },
    { keepPreviousData: true },
  );

/** The name of the resource a silence names, when it is not already known. */
export const useResourceName = (kind: SilenceKind, id: string | null) =>
  useDbQuery<Choice | null>(id ? keyOf(KIND_RELATION[kind], { id }) : null, () =>
    db.from(KIND_RELATION[kind]).select('id,name,type').eq('id', id!).maybeSingle<Choice>(),
  );

/** A read the server answers to a POST (a preview), under an SWR key; a null key asks nothing. */
const useApiPost = <T>(key: string | null, run: () => Promise<T>) =>
  useSWR<T, ApiError>(key, run, { keepPreviousData: true, revalidateOnFocus: false });

/** What a silence with these fields would have silenced in the last 24 hours; null asks nothing. */
export const useSilencePreview = (fields: SilenceFields | null) =>
  useApiPost<SilencePreview>(fields && keyOf('silence/preview', { body: JSON.stringify(fields) }), () =>
    previewSilence(fields!),
  );
