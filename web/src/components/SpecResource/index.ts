// The shared pieces of a spec resource's screens (spec 3 §2.3, generic resources): its page with
// tabs, its YAML spec editor, its name-and-spec dialog, a confirmed delete, and the spec's text and
// schema check they are built from.
export { SpecResourcePage } from './SpecResourcePage.js';
export type {
  SpecResourcePageProps,
  SpecResourceQuery,
  SpecResourceRow,
  SpecResourceTab,
} from './SpecResourcePage.js';
export { SPEC_LABEL, SpecEditor } from './SpecEditor.js';
export type { SpecEditorDeletion, SpecEditorProps, SpecKind } from './SpecEditor.js';
export { NameSpecModal } from './NameSpecModal.js';
export type { NameSpecModalProps, NameSpecValues } from './NameSpecModal.js';
export { DeleteAction } from './DeleteAction.js';
export type { DeleteActionProps } from './DeleteAction.js';
export { useDeleteResource } from './use-delete-resource.js';
export type { ResourceDeletion } from './use-delete-resource.js';
export { specFromYaml, specToYaml } from './spec-text.js';
export type { SpecText } from './spec-text.js';
export { useSpecValidation, VALIDATE_DEBOUNCE_MS } from './use-spec-validation.js';
export type { SpecValidation, SpecValidator } from './use-spec-validation.js';
