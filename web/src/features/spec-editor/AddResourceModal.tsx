import { useId } from 'react';
import { useNavigate } from 'react-router';
import { Button, Modal, ModalBody, ModalHeader } from '@patternfly/react-core';
import type { ClusterSavedState } from './cluster/use-cluster-editing.js';
import type { AddDialogProps } from '../settings/resources/add-dialogs.js';
import { ResourceEditor } from './ResourceEditor.js';
import { RESOURCE_KINDS, type EditableTable } from './resource-kinds.js';

/**
 * 'Add {name}' for a spec kind: name, namespace, labels and the spec; saved to the database it
 * opens the new row, created in the cluster it opens the resource's page until the mirror shows it.
 */
function AddResourceModal({ table, onClose }: AddDialogProps & { table: EditableTable }) {
  const titleId = useId();
  const navigate = useNavigate();
  const kind = RESOURCE_KINDS[table];

  return (
    <Modal variant="large" isOpen onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader title={`Add ${kind.title}`} labelId={titleId} />
      <ModalBody>
        <ResourceEditor
          kind={kind}
          readOnly={false}
          onSaved={(row) => void navigate(kind.detailPath(row.id))}
          onClusterSaved={(object) =>
            void navigate(kind.detailPath(object.metadata.uid ?? ''), {
              state: { savedToCluster: true } satisfies ClusterSavedState,
            })
          }
          extraActions={
            <Button variant="link" onClick={onClose}>
              Cancel
            </Button>
          }
        />
      </ModalBody>
    </Modal>
  );
}

export const AddTopologyModal = (props: AddDialogProps) => <AddResourceModal table="topologies" {...props} />;
export const AddScraperModal = (props: AddDialogProps) => (
  <AddResourceModal table="config_scrapers" {...props} />
);
