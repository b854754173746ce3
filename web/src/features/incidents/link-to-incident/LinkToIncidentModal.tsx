import { useState } from 'react';
import { useHref } from 'react-router';
import { useSWRConfig } from 'swr';
import type { IncidentSeverity, IncidentType } from '../../../../../common/incidents.js';
import { useCan, useDbQuery } from '../../../api/index.js';
import { FormModal, SelectField, TextField } from '../../../components/Form/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { IncidentSeverityField, IncidentTypeField } from '../IncidentFields.js';
import {
  attachEvidence,
  createIncident,
  hypothesisChoicesKey,
  hypothesisLabel,
  incidentLookupKey,
  listHypothesisChoices,
  lookupIncidents,
  LOOKUP_DEBOUNCE_MS,
  type HypothesisChoice,
  type IncidentChoice,
  type NewEvidence,
} from '../incident-list-api.js';
import { INCIDENT_LISTS_PREFIX, isIncidentKey } from '../types.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { CREATE_NEW, validateLinkForm, type LinkForm, type LinkFormErrors } from './link-form.js';

export interface LinkToIncidentModalProps {
  /** What is attached: a check with start and includeMessages, config lines, a component... */
  evidence: NewEvidence;
  isOpen: boolean;
  onClose: () => void;
  /** The dialog's title; 'Link to Incident' by default, 'Attach as Evidence' where it reads so. */
  title?: string;
}

/**
 * Link to Incident / Attach as Evidence (spec 2 §2, §5): the evidence goes to a hypothesis of an
 * incident chosen from a lookup, or to a new incident created with it. Shown only to those who
 * may attach (write on incidents, the incidents feature on).
 */
export function LinkToIncidentModal({ isOpen, ...props }: LinkToIncidentModalProps) {
  const mayAttach = useCan('incidents.attach');
  return isOpen && mayAttach ? <LinkDialog {...props} /> : null;
}

function LinkDialog({
  evidence,
  onClose,
  title = 'Link to Incident',
}: Omit<LinkToIncidentModalProps, 'isOpen'>) {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  // Toasts live outside the router: their link is a plain anchor under the console's base.
  const incidentsHref = useHref('/incidents');
  const [form, setForm] = useState<LinkForm>({
    incident: '',
    title: '',
    severity: '',
    type: '',
    hypothesis: '',
    hypothesisTitle: '',
    description: evidence.description ?? '',
  });
  const [errors, setErrors] = useState<LinkFormErrors>({});
  const [triedSubmit, setTriedSubmit] = useState(false);
  const [lookup, setLookup] = useState('');
  const settledLookup = useDebouncedValue(lookup, LOOKUP_DEBOUNCE_MS);

  const incidents = useDbQuery<IncidentChoice[]>(
    incidentLookupKey(settledLookup),
    () => lookupIncidents(settledLookup),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  const existing = form.incident !== '' && form.incident !== CREATE_NEW ? form.incident : undefined;
  const hypotheses = useDbQuery<HypothesisChoice[]>(
    existing ? hypothesisChoicesKey(existing) : null,
    () => listHypothesisChoices(existing!),
    { revalidateOnFocus: false },
  );

  // The chosen incident stays a choice while a later lookup no longer finds it.
  const [chosen, setChosen] = useState<IncidentChoice>();
  const found = incidents.data ?? [];
  const choices = chosen && !found.some((row) => row.id === chosen.id) ? [chosen, ...found] : found;

  const change = (patch: Partial<LinkForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (triedSubmit) setErrors(validateLinkForm(next));
  };
  const chooseIncident = (incident: string) => {
    setChosen(choices.find((row) => row.id === incident));
    change({ incident, hypothesis: '', title: incident === CREATE_NEW && !form.title ? lookup : form.title });
  };

  const linked = (id: string, incidentId: string) => {
    void mutate(
      (key) => isIncidentKey(key, id) || (typeof key === 'string' && key.startsWith(INCIDENT_LISTS_PREFIX)),
    );
    toast.success(
      <>
        Linked to incident successfully:{' '}
        <a href={`${incidentsHref}/${encodeURIComponent(id)}`}>{incidentId}</a>
      </>,
    );
    onClose();
  };

  const submit = async () => {
    setTriedSubmit(true);
    const problems = validateLinkForm(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const description = form.description.trim();
    const attached: NewEvidence = { ...evidence, ...(description ? { description } : {}) };
    if (form.incident === CREATE_NEW) {
      const created = await createIncident({
        title: form.title.trim(),
        type: form.type as IncidentType,
        severity: form.severity as IncidentSeverity,
        status: 'open',
        evidence: attached,
      });
      linked(created.id, created.incident_id);
      return;
    }
    const incident = choices.find((row) => row.id === form.incident)!;
    await attachEvidence(
      incident.id,
      form.hypothesis === CREATE_NEW
        ? { hypothesis_title: form.hypothesisTitle.trim() }
        : { hypothesis_id: form.hypothesis },
      attached,
    );
    linked(incident.id, incident.incident_id);
  };

  const creating = form.incident === CREATE_NEW;
  return (
    <FormModal
      title={title}
      submitLabel="Link"
      busyLabel="Linking..."
      variant="medium"
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField label="Find incident" value={lookup} onChange={setLookup} helperText="Title or ID" />
      <SelectField
        label="Incident"
        isRequired
        value={form.incident}
        onChange={chooseIncident}
        placeholder={incidents.isLoading ? 'Loading...' : 'Select an incident'}
        options={[
          { value: CREATE_NEW, label: 'Create a new incident' },
          ...choices.map((row) => ({ value: row.id, label: `${row.incident_id} ${row.title}` })),
        ]}
        error={errors.incident ?? incidents.error?.message}
      />
      {creating && (
        <>
          <TextField
            label="Incident title"
            isRequired
            value={form.title}
            onChange={(value) => change({ title: value })}
            error={errors.title}
          />
          <IncidentSeverityField
            value={form.severity}
            onChange={(severity) => change({ severity })}
            error={errors.severity}
          />
          <IncidentTypeField value={form.type} onChange={(type) => change({ type })} error={errors.type} />
        </>
      )}
      {existing && (
        <SelectField
          label="Hypothesis"
          isRequired
          value={form.hypothesis}
          onChange={(hypothesis) => change({ hypothesis })}
          isDisabled={hypotheses.isLoading}
          placeholder={hypotheses.isLoading ? 'Loading...' : 'Select a hypothesis'}
          options={[
            { value: CREATE_NEW, label: 'Create a new hypothesis' },
            ...(hypotheses.data ?? []).map((row) => ({ value: row.id, label: hypothesisLabel(row) })),
          ]}
          error={errors.hypothesis ?? hypotheses.error?.message}
        />
      )}
      {existing && form.hypothesis === CREATE_NEW && (
        <TextField
          label="Hypothesis title"
          value={form.hypothesisTitle}
          onChange={(hypothesisTitle) => change({ hypothesisTitle })}
        />
      )}
      <TextField
        label="Description"
        value={form.description}
        onChange={(value) => change({ description: value })}
      />
    </FormModal>
  );
}
