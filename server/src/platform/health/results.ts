import type { Queryable } from '../db/db.js';
import { recordJob, type JobStatus } from '../jobs/history.js';
import type { CheckResult } from './types.js';

/**
 * Stores one run's result in one statement (so one transaction): the check_statuses row, the
 * check's latest status, run times and last transition, and its hour's rollup counts and last
 * pass or failure.
 * A result older than the check's latest one (a slow run finishing after a faster one) is kept
 * in the history but does not overwrite the check's latest status.
 */
export async function recordResult(
  db: Queryable,
  checkId: string,
  result: CheckResult,
  nextRuntime: Date | null,
): Promise<void> {
  await db.query(
    `with s as (
       insert into check_statuses (check_id, time, status, duration, message, error, detail)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (check_id, time) do nothing
       returning check_id, time, status, duration
     ), c as (
       update checks set
         last_transition_time = case when status is distinct from $8 then $2 else last_transition_time end,
         status = $8,
         last_runtime = $2,
         next_runtime = coalesce($9, next_runtime)
       where id = $1 and (last_runtime is null or last_runtime <= $2)
       returning id
     )
     insert into check_status_rollups
       (check_id, granularity, bucket, passed, failed, count, duration_sum, duration_max, last_pass, last_fail)
     select check_id, 'hour', date_trunc('hour', time, 'UTC'), status::int, (not status)::int, 1, duration, duration,
       case when status then time end, case when not status then time end
     from s
     on conflict (check_id, granularity, bucket) do update set
       passed = check_status_rollups.passed + excluded.passed,
       failed = check_status_rollups.failed + excluded.failed,
       count = check_status_rollups.count + 1,
       duration_sum = check_status_rollups.duration_sum + excluded.duration_sum,
       duration_max = greatest(check_status_rollups.duration_max, excluded.duration_max),
       last_pass = greatest(check_status_rollups.last_pass, excluded.last_pass),
       last_fail = greatest(check_status_rollups.last_fail, excluded.last_fail)`,
    [
      checkId,
      result.time,
      result.status,
      result.duration,
      result.message,
      result.error,
      result.detail ? JSON.stringify(result.detail) : null,
      result.status ? 'healthy' : 'unhealthy',
      nextRuntime?.toISOString() ?? null,
    ],
  );
}

/** The check's latest stored result, if it has one. */
export async function latestResult(db: Queryable, checkId: string): Promise<CheckResult | undefined> {
  const { rows } = await db.query<{
    time: Date;
    duration: number | null;
    status: boolean;
    message: string | null;
    error: string | null;
    detail: Record<string, unknown> | null;
  }>(
    `select time, duration, status, message, error, detail from check_statuses
      where check_id = $1 order by time desc limit 1`,
    [checkId],
  );
  const row = rows[0];
  return row && { ...row, time: new Date(row.time).toISOString(), duration: row.duration ?? 0 };
}

export interface CanaryRun {
  canaryId: string;
  /** namespace/name, as job history shows resources */
  canaryName: string;
  agentId: string;
  started: Date;
  ended: Date;
  successCount: number;
  errorCount: number;
  /** 'check name: reason' per failed check, or why the canary could not run */
  errors: string[];
  /** set when the canary itself failed (e.g. its schedule cannot be read) */
  failed?: boolean;
}

/** SUCCESS when every check passed, WARNING when some failed, FAILED when all did (or the canary failed). */
export function jobStatusOf(run: Pick<CanaryRun, 'successCount' | 'errorCount' | 'failed'>): JobStatus {
  if (run.failed || (run.errorCount > 0 && run.successCount === 0)) return 'FAILED';
  return run.errorCount > 0 ? 'WARNING' : 'SUCCESS';
}

/** One job_histories row (name 'CanaryRun') per canary run. */
export async function recordCanaryRun(db: Queryable, run: CanaryRun): Promise<void> {
  await recordJob(db, {
    name: 'CanaryRun',
    resource: { type: 'canary', id: run.canaryId, name: run.canaryName },
    status: jobStatusOf(run),
    agentId: run.agentId,
    started: run.started,
    ended: run.ended,
    successCount: run.successCount,
    errorCount: run.errorCount,
    errors: run.errors,
  });
}
