import { useId, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Modal, ModalBody, ModalHeader } from '@patternfly/react-core';
import type { KubeObject } from './cluster/cluster-api.js';
import type { ClusterSavedState } from './cluster/use-cluster-editing.js';

export interface AddSpecModalProps {
  /** 'Add {name}' (spec 3 §2.3). */
  title: string;
  description?: ReactNode;
  onClose: () => void;
  /** The editor, with its own save and a Cancel among its actions. */
  children: ReactNode;
}

/** The large 'Add {name}' dialog around a spec editor, which saves and cancels by itself. */
export function AddSpecModal({ title, description, onClose, children }: AddSpecModalProps) {
  const titleId = useId();
  return (
    <Modal variant="large" isOpen onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={title} labelId={titleId} description={description} />
      <ModalBody>{children}</ModalBody>
    </Modal>
  );
}

/**
 * An add dialog's editor callbacks: a new row opens its page (with `rowState`, if any); a resource
 * created in the cluster opens its page too, which waits there for the mirror to bring the row.
 */
export function useOpenSaved(detailPath: (id: string) => string, rowState?: object) {
  const navigate = useNavigate();
  return {
    onSaved: (row: { id: string }) => void navigate(detailPath(row.id), { state: rowState }),
    onClusterSaved: (object: KubeObject) =>
      void navigate(detailPath(object.metadata.uid ?? ''), {
        state: { savedToCluster: true } satisfies ClusterSavedState,
      }),
  };
}
