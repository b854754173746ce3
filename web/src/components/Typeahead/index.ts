export { TypeaheadSelect, type TypeaheadSelectProps } from './TypeaheadSelect.js';
export { useTypeahead, type UseTypeaheadOptions } from './use-typeahead.js';
