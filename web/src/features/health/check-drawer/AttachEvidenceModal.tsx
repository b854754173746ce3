import { useState } from 'react';
import { useHref } from 'react-router';
import { useDbQuery } from '../../../api/index.js';
import { FormModal, SelectField, TextField } from '../../../components/Form/index.js';
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
  const toast = useToast();
  const [incidentId, setIncidentId] = useState('');
  const [hypothesisId, setHypothesisId] = useState('');
  const [description, setDescription] = useState(checkName);
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

  const submit = async () => {
    if (!incident || !hypothesisId) return;
    await attachCheckEvidence({ hypothesisId, checkId, description: description.trim(), start: since });
    toast.success(
      <>
        Linked to incident successfully:{' '}
        <a href={`${incidentsHref}/${incident.id}`}>{incident.incident_id}</a>
      </>,
    );
    onClose();
  };

  return (
    <FormModal
      title="Attach as Evidence"
      submitLabel="Attach"
      canSubmit={Boolean(incident && hypothesisId)}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label="Incident"
        isRequired
        value={incidentId}
        onChange={chooseIncident}
        isDisabled={incidents.isLoading}
        placeholder={incidents.isLoading ? 'Loading...' : 'Select an open incident'}
        options={(incidents.data ?? []).map((row) => ({
          value: row.id,
          label: `${row.incident_id} ${row.title}`,
        }))}
        error={
          incidents.error?.message ??
          (incidents.data?.length === 0 ? 'There are no open incidents' : undefined)
        }
      />
      <SelectField
        label="Hypothesis"
        isRequired
        value={hypothesisId}
        onChange={setHypothesisId}
        isDisabled={!incidentId || hypotheses.isLoading}
        placeholder="Select a hypothesis"
        options={(hypotheses.data ?? []).map((row) => ({ value: row.id, label: hypothesisLabel(row) }))}
        error={hypotheses.error?.message ?? (noHypotheses ? 'This incident has no hypotheses' : undefined)}
      />
      <TextField label="Description" value={description} onChange={setDescription} />
    </FormModal>
  );
}
