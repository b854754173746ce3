import { Label } from '@patternfly/react-core';
import {
  capitalised,
  SEVERITY_COLOUR,
  type IncidentSeverity as Severity,
} from '../../../../common/incidents.js';

export interface IncidentSeverityProps {
  severity: Severity;
  isCompact?: boolean;
}

/** A severity in its colour (spec 2 §9): Low and Medium green, High orange, Critical and Blocker red. */
export function IncidentSeverity({ severity, isCompact }: IncidentSeverityProps) {
  return (
    <Label color={SEVERITY_COLOUR[severity] ?? 'grey'} isCompact={isCompact} data-severity={severity}>
      {capitalised(severity)}
    </Label>
  );
}
