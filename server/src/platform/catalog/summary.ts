/**
 * POST /api/catalog/summary: the catalog's items grouped (by type unless told), each group with
 * its count, its items per health, its changes and insights within a window and its summed
 * cost. One statement: the matching items once (filters answered by the indexes on type,
 * health, status, labels), grouped in SQL; the windows' changes and insights counted per group
 * through those items.
 */
import { durationMs } from '../../lib/duration.js';
import type { Queryable } from '../db/db.js';
import { filterCondition, invalid, SqlParams } from './sql-filters.js';
import type { CatalogSummaryRow, HealthName } from './types.js';

/** Columns of configs a summary may group by; anything else names a tag (or `labels.<key>`). */
const GROUP_COLUMNS = ['type', 'config_class', 'namespace', 'status'] as const;
/** The figures' names in a row, which a group may not take. */
const FIGURES = ['count', 'health', 'changes', 'analysis', 'created_at', 'updated_at'];
const COSTS = ['1d', '7d', '30d'] as const;
const HEALTHS: readonly HealthName[] = ['healthy', 'unhealthy', 'warning', 'unknown'];
const KEY = /^[A-Za-z0-9_./:-]+$/;
export const SUMMARY_MAX_GROUPS = 6;

interface Group {
  /** The name the row carries the value under: as asked. */
  name: string;
  column?: (typeof GROUP_COLUMNS)[number];
  tag?: string;
  label?: string;
}

/** A summary, checked and with its defaults. */
export interface SummaryQuery {
  groups: Group[];
  deleted: boolean;
  labels: [string, string][];
  health?: string;
  status?: string;
  changesSinceMs?: number;
  analysisSinceMs?: number;
  cost?: (typeof COSTS)[number];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function groupOf(name: string): Group {
  if (!KEY.test(name)) throw invalid(`groupBy "${name}" is not a column, tags.<key> or labels.<key>`);
  if (FIGURES.includes(name) || name.startsWith('cost_'))
    throw invalid(`groupBy "${name}" names a figure of the summary, not a group`);
  if ((GROUP_COLUMNS as readonly string[]).includes(name)) return { name, column: name as Group['column'] };
  if (name.startsWith('labels.') && name.length > 'labels.'.length) return { name, label: name.slice(7) };
  if (name.startsWith('tags.') && name.length > 'tags.'.length) return { name, tag: name.slice(5) };
  return { name, tag: name };
}

function stringList(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  const list = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(list) || list.some((item) => typeof item !== 'string'))
    throw invalid(`${field} must be a list of names`);
  return (list as string[]).map((item) => item.trim()).filter(Boolean);
}

function windowOf(value: unknown, field: 'changes' | 'analysis'): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) throw invalid(`${field} must be an object like {"since": "30d"}`);
  const since = value.since;
  if (since === undefined || since === null || since === '') return undefined;
  const ms = typeof since === 'string' ? durationMs(since) : undefined;
  if (ms === undefined || ms <= 0)
    throw invalid(`${field}.since "${String(since)}" is not a duration like 30d`);
  return ms;
}

function optionalText(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw invalid(`${field} must be a string`);
  return value.trim() || undefined;
}

/** The summary a request body asks for; 422 naming the first field that is wrong. */
export function summaryQueryOf(body: unknown): SummaryQuery {
  if (body !== undefined && body !== null && !isRecord(body)) throw invalid('The body must be a JSON object');
  const fields = isRecord(body) ? body : {};
  const names = [...stringList(fields.groupBy, 'groupBy'), ...stringList(fields.tags, 'tags')];
  const unique = [...new Set(names.length > 0 ? names : ['type'])];
  if (unique.length > SUMMARY_MAX_GROUPS) throw invalid(`groupBy takes at most ${SUMMARY_MAX_GROUPS} names`);
  if (fields.deleted !== undefined && fields.deleted !== null && typeof fields.deleted !== 'boolean')
    throw invalid('deleted must be true or false');
  if (fields.filter !== undefined && fields.filter !== null && !isRecord(fields.filter))
    throw invalid('filter must be an object of label keys and values');
  const labels = Object.entries(isRecord(fields.filter) ? fields.filter : {}).map(
    ([key, value]): [string, string] => {
      if (typeof value !== 'string') throw invalid(`filter.${key} must be a string`);
      return [key, value];
    },
  );
  const cost = optionalText(fields.cost, 'cost');
  if (cost !== undefined && !(COSTS as readonly string[]).includes(cost))
    throw invalid(`cost must be one of ${COSTS.join(', ')}`);
  return {
    groups: unique.map(groupOf),
    deleted: fields.deleted === true,
    labels,
    health: optionalText(fields.health, 'health'),
    status: optionalText(fields.status, 'status'),
    changesSinceMs: windowOf(fields.changes, 'changes'),
    analysisSinceMs: windowOf(fields.analysis, 'analysis'),
    cost: cost as SummaryQuery['cost'],
  };
}

