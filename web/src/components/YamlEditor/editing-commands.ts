/**
 * The editing commands of the YAML editor: undo/redo history and the standard key bindings
 * (Enter keeps the indentation). Tab is deliberately not bound (no indentWithTab), so keyboard
 * users can always tab out of the editor.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import type { Extension } from '@codemirror/state';
import { keymap } from '@codemirror/view';

export function editingCommands(): Extension {
  return [history(), keymap.of([...defaultKeymap, ...historyKeymap])];
}
