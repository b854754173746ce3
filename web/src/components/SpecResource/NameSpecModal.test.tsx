import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/index.js';
import { replaceEditorText } from '../../features/spec-editor/cluster/test-support.js';
import { fakeApiPerTest, renderInShell } from '../../shell/test-support.js';
import { stubTextLayout } from '../YamlEditor/test-support.js';
import { NameSpecModal, type NameSpecModalProps } from './NameSpecModal.js';

const VALIDATE = 'api/specs/disks/validate';

const page = fakeApiPerTest((api) => {
  api.reply(`POST ${VALIDATE}`, { status: 200, body: { valid: true, errors: [] } });
});
beforeAll(stubTextLayout);

function renderModal(props: Partial<NameSpecModalProps> = {}) {
  const onSubmit = jest.fn<NameSpecModalProps['onSubmit']>(async () => {});
  const onClose = jest.fn();
  const user = userEvent.setup({ delay: null });
  renderInShell(
    [
      {
        path: 'disks',
        element: (
          <NameSpecModal
            title="Add Disk"
            submitLabel="Save"
            busyLabel="Saving"
            onSubmit={onSubmit}
            onClose={onClose}
            {...props}
          />
        ),
      },
    ],
    '/disks',
  );
  return { user, onSubmit, onClose };
}

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Add Disk' }));

describe('NameSpecModal', () => {
  it('needs a name, says so once it was cleared, and sends it trimmed', async () => {
    const { user, onSubmit } = renderModal();
    const form = await dialog();
    const save = form.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(form.queryByText('This field is required')).not.toBeInTheDocument();

    const name = form.getByRole('textbox', { name: /Name/ });
    await user.type(name, 'x');
    await user.clear(name);
    expect(form.getByText('This field is required')).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.type(name, '  scratch ');
    await user.click(save);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'scratch' }));
  });

  it('starts from the name as it is, and gives further fields the name typed', async () => {
    const { user } = renderModal({
      initialName: 'scratch',
      children: (_busy, name) => <p>Preview: {name}</p>,
    });
    const form = await dialog();
    const name = form.getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('scratch');
    expect(form.getByText('Preview: scratch')).toBeInTheDocument();
    await user.type(name, '-2 ');
    expect(form.getByText('Preview: scratch-2')).toBeInTheDocument();
    expect(form.queryByRole('textbox', { name: 'Spec' })).not.toBeInTheDocument();
  });

  it('with a spec: saves the name and the spec once the schema accepts it', async () => {
    const { user, onSubmit } = renderModal({
      spec: { validatePath: VALIDATE, placeholder: 'size: 1Gi' },
    });
    const form = await dialog();
    const save = form.getByRole('button', { name: 'Save' });
    await user.type(form.getByRole('textbox', { name: /Name/ }), 'scratch');
    expect(save).toBeDisabled();

    page.api.reply(`POST ${VALIDATE}`, {
      status: 200,
      body: { valid: false, errors: [{ line: 1, column: 1, path: '/sise', message: 'unknown field sise' }] },
    });
    await replaceEditorText('Spec', 'sise: 1Gi\n');
    expect(await form.findByRole('button', { name: 'Line 1: unknown field sise' })).toBeInTheDocument();
    expect(save).toBeDisabled();

    page.api.reply(`POST ${VALIDATE}`, { status: 200, body: { valid: true, errors: [] } });
    await replaceEditorText('Spec', 'size: 1Gi\n');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'scratch', spec: { size: '1Gi' } }));
  });

  it("keeps the dialog and what was typed when the save fails, with the server's message", async () => {
    const onSubmit = jest.fn<NameSpecModalProps['onSubmit']>(async () => {
      throw new ApiError('A disk named scratch already exists', { status: 409 });
    });
    const { user, onClose } = renderModal({ onSubmit });
    const form = await dialog();
    await user.type(form.getByRole('textbox', { name: /Name/ }), 'scratch');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A disk named scratch already exists')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: /Name/ })).toHaveValue('scratch');
    expect(onClose).not.toHaveBeenCalled();
  });
});
