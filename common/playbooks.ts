/**
 * The playbooks area's statuses and rows both sides read (spec 3 §3, §4; migrations 0007 and
 * 0024): the runner moves runs and actions through these statuses, the UI shows them and stops
 * polling at the final ones. `Time` is a Date on the server and an ISO string in the browser.
 */

/** A run's statuses as the runs list filters them: spec 3 §4's and the runner's (pending_approval, timed_out). */
export const RUN_STATUSES = [
  'pending',
  'scheduled',
  'running',
  'pending_approval',
  'waiting',
  'sleeping',
  'completed',
  'failed',
  'cancelled',
  'timed_out',
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number] | 'skipped';

export const ACTION_STATUSES = [
  'pending',
  'scheduled',
  'running',
  'waiting',
  'sleeping',
  'completed',
  'failed',
  'cancelled',
  'skipped',
  'timed_out',
] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

/** A run or action that has ended: nothing more happens to it. */
export const FINAL_STATUSES = [
  'completed',
  'failed',
  'cancelled',
  'timed_out',
  'skipped',
] as const satisfies readonly (RunStatus | ActionStatus)[];
export const FINAL_RUN_STATUSES: readonly RunStatus[] = FINAL_STATUSES;
export const FINAL_ACTION_STATUSES: readonly ActionStatus[] = FINAL_STATUSES;

export const isFinalStatus = (status: RunStatus | ActionStatus | undefined): boolean =>
  status !== undefined && (FINAL_STATUSES as readonly string[]).includes(status);

/** A playbook's columns (table playbooks). */
export interface PlaybookColumns<Spec> {
  id: string;
  name: string;
  namespace: string;
  title: string | null;
  icon: string | null;
  description: string | null;
  category: string | null;
  spec: Spec;
}

/** The columns of a run (table playbook_runs) both sides read. */
export interface RunColumns<Time> {
  id: string;
  playbook_id: string;
  status: RunStatus;
  parameters: Record<string, unknown> | null;
  config_id: string | null;
  component_id: string | null;
  check_id: string | null;
  start_time: Time | null;
  end_time: Time | null;
  created_by: string | null;
  created_at: Time;
}

/** The columns of a run's action (table playbook_run_actions) both sides read. */
export interface ActionColumns<Time> {
  id: string;
  name: string;
  status: ActionStatus;
  start_time: Time | null;
  end_time: Time | null;
  error: string | null;
}
