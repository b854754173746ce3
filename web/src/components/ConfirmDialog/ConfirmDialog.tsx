import { type ReactNode, useEffect, useId, useState } from 'react';
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from '@patternfly/react-core';

export type ConfirmDialogVariant = 'danger' | 'warning' | 'default';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  body: ReactNode;
  /** Default 'Delete'. */
  confirmLabel?: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
  /** Default 'danger'. */
  variant?: ConfirmDialogVariant;
  /** A returned promise keeps the dialog busy; it closes when it resolves and stays open when it rejects. */
  onConfirm: () => void | Promise<unknown>;
  onClose: () => void;
}

const CONFIRM_VARIANT = { danger: 'danger', warning: 'warning', default: 'primary' } as const;

/**
 * A small confirmation modal (spec 2 §4: delete actions confirm first). While onConfirm runs,
 * the confirm button spins and nothing can close the dialog. A rejection is left to the caller
 * to report (toast); the dialog stays open so the user can retry or cancel.
 */
export function ConfirmDialog({
  isOpen,
  title,
  body,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  variant = 'danger',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const bodyId = useId();
  const cancelId = useId();
  const confirmId = useId();

  useEffect(() => {
    if (!isOpen) setBusy(false);
  }, [isOpen]);

  const close = () => {
    if (!busy) onClose();
  };

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      setBusy(false);
      return;
    }
    setBusy(false);
    onClose();
  };

  // The safer choice has focus first when the action destroys something.
  const focusId = variant === 'danger' ? cancelId : confirmId;

  return (
    <Modal
      variant="small"
      isOpen={isOpen}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      elementToFocus={`[id="${focusId}"]`}
    >
      <ModalHeader title={title} labelId={titleId} />
      <ModalBody id={bodyId}>{body}</ModalBody>
      <ModalFooter>
        <Button
          id={confirmId}
          variant={CONFIRM_VARIANT[variant]}
          isLoading={busy}
          isDisabled={busy}
          onClick={confirm}
        >
          {confirmLabel}
        </Button>
        <Button id={cancelId} variant="link" isDisabled={busy} onClick={close}>
          {cancelLabel}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
