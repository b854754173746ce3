import { TimeRangePicker, type TimeRangePickerProps } from './TimeRangePicker.js';
import { useTimeRangeParams, type UseTimeRangeParamsOptions } from './use-time-range-params.js';

export type UrlTimeRangePickerProps = Omit<TimeRangePickerProps, 'value' | 'onChange'> &
  UseTimeRangeParamsOptions;

/** The picker bound to the `from` and `to` query params (or the given names). */
export function UrlTimeRangePicker({ defaultRange, paramNames, ...props }: UrlTimeRangePickerProps) {
  const [range, setRange] = useTimeRangeParams({ defaultRange, paramNames });
  return <TimeRangePicker {...props} value={range} onChange={setRange} />;
}
