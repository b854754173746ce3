export { FilterSelect, type FilterSelectOption, type FilterSelectProps } from './FilterSelect.js';
