/**
 * POST /api/catalog/changes: the platform's catalog changes search. Filters on the change go
 * straight to config_changes (indexed by time, config, type, severity); filters on the config
 * (type, tags, agent, deleted) become one `config_id in (…)` over configs, so both the page
 * (ordered by indexed columns, limited) and the exact total read only the rows that match.
 * A config's related configs are resolved first (related_configs_recursive), then read by id.
 */
import { UUID } from '../../lib/uuid.js';
import { LOCAL_AGENT } from '../../../../common/agents.js';
import type { Queryable } from '../db/db.js';
import { filterCondition, invalid, selectorConditions, SqlParams } from './sql-filters.js';
import { parseTimeExpression } from './time-expression.js';
import type { CatalogChange, CatalogChangesResponse, ChangeDirection } from './types.js';

export const CHANGES_DEFAULT_PAGE_SIZE = 50;
export const CHANGES_MAX_PAGE_SIZE = 1000;
export const CHANGES_DEFAULT_DEPTH = 5;
export const CHANGES_MAX_DEPTH = 10;
/** Where the search starts when neither `from` nor `to` is given. */
export const CHANGES_DEFAULT_FROM = 'now-2d';

export const SORT_KEYS = ['name', 'change_type', 'summary', 'source', 'created_at', 'count'] as const;
type SortKey = (typeof SORT_KEYS)[number];
const DIRECTIONS: readonly ChangeDirection[] = ['none', 'downstream', 'upstream', 'all'];
/** Most to least severe: a severity asks for itself and everything above it. */
const SEVERITY_RANKING = ['critical', 'high', 'medium', 'low', 'info'] as const;
const TEXT_FILTERS = ['summary', 'source', 'created_by', 'external_created_by'] as const;

/** A changes search, checked and with its defaults. */
export interface ChangesQuery {
  ids: string[];
  recursive: ChangeDirection;
  depth: number;
  soft: boolean;
  includeDeletedConfigs: boolean;
  configType?: string;
  tags?: string;
  agentId?: string;
  changeType?: string;
  severity?: string;
  summary?: string;
  source?: string;
  createdBy?: string;
  externalCreatedBy?: string;
  from?: Date;
  to?: Date;
  page: number;
  pageSize: number;
  sortBy: SortKey;
  descending: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid(`${field} must be a string`);
  return value.trim() || undefined;
}

function flag(body: Record<string, unknown>, field: string): boolean {
  const value = body[field];
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw invalid(`${field} must be true or false`);
}

/** A whole number from a number or numeric text; 0 or absent gives the default, as the platform does. */
function count(body: Record<string, unknown>, field: string, fallback: number, max?: number): number {
  const value = body[field];
  if (value === undefined || value === null || value === '') return fallback;
  const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 0)
    throw invalid(`${field} must be a whole number of at least 1`);
  if (number === 0) return fallback;
  if (max !== undefined && number > max) throw invalid(`${field} must be at most ${max}`);
  return number;
}

function time(body: Record<string, unknown>, field: 'from' | 'to', now: Date): Date | undefined {
  const value = text(body, field);
  if (value === undefined) return undefined;
  const parsed = parseTimeExpression(value, now);
  if (!parsed)
    throw invalid(`${field} "${value}" is not a time: give an RFC 3339 timestamp or one like now-2d`);
  return parsed;
}

function direction(body: Record<string, unknown>): ChangeDirection {
  const given = text(body, 'recursive') ?? text(body, 'type_filter');
  if (given === undefined) return 'downstream';
  if (!(DIRECTIONS as readonly string[]).includes(given))
    throw invalid(`recursive must be one of ${DIRECTIONS.join(', ')}`);
  return given as ChangeDirection;
}

function idsOf(value: string | undefined): string[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  for (const id of ids) if (!UUID.test(id)) throw invalid(`id "${id}" is not a config id`);
  return ids;
}

function severityOf(value: string | undefined): string | undefined {
  if (value === undefined || value.startsWith('!')) return value;
  const level = value.toLowerCase();
  if (!(SEVERITY_RANKING as readonly string[]).includes(level))
    throw invalid(`severity must be one of ${SEVERITY_RANKING.join(', ')}`);
  return level;
}

function sortOf(value: string | undefined): { sortBy: SortKey; descending: boolean } {
  if (value === undefined) return { sortBy: 'created_at', descending: true };
  const descending = value.startsWith('-');
  const key = descending ? value.slice(1) : value;
  if (!(SORT_KEYS as readonly string[]).includes(key))
    throw invalid(`sort_by "${key}" is not one of ${SORT_KEYS.join(', ')}`);
  return { sortBy: key as SortKey, descending };
}

