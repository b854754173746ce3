import { useState, type ReactNode } from 'react';
import {
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  FormSelect,
  FormSelectOption,
} from '@patternfly/react-core';
import { useCan } from '../../../api/index.js';
import { Age } from '../../../components/Age/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import {
  capitalised,
  INCIDENT_SEVERITIES,
  INCIDENT_TYPES,
  type IncidentSeverity,
} from '../../../../../common/incidents.js';
import {
  patchIncident,
  useRefreshIncident,
  type IncidentDetail,
  type IncidentPatch,
} from '../incident-api.js';
import { RespondersSection } from '../responders/RespondersSection.js';
import { StatusDropdown } from '../status/StatusDropdown.js';
import { PersonTypeahead } from '../PersonTypeahead.js';
import { SeverityLabel } from './SeverityLabel.js';

/** The form's severity when the incident has none (spec 2 §2: the Details form defaults to High). */
export const DETAILS_DEFAULT_SEVERITY: IncidentSeverity = 'high';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <DescriptionListGroup>
      <DescriptionListTerm>{term}</DescriptionListTerm>
      <DescriptionListDescription>{children}</DescriptionListDescription>
    </DescriptionListGroup>
  );
}

/**
 * The incident's fields: type, status, severity and commander are edited in place (saved as
 * chosen) by whoever may write incidents while the incident is not closed; the rest is shown.
 */
export function DetailsPanel({ incident }: { incident: IncidentDetail }) {
  const toast = useToast();
  const refresh = useRefreshIncident(incident.id);
  const canWrite = useCan('incident', 'write');
  const [saving, setSaving] = useState(false);
  const severity = incident.severity ?? DETAILS_DEFAULT_SEVERITY;
  // A closed incident can only be reopened: the server refuses every other change to it.
  const editable = canWrite && incident.status !== 'closed';

  const save = async (patch: IncidentPatch) => {
    setSaving(true);
    try {
      await patchIncident(incident.id, patch);
    } catch (error) {
      toast.error(error);
    } finally {
      setSaving(false);
      void refresh();
    }
  };

  return (
    <section aria-label="Incident details">
      <DescriptionList isCompact isHorizontal>
        <Row term="Id">{incident.incident_id}</Row>
        <Row term="Type">
          {editable ? (
            <FormSelect
              aria-label="Type"
              value={incident.type}
              isDisabled={saving}
              onChange={(_event, type) => void save({ type: type as IncidentDetail['type'] })}
            >
              {INCIDENT_TYPES.map((type) => (
                <FormSelectOption key={type} value={type} label={capitalised(type)} />
              ))}
            </FormSelect>
          ) : (
            capitalised(incident.type)
          )}
        </Row>
        <Row term="Status">
          {canWrite ? (
            <StatusDropdown incident={incident} isDisabled={saving} />
          ) : (
            capitalised(incident.status)
          )}
        </Row>
        <Row term="Severity">
          {editable ? (
            <FormSelect
              aria-label="Severity"
              value={severity}
              isDisabled={saving}
              onChange={(_event, value) => void save({ severity: value as IncidentSeverity })}
            >
              {INCIDENT_SEVERITIES.map((option) => (
                <FormSelectOption key={option} value={option} label={capitalised(option)} />
              ))}
            </FormSelect>
          ) : (
            <SeverityLabel severity={severity} />
          )}
        </Row>
        <Row term="Commander">
          {editable ? (
            <PersonTypeahead
              label="Commander"
              noneLabel="None"
              selectedId={incident.commander_id}
              selectedName={incident.commander?.name}
              isDisabled={saving}
              onChange={(person) => void save({ commander_id: person?.id ?? null })}
            />
          ) : (
            (incident.commander?.name ?? 'None')
          )}
        </Row>
        <Row term="Responders">
          <RespondersSection incident={incident} />
        </Row>
        <Row term="Created">
          <Age from={incident.created_at} />
        </Row>
        {incident.resolved && (
          <Row term="Resolved">
            <Age from={incident.resolved} />
          </Row>
        )}
        {incident.closed && (
          <Row term="Closed">
            <Age from={incident.closed} />
          </Row>
        )}
      </DescriptionList>
    </section>
  );
}
