import { useEffect, useRef } from 'react';
import useSWR, { type SWRConfiguration } from 'swr';
import { apiJson, useDbQuery, type ApiError } from '../../../api/index.js';
import {
  getCheck,
  checkKey,
  listRelatedComponents,
  listRelatedConfigs,
  relatedComponentsKey,
  relatedConfigsKey,
  summaryPath,
  type CheckRow,
  type CheckSummary,
  type HealthSummaryResponse,
  type RelatedComponent,
  type RelatedConfig,
} from './check-api.js';

// The drawer follows its refresh counter, not the window's focus.
const QUIET: SWRConfiguration = { revalidateOnFocus: false, keepPreviousData: true };

/**
 * The check's figures over the range from /api/canary/api/summary. A newer request (or closing
 * the drawer) aborts the one in flight.
 */
function useCheckSummary(checkId: string, timeRange: string) {
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);
  return useSWR<HealthSummaryResponse, ApiError>(
    summaryPath(checkId, timeRange),
    (path: string) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      return apiJson<HealthSummaryResponse>(path, { signal: controller.signal });
    },
    QUIET,
  );
}

export interface CheckData {
  check: CheckRow | null | undefined;
  summary: CheckSummary | undefined;
  configs: RelatedConfig[];
  components: RelatedComponent[];
  isLoading: boolean;
  summaryLoading: boolean;
  /** The check could not be loaded: nothing to show. */
  checkError: ApiError | undefined;
  /** The figures could not be loaded: the rest still shows. */
  summaryError: ApiError | undefined;
  relationsLoading: boolean;
  relationsError: ApiError | undefined;
  /** Loads everything again. */
  refresh: () => void;
}

/** Everything the drawer shows besides the history and the chart, reloaded when `version` changes. */
export function useCheckData(checkId: string, timeRange: string, version: number): CheckData {
  const summary = useCheckSummary(checkId, timeRange);
  const check = useDbQuery<CheckRow | null>(checkKey(checkId), () => getCheck(checkId), QUIET);
  const configs = useDbQuery<RelatedConfig[]>(
    relatedConfigsKey(checkId),
    () => listRelatedConfigs(checkId),
    QUIET,
  );
  const components = useDbQuery<RelatedComponent[]>(
    relatedComponentsKey(checkId),
    () => listRelatedComponents(checkId),
    QUIET,
  );

  const reloads = [summary.mutate, check.mutate, configs.mutate, components.mutate];
  const refresh = () => reloads.forEach((reload) => void reload());
  const latestRefresh = useRef(refresh);
  latestRefresh.current = refresh;
  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    latestRefresh.current();
  }, [version]);

  return {
    check: check.data,
    summary: summary.data?.checks_summary.find((row) => row.id === checkId),
    configs: configs.data ?? [],
    components: components.data ?? [],
    isLoading: check.isLoading,
    summaryLoading: summary.isLoading,
    checkError: check.error,
    summaryError: summary.error,
    relationsLoading: configs.isLoading || components.isLoading,
    relationsError: configs.error ?? components.error,
    refresh,
  };
}