/** The search a request body asks for; 422 naming the first field that is wrong. */
export function changesQueryOf(body: unknown, now: Date = new Date()): ChangesQuery {
  if (body !== undefined && body !== null && !isRecord(body)) throw invalid('The body must be a JSON object');
  const fields = { ...(isRecord(body) ? body : {}) };
  if (fields.filters !== undefined && fields.filters !== null) {
    if (!isRecord(fields.filters)) throw invalid('filters must be an object');
    for (const [key, value] of Object.entries(fields.filters)) {
      if (!(TEXT_FILTERS as readonly string[]).includes(key))
        throw invalid(`filters.${key} is not a filter: use ${TEXT_FILTERS.join(', ')}`);
      fields[key] = value;
    }
  }
  let from = time(fields, 'from', now);
  const to = time(fields, 'to', now);
  if (!from && !to) from = parseTimeExpression(CHANGES_DEFAULT_FROM, now);
  if (from && to && from.getTime() >= to.getTime()) throw invalid('from must be before to');
  const agentId = text(fields, 'agent_id');
  if (agentId && agentId !== 'local' && !UUID.test(agentId))
    throw invalid('agent_id must be an agent id or local');
  const createdBy = text(fields, 'created_by');
  return {
    ids: idsOf(text(fields, 'id')),
    recursive: direction(fields),
    depth: count(fields, 'depth', CHANGES_DEFAULT_DEPTH, CHANGES_MAX_DEPTH),
    soft: flag(fields, 'soft'),
    includeDeletedConfigs: flag(fields, 'include_deleted_configs'),
    configType: text(fields, 'config_type'),
    tags: text(fields, 'tags'),
    agentId: agentId === 'local' ? LOCAL_AGENT : agentId,
    changeType: text(fields, 'type'),
    severity: severityOf(text(fields, 'severity')),
    summary: text(fields, 'summary'),
    source: text(fields, 'source'),
    createdBy: createdBy && UUID.test(createdBy) ? createdBy : undefined,
    externalCreatedBy:
      (createdBy && !UUID.test(createdBy) ? createdBy : undefined) ?? text(fields, 'external_created_by'),
    from,
    to,
    page: count(fields, 'page', 1),
    pageSize: count(fields, 'page_size', CHANGES_DEFAULT_PAGE_SIZE, CHANGES_MAX_PAGE_SIZE),
    ...sortOf(text(fields, 'sort_by')),
  };
}

/** The link columns a walk follows: from `from` to `to`. */
const WALKS = {
  downstream: [{ from: 'config_id', to: 'related_id' }],
  upstream: [{ from: 'related_id', to: 'config_id' }],
  all: [
    { from: 'config_id', to: 'related_id' },
    { from: 'related_id', to: 'config_id' },
  ],
} as const;

/**
 * The configs whose changes are read: the one asked for and, unless `none`, those its links
 * reach within `depth` in the direction asked (each path visits a config once; deleted configs
 * end a path unless they are included). Walked here rather than through
 * related_configs_recursive, whose one generic plan for every direction reads every link.
 */
export async function configIdsOf(db: Queryable, query: ChangesQuery): Promise<string[] | undefined> {
  if (query.ids.length === 0) return undefined;
  if (query.ids.length > 1 || query.recursive === 'none') return query.ids;
  const [id] = query.ids;
  const relation = query.soft ? '' : `and e.relation = 'hard'`;
  const deleted = query.includeDeletedConfigs ? '' : 'and c.deleted_at is null';
  const walks = WALKS[query.recursive].map(
    ({ from, to }) => `select distinct id from (
      with recursive walk (id, depth, path) as (
        select $1::uuid, 0, array[$1::uuid]
        union all
        select e.${to}, w.depth + 1, w.path || e.${to}
        from walk w
        join config_relationships e on e.${from} = w.id
        join configs c on c.id = e.${to}
        where w.depth < $2 and e.deleted_at is null and not (e.${to} = any (w.path)) ${relation} ${deleted}
      )
      select id from walk where depth > 0) reached`,
  );
  const { rows } = await db.query<{ id: string }>(walks.join(' union '), [id, query.depth]);
  return [id!, ...rows.map((row) => row.id).filter((related) => related !== id)];
}

