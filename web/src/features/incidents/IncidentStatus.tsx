import { Label, type LabelProps } from '@patternfly/react-core';
import { capitalised, type IncidentStatus as Status } from '../../../../common/incidents.js';

const STATUS_COLOUR: Record<Status, LabelProps['color']> = {
  new: 'blue',
  open: 'orange',
  investigating: 'purple',
  mitigated: 'teal',
  resolved: 'green',
  closed: 'grey',
};

export interface IncidentStatusProps {
  status: Status;
  isCompact?: boolean;
}

/** An incident's status, capitalised as the interface shows it ('Investigating'). */
export function IncidentStatus({ status, isCompact }: IncidentStatusProps) {
  return (
    <Label color={STATUS_COLOUR[status] ?? 'grey'} variant="outline" isCompact={isCompact}>
      {capitalised(status)}
    </Label>
  );
}
