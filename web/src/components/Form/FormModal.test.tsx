import { jest } from '@jest/globals';
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/index.js';
import { ToastProvider } from '../Toasts/index.js';
import { TextAreaField, TextField } from './fields.js';
import { FormModal, type FormModalProps } from './FormModal.js';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function NameForm(props: Partial<FormModalProps> & Pick<FormModalProps, 'onSubmit' | 'onClose'>) {
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');
  return (
    <FormModal title="Add Thing" submitLabel="Save" busyLabel="Saving..." {...props}>
      <TextField label="Name" isRequired value={name} onChange={setName} />
      <TextAreaField label="Notes" value={notes} onChange={setNotes} />
    </FormModal>
  );
}

function renderForm(props: Partial<FormModalProps> = {}) {
  const onSubmit = jest.fn<FormModalProps['onSubmit']>();
  const onClose = jest.fn();
  render(
    <ToastProvider>
      <NameForm onSubmit={onSubmit} onClose={onClose} {...props} />
    </ToastProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Add Thing' });
  return {
    user: userEvent.setup(),
    dialog,
    onSubmit: props.onSubmit ?? onSubmit,
    onClose: props.onClose ?? onClose,
  };
}

describe('FormModal', () => {
  it('is busy while the submit runs: the button says so and nothing closes the dialog', async () => {
    const pending = deferred();
    const onSubmit = jest.fn(() => pending.promise);
    const { user, dialog, onClose } = renderForm({ onSubmit });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const busy = within(dialog).getByRole('button', { name: /Saving\.\.\./ });
    expect(busy).toBeDisabled();
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(busy);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    pending.resolve();
    expect(await within(dialog).findByRole('button', { name: 'Save' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('submits with Enter in a text field, and not from a text area', async () => {
    const { user, dialog, onSubmit } = renderForm();
    await user.type(within(dialog).getByLabelText(/Notes/), 'first line{Enter}second');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText(/Notes/)).toHaveValue('first line\nsecond');
    await user.type(within(dialog).getByLabelText(/Name/), 'disk{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape and Cancel when idle', async () => {
    const { user, onClose } = renderForm();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows a failure as a toast with the server's message and stays open with what was typed", async () => {
    const onSubmit = jest.fn(() => Promise.reject(new ApiError('name is taken', { status: 409 })));
    const { user, dialog, onClose } = renderForm({ onSubmit });
    await user.type(within(dialog).getByLabelText(/Name/), 'disk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const toast = await screen.findByText('name is taken');
    expect(dialog).not.toContainElement(toast);
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('disk');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a failure inside the form with errorInForm', async () => {
    const onSubmit = jest.fn(() => Promise.reject(new ApiError('too long', { status: 422 })));
    const { user, dialog } = renderForm({ onSubmit, errorInForm: true });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('too long')).toBeInTheDocument();
  });

  it('keeps the submit button disabled while the form cannot be sent', async () => {
    const { user, dialog, onSubmit } = renderForm({ canSubmit: false });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Name/), 'disk{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('fields', () => {
  it('show their problem under the input and announce it', () => {
    render(<TextField label="Email" value="" onChange={() => {}} error="Please provide an email" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/^Please provide an email/);
  });

  it('show their hint when there is no problem', () => {
    render(<TextField label="Email" value="" onChange={() => {}} helperText="Where the invite goes" />);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Where the invite goes');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid', 'true');
  });
});
