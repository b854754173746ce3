import { useState } from 'react';
import { FormModal, TextField } from '../../../components/Form/index.js';
import { useWhoami } from '../../../api/index.js';
import { childTypeOf, createChildHypothesis } from '../hypotheses-api.js';
import type { Hypothesis } from '../types.js';
import { HYPOTHESIS_TYPE_LABEL, hypothesisTitle } from './hypothesis-text.js';

/** Creates a hypothesis under `parent`: a root's child is a factor, a factor's a solution. */
export function AddChildModal({
  parent,
  onAdded,
  onClose,
}: {
  parent: Hypothesis;
  onAdded: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { data: whoami } = useWhoami();
  const [title, setTitle] = useState('');
  const type = childTypeOf(parent.type)!;
  const label = HYPOTHESIS_TYPE_LABEL[type];

  return (
    <FormModal
      title={`Add ${label.toLowerCase()}`}
      description={`Under “${hypothesisTitle(parent)}”`}
      submitLabel="Add"
      busyLabel="Adding..."
      onClose={onClose}
      onSubmit={async () => {
        await createChildHypothesis({ parent, title, createdBy: whoami?.user.id });
        await onAdded();
        onClose();
      }}
    >
      {(busy) => <TextField label="Title" value={title} onChange={setTitle} isDisabled={busy} autoFocus />}
    </FormModal>
  );
}
