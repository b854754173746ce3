export { AbsoluteRangeForm, type AbsoluteRangeFormProps } from './AbsoluteRangeForm.js';
export { TIME_RANGE_PLACEHOLDER, TimeRangePicker, type TimeRangePickerProps } from './TimeRangePicker.js';
export { UrlTimeRangePicker, type UrlTimeRangePickerProps } from './UrlTimeRangePicker.js';
export {
  DEFAULT_TIME_RANGE_PARAM_NAMES,
  useTimeRangeParams,
  type SetTimeRange,
  type TimeRangeParamNames,
  type UseTimeRangeParamsOptions,
} from './use-time-range-params.js';
