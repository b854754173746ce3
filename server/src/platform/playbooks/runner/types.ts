/** The rows and shapes the runner reads (migrations 0007 and 0024). */

export type RunStatus =
  | 'pending'
  | 'scheduled'
  | 'running'
  | 'pending_approval'
  | 'waiting'
  | 'sleeping'
  | 'completed'
  | 'failed'
  | 'cancelled'
  | 'timed_out'
  | 'skipped';

export type ActionStatus =
  | 'pending'
  | 'scheduled'
  | 'running'
  | 'waiting'
  | 'sleeping'
  | 'completed'
  | 'failed'
  | 'cancelled'
  | 'skipped'
  | 'timed_out';

/** A run that has ended: nothing more happens to it. */
export const FINAL_RUN_STATUSES: readonly RunStatus[] = [
  'completed',
  'failed',
  'cancelled',
  'timed_out',
  'skipped',
];
export const FINAL_ACTION_STATUSES: readonly ActionStatus[] = [
  'completed',
  'failed',
  'cancelled',
  'skipped',
  'timed_out',
];

export interface RetrySpec {
  limit?: number;
  duration?: string;
  jitter?: number;
  exponent?: { multiplier?: number };
}

/** One entry of `spec.actions`: its controls and one kind body (exec, http, ...). */
export interface ActionSpec {
  name: string;
  delay?: string;
  timeout?: string;
  retry?: RetrySpec;
  if?: string;
  [kind: string]: unknown;
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: Record<string, unknown>;
}

export interface PlaybookSpec {
  title?: string;
  timeout?: string;
  env?: EnvVar[];
  actions?: ActionSpec[];
  filters?: string[];
  approval?: { type?: 'any' | 'all'; approvers?: { people?: string[]; teams?: string[] } };
  on?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface RunRow {
  id: string;
  playbook_id: string;
  status: RunStatus;
  spec: PlaybookSpec | null;
  parameters: Record<string, unknown> | null;
  config_id: string | null;
  component_id: string | null;
  check_id: string | null;
  created_by: string | null;
  trigger: string;
  /** The webhook request that started the run (headers without credentials, body). */
  request: Record<string, unknown> | null;
  scheduled_time: Date;
  start_time: Date | null;
  end_time: Date | null;
  timeout_at: Date | null;
  claimed_by: string | null;
  created_at: Date;
}

export interface ActionRow {
  id: string;
  playbook_run_id: string;
  name: string;
  status: ActionStatus;
  scheduled_time: Date;
  start_time: Date | null;
  end_time: Date | null;
  result: Record<string, unknown> | null;
  error: string | null;
  retry_count: number;
  claimed_by: string | null;
}

export const RUN_COLUMNS = `id, playbook_id, status, spec, parameters, config_id, component_id, check_id,
  created_by, trigger, request, scheduled_time, start_time, end_time, timeout_at, claimed_by, created_at`;
export const ACTION_COLUMNS = `id, playbook_run_id, name, status, scheduled_time, start_time, end_time,
  result, error, retry_count, claimed_by`;
