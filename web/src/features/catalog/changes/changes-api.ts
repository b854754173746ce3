/**
 * Every call of the changes lists and their SWR keys (spec 3 §7): one page of changes from the
 * platform's POST /api/catalog/changes, the filter choices (change_types, config_types), the
 * people who made the page's changes, and one change with its details, patches and diff.
 */
import { apiJson, db, dbError } from '../../../api/index.js';
import type { SortOrder } from '../../../components/DataTable/index.js';
import { resolveTimeRange } from '../../../lib/time-range/index.js';
import type { ConfigChange } from '../types.js';
import {
  DEFAULT_CHANGES_SORT,
  formatTags,
  formatTriState,
  typeFilter,
  type ChangesFilters,
} from './changes-params.js';

/** Every key of the area starts so. */
export const CHANGES_KEY_PREFIX = 'catalog-changes:';

export interface PersonRef {
  id: string;
  name: string;
  avatar?: string | null;
}

/** A row of the list: the change, its config's name and type, and who made it once looked up. */
export type ChangeRow = ConfigChange & { creator?: PersonRef | null };

export interface ChangesPage {
  changes: ChangeRow[];
  total: number;
}

// ─── The list ───────────────────────────────────────────────────────────────────────────────────

/** The columns the platform orders by; anything else in the URL orders by creation. */
export const CHANGE_SORTABLE_COLUMNS = ['name', 'change_type', 'summary', 'source', 'created_at', 'count'];

export interface ChangesQuery {
  filters: ChangesFilters;
  /** A config's changes (and its related configs' per the toggles); every config's without. */
  configId?: string;
  pageIndex: number;
  pageSize: number;
  sortBy: string | undefined;
  sortOrder: SortOrder;
}

/** The body of POST /api/catalog/changes, as the platform reads it. */
export interface ChangesRequest {
  id?: string;
  config_type?: string;
  type?: string;
  severity?: string;
  summary?: string;
  source?: string;
  created_by?: string;
  external_created_by?: string;
  tags?: string;
  from?: string;
  to?: string;
  page: number;
  page_size: number;
  sort_by: string;
  recursive: 'all' | 'upstream' | 'downstream' | 'none';
  depth?: number;
  include_deleted_configs: boolean;
}

/** Spec 3 §9: a config's related changes are followed 5 levels deep. */
export const CHANGES_DEPTH = 5;

/**
 * The request for a page under the filters. The time range stays as its expressions here (the
 * SWR key); `resolveRange` turns them into instants when the page is fetched.
 */
export function changesRequest({ filters, configId, pageIndex, pageSize, sortBy, sortOrder }: ChangesQuery) {
  const column = sortBy && CHANGE_SORTABLE_COLUMNS.includes(sortBy) ? sortBy : DEFAULT_CHANGES_SORT.by;
  // The platform reads created_by as a person's id or else an external name; an external name
  // given beside a person goes in its own field.
  const { created_by: person, external_created_by: external } = filters.text;
  const recursive = configId ? typeFilter(filters) : 'none';
  const request: ChangesRequest = {
    ...(configId ? { id: configId } : {}),
    config_type: formatTriState(filters.configTypes),
    type: formatTriState(filters.changeTypes),
    severity: filters.severity,
    summary: filters.text.summary,
    source: filters.text.source,
    created_by: person ?? external,
    external_created_by: person ? external : undefined,
    tags: formatTags(filters.tags),
    from: filters.range.from,
    to: filters.range.to,
    page: pageIndex + 1,
    page_size: pageSize,
    sort_by: `${sortOrder === 'desc' ? '-' : ''}${column}`,
    recursive,
    ...(configId && recursive !== 'none' ? { depth: CHANGES_DEPTH } : {}),
    include_deleted_configs: filters.includeDeletedConfigs,
  };
  return Object.fromEntries(
    Object.entries(request).filter(([, value]) => value !== undefined),
  ) as unknown as ChangesRequest;
}

