/**
 * The playbooks' /api/db write rules: runs, their actions and approvals are written by the
 * server only. A run starts through POST /api/playbook/run (which checks the resource, the
 * parameters and who asks), is approved and cancelled through its own calls, and moves on in the
 * runner; an insert or change through /api/db would skip all of that. Deleting a run (history
 * clean-up) stays open to those who may write runs.
 */
import { RestError } from '../rest/errors.js';
import type { WriteRequest, WriteRules } from '../rest/write-rules.js';

export const RUN_WRITE_REFUSAL =
  'Playbook runs start through POST /api/playbook/run and change through its approve and cancel calls';
export const ACTION_WRITE_REFUSAL = 'Playbook run actions are written by the playbook runner only';
export const APPROVAL_WRITE_REFUSAL =
  'Playbook runs are approved through POST /api/playbook/run/approve/{id}';

const refuse = (message: string) => new RestError(405, 'PGRST405', message);

export const playbookWriteRules: WriteRules = {
  playbook_runs: {
    validate({ method }: WriteRequest) {
      if (method !== 'DELETE') throw refuse(RUN_WRITE_REFUSAL);
    },
  },
  playbook_run_actions: {
    validate() {
      throw refuse(ACTION_WRITE_REFUSAL);
    },
  },
  playbook_approvals: {
    validate() {
      throw refuse(APPROVAL_WRITE_REFUSAL);
    },
  },
};
