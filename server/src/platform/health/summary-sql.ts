/**
 * The one statement behind the health summary: the checks the filters keep with their figures.
 * Raw statuses are read in one range scan for all checks, grouped by check. Longer ranges add
 * the closed rollup rows: a span's one row per check (summary-spans.ts) where the rollup job
 * keeps one the range covers, and the rollup rows around it (or all of them).
 */
import { LOCAL_AGENT } from '../../../../common/agents.js';
import type { RangePlan, SummaryQuery } from './summary-range.js';

const HOUR_MS = 3_600_000;

/** Bound values, numbered as they are added. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

const lastHour = (now: string) => `cs.time > ${now} - interval '1 hour' and cs.time <= ${now}`;

/**
 * What a summary adds up from rollup rows `r` (columns of closedRows): counts; the last pass
 * (failure) the rows know, and the end of the latest row counting one, among all rows and among
 * those that know its time; and the points of the rows with percentiles ([count, p95, p97, p99]).
 * Spans hold the same, computed by the rollup job with this very list.
 */
export const CLOSED_FIGURES = `sum(r.passed)::int as passed, sum(r.failed)::int as failed,
  max(r.last_pass) filter (where r.passed > 0) as last_pass,
  max(r.last_fail) filter (where r.failed > 0) as last_fail,
  max(r.bucket_end) filter (where r.passed > 0) as pass_end,
  max(r.bucket_end) filter (where r.failed > 0) as fail_end,
  max(r.bucket_end) filter (where r.passed > 0 and r.last_pass is not null) as pass_known_end,
  max(r.bucket_end) filter (where r.failed > 0 and r.last_fail is not null) as fail_known_end,
  json_agg(r.point) filter (where r.point is not null) as points`;

/** A granularity and the range [from, to) of the buckets of that granularity. */
export type Buckets = [granularity: 'hour' | 'day', from: string, to: string];

/**
 * Rollup rows in any of the bucket ranges, as CLOSED_FIGURES reads them: one scan (its ranges
 * or'ed on the bucket index), so the planner groups them knowing how many checks they hold.
 */
export function closedRows(keptOnly: string, ...ranges: Buckets[]): string {
  const unit = ranges.every(([granularity]) => granularity === 'hour')
    ? "interval '1 hour'"
    : "case r.granularity when 'hour' then interval '1 hour' else interval '1 day' end";
  const within = ranges.map(
    ([granularity, from, to]) =>
      `(r.granularity = '${granularity}' and r.bucket >= ${from} and r.bucket < ${to})`,
  );
  return `select r.check_id, r.passed, r.failed, r.point, r.last_pass, r.last_fail, r.bucket + ${unit} as bucket_end
      from check_status_rollups r
      where ${keptOnly}(${within.join(' or ')})`;
}

/**
 * The latest passing (or failing) run's time, from the closed rollups `s` (span) and `cl` (rows
 * around it) and the raw edges `h` (head) and `t` (tail): from the raw edge after the rollups; else the last pass of
 * the latest closed row counting one; when that row does not know it (rolled up before the rows
 * kept it, or written by hand), the statuses of the latest hour whose row counts one (an hour
 * of raw statuses, not the whole range); else the end of the latest row that counts one
 * (retention removed its statuses); else from the raw edge before the rollups. Each later source
 * is read only when the earlier ones found nothing.
 */
function lastRun(passing: boolean, from: string, to: string, hoursFrom: string, hoursTo: string): string {
  const side = passing ? 'pass' : 'fail';
  const counted = passing ? 'r.passed > 0' : 'r.failed > 0';
  const status = passing ? 'cs.status' : 'not cs.status';
  const latestEnd = `greatest(s.${side}_end, cl.${side}_end)`;
  // The hour is found first, then its statuses read as their own scan bounded by it.
  const fromStatuses = `(select (select max(cs.time) from check_statuses cs
          where cs.check_id = k.id and ${status}
            and cs.time >= latest.bucket and cs.time < latest.bucket + interval '1 hour'
            and cs.time >= ${from} and cs.time <= ${to})
        from (select r.bucket from check_status_rollups r
          where r.check_id = k.id and r.granularity = 'hour' and r.bucket >= ${hoursFrom} and r.bucket < ${hoursTo}
            and ${counted}
          order by r.bucket desc limit 1) latest)`;
  return `coalesce(t.last_${side},
      case when greatest(s.${side}_known_end, cl.${side}_known_end) = ${latestEnd}
        then greatest(s.last_${side}, cl.last_${side})
        when ${latestEnd} is not null then ${fromStatuses} end,
      ${latestEnd}, h.last_${side})`;
}