export const changesKey = (request: ChangesRequest) => `${CHANGES_KEY_PREFIX}list?${JSON.stringify(request)}`;

/** The range's expressions as instants now (a stale 'now' would hide the newest changes). */
function resolveRange(request: ChangesRequest): ChangesRequest {
  if (!request.from || !request.to) return request;
  const window = resolveTimeRange({ type: 'relative', from: request.from, to: request.to, display: '' });
  return window ? { ...request, from: window.from.toISOString(), to: window.to.toISOString() } : request;
}

/** One page of changes with the total under the filters, and who made them by name. */
export async function listChanges(request: ChangesRequest): Promise<ChangesPage> {
  const answer = await apiJson<Partial<ChangesPage> | null>('api/catalog/changes', {
    method: 'POST',
    json: resolveRange(request),
  });
  const changes = answer?.changes ?? [];
  return { changes: await withCreators(changes), total: answer?.total ?? 0 };
}

// ─── Who made the changes ───────────────────────────────────────────────────────────────────────

const creatorId = (change: ChangeRow) =>
  typeof change.created_by === 'string' ? change.created_by : undefined;

/**
 * The page's changes with their creators by name: one request for the page, through one change
 * per creator (people are read through the change, as everyone who reads changes may).
 */
async function withCreators(changes: ChangeRow[]): Promise<ChangeRow[]> {
  const onePerCreator = new Map<string, string>();
  for (const change of changes) {
    const person = creatorId(change);
    if (person && !onePerCreator.has(person)) onePerCreator.set(person, change.id);
  }
  if (onePerCreator.size === 0) return changes;
  const { data } = await db
    .from('config_changes')
    .select('created_by,creator:created_by(id,name,avatar)')
    .in('id', [...onePerCreator.values()])
    .overrideTypes<{ created_by: string; creator: PersonRef | null }[], { merge: false }>();
  // Names are a courtesy: without them the rows still show.
  const people = new Map((data ?? []).flatMap((row) => (row.creator ? [[row.created_by, row.creator]] : [])));
  return changes.map((change) => {
    const person = creatorId(change);
    return person && people.has(person) ? { ...change, creator: people.get(person) } : change;
  });
}

// ─── Filter choices ─────────────────────────────────────────────────────────────────────────────

export const CHANGE_TYPES_KEY = `${CHANGES_KEY_PREFIX}change_types`;
export async function listChangeTypes(): Promise<string[]> {
  const { data, error, status } = await db
    .from('change_types')
    .select('change_type')
    .order('change_type')
    .overrideTypes<{ change_type: string }[], { merge: false }>();
  if (error) throw dbError(error, status);
  return (data ?? []).map((row) => row.change_type).filter(Boolean);
}

export const CONFIG_TYPES_KEY = `${CHANGES_KEY_PREFIX}config_types`;
export async function listConfigTypes(): Promise<string[]> {
  const { data, error, status } = await db
    .from('config_types')
    .select('type')
    .order('type')
    .overrideTypes<{ type: string }[], { merge: false }>();
  if (error) throw dbError(error, status);
  return (data ?? []).map((row) => row.type).filter(Boolean);
}

// ─── One change ─────────────────────────────────────────────────────────────────────────────────

export type ChangeDetail = ConfigChange & {
  creator?: PersonRef | null;
  config?: {
    id: string;
    name: string;
    type: string;
    config_class?: string | null;
    deleted_at?: string | null;
  } | null;
};

const CHANGE_DETAIL_SELECT = [
  'id,config_id,change_type,severity,source,summary,tags,details,patches,diff',
  'created_at,first_observed,count,created_by,external_created_by',
  'creator:created_by(id,name,avatar)',
  'config:config_id(id,name,type,config_class,deleted_at)',
].join(',');

export const changeKey = (id: string) => `${CHANGES_KEY_PREFIX}change?id=${encodeURIComponent(id)}`;
export const getChange = (id: string) =>
  db.from('config_changes').select(CHANGE_DETAIL_SELECT).eq('id', id).maybeSingle<ChangeDetail>();
