import { useState, type ReactNode } from 'react';
import { Button } from '@patternfly/react-core';
import { ConfirmDialog } from '../ConfirmDialog/index.js';

export interface DeleteActionProps {
  /** 'Delete Topology' */
  title: string;
  body: ReactNode;
  /** Deletes and says so; a rejection keeps the dialog open (the caller has shown the error). */
  onDelete: () => Promise<void>;
  isDisabled?: boolean;
}

/** An editor's Delete button and its confirmation (spec 3 §4: delete actions confirm first). */
export function DeleteAction({ title, body, onDelete, isDisabled = false }: DeleteActionProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)} isDisabled={isDisabled}>
        Delete
      </Button>
      <ConfirmDialog
        isOpen={confirming}
        title={title}
        body={body}
        onConfirm={onDelete}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
