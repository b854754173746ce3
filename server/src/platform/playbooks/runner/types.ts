/** The rows and shapes the runner reads (migrations 0007 and 0024). */

import type { ActionColumns, RunColumns } from '../../../../../common/playbooks.js';

export {
  FINAL_ACTION_STATUSES,
  FINAL_RUN_STATUSES,
  type ActionStatus,
  type RunStatus,
} from '../../../../../common/playbooks.js';

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
  /** The agents it may run on, by name or id (`local`: this console); else the playbook's. */
  runsOn?: string[];
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

export interface RunRow extends RunColumns<Date> {
  spec: PlaybookSpec | null;
  trigger: string;
  /** The webhook request that started the run (headers without credentials, body). */
  request: Record<string, unknown> | null;
  scheduled_time: Date;
  timeout_at: Date | null;
  claimed_by: string | null;
}

export interface ActionRow extends ActionColumns<Date> {
  playbook_run_id: string;
  scheduled_time: Date;
  result: Record<string, unknown> | null;
  retry_count: number;
  claimed_by: string | null;
}

export const RUN_COLUMNS = `id, playbook_id, status, spec, parameters, config_id, component_id, check_id,
  created_by, trigger, request, scheduled_time, start_time, end_time, timeout_at, claimed_by, created_at`;
export const ACTION_COLUMNS = `id, playbook_run_id, name, status, scheduled_time, start_time, end_time,
  result, error, retry_count, claimed_by`;
