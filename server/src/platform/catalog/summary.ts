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
import { ANALYSIS_TYPES } from '../../../../common/catalog.js';

/** Columns of configs a summary may group by; anything else names a tag (or `labels.<key>`). */
const GROUP_COLUMNS = ['type', 'config_class', 'namespace', 'status'] as const;
/** The figures' names in a row, which a group may not take. */
const FIGURES = ['count', 'health', 'changes', 'analysis', 'created_at', 'updated_at'];
const COSTS = ['1d', '7d', '30d'] as const;
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

/** The health and status filters on `c` (items, or the kept parts' groups). */
function stateConditions(query: SummaryQuery, params: SqlParams): string[] {
  const where: string[] = [];
  if (query.health) where.push(filterCondition('c.health', query.health, params) ?? 'true');
  if (query.status) where.push(filterCondition('c.status', query.status, params) ?? 'true');
  return where;
}

const whereOf = (conditions: string[]) => (conditions.length > 0 ? `where ${conditions.join(' and ')}` : '');

/** The conditions on the items `c` a summary counts. */
function itemConditions(query: SummaryQuery, params: SqlParams): string[] {
  return [
    ...(query.deleted ? [] : ['c.deleted_at is null']),
    ...labelConditions(query.labels, params),
    ...stateConditions(query, params),
  ];
}

export { ANALYSIS_TYPES };

/** The window _config_change_counts keeps per item (migration 0028). */
const COUNTED_WINDOW_MS = 30 * 86_400_000;

/**
 * Per item (and insight type), what a kept figure of the 30-day window is off by for the rows
 * after `since`: the kept figures start at the window's start, which the ConfigChangeCounts task
 * moves on every few minutes, so the rows between that start and `since` come out (or, with the
 * database's clock ahead, go in). A few minutes of rows, read from the time index.
 */
function windowCorrection(since: string, rows: 'changes' | 'insights'): string {
  const start = '(select counted_from from _config_change_counts_window)';
  const [table, time, keys] =
    rows === 'changes'
      ? ['config_changes', 'x.created_at', 'x.config_id']
      : ['config_analysis', 'x.last_observed', 'x.config_id, x.analysis_type'];
  return `select ${keys},
                 sum(case when ${time} > ${since} and ${time} < ${start} then 1
                          when ${time} <= ${since} and ${time} >= ${start} then -1
                          else 0 end) as n
          from ${table} x
          where ${time} >= least(${start}, ${since}) and ${time} <= greatest(${start}, ${since})
          group by ${keys}`;
}

/**
 * The summary from the items, one row per group and health: changes (kept per item for the 30-day
 * window, else counted from the time index) and insights per config, joined to the matching items
 * once, and summed per group. Grouping by health too and adding the healths up afterwards is
 * cheaper than counting each health in SQL. Every request reads every matching item.
 */
export function itemsStatement(query: SummaryQuery): { text: string; values: unknown[] } {
  const params = new SqlParams();
  const groupBy = query.groups.map((_, i) => `g${i}`).join(', ');
  const selectGroups = query.groups
    .map((group, i) => `${groupExpression(group, params)} as g${i}`)
    .join(', ');
  const figures = [
    'count(*)::integer as count',
    `${query.cost ? `sum(c.cost_total_${query.cost})::float8` : 'null::float8'} as cost`,
    'max(c.created_at) as created_at',
    'max(c.updated_at) as updated_at',
  ];
  const joins: string[] = [];
  if (query.changesSinceMs === COUNTED_WINDOW_MS) {
    const since = params.add(new Date(Date.now() - query.changesSinceMs));
    joins.push(`left join _config_change_counts cc on cc.config_id = c.id
                left join (${windowCorrection(since, 'changes')}) ch on ch.config_id = c.id`);
    figures.push('(coalesce(sum(cc.changes_30d), 0) + coalesce(sum(ch.n), 0))::integer as changes');
  } else if (query.changesSinceMs !== undefined) {
    const since = params.add(new Date(Date.now() - query.changesSinceMs));
    joins.push(`left join (select x.config_id, count(*) as n from config_changes x
                           where x.created_at > ${since} group by x.config_id) ch on ch.config_id = c.id`);
    figures.push('coalesce(sum(ch.n), 0)::integer as changes');
  }
  if (query.analysisSinceMs !== undefined) {
    const since = params.add(new Date(Date.now() - query.analysisSinceMs));
    joins.push(`left join (select a.config_id, ${analysisCounts().join(', ')} from config_analysis a
                           where a.last_observed > ${since} group by a.config_id) an on an.config_id = c.id`);
    figures.push(
      ...ANALYSIS_TYPES.map((type) => `coalesce(sum(an.${type}), 0)::integer as analysis_${type}`),
    );
  }
  const text = `select ${selectGroups}, c.health, ${figures.join(', ')}
    from configs c ${joins.join(' ')}
    ${whereOf(itemConditions(query, params))}
    group by ${groupBy}, c.health
    order by ${groupBy}`;
  return { text, values: params.values };
}

