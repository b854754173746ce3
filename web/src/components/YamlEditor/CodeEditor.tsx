/**
 * The CodeMirror 6 editor behind YamlEditor. Loaded lazily: CodeMirror only reaches the browser
 * with the first editor on screen.
 */
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { yaml } from '@codemirror/lang-yaml';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorSelection, EditorState, Transaction, type Text } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  lineNumbers,
  placeholder as placeholderText,
} from '@codemirror/view';
import { CODE_VIEWER_HEIGHTS, type CodeViewerHeight } from '../CodeViewer/index.js';
import type { EditorDiagnostic } from './diagnostics.js';
import { EDITOR_MIN_HEIGHT } from './editor-size.js';
import { editingCommands } from './editing-commands.js';

/** What the wrapper can ask of the editor: jump to a problem. */
export interface CodeEditorHandle {
  focusAt(line: number, column?: number): void;
}

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  readOnly: boolean;
  diagnostics: readonly EditorDiagnostic[];
  height: CodeViewerHeight;
  ariaLabel: string;
  /** id of the problem list, read out with the editor. */
  describedBy?: string;
  placeholder?: string;
  handleRef?: Ref<CodeEditorHandle>;
  /** 'text' edits without the YAML grammar (SQL, a script). Default 'yaml'. */
  language?: 'yaml' | 'text';
}

function position(doc: Text, line: number, column = 1): number {
  const target = doc.line(Math.min(Math.max(Math.trunc(line), 1), doc.lines));
  return target.from + Math.min(Math.max(Math.trunc(column) - 1, 0), target.length);
}

/** Marks the problem from its column to the end of its line (the whole line without a column). */
function toCodeMirror(doc: Text, problems: readonly EditorDiagnostic[]): Diagnostic[] {
  return problems.map((problem) => {
    const from = position(doc, problem.line, problem.column);
    const to = doc.lineAt(from).to;
    return { from, to: Math.max(from, to), severity: problem.severity ?? 'error', message: problem.message };
  });
}

function theme(height: CodeViewerHeight) {
  const size = CODE_VIEWER_HEIGHTS[height];
  return EditorView.theme({
    '&': {
      border: '1px solid var(--pf-t--global--border--color--default)',
      borderRadius: 'var(--pf-t--global--border--radius--small)',
      backgroundColor: 'var(--pf-t--global--background--color--primary--default)',
      color: 'var(--pf-t--global--text--color--regular)',
      fontSize: 'var(--pf-t--global--font--size--sm)',
      ...(height === 'full' ? { height: size } : {}),
      maxHeight: size,
      minHeight: EDITOR_MIN_HEIGHT,
    },
    '&.cm-focused': { outline: '2px solid var(--pf-t--global--border--color--clicked)' },
    '.cm-scroller': { fontFamily: 'var(--pf-t--global--font--family--mono)', overflow: 'auto' },
    '.cm-content': { caretColor: 'var(--pf-t--global--text--color--regular)' },
    // The hint text of an empty editor: CodeMirror's own grey is too faint to read (axe: color-contrast).
    '.cm-placeholder': { color: 'var(--pf-t--global--text--color--placeholder)' },
    '.cm-gutters': {
      backgroundColor: 'var(--pf-t--global--background--color--secondary--default)',
      color: 'var(--pf-t--global--text--color--subtle)',
      border: 'none',
    },
  });
}

const contentAttributes = (ariaLabel: string, describedBy: string | undefined, invalid: boolean) =>
  EditorView.contentAttributes.of({
    'aria-label': ariaLabel,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
  });

const readOnlyExtensions = (readOnly: boolean) => [
  EditorState.readOnly.of(readOnly),
  ...(readOnly ? [EditorView.contentAttributes.of({ 'aria-readonly': 'true' })] : []),
];

export function CodeEditor({
  value,
  onChange,
  readOnly,
  diagnostics,
  height,
  ariaLabel,
  describedBy,
  placeholder,
  handleRef,
  language = 'yaml',
}: CodeEditorProps) {
  const parentRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const compartments = useRef({ readOnly: new Compartment(), attributes: new Compartment() });

  // Created once; later prop changes reach the view through the effects below.
  useEffect(() => {
    const { readOnly: readOnlyCompartment, attributes } = compartments.current;
    const view = new EditorView({
      parent: parentRef.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightSpecialChars(),
          drawSelection(),
          highlightActiveLine(),
          indentOnInput(),
          bracketMatching(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          language === 'yaml' ? yaml() : [],
          lintGutter(),
          editingCommands(),
          EditorView.lineWrapping,
          theme(height),
          placeholder ? placeholderText(placeholder) : [],
          readOnlyCompartment.of(readOnlyExtensions(readOnly)),
          attributes.of(contentAttributes(ariaLabel, describedBy, diagnostics.length > 0)),
          EditorView.updateListener.of((update) => {
            const external = update.transactions.some(
              (tr) => tr.annotation(Transaction.addToHistory) === false,
            );
            if (update.docChanged && !external) onChangeRef.current?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, []);

  // A value set from outside (a reload, the other tab) replaces the text; typing never comes back here.
  useEffect(() => {
    const view = viewRef.current;
    if (!view || view.state.doc.toString() === value) return;
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: value },
      annotations: Transaction.addToHistory.of(false),
    });
  }, [value]);

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: compartments.current.readOnly.reconfigure(readOnlyExtensions(readOnly)),
    });
  }, [readOnly]);

  const invalid = diagnostics.length > 0;
  useEffect(() => {
    viewRef.current?.dispatch({
      effects: compartments.current.attributes.reconfigure(
        contentAttributes(ariaLabel, describedBy, invalid),
      ),
    });
  }, [ariaLabel, describedBy, invalid]);

  useEffect(() => {
    const view = viewRef.current;
    if (view) view.dispatch(setDiagnostics(view.state, toCodeMirror(view.state.doc, diagnostics)));
  }, [diagnostics, value]);

  useImperativeHandle(
    handleRef,
    () => ({
      focusAt(line, column) {
        const view = viewRef.current;
        if (!view) return;
        view.dispatch({
          selection: EditorSelection.cursor(position(view.state.doc, line, column)),
          scrollIntoView: true,
        });
        view.focus();
      },
    }),
    [],
  );

  return <div ref={parentRef} data-testid="code-editor" />;
}
