export {
  CODE_VIEWER_HEIGHTS,
  CodeViewer,
  sortKeysDeep,
  toCodeText,
  type CodeLanguage,
  type CodeViewerHeight,
  type CodeViewerProps,
} from './CodeViewer.js';
