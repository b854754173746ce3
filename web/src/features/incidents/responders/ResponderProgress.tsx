import { ProgressStep, ProgressStepper } from '@patternfly/react-core';
import { formatDuration, toDate } from '../../../lib/format.js';
import type { Responder } from '../types.js';

/** The stages a responder goes through (spec 2 §2), with the column that says when each was reached. */
export const RESPONDER_STAGES = [
  { label: 'Created', at: 'created_at' },
  { label: 'Acknowledged', at: 'acknowledge_time' },
  { label: 'Resolved', at: 'signoff_time' },
  { label: 'Closed', at: 'close_time' },
] as const;

/** How long the responder took to acknowledge: empty until it has. */
export function timeToAcknowledge(responder: Pick<Responder, 'created_at' | 'acknowledge_time'>): string {
  const created = toDate(responder.created_at);
  const acknowledged = toDate(responder.acknowledge_time);
  if (!created || !acknowledged) return '';
  return formatDuration(acknowledged.getTime() - created.getTime());
}

/** Created, Acknowledged, Resolved, Closed, each done once its time is known; and the time taken to acknowledge. */
export function ResponderProgress({ responder }: { responder: Responder }) {
  const reached = RESPONDER_STAGES.map((stage) => toDate(responder[stage.at]));
  const current = reached.findIndex((date) => !date);
  const taken = timeToAcknowledge(responder);
  return (
    <div className="ops-responder-progress">
      <ProgressStepper isVertical isCompact aria-label="Responder progress">
        {RESPONDER_STAGES.map((stage, i) => {
          const date = reached[i];
          return (
            <ProgressStep
              key={stage.label}
              id={`${responder.id}-${stage.at}`}
              titleId={`${responder.id}-${stage.at}-title`}
              variant={date ? 'success' : i === current ? 'info' : 'pending'}
              isCurrent={i === current}
              description={date ? date.toLocaleString() : undefined}
            >
              {stage.label}
            </ProgressStep>
          );
        })}
      </ProgressStepper>
      <p>
        Time taken to acknowledge: <strong>{taken || 'Not acknowledged yet'}</strong>
      </p>
    </div>
  );
}
