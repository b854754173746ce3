import type { JobHistoryRow } from './jobs-api.js';

/** A job run as /api/db/job_histories answers it, the fields overridden. */
export function jobRow(fields: Partial<JobHistoryRow> = {}): JobHistoryRow {
  const start = new Date(Date.now() - 5 * 60_000).toISOString();
  return {
    id: 'j1',
    name: 'CanaryRun',
    resource_type: 'canary',
    resource_id: 'c1',
    resource_name: 'api-health',
    status: 'FAILED',
    time_start: start,
    time_end: start,
    duration_millis: 1250,
    success_count: 0,
    error_count: 2,
    details: { errors: 'connection refused' },
    created_at: start,
    agent: { id: 'a1', name: 'eu-west' },
    ...fields,
  };
}
