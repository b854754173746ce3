import { lazy, Suspense, useId, useRef, type ReactNode } from 'react';
import { Button, HelperText, HelperTextItem, Skeleton } from '@patternfly/react-core';
import type { CodeViewerHeight } from '../CodeViewer/index.js';
import type { CodeEditorHandle } from './CodeEditor.js';
import { describeDiagnostic, type EditorDiagnostic } from './diagnostics.js';
import { editorHeight, shownLines } from './editor-size.js';

const CodeEditor = lazy(async () => ({ default: (await import('./CodeEditor.js')).CodeEditor }));

const NO_DIAGNOSTICS: readonly EditorDiagnostic[] = [];

export interface YamlEditorProps {
  value: string;
  onChange?: (value: string) => void;
  /** The accessible name of the editor. */
  'aria-label': string;
  /**
   * 'json' highlights with the YAML grammar (JSON is YAML); parse with parseJson. 'text' edits any
   * other language (SQL, a script) without highlighting. Default 'yaml'.
   */
  language?: 'yaml' | 'json' | 'text';
  readOnly?: boolean;
  /** Problems to mark at their lines and list under the editor. */
  diagnostics?: readonly EditorDiagnostic[];
  /** Default 'medium'. */
  height?: CodeViewerHeight;
  placeholder?: string;
  /** Shown under the problems, e.g. schema hints. */
  helperText?: ReactNode;
}

/**
 * A YAML (or JSON) code editor: CodeMirror, loaded on first use, with problems marked in the
 * gutter at their lines and listed under it ('Line 4: ...'); a problem in the list moves the
 * cursor to it. Tab is left to the page, so the editor never traps the keyboard.
 */
export function YamlEditor({
  value,
  onChange,
  'aria-label': ariaLabel,
  readOnly = false,
  diagnostics = NO_DIAGNOSTICS,
  height = 'medium',
  placeholder,
  helperText,
  language = 'yaml',
}: YamlEditorProps) {
  const problemsId = useId();
  const editor = useRef<CodeEditorHandle>(null);
  const sorted = [...diagnostics].sort((a, b) => a.line - b.line || (a.column ?? 0) - (b.column ?? 0));

  return (
    <div className="ops-yaml-editor">
      <Suspense
        fallback={
          <Skeleton
            screenreaderText={`Loading ${ariaLabel}`}
            height={editorHeight(height, shownLines(value, placeholder))}
          />
        }
      >
        <CodeEditor
          value={value}
          onChange={onChange}
          readOnly={readOnly}
          diagnostics={diagnostics}
          height={height}
          ariaLabel={ariaLabel}
          describedBy={sorted.length > 0 ? problemsId : undefined}
          placeholder={placeholder}
          handleRef={editor}
          language={language === 'text' ? 'text' : 'yaml'}
        />
      </Suspense>
      <div aria-live="polite">
        {sorted.length > 0 && (
          <HelperText
            id={problemsId}
            component="ul"
            className="pf-v6-u-mt-sm"
            aria-label={`Problems in ${ariaLabel}`}
          >
            {sorted.map((problem, index) => (
              <HelperTextItem
                key={`${problem.line}:${problem.column ?? 0}:${index}`}
                component="li"
                variant={problem.severity === 'warning' ? 'warning' : 'error'}
              >
                <Button
                  variant="link"
                  isInline
                  onClick={() => editor.current?.focusAt(problem.line, problem.column)}
                >
                  {describeDiagnostic(problem)}
                </Button>
              </HelperTextItem>
            ))}
          </HelperText>
        )}
      </div>
      {helperText}
    </div>
  );
}
