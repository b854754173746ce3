import { useCallback, useEffect, useRef } from 'react';
import useSWR from 'swr';
import { apiJson, useLivePollInterval, useLiveRevalidate, type ApiError } from '../../api/index.js';
import { CHECK_EVENTS } from './check-events.js';
import { summaryPath } from './first-load.js';
import type { HealthSummaryResponse } from './types.js';

const isAbort = (error: unknown) => (error as { name?: unknown } | null)?.name === 'AbortError';

export interface HealthSummary {
  data?: HealthSummaryResponse;
  /** The last failure; the last data stays in `data` meanwhile. */
  error?: ApiError;
  isLoading: boolean;
  isValidating: boolean;
  refresh: () => void;
}

/**
 * The checks summary over `timeRange`, polled every `refreshMs` (0: never), reloaded when a check
 * passes or fails, and polled anyway while the live stream is down. A request that a newer
 * one (a poll, a refresh, another range) overtakes is aborted, as is the one running on unmount.
 */
export function useHealthSummary(timeRange: string, refreshMs: number): HealthSummary {
  const running = useRef<AbortController | undefined>(undefined);
  const fetcher = useCallback(async (path: string) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    try {
      return await apiJson<HealthSummaryResponse>(path, { signal: controller.signal });
    } finally {
      if (running.current === controller) running.current = undefined;
    }
  }, []);
  useEffect(() => () => running.current?.abort(), []);
  const refreshInterval = useLivePollInterval(refreshMs);

  const { data, error, isLoading, isValidating, mutate } = useSWR<HealthSummaryResponse, ApiError>(
    summaryPath(timeRange),
    fetcher,
    {
      refreshInterval,
      // The previous range's checks stay on screen while the new range loads.
      keepPreviousData: true,
      shouldRetryOnError: (failure) => !isAbort(failure),
    },
  );
  useLiveRevalidate(CHECK_EVENTS, mutate);
  const refresh = useCallback(() => void mutate(), [mutate]);
  return {
    data,
    // An aborted request was overtaken on purpose: nothing to tell the user.
    error: isAbort(error) ? undefined : error,
    isLoading,
    isValidating,
    refresh,
  };
}