/** The conditions on config_changes `x` (and its configs through `config_id`). */
export function changesWhere(
  query: ChangesQuery,
  configIds: string[] | undefined,
  params: SqlParams,
): string[] {
  const where: string[] = [];
  if (configIds) where.push(`x.config_id = any(${params.add(configIds)}::uuid[])`);
  const onConfig: string[] = [];
  if (query.configType) onConfig.push(filterCondition('c.type', query.configType, params)!);
  if (query.tags) onConfig.push(...selectorConditions('c.tags', query.tags, params, 'tags'));
  if (query.agentId) onConfig.push(`c.agent_id = ${params.add(query.agentId)}::uuid`);
  const configFilters = onConfig.filter(Boolean);
  if (configFilters.length > 0)
    where.push(`x.config_id in (select c.id from configs c where ${configFilters.join(' and ')})`);
  // Few configs are deleted: a hashed list of them is cheaper than joining every change's config.
  if (!query.includeDeletedConfigs)
    where.push(`x.config_id not in (select d.id from configs d where d.deleted_at is not null)`);
  const push = (condition: string | undefined) => condition && where.push(condition);
  if (query.changeType) push(filterCondition('x.change_type', query.changeType, params));
  if (query.severity) {
    if (query.severity.startsWith('!')) push(filterCondition('x.severity', query.severity, params));
    else {
      const ranked = SEVERITY_RANKING.slice(0, SEVERITY_RANKING.indexOf(query.severity as 'info') + 1);
      where.push(`x.severity = any(${params.add(ranked)}::text[])`);
    }
  }
  if (query.summary) push(filterCondition('x.summary', query.summary, params, { wildcards: true }));
  if (query.source) push(filterCondition('x.source', query.source, params, { wildcards: true }));
  if (query.createdBy) where.push(`x.created_by = ${params.add(query.createdBy)}::uuid`);
  if (query.externalCreatedBy)
    push(filterCondition('x.external_created_by', query.externalCreatedBy, params, { wildcards: true }));
  if (query.from) where.push(`x.created_at > ${params.add(query.from)}`);
  if (query.to) where.push(`x.created_at <= ${params.add(query.to)}`);
  return where;
}

const CHANGE_COLUMNS = `x.id, x.config_id, x.external_change_id, x.change_type, x.severity, x.source, x.summary,
  x.created_by, x.external_created_by, x.count, x.first_observed, x.created_at`;
const CONFIG_COLUMNS = `c.name, c.type, c.config_class, c.tags, c.agent_id, c.deleted_at`;

function orderOf(query: ChangesQuery): string {
  const dir = query.descending ? 'desc' : 'asc';
  const column = query.sortBy === 'name' ? 'c.name' : `x.${query.sortBy}`;
  // created_at and id break ties, so that pages never overlap.
  return query.sortBy === 'created_at'
    ? `x.created_at ${dir}, x.id ${dir}`
    : `${column} ${dir}, x.created_at desc, x.id desc`;
}

/** The statements of a search: its page and its exact total, with the same conditions. */
export function changesStatements(query: ChangesQuery, configIds: string[] | undefined) {
  const params = new SqlParams();
  const where = changesWhere(query, configIds, params);
  const whereSql = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const countParams = [...params.values];
  const order = orderOf(query);
  const limit = params.add(query.pageSize);
  const offset = params.add((query.page - 1) * query.pageSize);
  // The page is cut from config_changes alone (its order is on indexed columns), then joined to
  // its configs; only a sort by the config's name needs the join first.
  const page =
    query.sortBy === 'name'
      ? `select ${CHANGE_COLUMNS}, ${CONFIG_COLUMNS}
         from config_changes x join configs c on c.id = x.config_id
         ${whereSql} order by ${order} limit ${limit} offset ${offset}`
      : `select ${CHANGE_COLUMNS}, ${CONFIG_COLUMNS}
         from (select ${CHANGE_COLUMNS} from config_changes x ${whereSql}
               order by ${order} limit ${limit} offset ${offset}) x
         join configs c on c.id = x.config_id
         order by ${order}`;
  return {
    page: { text: page, values: params.values },
    total: {
      text: `select count(*)::bigint as total from config_changes x ${whereSql}`,
      values: countParams,
    },
  };
}

export async function findCatalogChanges(
  db: Queryable,
  query: ChangesQuery,
): Promise<CatalogChangesResponse> {
  const configIds = await configIdsOf(db, query);
  const statements = changesStatements(query, configIds);
  const [page, total] = await Promise.all([
    db.query<CatalogChange>(statements.page.text, statements.page.values),
    db.query<{ total: number }>(statements.total.text, statements.total.values),
  ]);
  const summary: Record<string, number> = {};
  for (const change of page.rows) summary[change.change_type] = (summary[change.change_type] ?? 0) + 1;
  return { changes: page.rows, total: Number(total.rows[0]?.total ?? 0), summary };
}
