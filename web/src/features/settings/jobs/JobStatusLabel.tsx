import { Label, type LabelProps } from '@patternfly/react-core';
import type { JobStatus } from './jobs-api.js';

/** Spec 3 §4: RUNNING yellow, SUCCESS green, WARNING orange, FAILED and STOPPED red. */
export const JOB_STATUS_COLORS: Record<JobStatus, NonNullable<LabelProps['color']>> = {
  RUNNING: 'yellow',
  SUCCESS: 'green',
  WARNING: 'orange',
  FAILED: 'red',
  STOPPED: 'red',
};

/** A job's status as a coloured label; nothing for a resource that never ran. */
export function JobStatusLabel({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  const color = JOB_STATUS_COLORS[status as JobStatus] ?? 'grey';
  return (
    <Label isCompact color={color}>
      {status}
    </Label>
  );
}
