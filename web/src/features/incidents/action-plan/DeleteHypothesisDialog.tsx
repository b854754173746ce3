import { useId, useState } from 'react';
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from '@patternfly/react-core';

export interface DeleteHypothesisDialogProps {
  title: string;
  /** How many hypotheses under it go too. */
  descendants: number;
  onDisprove: () => Promise<unknown>;
  onDelete: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * Spec 2 §4: deleting a hypothesis first offers to disprove it instead, which keeps its comments
 * and evidence. A failed choice keeps the dialog open (its caller says why).
 */
export function DeleteHypothesisDialog({
  title,
  descendants,
  onDisprove,
  onDelete,
  onClose,
}: DeleteHypothesisDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const cancelId = useId();
  const [busy, setBusy] = useState<'disprove' | 'delete'>();

  const run = async (which: 'disprove' | 'delete', action: () => Promise<unknown>) => {
    setBusy(which);
    try {
      await action();
    } catch {
      setBusy(undefined);
      return;
    }
    setBusy(undefined);
    onClose();
  };

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Modal
      variant="small"
      isOpen
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      elementToFocus={`[id="${cancelId}"]`}
    >
      <ModalHeader title="Delete hypothesis ?" labelId={titleId} />
      <ModalBody id={bodyId}>
        <p>
          Deleting “{title}” also deletes its comments and evidence
          {descendants > 0 &&
            ` and the ${descendants} ${descendants === 1 ? 'hypothesis' : 'hypotheses'} under it`}
          . Disproving it keeps them.
        </p>
      </ModalBody>
      <ModalFooter>
        <Button
          variant="primary"
          isLoading={busy === 'disprove'}
          isDisabled={busy !== undefined}
          onClick={() => void run('disprove', onDisprove)}
        >
          Disprove
        </Button>
        <Button
          variant="danger"
          isLoading={busy === 'delete'}
          isDisabled={busy !== undefined}
          onClick={() => void run('delete', onDelete)}
        >
          Delete
        </Button>
        <Button id={cancelId} variant="link" isDisabled={busy !== undefined} onClick={close}>
          Cancel
        </Button>
      </ModalFooter>
    </Modal>
  );
}
