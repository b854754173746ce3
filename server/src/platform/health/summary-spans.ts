/**
 * Spans: the closed part of the summary's usual long ranges added up per check by the rollup
 * job (migration 0020 describes the tables), so that a summary over a day or a week reads one
 * row per check rather than every hour row of every check.
 */
import type { Queryable } from '../db/db.js';
import { planRange, relativeStart } from './summary-range.js';
import { CLOSED_FIGURES, closedRows } from './summary-sql.js';

/** The dashboard's ranges from a day to a week: longer ones read their rollup rows. */
export const SPAN_RANGES = ['1d', '2d', '3d', '1w'] as const;

const HOUR = 3_600_000;

/** Day rows of [daysFrom, daysTo) and hour rows of the rest of [from, to). */
export interface Span {
  from: Date;
  daysFrom: Date;
  daysTo: Date;
  to: Date;
}

/**
 * The span kept for a range (like '1d') once the rollup job has run at `rolledUntil`: the closed
 * rows a summary of that range reads until the job's first pass in the next hour. Asked within
 * this hour, a summary's range starts an hour before the span (that hour's rows are read beside
 * it); asked in the next hour, before that pass, exactly where it starts. When the two read
 * different day rows, the span is the one of this hour. Undefined: the range reads no closed rows.
 */
export function spanOf(range: string, rolledUntil: Date): Span | undefined {
  const hour = Math.floor(rolledUntil.getTime() / HOUR) * HOUR;
  const planAt = (end: number) => {
    const now = new Date(end);
    return planRange(relativeStart(range, now)!, now, now, rolledUntil);
  };
  const thisHour = planAt(hour + HOUR);
  if (thisHour.kind !== 'rollup') return undefined;
  const nextHour = planAt(hour + 2 * HOUR);
  const plan =
    nextHour.kind === 'rollup' &&
    nextHour.daysFrom.getTime() === thisHour.daysFrom.getTime() &&
    nextHour.daysTo.getTime() === thisHour.daysTo.getTime()
      ? nextHour
      : thisHour;
  return { from: plan.hoursFrom, daysFrom: plan.daysFrom, daysTo: plan.daysTo, to: plan.hoursTo };
}

const sameTime = (a: Date, b: Date) => new Date(a).getTime() === b.getTime();

/**
 * Replaces the spans with those of SPAN_RANGES as of the pass at `rolledUntil`, unless they are
 * those already and `rewrote` is false (no closed rollup row changed). Run it in the rollup's
 * transaction, after the rows moved: summaries see the old spans or the new ones, never a mix.
 * Returns the span rows written.
 */
export async function refreshSpans(q: Queryable, rolledUntil: Date, rewrote: boolean): Promise<number> {
  const spans = new Map<number, Span>();
  for (const range of SPAN_RANGES) {
    const span = spanOf(range, rolledUntil);
    if (span) spans.set(span.from.getTime(), span);
  }
  const { rows: kept } = await q.query<{ span_from: Date; days_from: Date; days_to: Date; span_to: Date }>(
    'select span_from, days_from, days_to, span_to from _check_status_spans',
  );
  const unchanged =
    kept.length === spans.size &&
    kept.every((row) => {
      const span = spans.get(new Date(row.span_from).getTime());
      return (
        span !== undefined &&
        sameTime(row.days_from, span.daysFrom) &&
        sameTime(row.days_to, span.daysTo) &&
        sameTime(row.span_to, span.to)
      );
    });
  if (unchanged && !rewrote) return 0;
  await q.query('delete from _check_status_spans');
  let written = 0;
  for (const span of spans.values()) {
    const [from, daysFrom, daysTo, to] = [span.from, span.daysFrom, span.daysTo, span.to].map((t) =>
      t.toISOString(),
    );
    await q.query(
      'insert into _check_status_spans (span_from, days_from, days_to, span_to) values ($1, $2, $3, $4)',
      [from, daysFrom, daysTo, to],
    );
    const { rowCount } = await q.query(
      `insert into _check_status_span_figures (span_from, check_id, passed, failed, last_pass, last_fail,
         pass_end, fail_end, pass_known_end, fail_known_end, points)
       select $1::timestamptz, r.check_id, passed, failed, last_pass, last_fail, pass_end, fail_end,
         pass_known_end, fail_known_end, points
       from (
         select r.check_id, ${CLOSED_FIGURES}
         from (${closedRows(
           '',
           ['hour', '$1::timestamptz', '$2::timestamptz'],
           ['day', '$2::timestamptz', '$3::timestamptz'],
           ['hour', '$3::timestamptz', '$4::timestamptz'],
         )}) r
         group by r.check_id
       ) r`,
      [from, daysFrom, daysTo, to],
    );
    written += rowCount;
  }
  return written;
}
