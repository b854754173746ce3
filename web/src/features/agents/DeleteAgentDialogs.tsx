import { useId, useState } from 'react';
import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from '@patternfly/react-core';
import { ConfirmDialog } from '../../components/ConfirmDialog/index.js';

export const CLEANUP_TITLE = 'Delete Agent Resources';
export const CLEANUP_QUESTION =
  'Also delete the resources this agent created (its catalog items, health checks, scrapers and topologies)?';
export const DELETE_TITLE = 'Delete Agent';

export interface DeleteAgentDialogsProps {
  agentName: string;
  /** Deletes the agent; a rejection keeps the confirmation open (the caller shows it). */
  onDelete: (cleanup: boolean) => Promise<void>;
  /** Called when the person gives up, and after the deletion. */
  onClose: () => void;
}

/**
 * Spec 1 §4: deleting an agent asks twice. First whether the resources it created go with it
 * (Yes or No; closing the question deletes nothing), then to confirm the deletion itself.
 */
export function DeleteAgentDialogs({ agentName, onDelete, onClose }: DeleteAgentDialogsProps) {
  const titleId = useId();
  const bodyId = useId();
  const [cleanup, setCleanup] = useState<boolean>();

  if (cleanup === undefined)
    return (
      <Modal variant="small" isOpen onClose={onClose} aria-labelledby={titleId} aria-describedby={bodyId}>
        <ModalHeader title={CLEANUP_TITLE} labelId={titleId} />
        <ModalBody id={bodyId}>{CLEANUP_QUESTION}</ModalBody>
        <ModalFooter>
          <Button variant="danger" onClick={() => setCleanup(true)}>
            Yes
          </Button>
          <Button variant="secondary" onClick={() => setCleanup(false)}>
            No
          </Button>
        </ModalFooter>
      </Modal>
    );

  return (
    <ConfirmDialog
      isOpen
      title={DELETE_TITLE}
      body={
        <>
          Are you sure you want to delete the agent <strong>{agentName}</strong>?{' '}
          {cleanup
            ? 'The resources it created will be deleted with it.'
            : 'The resources it created will be kept.'}
        </>
      }
      onConfirm={() => onDelete(cleanup)}
      onClose={onClose}
    />
  );
}
