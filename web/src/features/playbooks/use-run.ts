// The run page's data, polled until it ends (spec 3 §4, §9): the run every 2 s, the selected
// action every 1 s.
import useSWR from 'swr';
import { dbError, useDbQuery, type ApiError } from '../../api/index.js';
import {
  actionKey,
  getAction,
  getRun,
  getRunNames,
  runKey,
  runNamesKey,
  type RunNames,
} from './playbooks-api.js';
import { hasEnded } from './RunStatusLabel.js';
import type { ActionStatus, RunAction, RunDetail } from './types.js';

/** Spec 3 §9: the run detail polls every 2 s, a selected action every 1 s, until they end. */
export const RUN_POLL_MS = 2_000;
export const ACTION_POLL_MS = 1_000;

export function useRun(id: string) {
  return useSWR<RunDetail, ApiError>(runKey(id), () => getRun(id), {
    refreshInterval: (run) => (hasEnded(run?.status) ? 0 : RUN_POLL_MS),
  });
}

export function useRunNames(id: string) {
  return useDbQuery<RunNames | null>(runNamesKey(id), () => getRunNames(id), { revalidateOnFocus: false });
}

/**
 * The selected action with its result. The run's poll tells what became of it (`status`): a new
 * status reads the action again, and it is polled itself until it, or the run, has ended.
 */
export function useRunAction(id: string | undefined, status: ActionStatus | undefined, runEnded: boolean) {
  const key = id ? `${actionKey(id)}&status=${status ?? ''}` : null;
  return useSWR<RunAction | null, ApiError>(
    key,
    async () => {
      const result = await getAction(id!);
      if (result.error) throw dbError(result.error, result.status);
      return result.data;
    },
    {
      keepPreviousData: true,
      refreshInterval: (action) => (runEnded || hasEnded(action?.status) ? 0 : ACTION_POLL_MS),
    },
  );
}
