import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import {
  capitalised,
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  NEW_INCIDENT_DEFAULTS,
  type IncidentSeverity,
  type IncidentStatus,
  type IncidentType,
} from '../../../../common/incidents.js';
import {
  FIELD_REQUIRED,
  FormModal,
  SelectField,
  TextAreaField,
  TextField,
} from '../../components/Form/index.js';
import { IncidentSeverityField, IncidentTypeField } from './IncidentFields.js';
import { createIncident, type CreatedIncident, type NewEvidence } from './incident-list-api.js';
import { INCIDENT_LISTS_PREFIX } from './types.js';

export interface IncidentForm {
  type: IncidentType | '';
  title: string;
  description: string;
  severity: IncidentSeverity | '';
  status: IncidentStatus | '';
}

type FormErrors = Partial<Record<keyof IncidentForm, string>>;

/** Spec 2 §5: title, severity, status and type required; the description optional. */
export function validateIncidentForm(form: IncidentForm): FormErrors {
  const errors: FormErrors = {};
  if (!form.title.trim()) errors.title = FIELD_REQUIRED;
  if (!form.type) errors.type = FIELD_REQUIRED;
  if (!form.severity || !INCIDENT_SEVERITIES.includes(form.severity)) errors.severity = FIELD_REQUIRED;
  if (!form.status) errors.status = FIELD_REQUIRED;
  return errors;
}

const statusOptions = INCIDENT_STATUSES.map((value) => ({ value, label: capitalised(value) }));

export interface CreateIncidentModalProps {
  /** Attached to the new incident's root hypothesis in the same write. */
  evidence?: NewEvidence;
  onClose: () => void;
  /** After the incident exists; by default the console opens it. */
  onCreated?: (incident: CreatedIncident) => void;
}

/** Create New Incident (spec 2 §2): what was typed stays when the server refuses, with its message. */
export function CreateIncidentModal({ evidence, onClose, onCreated }: CreateIncidentModalProps) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [form, setForm] = useState<IncidentForm>({ ...NEW_INCIDENT_DEFAULTS, title: '', description: '' });
  const [errors, setErrors] = useState<FormErrors>({});
  const [triedSubmit, setTriedSubmit] = useState(false);

  const change = (patch: Partial<IncidentForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (triedSubmit) setErrors(validateIncidentForm(next));
  };

  const submit = async () => {
    setTriedSubmit(true);
    const found = validateIncidentForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const description = form.description.trim();
    const created = await createIncident({
      title: form.title.trim(),
      ...(description ? { description } : {}),
      type: form.type as IncidentType,
      severity: form.severity as IncidentSeverity,
      status: form.status as IncidentStatus,
      ...(evidence ? { evidence } : {}),
    });
    void mutate((key) => typeof key === 'string' && key.startsWith(INCIDENT_LISTS_PREFIX));
    // Closing first: a caller that tidies its URL on close must not undo the navigation.
    onClose();
    if (onCreated) onCreated(created);
    else void navigate(`/incidents/${encodeURIComponent(created.id)}`);
  };

  return (
    <FormModal
      title="Create New Incident"
      submitLabel="Create"
      busyLabel="Creating..."
      variant="medium"
      onSubmit={submit}
      onClose={onClose}
      errorInForm
    >
      <IncidentTypeField value={form.type} onChange={(type) => change({ type })} error={errors.type} />
      <TextField
        label="Title"
        isRequired
        autoFocus
        value={form.title}
        onChange={(title) => change({ title })}
        error={errors.title}
      />
      <TextAreaField
        label="Description"
        value={form.description}
        onChange={(description) => change({ description })}
      />
      <IncidentSeverityField
        value={form.severity}
        onChange={(severity) => change({ severity })}
        error={errors.severity}
      />
      <SelectField
        label="Status"
        isRequired
        value={form.status}
        onChange={(status) => change({ status: status as IncidentStatus })}
        options={statusOptions}
        placeholder="Select a status"
        error={errors.status}
      />
    </FormModal>
  );
}
