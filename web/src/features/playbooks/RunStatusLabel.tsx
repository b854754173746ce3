import { Label, type LabelProps } from '@patternfly/react-core';
import { isFinalStatus } from '../../../../common/playbooks.js';
import type { ActionStatus, RunStatus } from './types.js';

type Status = RunStatus | ActionStatus;

/** Spec 3 §4: each run and action status in its colour. */
const STATUS_COLOUR: Record<Status, NonNullable<LabelProps['color']>> = {
  pending: 'grey',
  scheduled: 'blue',
  running: 'blue',
  pending_approval: 'yellow',
  waiting: 'yellow',
  sleeping: 'purple',
  completed: 'green',
  failed: 'red',
  cancelled: 'orange',
  timed_out: 'red',
  skipped: 'grey',
};

/** Runs and actions that will not change any more: polling stops at these (spec 3 §4). */
export const hasEnded = isFinalStatus;

/** 'pending_approval' → 'Pending approval'. */
export const statusText = (status: string) => {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function RunStatusLabel({ status, isCompact }: { status: Status; isCompact?: boolean }) {
  return (
    <Label color={STATUS_COLOUR[status] ?? 'grey'} isCompact={isCompact} data-status={status}>
      {statusText(status)}
    </Label>
  );
}