const analysisCounts = () =>
  ANALYSIS_TYPES.map((type) => `count(*) filter (where a.analysis_type = '${type}') as ${type}`);

/** Columns _config_summary_parts keeps its groups by (migration 0029). */
const PART_COLUMNS: readonly string[] = ['type', 'config_class', 'status'];

/**
 * Whether the kept parts can answer: live items only, no label filter, groups among the parts'
 * columns, and changes and insights (if asked) of the kept 30-day window. The catalog list's first
 * view is one of these.
 */
export function partsAnswer(query: SummaryQuery): boolean {
  return (
    !query.deleted &&
    query.labels.length === 0 &&
    query.groups.every((group) => group.column !== undefined && PART_COLUMNS.includes(group.column)) &&
    (query.changesSinceMs === undefined || query.changesSinceMs === COUNTED_WINDOW_MS) &&
    (query.analysisSinceMs === undefined || query.analysisSinceMs === COUNTED_WINDOW_MS)
  );
}

/**
 * The same rows from the kept parts and insights (a few rows per group whatever the catalog's
 * size), plus the few minutes' correction of both, read through the items it names.
 */
export function partsStatement(query: SummaryQuery): { text: string; values: unknown[] } {
  const params = new SqlParams();
  const groups = query.groups.map((group, i) => `${groupExpression(group, params)} as g${i}`).join(', ');
  const groupBy = query.groups.map((_, i) => `g${i}`).join(', ');
  const states = stateConditions(query, params);
  // An item looked up by its id for each row of a correction: the limit keeps the planner from
  // turning it into a join that reads every item.
  const itemOf = (id: string) =>
    `select c.type, c.config_class, c.status, c.health from configs c
     ${whereOf([`c.id = ${id}`, 'c.deleted_at is null', ...states])} limit 1`;
  const branch = (from: string, figures: string[], changes: string, analysis: string[]) => {
    const columns = [...figures];
    if (query.changesSinceMs !== undefined) columns.push(`${changes} as changes`);
    if (query.analysisSinceMs !== undefined)
      columns.push(...analysis.map((count, i) => `${count} as analysis_${ANALYSIS_TYPES[i]}`));
    return `select ${groups}, c.health, ${columns.join(', ')} ${from} group by ${groupBy}, c.health`;
  };
  const noAnalysis = ANALYSIS_TYPES.map(() => '0');
  const noItems = [
    '0 as count',
    'null::numeric as cost',
    'null::timestamptz as created_at',
    'null::timestamptz as updated_at',
  ];
  const cost = query.cost
    ? `case when sum(c.costs_${query.cost}) > 0 then sum(c.cost_${query.cost}) end`
    : 'null::numeric';
  const branches = [
    branch(
      `from _config_summary_parts c ${whereOf(states)}`,
      [
        'sum(c.items) as count',
        `${cost} as cost`,
        'max(c.created_at) as created_at',
        'max(c.updated_at) as updated_at',
      ],
      'sum(c.changes_30d)',
      noAnalysis,
    ),
  ];
  if (query.changesSinceMs !== undefined) {
    const since = params.add(new Date(Date.now() - query.changesSinceMs));
    branches.push(
      branch(
        `from (${windowCorrection(since, 'changes')}) ch cross join lateral (${itemOf('ch.config_id')}) c`,
        noItems,
        'sum(ch.n)',
        noAnalysis,
      ),
    );
  }
  if (query.analysisSinceMs !== undefined) {
    const since = params.add(new Date(Date.now() - query.analysisSinceMs));
    const perType = (rows: string, count: string) =>
      ANALYSIS_TYPES.map(
        (type) => `coalesce(sum(${rows}.${count}) filter (where ${rows}.analysis_type = '${type}'), 0)`,
      );
    branches.push(
      branch(`from _config_summary_insights c ${whereOf(states)}`, noItems, '0', perType('c', 'insights')),
      branch(
        `from (${windowCorrection(since, 'insights')}) an cross join lateral (${itemOf('an.config_id')}) c`,
        noItems,
        '0',
        perType('an', 'n'),
      ),
    );
  }
  const sums = [
    'sum(count)::integer as count',
    'sum(cost)::float8 as cost',
    'max(created_at) as created_at',
    'max(updated_at) as updated_at',
    ...(query.changesSinceMs !== undefined ? ['sum(changes)::integer as changes'] : []),
    ...(query.analysisSinceMs !== undefined
      ? ANALYSIS_TYPES.map((type) => `sum(analysis_${type})::integer as analysis_${type}`)
      : []),
  ];
  const text = `select ${groupBy}, health, ${sums.join(', ')}
    from (${branches.join(' union all ')}) parts
    group by ${groupBy}, health
    having sum(count) <> 0
    order by ${groupBy}`;
  return { text, values: params.values };
}

