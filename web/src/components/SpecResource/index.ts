// The shared pieces of a spec resource's screens (spec 3 §2.3, generic resources): a confirmed
// delete, and the spec's text and schema check the editors are built from.
export { DeleteAction } from './DeleteAction.js';
export type { DeleteActionProps } from './DeleteAction.js';
export { specFromYaml, specToYaml } from './spec-text.js';
export type { SpecText } from './spec-text.js';
export { useSpecValidation, VALIDATE_DEBOUNCE_MS } from './use-spec-validation.js';
export type { SpecValidation, SpecValidator } from './use-spec-validation.js';
