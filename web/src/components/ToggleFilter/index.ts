export {
  TOGGLE_SUMMARY_THRESHOLD,
  ToggleFilter,
  ToggleFilterGroup,
  nextToggle,
  summarizeToggles,
  type Toggle,
  type ToggleFilterGroupProps,
  type ToggleFilterItem,
  type ToggleFilterProps,
  type ToggleSummary,
} from './ToggleFilter.js';
export { TriStateFilter, type TriState, type TriStateFilterProps } from './TriStateFilter.js';
