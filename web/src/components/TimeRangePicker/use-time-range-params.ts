import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isSameTimeRange, timeRangeFromValues, type TimeRange } from '../../lib/time-range/index.js';

export interface TimeRangeParamNames {
  from: string;
  to: string;
}

export const DEFAULT_TIME_RANGE_PARAM_NAMES: TimeRangeParamNames = { from: 'from', to: 'to' };

export interface UseTimeRangeParamsOptions {
  /** Shown while the URL holds no (valid) range; choosing it again removes the params. */
  defaultRange?: TimeRange;
  paramNames?: TimeRangeParamNames;
}

/** Writes the range into the URL (replacing the entry); undefined removes it. */
export type SetTimeRange = (range: TimeRange | undefined) => void;

/**
 * The time range kept in the query as `from` and `to` (expressions or ISO timestamps), so a link
 * shares it; its type and display text are derived back from the two values.
 */
export function useTimeRangeParams(
  options: UseTimeRangeParamsOptions & { defaultRange: TimeRange },
): [TimeRange, SetTimeRange];
export function useTimeRangeParams(
  options?: UseTimeRangeParamsOptions,
): [TimeRange | undefined, SetTimeRange];
export function useTimeRangeParams({
  defaultRange,
  paramNames = DEFAULT_TIME_RANGE_PARAM_NAMES,
}: UseTimeRangeParamsOptions = {}): [TimeRange | undefined, SetTimeRange] {
  const [searchParams, setSearchParams] = useSearchParams();
  const { from: fromName, to: toName } = paramNames;
  const fromValue = searchParams.get(fromName);
  const toValue = searchParams.get(toName);

  const range = useMemo(
    () => timeRangeFromValues(fromValue, toValue) ?? defaultRange,
    [fromValue, toValue, defaultRange],
  );

  const setRange = useCallback<SetTimeRange>(
    (next) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (!next || isSameTimeRange(next, defaultRange)) {
            params.delete(fromName);
            params.delete(toName);
          } else {
            params.set(fromName, next.from);
            params.set(toName, next.to);
          }
          return params;
        },
        { replace: true },
      );
    },
    [setSearchParams, defaultRange, fromName, toName],
  );

  return [range, setRange];
}