/**
 * Figures over the closed rollup rows (see planRange) and raw statuses at the edges. The span
 * the rollup job keeps for the longest part of the closed rows that ends where they end (same
 * hours, same days) answers that part; rollup rows answer the hours before it, or every closed
 * row when there is no such span. Raw statuses: the edge before the rollups, and from the edge
 * after them to the end, reaching back an hour before `now` if it starts later for rolling1h
 * (edge 3: read for it only). Each part is one scan for all checks, grouped by check; when the
 * filters pick a few checks (`keptOnly`), each scan is limited to those. Counts are exact; the
 * points come back for the count-weighted percentiles (summary-percentile.ts).
 */
function rollupCtes(
  from: string,
  to: string,
  plan: Extract<RangePlan, { kind: 'rollup' }>,
  now: string,
  params: Params,
  keptOnly: (column: string) => string,
): { ctes: string; hoursFrom: string; hoursTo: string } {
  const time = (at: Date) => params.add(at.toISOString(), '::timestamptz');
  const hoursFrom = time(plan.hoursFrom);
  const daysFrom = time(plan.daysFrom);
  const daysTo = time(plan.daysTo);
  const hoursTo = time(plan.hoursTo);
  const spanned = 'exists (select 1 from span)';
  const ctes = `span as (
      select s.span_from from _check_status_spans s
      where s.span_to = ${hoursTo} and s.days_to = ${daysTo} and s.days_from = ${daysFrom}
        and s.span_from >= ${hoursFrom} and s.span_from <= ${daysFrom}
      order by s.span_from limit 1
    ),
    spanned as (
      select f.* from _check_status_span_figures f
      where ${keptOnly('f.check_id')}f.span_from = (select span_from from span)
    ),
    closed as (
      select r.check_id, ${CLOSED_FIGURES}
      from (${closedRows(
        keptOnly('r.check_id'),
        ['hour', hoursFrom, `coalesce((select span_from from span), ${daysFrom})`],
        ['day', daysFrom, `case when ${spanned} then ${daysFrom} else ${daysTo} end`],
        ['hour', daysTo, `case when ${spanned} then ${daysTo} else ${hoursTo} end`],
      )}) r
      group by r.check_id
    ),
    ${rawFigures('head', `${keptOnly('cs.check_id')}cs.time >= ${from} and cs.time < ${hoursFrom}`)},
    ${rawFigures(
      'tail',
      `${keptOnly('cs.check_id')}cs.time >= least(${hoursTo}, ${now} - interval '1 hour')
        and cs.time <= greatest(${to}, ${now})`,
      { counted: `cs.time >= ${hoursTo} and cs.time <= ${to}`, now },
    )}`;
  return { ctes, hoursFrom, hoursTo };
}

/**
 * Figures of the raw statuses `where` reads, grouped by check: counts, last pass and failure and
 * durations of those `counted` keeps (all when omitted); rolling1h too when `now` is given (the
 * scan then covers the last hour before it). One range scan for all checks, or for those kept.
 */
function rawFigures(name: string, where: string, { counted, now }: { counted?: string; now?: string } = {}) {
  const and = counted ? ` and ${counted}` : '';
  const only = counted ? ` filter (where ${counted})` : '';
  return `${name} as (
      select cs.check_id,
        count(*) filter (where cs.status${and})::int as passed,
        count(*) filter (where not cs.status${and})::int as failed,
        max(cs.time) filter (where cs.status${and}) as last_pass,
        max(cs.time) filter (where not cs.status${and}) as last_fail,
        json_agg(cs.duration)${only} as durations${
          now ? `,\n        round(avg(cs.duration) filter (where ${lastHour(now)}))::int as rolling1h` : ''
        }
      from check_statuses cs
      where ${where}
      group by cs.check_id
    )`;
}

/**
 * Exact figures over raw statuses in [from, to] (the durations for exactPercentiles), and
 * rolling1h over the last hour before `now`: from the same scan when the two meet, else from a
 * scan of its own.
 */
function rawCtes(from: string, to: string, now: string, shared: boolean, keptOnly: (c: string) => string) {
  const kept = keptOnly('cs.check_id');
  if (shared)
    return rawFigures(
      'raw',
      `${kept}cs.time >= least(${from}, ${now} - interval '1 hour') and cs.time <= greatest(${to}, ${now})`,
      { counted: `cs.time >= ${from} and cs.time <= ${to}`, now },
    );
  return `${rawFigures('raw', `${kept}cs.time >= ${from} and cs.time <= ${to}`)},
    recent as (
      select cs.check_id, round(avg(cs.duration))::int as rolling1h
      from check_statuses cs
      where ${kept}${lastHour(now)}
      group by cs.check_id
    )`;
}

