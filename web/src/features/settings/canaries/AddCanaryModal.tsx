import { useState } from 'react';
import { Button } from '@patternfly/react-core';
import { AddSpecModal, useOpenSaved } from '../../spec-editor/index.js';
import type { CheckKind } from './check-kinds.js';
import { CanaryEditor } from './CanaryEditor.js';
import { TypePicker } from './TypePicker.js';

export const ADD_CANARY_TITLE = 'Add Health Check';

/** Where a saved health check opens; the page says its checks will run soon. */
export interface CreatedState {
  created: true;
}

const canaryPath = (id: string) => `/settings/canaries/${encodeURIComponent(id)}`;
const CREATED: CreatedState = { created: true };

/**
 * 'Add Health Check': pick a type, fill in its form or code, save to the database or the cluster;
 * then the new health check opens.
 */
export function AddCanaryModal({ onClose }: { onClose: () => void }) {
  const [kind, setKind] = useState<CheckKind>();
  const openSaved = useOpenSaved(canaryPath, CREATED);

  return (
    <AddSpecModal
      title={ADD_CANARY_TITLE}
      description={kind ? `Type: ${kind.label}` : 'Choose the type of health check.'}
      onClose={onClose}
    >
      {kind ? (
        <CanaryEditor
          kind={kind.key}
          readOnly={false}
          {...openSaved}
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
    </AddSpecModal>
  );
}
