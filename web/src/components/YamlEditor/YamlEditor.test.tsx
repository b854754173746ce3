import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forEachDiagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { YamlEditor, type EditorDiagnostic } from './index.js';
import { redo, undo } from '@codemirror/commands';
import { stubTextLayout } from './test-support.js';

beforeAll(stubTextLayout);

/** The CodeMirror view behind the editor with this accessible name. */
async function editorView(name: string): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error(`no editor view for ${name}`);
  return view;
}

function typeInto(view: EditorView, text: string, at = view.state.doc.length) {
  act(() => view.dispatch({ changes: { from: at, insert: text }, userEvent: 'input.type' }));
}

function markedLines(view: EditorView): number[] {
  const lines: number[] = [];
  forEachDiagnostic(view.state, (_d, from) => lines.push(view.state.doc.lineAt(from).number));
  return lines;
}

function Controlled({ initial, diagnostics }: { initial: string; diagnostics?: EditorDiagnostic[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <YamlEditor aria-label="Spec" value={value} onChange={setValue} diagnostics={diagnostics} />
      <output data-testid="value">{value}</output>
      <button onClick={() => setValue('replaced: true\n')}>replace</button>
    </>
  );
}

const SPEC = 'http:\n  - name: home\n    method: GET\n    thresholdMillis: 10\n';

describe('YamlEditor', () => {
  it('edits the text under its accessible name and reports every change', async () => {
    render(<Controlled initial={SPEC} />);
    const view = await editorView('Spec');
    expect(view.state.doc.toString()).toBe(SPEC);
    typeInto(view, '    url: https://example.com\n');
    expect(screen.getByTestId('value').textContent).toBe(`${SPEC}    url: https://example.com\n`);
  });

  it('marks problems at their lines and lists them under the editor', async () => {
    const problems = [
      { line: 4, column: 5, message: "must have required property 'url'" },
      { line: 2, message: 'name must be longer' },
    ];
    render(<Controlled initial={SPEC} diagnostics={problems} />);
    const view = await editorView('Spec');
    const list = screen.getByRole('list', { name: 'Problems in Spec' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual(['Line 2: name must be longer', "Line 4: must have required property 'url'"]);
    await waitFor(() => expect(markedLines(view).sort()).toEqual([2, 4]));
    expect(screen.getByRole('textbox', { name: 'Spec' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('moves the cursor to a problem picked from the list', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={SPEC} diagnostics={[{ line: 3, column: 5, message: 'bad method' }]} />);
    const view = await editorView('Spec');
    await user.click(screen.getByRole('button', { name: 'Line 3: bad method' }));
    const head = view.state.selection.main.head;
    expect(view.state.doc.lineAt(head).number).toBe(3);
    expect(head - view.state.doc.line(3).from).toBe(4);
  });

  it('takes a new value from outside without reporting it as an edit', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={SPEC} />);
    const view = await editorView('Spec');
    await user.click(screen.getByRole('button', { name: 'replace' }));
    expect(view.state.doc.toString()).toBe('replaced: true\n');
    expect(screen.getByTestId('value').textContent).toBe('replaced: true\n');
  });

  it('undoes and redoes typing', async () => {
    render(<Controlled initial={'a: 1\n'} />);
    const view = await editorView('Spec');
    typeInto(view, 'b: 2\n');
    act(() => void undo(view));
    expect(screen.getByTestId('value').textContent).toBe('a: 1\n');
    act(() => void redo(view));
    expect(screen.getByTestId('value').textContent).toBe('a: 1\nb: 2\n');
  });

  it('refuses edits when read-only', async () => {
    render(<YamlEditor aria-label="Labels" language="json" value="{}" readOnly />);
    const view = await editorView('Labels');
    expect(view.state.readOnly).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Labels' })).toHaveAttribute('aria-readonly', 'true');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