/** The summary's statement: from the kept parts where they can answer, else from the items. */
export const summaryStatement = (query: SummaryQuery) =>
  partsAnswer(query) ? partsStatement(query) : itemsStatement(query);

type GroupHealthRow = Record<string, unknown> & {
  health: HealthName | null;
  count: number;
  cost: number | null;
  created_at: Date | null;
  updated_at: Date | null;
  changes: number | null;
};

interface Summing {
  row: CatalogSummaryRow;
  createdAt: Date | null;
  updatedAt: Date | null;
}

const laterOf = (a: Date | null, b: Date | null) => (!b || (a && a.getTime() >= b.getTime()) ? a : b);

function newSumming(query: SummaryQuery, first: GroupHealthRow): Summing {
  const row: CatalogSummaryRow = { count: 0, health: {}, created_at: '', updated_at: '' };
  query.groups.forEach((group, i) => (row[group.name] = first[`g${i}`] ?? null));
  if (query.changesSinceMs !== undefined) row.changes = 0;
  if (query.analysisSinceMs !== undefined) row.analysis = {};
  if (query.cost) row[`cost_total_${query.cost}`] = null;
  return { row, createdAt: first.created_at, updatedAt: first.updated_at };
}

/** The platform's summary rows, group values under the names asked for, in the groups' order. */
export async function catalogSummary(
  db: Queryable,
  query: SummaryQuery,
  statement = summaryStatement,
): Promise<CatalogSummaryRow[]> {
  const { text, values } = statement(query);
  const { rows } = await db.query<GroupHealthRow>(text, values);
  const keyOf = (row: Record<string, unknown>) =>
    JSON.stringify(query.groups.map((_, i) => row[`g${i}`] ?? null));
  const summaries = new Map<string, Summing>();
  for (const row of rows) {
    const key = keyOf(row);
    const summing = summaries.get(key) ?? newSumming(query, row);
    summaries.set(key, summing);
    const summary = summing.row;
    summary.count += row.count;
    if (row.health) summary.health[row.health] = (summary.health[row.health] ?? 0) + row.count;
    summing.createdAt = laterOf(summing.createdAt, row.created_at);
    summing.updatedAt = laterOf(summing.updatedAt, row.updated_at);
    if (summary.changes !== undefined) summary.changes += row.changes ?? 0;
    if (summary.analysis)
      for (const type of ANALYSIS_TYPES) {
        const n = row[`analysis_${type}`] as number;
        if (n > 0) summary.analysis[type] = (summary.analysis[type] ?? 0) + n;
      }
    if (query.cost && row.cost !== null) {
      const name = `cost_total_${query.cost}`;
      summary[name] = ((summary[name] as number | null) ?? 0) + row.cost;
    }
  }
  return [...summaries.values()].map(({ row, createdAt, updatedAt }) => ({
    ...row,
    created_at: createdAt?.toISOString() ?? '',
    updated_at: updatedAt?.toISOString() ?? '',
  }));
}