function groupExpression(group: Group, params: SqlParams): string {
  if (group.column) return `c.${group.column}`;
  if (group.label) return `c.labels ->> ${params.add(group.label)}::text`;
  return `c.tags ->> ${params.add(group.tag)}::text`;
}

/** Label filters: a key's values are alternatives (`a,b`), `!c` leaves items out; keys all apply. */
function labelConditions(labels: [string, string][], params: SqlParams): string[] {
  const conditions: string[] = [];
  for (const [key, expression] of labels) {
    const contains = (value: string) => `c.labels @> ${params.add(JSON.stringify({ [key]: value }))}::jsonb`;
    const values = expression
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    const included = values.filter((v) => !v.startsWith('!'));
    const excluded = values.filter((v) => v.startsWith('!')).map((v) => v.slice(1).trim());
    if (included.length > 0) conditions.push(`(${included.map(contains).join(' or ')})`);
    for (const value of excluded) if (value) conditions.push(`not ${contains(value)}`);
  }
  return conditions;
}

export function summaryStatement(query: SummaryQuery): { text: string; values: unknown[] } {
  const params = new SqlParams();
  const keys = query.groups.map((_, i) => `g${i}`);
  const selectGroups = query.groups.map((group, i) => `${groupExpression(group, params)} as g${i}`);
  const where: string[] = [];
  if (!query.deleted) where.push('c.deleted_at is null');
  where.push(...labelConditions(query.labels, params));
  if (query.health) where.push(filterCondition('c.health', query.health, params) ?? 'true');
  if (query.status) where.push(filterCondition('c.status', query.status, params) ?? 'true');
  const cost = query.cost ? `c.cost_total_${query.cost}` : 'null::numeric';
  const joinOn = (alias: string) =>
    keys.map((k) => `${alias}.${k} is not distinct from s.${k}`).join(' and ');
  const ctes = [
    `items as materialized (
       select c.id, ${selectGroups.join(', ')}, c.health, ${cost} as cost, c.created_at, c.updated_at
       from configs c ${where.length > 0 ? `where ${where.join(' and ')}` : ''})`,
    `summary as (
       select ${keys.join(', ')}, count(*)::integer as count,
         ${HEALTHS.map((h) => `count(*) filter (where health = '${h}')::integer as ${h}`).join(', ')},
         max(created_at) as created_at, max(updated_at) as updated_at, sum(cost)::float8 as cost
       from items group by ${keys.join(', ')})`,
  ];
  const extra: string[] = [];
  const joins: string[] = [];
  if (query.changesSinceMs !== undefined) {
    const since = params.add(new Date(Date.now() - query.changesSinceMs));
    ctes.push(`changes as (
       select ${keys.map((k) => `i.${k}`).join(', ')}, count(*)::integer as n
       from config_changes x join items i on i.id = x.config_id
       where x.created_at > ${since}
       group by ${keys.map((k) => `i.${k}`).join(', ')})`);
    extra.push('coalesce(ch.n, 0) as changes');
    joins.push(`left join changes ch on ${joinOn('ch')}`);
  }
  if (query.analysisSinceMs !== undefined) {
    const since = params.add(new Date(Date.now() - query.analysisSinceMs));
    ctes.push(`analysis as (
       select ${keys.join(', ')}, jsonb_object_agg(analysis_type, n) as counts
       from (select ${keys.map((k) => `i.${k}`).join(', ')}, a.analysis_type, count(*)::integer as n
             from config_analysis a join items i on i.id = a.config_id
             where a.last_observed > ${since}
             group by ${keys.map((k) => `i.${k}`).join(', ')}, a.analysis_type) per_type
       group by ${keys.join(', ')})`);
    extra.push(`coalesce(an.counts, '{}'::jsonb) as analysis`);
    joins.push(`left join analysis an on ${joinOn('an')}`);
  }
  const text = `with ${ctes.join(',\n')}
    select s.*${extra.map((e) => `, ${e}`).join('')}
    from summary s ${joins.join(' ')}
    order by ${keys.map((k) => `s.${k}`).join(', ')}`;
  return { text, values: params.values };
}

type SummaryRecord = Record<string, unknown> & Record<HealthName, number>;

/** The platform's summary rows, group values under the names asked for. */
export async function catalogSummary(db: Queryable, query: SummaryQuery): Promise<CatalogSummaryRow[]> {
  const { text, values } = summaryStatement(query);
  const { rows } = await db.query<SummaryRecord>(text, values);
  return rows.map((row) => {
    const answer: CatalogSummaryRow = {
      count: row.count as number,
      health: {},
      created_at: row.created_at as string,
      updated_at: row.updated_at as string,
    };
    query.groups.forEach((group, i) => (answer[group.name] = row[`g${i}`] ?? null));
    for (const health of HEALTHS) if (row[health] > 0) answer.health[health] = row[health];
    if ('changes' in row) answer.changes = row.changes as number;
    if ('analysis' in row) answer.analysis = row.analysis as Record<string, number>;
    if (query.cost) answer[`cost_total_${query.cost}`] = row.cost as number | null;
    return answer;
  });
}
