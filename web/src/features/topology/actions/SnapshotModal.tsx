import { useState } from 'react';
import { FormModal, SelectField, SwitchField } from '../../../components/Form/index.js';
import type { TopologyComponent } from '../types.js';
import {
  fetchSnapshot,
  saveFile,
  SNAPSHOT_ERROR,
  SNAPSHOT_RANGES,
  snapshotFileName,
} from './component-actions.js';

export interface SnapshotModalProps {
  component: TopologyComponent;
  onClose: () => void;
}

/**
 * Snapshot (spec 3 §2.2): a zip of the component over a time range (the first by default), with
 * its related components or not (not by default). Downloading keeps the dialog busy; a failure
 * says "Error downloading file" and leaves it open.
 */
export function SnapshotModal({ component, onClose }: SnapshotModalProps) {
  const [start, setStart] = useState<string>(SNAPSHOT_RANGES[0].value);
  const [related, setRelated] = useState(false);

  const download = async () => {
    let zip: Blob;
    try {
      zip = await fetchSnapshot(component.id, start, related);
    } catch (error) {
      throw new Error(SNAPSHOT_ERROR, { cause: error });
    }
    saveFile(zip, snapshotFileName(component));
    onClose();
  };

  return (
    <FormModal
      title={`Download ${component.title || component.name} snapshot`}
      submitLabel="Download"
      busyLabel="Downloading..."
      onSubmit={download}
      onClose={onClose}
    >
      {(busy) => (
        <>
          <SelectField
            label="Time Range"
            value={start}
            onChange={setStart}
            options={SNAPSHOT_RANGES}
            isDisabled={busy}
          />
          <SwitchField
            label="Include related components"
            isChecked={related}
            onChange={setRelated}
            isDisabled={busy}
          />
        </>
      )}
    </FormModal>
  );
}
