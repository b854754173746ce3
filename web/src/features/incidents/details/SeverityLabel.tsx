import { Label } from '@patternfly/react-core';
import { capitalised, SEVERITY_COLOUR, type IncidentSeverity } from '../../../../../common/incidents.js';

/** A severity in its colour (spec 2 §9): Low and Medium green, High orange, Critical and Blocker red. */
export function SeverityLabel({ severity }: { severity: IncidentSeverity }) {
  return (
    <Label isCompact color={SEVERITY_COLOUR[severity] ?? 'grey'}>
      {capitalised(severity)}
    </Label>
  );
}
