import { useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Form,
  FormGroup,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  TextArea,
  TextInput,
} from '@patternfly/react-core';
import { useToast } from '../../../components/Toasts/index.js';
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
  const toast = useToast();
  const idPrefix = useId();
  const formId = `${idPrefix}-form`;
  const isEdit = initialValues !== undefined;
  const [values, setValues] = useState(initialValues ?? EMPTY);
  const [incomplete, setIncomplete] = useState(false);
  const [busy, setBusy] = useState(false);

  const change = (patch: Partial<FeatureFlagValues>) => setValues((current) => ({ ...current, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const complete = hasAllDetails(values);
    setIncomplete(!complete);
    if (!complete) return;
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (error) {
      toast.error(error);
      setBusy(false);
    }
  };

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Modal variant="small" isOpen onClose={close} aria-labelledby={`${idPrefix}-title`}>
      <ModalHeader title={isEdit ? 'Edit Feature Flag' : 'Add Feature Flag'} labelId={`${idPrefix}-title`} />
      <ModalBody>
        <Form id={formId} onSubmit={submit} noValidate>
          {incomplete && (
            <Alert variant="danger" isInline isPlain isLiveRegion title={FLAG_MESSAGES.missingDetails} />
          )}
          <FormGroup label="Name" fieldId={`${idPrefix}-name`} isRequired>
            <TextInput
              id={`${idPrefix}-name`}
              value={values.name}
              onChange={(_event, name) => change({ name })}
              readOnlyVariant={isEdit ? 'default' : undefined}
            />
          </FormGroup>
          <FormGroup label="Value" fieldId={`${idPrefix}-value`} isRequired>
            <TextInput
              id={`${idPrefix}-value`}
              value={values.value}
              onChange={(_event, value) => change({ value })}
            />
          </FormGroup>
          <FormGroup label="Description" fieldId={`${idPrefix}-description`}>
            <TextArea
              id={`${idPrefix}-description`}
              value={values.description}
              onChange={(_event, description) => change({ description })}
              resizeOrientation="vertical"
            />
          </FormGroup>
        </Form>
      </ModalBody>
      <ModalFooter>
        <Button type="submit" form={formId} variant="primary" isLoading={busy} isDisabled={busy}>
          {isEdit ? 'Update' : 'Save'}
        </Button>
        <Button variant="link" onClick={close} isDisabled={busy}>
          Cancel
        </Button>
      </ModalFooter>
    </Modal>
  );
}
