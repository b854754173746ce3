/**
 * The query of GET /api/canary/api/summary, read and checked once, and the plan of which table
 * answers which part of the range: raw check_statuses for an hour or less, rollup buckets the
 * rollup job has closed (check_status_rollups) plus raw statuses at the edges for longer ones.
 */
import { HttpError } from '../../http/errors.js';
import type { CheckHealth } from './types.js';
import { UUID } from '../../lib/uuid.js';

export interface SummaryQuery {
  from: Date;
  to: Date;
  checkId?: string;
  canaryId?: string;
  agentId?: string;
  status?: CheckHealth;
  /** Deleted checks (and checks of deleted canaries) are left out unless this is set. */
  includeDeleted: boolean;
}

/**
 * Raw statuses answer the whole range; or, for a range longer than an hour, the rollups answer
 * what whole closed buckets cover: day rows [daysFrom, daysTo), hour rows [hoursFrom, daysFrom)
 * and [daysTo, hoursTo), and raw statuses the edges [from, hoursFrom) and [hoursTo, to].
 */
export type RangePlan =
  { kind: 'raw' } | { kind: 'rollup'; hoursFrom: Date; daysFrom: Date; daysTo: Date; hoursTo: Date };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Ranges up to this long read raw statuses (the (check_id, time) index makes them cheap). */
export const RAW_RANGE_LIMIT_MS = HOUR;

// An ISO 8601 date or date-time (Date.parse alone accepts things like 'Tuesday 3').
const ISO_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const RELATIVE = /^(?:now-)?(\d+)(ms|s|m|h|d|w|mo|M|y)$/;

export const START_MESSAGE = 'start must be a duration like 1h or an ISO time';
export const END_MESSAGE = 'end must be an ISO time';

/** `months` calendar months before `time`, on the last day of a shorter month (31 March → 29 Feb). */
function monthsBefore(time: Date, months: number): Date {
  const at = new Date(time);
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, lastDay));
  return at;
}

/** now minus a relative duration ('15m', '2d', '1mo', also 'now-1h'); undefined when it is none. */
export function relativeStart(text: string, now: Date): Date | undefined {
  const match = RELATIVE.exec(text);
  if (!match) return undefined;
  const amount = Number(match[1]);
  const unit = match[2]!;
  if (unit === 'mo' || unit === 'M') return monthsBefore(now, amount);
  if (unit === 'y') return monthsBefore(now, 12 * amount);
  const ms = { ms: 1, s: SECOND, m: MINUTE, h: HOUR, d: DAY, w: 7 * DAY }[unit as 'ms'];
  return new Date(now.getTime() - amount * ms);
}

export function isoTime(text: string): Date | undefined {
  if (!ISO_TIME.test(text)) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time);
}

type Params = Record<string, unknown>;

function single(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `${name} may be given once`);
  return value;
}

function uuid(params: Params, name: string): string | undefined {
  const value = single(params, name);
  if (value !== undefined && !UUID.test(value)) throw new HttpError(400, `${name} must be a UUID`);
  return value;
}

/** Reads the summary's query string; HttpError 400 with a readable message for a bad value. */
export function readSummaryQuery(params: Params, now: Date = new Date()): SummaryQuery {
  const endText = single(params, 'end');
  const to = endText === undefined || endText === 'now' ? now : isoTime(endText);
  if (!to) throw new HttpError(400, END_MESSAGE);
  const startText = single(params, 'start') ?? '1h';
  const from = relativeStart(startText, now) ?? isoTime(startText);
  if (!from) throw new HttpError(400, START_MESSAGE);
  if (from.getTime() >= to.getTime()) throw new HttpError(400, 'start must be before end');

  const status = single(params, 'status');
  if (status !== undefined && status !== 'healthy' && status !== 'unhealthy')
    throw new HttpError(400, 'status must be healthy or unhealthy');
  const includeDeleted = single(params, 'include_deleted');
  if (includeDeleted !== undefined && includeDeleted !== 'true' && includeDeleted !== 'false')
    throw new HttpError(400, 'include_deleted must be true or false');

  const query: SummaryQuery = { from, to, includeDeleted: includeDeleted === 'true' };
  const checkId = uuid(params, 'check_id');
  const canaryId = uuid(params, 'canary_id');
  const agentId = uuid(params, 'agent_id');
  if (checkId) query.checkId = checkId;
  if (canaryId) query.canaryId = canaryId;
  if (agentId) query.agentId = agentId;
  if (status) query.status = status;
  return query;
}

const floorTo = (time: number, unit: number) => Math.floor(time / unit) * unit;
const ceilTo = (time: number, unit: number) => Math.ceil(time / unit) * unit;

/**
 * Which rows answer which part of [from, to] (UTC hours and days). Only buckets the rollup job
 * has closed count: hours that ended by the hour of `rolledUntil` (where its last pass got to;
 * null: it never ran, and raw statuses answer everything) and days that ended by then. That pass
 * recomputed every hour since the one its previous pass ran in, so those hours are whole; the
 * hour it ran in, and the open hour, have rows the runner's counts keep up with but whose
 * percentiles are stale or missing. Everything from that edge on is read raw: with the job
 * every 10 minutes, about an hour at most.
 */
export function planRange(from: Date, to: Date, now: Date, rolledUntil: Date | null): RangePlan {
  if (to.getTime() - from.getTime() <= RAW_RANGE_LIMIT_MS || !rolledUntil) return { kind: 'raw' };
  const closed = Math.min(to.getTime(), now.getTime(), rolledUntil.getTime());
  const hoursFrom = ceilTo(from.getTime(), HOUR);
  const hoursTo = floorTo(closed, HOUR);
  if (hoursFrom >= hoursTo) return { kind: 'raw' };
  let daysFrom = ceilTo(from.getTime(), DAY);
  let daysTo = floorTo(closed, DAY);
  if (daysFrom >= daysTo) daysFrom = daysTo = hoursTo;
  const at = (time: number) => new Date(time);
  return {
    kind: 'rollup',
    hoursFrom: at(hoursFrom),
    daysFrom: at(daysFrom),
    daysTo: at(daysTo),
    hoursTo: at(hoursTo),
  };
}
