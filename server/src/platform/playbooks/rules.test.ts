import { RestError } from '../rest/errors.js';
import {
  ACTION_WRITE_REFUSAL,
  APPROVAL_WRITE_REFUSAL,
  playbookWriteRules,
  RUN_WRITE_REFUSAL,
} from './rules.js';

const refusalOf = (relation: string, method: 'POST' | 'PATCH' | 'DELETE') => {
  try {
    void playbookWriteRules[relation]!.validate!({ relation, method, rows: [{}] });
  } catch (error) {
    if (error instanceof RestError) return { status: error.status, message: error.message };
    throw error;
  }
  return null;
};

describe('the playbooks write rules', () => {
  it('refuse inserting or changing runs through /api/db, and allow deleting them', () => {
    expect(refusalOf('playbook_runs', 'POST')).toEqual({ status: 405, message: RUN_WRITE_REFUSAL });
    expect(refusalOf('playbook_runs', 'PATCH')).toEqual({ status: 405, message: RUN_WRITE_REFUSAL });
    expect(refusalOf('playbook_runs', 'DELETE')).toBeNull();
  });

  it('refuse every write of run actions and approvals', () => {
    for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
      expect(refusalOf('playbook_run_actions', method)).toEqual({
        status: 405,
        message: ACTION_WRITE_REFUSAL,
      });
      expect(refusalOf('playbook_approvals', method)).toEqual({
        status: 405,
        message: APPROVAL_WRITE_REFUSAL,
      });
    }
  });
});