function filters(query: SummaryQuery, params: Params): string[] {
  const where: string[] = [];
  if (!query.includeDeleted) where.push('k.deleted_at is null', 'c.deleted_at is null');
  if (query.checkId) where.push(`k.id = ${params.add(query.checkId, '::uuid')}`);
  if (query.canaryId) where.push(`k.canary_id = ${params.add(query.canaryId, '::uuid')}`);
  if (query.agentId) where.push(`k.agent_id = ${params.add(query.agentId, '::uuid')}`);
  if (query.status) where.push(`k.status = ${params.add(query.status)}`);
  return where;
}

/** The check's own columns; `localAgent` is the bound id of the console's own agent. */
const checkColumns = (localAgent: string) => `k.id, k.canary_id, c.name as canary_name,
      coalesce(k.namespace, c.namespace) as namespace,
      k.agent_id, case when k.agent_id = ${localAgent} then null else a.name end as agent_name,
      k.name, k.type, k.icon, k.description, k.endpoint, k.severity, k.labels, k.status,
      k.last_runtime, k.next_runtime, k.last_transition_time, k.created_at, k.updated_at, k.deleted_at`;

/**
 * The summary statement: one row per check, figures as flat columns, in no order (the caller
 * orders them as it gathers them: sorting twice cost PGlite milliseconds).
 */
export function buildSummarySql(
  query: SummaryQuery,
  plan: RangePlan,
  now: Date,
): { text: string; values: unknown[] } {
  const params = new Params();
  const from = params.add(query.from.toISOString(), '::timestamptz');
  const to = params.add(query.to.toISOString(), '::timestamptz');
  const nowParam = params.add(now.toISOString(), '::timestamptz');
  // A single check is read through its own index range; a few (a canary's, an agent's) through
  // the list the filters keep; all of them by time.
  const checkId = query.checkId ? params.add(query.checkId, '::uuid') : undefined;
  const narrow = Boolean(query.canaryId || query.agentId);
  const keptOnly = (column: string) =>
    checkId ? `${column} = ${checkId} and ` : narrow ? `${column} in (select id from kept) and ` : '';
  let ctes: string;
  let figures: string;
  let joins: string;
  if (plan.kind === 'rollup') {
    const rollup = rollupCtes(from, to, plan, nowParam, params, keptOnly);
    const { hoursFrom, hoursTo } = rollup;
    const sum = (column: string) =>
      ['s', 'cl', 'h', 't'].map((part) => `coalesce(${part}.${column}, 0)`).join(' + ');
    ctes = rollup.ctes;
    figures = `${sum('passed')} as passed, ${sum('failed')} as failed,
      ${lastRun(true, from, to, hoursFrom, hoursTo)} as last_pass,
      ${lastRun(false, from, to, hoursFrom, hoursTo)} as last_fail,
      s.points as span_points, cl.points as row_points, h.durations as head_durations,
      t.durations as tail_durations, t.rolling1h`;
    joins = `left join spanned s on s.check_id = k.id
    left join closed cl on cl.check_id = k.id
    left join head h on h.check_id = k.id
    left join tail t on t.check_id = k.id`;
  } else {
    // A raw range that reaches into the last hour shares its scan with rolling1h.
    const shared = query.to.getTime() >= now.getTime() - HOUR_MS && query.from.getTime() <= now.getTime();
    ctes = rawCtes(from, to, nowParam, shared, keptOnly);
    figures = `coalesce(w.passed, 0) as passed, coalesce(w.failed, 0) as failed, w.last_pass, w.last_fail,
      w.durations, ${shared ? 'w' : 'r'}.rolling1h`;
    joins = `left join raw w on w.check_id = k.id${shared ? '' : '\n    left join recent r on r.check_id = k.id'}`;
  }
  const where = filters(query, params);
  const whereClause = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const localAgent = params.add(LOCAL_AGENT, '::uuid');
  const text = `
    with ${narrow ? `kept as (select k.id from checks k join canaries c on c.id = k.canary_id ${whereClause}),` : ''}
    ${ctes}
    select ${checkColumns(localAgent)},
      ${figures}
    from checks k
    join canaries c on c.id = k.canary_id
    left join agents a on a.id = k.agent_id
    ${joins}
    ${whereClause}`;
  return { text, values: params.values };
}
