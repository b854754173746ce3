import { CODE_VIEWER_HEIGHTS, type CodeViewerHeight } from '../CodeViewer/index.js';

/** An empty editor still offers a few lines to type in. */
export const EDITOR_MIN_HEIGHT = '6rem';
/** CodeMirror's line height (1.4) at the editor's font size (small). */
const LINE_HEIGHT = 'calc(1.4 * var(--pf-t--global--font--size--sm))';
/** The content's top and bottom padding and the border. */
const CHROME = '10px';

/**
 * The height the editor takes for this many lines: what the skeleton shown while CodeMirror
 * loads must take too, or the form under it moves as the editor arrives and a click aimed
 * below lands on something else.
 */
export function editorHeight(height: CodeViewerHeight, lines: number): string {
  const most = CODE_VIEWER_HEIGHTS[height];
  if (height === 'full') return most;
  return `min(max(${EDITOR_MIN_HEIGHT}, calc(${lines} * ${LINE_HEIGHT} + ${CHROME})), ${most})`;
}

/** How many lines the editor shows: the value's, or, while the value is empty, its hint's. */
export const shownLines = (value: string, placeholder: string | undefined): number =>
  (value === '' && placeholder ? placeholder : value).split('\n').length;
