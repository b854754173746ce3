import { jest } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.js';

function renderDialog(props: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = jest.fn<ConfirmDialogProps['onConfirm']>();
  const onClose = jest.fn();
  render(
    <ConfirmDialog
      isOpen
      title="Delete silence"
      body="Are you sure you want to delete this notification silence?"
      onConfirm={onConfirm}
      onClose={onClose}
      {...props}
    />,
  );
  return { onConfirm, onClose, user: userEvent.setup() };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ConfirmDialog', () => {
  it('shows the title, the body and Delete / Cancel, with focus on Cancel', async () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Delete silence' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this notification silence?');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
  });

  it('renders nothing when closed', () => {
    renderDialog({ isOpen: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('uses custom labels and focuses the confirm button outside the danger variant', async () => {
    renderDialog({ confirmLabel: 'Disprove', cancelLabel: 'Keep', variant: 'warning' });
    expect(screen.getByRole('button', { name: 'Keep' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Disprove' })).toHaveFocus());
  });

  it('closes with Cancel and with Escape without confirming', async () => {
    const { onConfirm, onClose, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('closes right away after a synchronous confirm', async () => {
    const { onConfirm, onClose, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('spins and disables both buttons while the confirmation runs, then closes', async () => {
    const { onConfirm, onClose, user } = renderDialog();
    const pending = deferred();
    onConfirm.mockReturnValue(pending.promise);
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Delete/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    await act(async () => pending.resolve());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open and usable again when the confirmation fails', async () => {
    const { onConfirm, onClose, user } = renderDialog();
    const pending = deferred();
    onConfirm.mockReturnValue(pending.promise);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await act(async () => pending.reject(new Error('forbidden')));

    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Delete silence' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});
