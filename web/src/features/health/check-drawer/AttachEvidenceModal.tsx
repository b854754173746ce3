import { useId, useState, type FormEvent } from 'react';
import { useHref } from 'react-router';
import {
  Button,
  Form,
  FormGroup,
  FormHelperText,
  FormSelect,
  FormSelectOption,
  HelperText,
  HelperTextItem,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  TextInput,
} from '@patternfly/react-core';
import { useDbQuery } from '../../../api/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import {
  attachCheckEvidence,
  hypothesesKey,
  hypothesisLabel,
  listHypotheses,
  listOpenIncidents,
  OPEN_INCIDENTS_KEY,
  type Hypothesis,
  type OpenIncident,
} from './evidence-api.js';

export interface AttachEvidenceModalProps {
  checkId: string;
  checkName: string;
  /** ISO start of the range the drawer shows. */
  since: string;
  onClose: () => void;
}

/** Attach the check as evidence to a hypothesis of an open incident. */
export function AttachEvidenceModal({ checkId, checkName, since, onClose }: AttachEvidenceModalProps) {
  const id = useId();
  const toast = useToast();
  const [incidentId, setIncidentId] = useState('');
  const [hypothesisId, setHypothesisId] = useState('');
  const [description, setDescription] = useState(checkName);
  const [busy, setBusy] = useState(false);
  // Toasts live outside the router: their link is a plain anchor under the console's base.
  const incidentsHref = useHref('/incidents');

  const incidents = useDbQuery<OpenIncident[]>(OPEN_INCIDENTS_KEY, listOpenIncidents, {
    revalidateOnFocus: false,
  });
  const hypotheses = useDbQuery<Hypothesis[]>(
    incidentId ? hypothesesKey(incidentId) : null,
    () => listHypotheses(incidentId),
    { revalidateOnFocus: false },
  );
  const incident = incidents.data?.find((row) => row.id === incidentId);
  const noHypotheses = Boolean(incidentId) && hypotheses.data?.length === 0;

  const chooseIncident = (next: string) => {
    setIncidentId(next);
    setHypothesisId('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!incident || !hypothesisId) return;
    setBusy(true);
    try {
      await attachCheckEvidence({ hypothesisId, checkId, description: description.trim(), start: since });
      toast.success(
        <>
          Linked to incident successfully:{' '}
          <a href={`${incidentsHref}/${incident.id}`}>{incident.incident_id}</a>
        </>,
      );
      onClose();
    } catch (error) {
      toast.error(error);
      setBusy(false);
    }
  };

  const fieldError = (message: string | undefined) =>
    message && (
      <FormHelperText>
        <HelperText>
          <HelperTextItem variant="error">{message}</HelperTextItem>
        </HelperText>
      </FormHelperText>
    );

  return (
    <Modal variant="small" isOpen onClose={busy ? undefined : onClose} aria-labelledby={`${id}-title`}>
      <ModalHeader title="Attach as Evidence" labelId={`${id}-title`} />
      <ModalBody>
        <Form id={`${id}-form`} onSubmit={submit}>
          <FormGroup label="Incident" fieldId={`${id}-incident`} isRequired>
            <FormSelect
              id={`${id}-incident`}
              value={incidentId}
              onChange={(_event, value) => chooseIncident(value)}
              isDisabled={incidents.isLoading}
            >
              <FormSelectOption
                value=""
                label={incidents.isLoading ? 'Loading...' : 'Select an open incident'}
                isPlaceholder
              />
              {(incidents.data ?? []).map((row) => (
                <FormSelectOption key={row.id} value={row.id} label={`${row.incident_id} ${row.title}`} />
              ))}
            </FormSelect>
            {fieldError(
              incidents.error?.message ??
                (incidents.data?.length === 0 ? 'There are no open incidents' : undefined),
            )}
          </FormGroup>
          <FormGroup label="Hypothesis" fieldId={`${id}-hypothesis`} isRequired>
            <FormSelect
              id={`${id}-hypothesis`}
              value={hypothesisId}
              onChange={(_event, value) => setHypothesisId(value)}
              isDisabled={!incidentId || hypotheses.isLoading}
            >
              <FormSelectOption value="" label="Select a hypothesis" isPlaceholder />
              {(hypotheses.data ?? []).map((row) => (
                <FormSelectOption key={row.id} value={row.id} label={hypothesisLabel(row)} />
              ))}
            </FormSelect>
            {fieldError(
              hypotheses.error?.message ?? (noHypotheses ? 'This incident has no hypotheses' : undefined),
            )}
          </FormGroup>
          <FormGroup label="Description" fieldId={`${id}-description`}>
            <TextInput
              id={`${id}-description`}
              value={description}
              onChange={(_event, value) => setDescription(value)}
            />
          </FormGroup>
        </Form>
      </ModalBody>
      <ModalFooter>
        <Button
          type="submit"
          form={`${id}-form`}
          variant="primary"
          isLoading={busy}
          isDisabled={busy || !incident || !hypothesisId}
        >
          Attach
        </Button>
        <Button variant="link" onClick={onClose} isDisabled={busy}>
          Cancel
        </Button>
      </ModalFooter>
    </Modal>
  );
}
