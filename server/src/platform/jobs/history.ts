import os from 'node:os';
import type { Queryable } from '../db/db.js';

export type JobStatus = 'SUCCESS' | 'WARNING' | 'FAILED' | 'STOPPED';

/** One run of a job, as the job history pages show it (spec 3 §3, Job history record). */
export interface JobRecord {
  /** The job's name, e.g. 'CanaryRun', 'SessionPurge'. */
  name: string;
  /** The resource the job worked on, when it worked on one. */
  resource?: { type: string; id: string; name?: string };
  status: JobStatus;
  started: Date;
  ended: Date;
  successCount?: number;
  errorCount?: number;
  /** Why it failed or warned, one reason each; stored as details.errors. */
  errors?: string[];
  /** More details (a summary, counts); `errors` is added to them. */
  details?: Record<string, unknown>;
  /** The agent it ran for, when not the console itself. */
  agentId?: string | null;
  /** The replica that ran it (default: this machine's host name). */
  hostname?: string;
}

/** Writes one job_histories row. */
export async function recordJob(db: Queryable, run: JobRecord): Promise<void> {
  const details = { ...run.details, ...(run.errors?.length ? { errors: run.errors } : {}) };
  await db.query(
    `insert into job_histories (name, resource_type, resource_id, resource_name, status, hostname, agent_id,
       time_start, time_end, duration_millis, success_count, error_count, details, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $8)`,
    [
      run.name,
      run.resource?.type ?? null,
      run.resource?.id ?? null,
      run.resource?.name ?? null,
      run.status,
      run.hostname ?? os.hostname(),
      run.agentId ?? null,
      run.started.toISOString(),
      run.ended.toISOString(),
      Math.max(0, run.ended.getTime() - run.started.getTime()),
      run.successCount ?? 0,
      run.errorCount ?? 0,
      JSON.stringify(details),
    ],
  );
}

/** When a job last started (its latest job_histories row), to carry its schedule across restarts. */
export async function lastStartOf(db: Queryable, name: string): Promise<Date | undefined> {
  const { rows } = await db.query<{ time_start: Date }>(
    `select time_start from job_histories where name = $1 order by time_start desc limit 1`,
    [name],
  );
  return rows[0]?.time_start;
}
