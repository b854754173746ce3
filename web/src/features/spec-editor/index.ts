// The spec editor: the page and add dialog of Topology, the page and add
// dialog of any kind described as a ResourceKind (the playbooks area's spec form), and the
// parts every spec editor is built from (name fields, labels, the save to the database or the
// cluster, the page around an editor). Other areas build their editors from these.
export { TopologyPage, ResourcePage, resourcePageOf } from './ResourcePage.js';
export type { ResourcePageOptions } from './ResourcePage.js';
export { AddTopologyModal, AddResourceModal } from './AddResourceModal.js';
export { RESOURCE_KINDS } from './resource-kinds.js';
export type { ResourceKind } from './resource-kinds.js';
export { AddSpecModal, useOpenSaved } from './AddSpecModal.js';
export type { AddSpecModalProps } from './AddSpecModal.js';
export { SpecForm } from './SpecForm.js';
export type { SpecFormProps } from './SpecForm.js';
export { PLAIN_MESSAGES, useSpecForm } from './use-spec-form.js';
export type { SpecFormOptions, SpecFormState, SpecMessages } from './use-spec-form.js';
export { EditorActions } from './EditorActions.js';
export { NameFields } from './NameFields.js';
export { useNameFields } from './use-name-fields.js';
export { LabelsField } from './LabelsField.js';
export { labelsToText, parseLabels } from './labels.js';
export { describeKindFields, kindFields } from './schema-hints.js';
export { SpecPageContent } from './SpecPageContent.js';
export { useSpecPage } from './use-spec-page.js';
export { useRowSave } from './use-row-save.js';
// The spec's text and its check against the kind's schema live with the shared spec editor.
export {
  DeleteAction,
  specFromYaml,
  specToYaml,
  useSpecValidation,
  VALIDATE_DEBOUNCE_MS,
} from '../../components/SpecResource/index.js';
export type { SpecText } from '../../components/SpecResource/index.js';
export { changedValues, createRow, deleteRow, getRow, rowKey, updateRow } from './rows-api.js';
export type { SpecRow } from './rows-api.js';
export { CRD_SOURCE, deleteClusterObject } from './cluster/cluster-api.js';
export type { KubeObject } from './cluster/cluster-api.js';
export { useSaveTarget } from './cluster/use-save-target.js';
export type { ClusterSavedState } from './cluster/use-cluster-editing.js';
export {
  currentSpec,
  FIELD_MESSAGES,
  formActive,
  formFields,
  formShapeOf,
  HEADER_ROWS,
  HTTP_METHODS,
  initialValues,
  initSpecState,
  KindForm,
  KindSpecEditor,
  newEntry,
  readValues,
  SCHEDULES,
  selectTab,
  validateValues,
  visibleFields,
  writeValues,
} from './kind-form/index.js';
export type {
  FieldDef,
  FieldErrors,
  FieldType,
  FieldValue,
  FormValues,
  KindFormProps,
  KindForms,
  KindSpecEditorProps,
  Row,
  RowColumn,
  SpecState,
  SpecTab,
} from './kind-form/index.js';
