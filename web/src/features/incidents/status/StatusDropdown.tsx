import { useState } from 'react';
import { FormSelect, FormSelectOption } from '@patternfly/react-core';
import {
  ASKS_CONTRIBUTING_FACTORS,
  capitalised,
  STATUS_TRANSITIONS,
  type IncidentStatus,
} from '../../../../../common/incidents.js';
import { evidencesOf, type IncidentDetail } from '../incident-api.js';
import { ContributingFactorsDialog } from './ContributingFactorsDialog.js';
import { useStatusUpdate } from './use-status-update.js';

export interface StatusDropdownProps {
  incident: IncidentDetail;
  id?: string;
  isDisabled?: boolean;
}

/**
 * The incident's status, offering only the moves the transition table allows from it (spec 2 §4).
 * Mitigated and Resolved first ask for the contributing factors.
 */
export function StatusDropdown({ incident, id, isDisabled }: StatusDropdownProps) {
  const updateStatus = useStatusUpdate(incident.id);
  const [asking, setAsking] = useState<IncidentStatus>();
  const [saving, setSaving] = useState(false);

  const choose = async (next: IncidentStatus) => {
    if (next === incident.status) return;
    if (ASKS_CONTRIBUTING_FACTORS.includes(next)) {
      setAsking(next);
      return;
    }
    setSaving(true);
    await updateStatus(next);
    setSaving(false);
  };

  const finish = async (status: IncidentStatus, evidenceIds?: string[]) => {
    if (await updateStatus(status, evidenceIds)) setAsking(undefined);
  };

  return (
    <>
      <FormSelect
        id={id}
        aria-label="Status"
        value={incident.status}
        isDisabled={isDisabled || saving}
        onChange={(_event, value) => void choose(value as IncidentStatus)}
      >
        {STATUS_TRANSITIONS[incident.status].map((status) => (
          <FormSelectOption key={status} value={status} label={capitalised(status)} />
        ))}
      </FormSelect>
      {asking && (
        <ContributingFactorsDialog
          evidences={evidencesOf(incident)}
          onSubmit={(evidenceIds) => finish(asking, evidenceIds)}
          onSkip={() => finish(asking)}
          onCancel={() => setAsking(undefined)}
        />
      )}
    </>
  );
}
