/** The incident pickers that Create New Incident and Link to Incident both ask for. */
import {
  capitalised,
  INCIDENT_SEVERITIES,
  INCIDENT_TYPES,
  type IncidentSeverity,
  type IncidentType,
} from '../../../../common/incidents.js';
import { SelectField } from '../../components/Form/index.js';

const typeOptions = INCIDENT_TYPES.map((value) => ({ value, label: capitalised(value) }));
const severityOptions = INCIDENT_SEVERITIES.map((value) => ({ value, label: capitalised(value) }));

interface PickerProps<T> {
  value: T | '';
  onChange: (value: T) => void;
  error?: string;
}

export function IncidentTypeField({ value, onChange, error }: PickerProps<IncidentType>) {
  return (
    <SelectField
      label="Type"
      isRequired
      value={value}
      onChange={(type) => onChange(type as IncidentType)}
      options={typeOptions}
      placeholder="Select a type"
      error={error}
    />
  );
}

export function IncidentSeverityField({ value, onChange, error }: PickerProps<IncidentSeverity>) {
  return (
    <SelectField
      label="Severity"
      isRequired
      value={value}
      onChange={(severity) => onChange(severity as IncidentSeverity)}
      options={severityOptions}
      placeholder="Select a severity"
      error={error}
    />
  );
}
