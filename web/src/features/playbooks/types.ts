/**
 * The playbooks area's shapes as /api/db and /api/playbook answer them (spec 3 §3): playbooks,
 * runs and their actions, with the statuses of spec 3 §4 and the runner's (pending_approval,
 * timed_out).
 */

import type { PlaybookParameter } from '../../../../common/playbook-params.js';
import type { ActionColumns, PlaybookColumns, RunColumns } from '../../../../common/playbooks.js';

export type { PlaybookParameter };
export { RUN_STATUSES, type ActionStatus, type RunStatus } from '../../../../common/playbooks.js';

export interface PlaybookSpec {
  title?: string;
  description?: string;
  category?: string;
  icon?: string;
  parameters?: PlaybookParameter[];
  [field: string]: unknown;
}

export interface Playbook extends PlaybookColumns<PlaybookSpec> {
  source: string;
  created_by: string | null;
  created_at: string;
  updated_at: string | null;
  deleted_at: string | null;
}

/** What a run shows of its playbook. */
export type PlaybookRef = Pick<Playbook, 'id' | 'name' | 'title' | 'icon'>;

export interface PersonRef {
  id: string;
  name: string;
  avatar: string | null;
}

/** A resource a run ran against, by name. */
export interface ResourceRef {
  id: string;
  name: string;
  type?: string | null;
}

export interface PlaybookRun extends RunColumns<string> {
  parent_id?: string | null;
  /** An agent's id for a run the agent made and reported here (read-only here); else the local agent or none. */
  agent_id?: string | null;
  scheduled_time: string | null;
  error: string | null;
  /** What started it: manual, webhook, schedule, or the event's name (check.failed, ...). */
  trigger?: string | null;
}

/** A row of the runs list: the run with its playbook, resource and starter embedded. */
export interface RunListRow extends PlaybookRun {
  playbook: PlaybookRef | null;
  creator: PersonRef | null;
  component: ResourceRef | null;
  config: ResourceRef | null;
  check: ResourceRef | null;
}

/** What an action leaves behind: its output and whatever else the action kind reports. */
export interface ActionResult {
  stdout?: string;
  stderr?: string;
  logs?: string;
  [field: string]: unknown;
}

export interface RunAction extends ActionColumns<string> {
  playbook_run_id?: string;
  scheduled_time: string | null;
  result?: ActionResult | null;
}

/** GET /api/playbook/run/{id}: the run with its actions (without their results). */
export interface RunDetail extends PlaybookRun {
  actions: RunAction[];
  /** The run's playbook, when the platform embeds it. */
  playbook?: PlaybookRef | null;
}
