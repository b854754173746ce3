// Spec forms: the fields of one entry of a kind (and of the spec) as a Form beside the YAML Code.
export { HEADER_ROWS, HTTP_METHODS, SCHEDULES } from './fields.js';
export type { FieldDef, FieldType, FieldValue, FormValues, KindForms, Row, RowColumn } from './fields.js';
export {
  FIELD_MESSAGES,
  initialValues,
  readValues,
  validateValues,
  visibleFields,
  writeValues,
} from './values.js';
export type { FieldErrors } from './values.js';
export {
  currentSpec,
  formActive,
  formFields,
  formShapeOf,
  initSpecState,
  newEntry,
  selectTab,
} from './spec-state.js';
export type { SpecState, SpecTab } from './spec-state.js';
export { KindForm } from './KindForm.js';
export type { KindFormProps } from './KindForm.js';
export { KindSpecEditor } from './KindSpecEditor.js';
export type { KindSpecEditorProps } from './KindSpecEditor.js';
