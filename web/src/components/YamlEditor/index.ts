export { YamlEditor, type YamlEditorProps } from './YamlEditor.js';
export {
  describeDiagnostic,
  isPlainObject,
  offsetOf,
  parseJson,
  parseYaml,
  positionOf,
  type EditorDiagnostic,
  type ParseResult,
} from './diagnostics.js';
