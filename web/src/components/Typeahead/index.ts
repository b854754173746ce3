export { TypeaheadSelect, type TypeaheadSelectProps } from './TypeaheadSelect.js';
