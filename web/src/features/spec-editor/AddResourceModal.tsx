import { Button } from '@patternfly/react-core';
import { AddSpecModal, useOpenSaved } from './AddSpecModal.js';
import { ResourceEditor } from './ResourceEditor.js';
import { RESOURCE_KINDS, type ResourceKind } from './resource-kinds.js';

interface AddDialogProps {
  onClose: () => void;
  /**
   * Told of a creation (in the database or the cluster) in place of opening the new resource's
   * page: the Add Integration dialog refreshes its list and closes instead.
   */
  onCreated?: () => void;
}

/**
 * 'Add {name}' for a spec kind: name, namespace, labels and the spec; saved to the database it
 * opens the new row, created in the cluster it opens the resource's page until the mirror shows it.
 */
export function AddResourceModal({
  kind,
  onClose,
  onCreated,
  initialSpec,
}: AddDialogProps & { kind: ResourceKind; initialSpec?: Record<string, unknown> }) {
  const openSaved = useOpenSaved(kind.detailPath);
  const afterSave = onCreated ? { onSaved: onCreated, onClusterSaved: onCreated } : openSaved;

  return (
    <AddSpecModal title={`Add ${kind.title}`} onClose={onClose}>
      <ResourceEditor
        kind={kind}
        readOnly={false}
        initialSpec={initialSpec}
        {...afterSave}
        extraActions={
          <Button variant="link" onClick={onClose}>
            Cancel
          </Button>
        }
      />
    </AddSpecModal>
  );
}

export const AddTopologyModal = (props: AddDialogProps) => (
  <AddResourceModal kind={RESOURCE_KINDS.topologies} {...props} />
);
