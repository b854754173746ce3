import { useState } from 'react';
import { Alert } from '@patternfly/react-core';
import { FormModal, TextAreaField, TextField } from '../../../components/Form/index.js';
import { FLAG_MESSAGES, hasAllDetails, type FeatureFlagValues } from './flags-api.js';

export interface FeatureFlagModalProps {
  /** The flag being edited; a new flag without it. */
  initialValues?: FeatureFlagValues;
  /** Sends the form; a rejection is shown as a toast and the form stays open with what was typed. */
  onSubmit: (values: FeatureFlagValues) => Promise<void>;
  onClose: () => void;
}

const EMPTY: FeatureFlagValues = { name: '', value: '', description: '' };

/** Add or edit a feature flag; the name is the key, so it cannot change once the flag exists. */
export function FeatureFlagModal({ initialValues, onSubmit, onClose }: FeatureFlagModalProps) {
  const isEdit = initialValues !== undefined;
  const [values, setValues] = useState(initialValues ?? EMPTY);
  const [incomplete, setIncomplete] = useState(false);

  const change = (patch: Partial<FeatureFlagValues>) => setValues((current) => ({ ...current, ...patch }));

  const submit = async () => {
    const complete = hasAllDetails(values);
    setIncomplete(!complete);
    if (complete) await onSubmit(values);
  };

  return (
    <FormModal
      title={isEdit ? 'Edit Feature Flag' : 'Add Feature Flag'}
      submitLabel={isEdit ? 'Update' : 'Save'}
      onSubmit={submit}
      onClose={onClose}
    >
      {incomplete && (
        <Alert variant="danger" isInline isPlain isLiveRegion title={FLAG_MESSAGES.missingDetails} />
      )}
      <TextField
        label="Name"
        isRequired
        value={values.name}
        onChange={(name) => change({ name })}
        isReadOnly={isEdit}
      />
      <TextField label="Value" isRequired value={values.value} onChange={(value) => change({ value })} />
      <TextAreaField
        label="Description"
        value={values.description}
        onChange={(description) => change({ description })}
      />
    </FormModal>
  );
}
