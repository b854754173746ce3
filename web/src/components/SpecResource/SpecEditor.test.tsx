import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { load } from 'js-yaml';
import { ApiError } from '../../api/index.js';
import { editorNamed, replaceEditorText } from '../../features/spec-editor/cluster/test-support.js';
import { fakeApiPerTest, renderInShell } from '../../shell/test-support.js';
import { stubTextLayout } from '../YamlEditor/test-support.js';
import { SpecEditor, type SpecEditorProps } from './SpecEditor.js';

const VALIDATE = 'api/specs/disks/validate';

const page = fakeApiPerTest((api) => {
  api.reply(`POST ${VALIDATE}`, { status: 200, body: { valid: true, errors: [] } });
});
beforeAll(stubTextLayout);

const validations = () => page.sent.filter((r) => r.method === 'POST' && r.path === VALIDATE);

function renderEditor(props: Partial<SpecEditorProps> = {}) {
  const save = jest.fn<SpecEditorProps['save']>(async () => {});
  const onSaved = jest.fn();
  const user = userEvent.setup({ delay: null });
  renderInShell(
    [
      {
        path: 'disks/d1',
        element: (
          <SpecEditor
            kind={{ validatePath: VALIDATE, placeholder: 'size: 1Gi', label: 'Disk spec' }}
            resource={{ name: 'scratch', spec: { size: '10Gi' } }}
            readOnly={false}
            save={save}
            onSaved={onSaved}
            {...props}
          />
        ),
      },
    ],
    '/disks/d1',
  );
  return { user, save, onSaved };
}

describe('SpecEditor', () => {
  it('shows the saved spec as YAML and saves an edit checked against the schema', async () => {
    const { user, save, onSaved } = renderEditor();
    expect(load((await editorNamed('Disk spec')).state.doc.toString())).toEqual({ size: '10Gi' });
    await replaceEditorText('Disk spec', 'size: 20Gi\n');
    await waitFor(() => expect(validations().at(-1)?.body).toEqual({ yaml: 'size: 20Gi\n' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('scratch updated successfully')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith({ size: '20Gi' });
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('blocks Update while the text is not a spec or the schema finds a problem', async () => {
    renderEditor();
    await replaceEditorText('Disk spec', 'size: [unclosed\n');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled());

    page.api.reply(`POST ${VALIDATE}`, {
      status: 200,
      body: { valid: false, errors: [{ line: 1, column: 1, path: '/sise', message: 'unknown field sise' }] },
    });
    await replaceEditorText('Disk spec', 'sise: 1Gi\n');
    expect(await screen.findByRole('button', { name: 'Line 1: unknown field sise' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
  });

  it("shows the server's refusal and keeps the text", async () => {
    const save = jest.fn<SpecEditorProps['save']>(async () => {
      throw new ApiError('spec: size must be a quantity', { status: 422 });
    });
    const { user, onSaved } = renderEditor({ save });
    await replaceEditorText('Disk spec', 'size: lots\n');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('spec: size must be a quantity')).toBeInTheDocument();
    expect((await editorNamed('Disk spec')).state.doc.toString()).toBe('size: lots\n');
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('offers neither Update nor Delete when read-only', async () => {
    renderEditor({
      readOnly: true,
      deletion: { title: 'Delete Disk', body: 'Sure?', remove: async () => {}, onDeleted: () => {} },
    });
    expect(await editorNamed('Disk spec')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows the fields over the editor, and no Delete without a deletion', async () => {
    renderEditor({ fields: <p>the fixed name</p> });
    expect(await screen.findByText('the fixed name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('deletes after confirming and says so; a failure keeps the confirmation open', async () => {
    const remove = jest
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError('not allowed to delete disks', { status: 403 }))
      .mockResolvedValueOnce(undefined);
    const onDeleted = jest.fn();
    const { user } = renderEditor({
      deletion: {
        title: 'Delete Disk',
        body: 'Are you sure you want to delete Disk scratch?',
        remove,
        onDeleted,
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Disk' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Disk scratch?');
    expect(remove).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('not allowed to delete disks')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Delete Disk' })).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('scratch deleted successfully')).toBeInTheDocument();
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });
});
