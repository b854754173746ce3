import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Modal, ModalBody, ModalHeader } from '@patternfly/react-core';
import type { ClusterSavedState } from '../../spec-editor/cluster/use-cluster-editing.js';
import type { CheckKind } from './check-kinds.js';
import { CanaryEditor } from './CanaryEditor.js';
import { TypePicker } from './TypePicker.js';

export const ADD_CANARY_TITLE = 'Add Health Check';

/** Where a saved health check opens; the page says its checks will run soon. */
export interface CreatedState {
  created: true;
}

/**
 * 'Add Health Check': pick a type, fill in its form or code, save to the database or the cluster;
 * then the new health check opens.
 */
export function AddCanaryModal({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const navigate = useNavigate();
  const [kind, setKind] = useState<CheckKind>();

  return (
    <Modal variant="large" isOpen onClose={onClose} aria-labelledby={titleId}>
      <ModalHeader
        title={ADD_CANARY_TITLE}
        labelId={titleId}
        description={kind ? `Type: ${kind.label}` : 'Choose the type of health check.'}
      />
      <ModalBody>
        {kind ? (
          <CanaryEditor
            kind={kind.key}
            readOnly={false}
            onSaved={(canary) =>
              void navigate(`/settings/canaries/${encodeURIComponent(canary.id)}`, {
                state: { created: true } satisfies CreatedState,
              })
            }
            onClusterSaved={(object) =>
              void navigate(`/settings/canaries/${encodeURIComponent(object.metadata.uid ?? '')}`, {
                state: { savedToCluster: true } satisfies ClusterSavedState,
              })
            }
            extraActions={
              <>
                <Button variant="secondary" onClick={() => setKind(undefined)}>
                  Back
                </Button>
                <Button variant="link" onClick={onClose}>
                  Cancel
                </Button>
              </>
            }
          />
        ) : (
          <TypePicker onPick={setKind} />
        )}
      </ModalBody>
    </Modal>
  );
}
