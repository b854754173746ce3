/** The playbooks area's fixtures for its page tests: rows as /api/db and /api/playbook answer them. */
import type { Playbook, RunAction, RunDetail, RunListRow } from './types.js';

export const RUN_ID = '11111111-1111-4111-8111-111111111111';
export const PLAYBOOK_ID = '22222222-2222-4222-8222-222222222222';

/** A playbook saved from the console; `patch` sets what a test needs. */
export function playbookRow(patch: Partial<Playbook> = {}): Playbook {
  return {
    id: PLAYBOOK_ID,
    name: 'restart',
    namespace: 'default',
    title: 'Restart',
    icon: null,
    description: null,
    category: null,
    source: 'UI',
    spec: {},
    created_by: 'u1',
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    deleted_at: null,
    ...patch,
  };
}

/** Moments before one `now`, so the minutes between two of them are whole. */
const minutesBefore = (now: number) => (minutes: number) => new Date(now - minutes * 60_000).toISOString();

/** A run as GET /api/playbook/run/{id} answers it: completed a minute ago, no actions. */
export function runDetail(patch: Partial<RunDetail> = {}): RunDetail {
  const minutesAgo = minutesBefore(Date.now());
  return {
    id: RUN_ID,
    playbook_id: PLAYBOOK_ID,
    status: 'completed',
    parameters: { namespace: 'shop', replicas: 2 },
    component_id: null,
    config_id: null,
    check_id: 'c1',
    scheduled_time: minutesAgo(3),
    start_time: minutesAgo(2),
    end_time: minutesAgo(1),
    error: null,
    trigger: 'manual',
    created_by: 'u1',
    created_at: minutesAgo(3),
    actions: [],
    ...patch,
  };
}

/** An action of the run, completed, no result; `patch` sets what a test needs. */
export function actionRow(patch: Partial<RunAction> & Pick<RunAction, 'id' | 'name'>): RunAction {
  const minutesAgo = minutesBefore(Date.now());
  return {
    playbook_run_id: RUN_ID,
    status: 'completed',
    scheduled_time: minutesAgo(2),
    start_time: minutesAgo(2),
    end_time: minutesAgo(1),
    error: null,
    result: null,
    ...patch,
  };
}

/** A row of the runs list, its playbook, check and starter embedded. */
export function runListRow(patch: Partial<RunListRow> = {}): RunListRow {
  const { actions: _actions, ...run } = runDetail();
  return {
    ...run,
    playbook: { id: PLAYBOOK_ID, name: 'restart', title: 'Restart', icon: null },
    creator: { id: 'u1', name: 'Jane Doe', avatar: null },
    component: null,
    config: null,
    check: { id: 'c1', name: 'api-health' },
    ...patch,
  };
}
