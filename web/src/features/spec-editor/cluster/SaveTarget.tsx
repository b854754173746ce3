import { useId } from 'react';
import { FormGroup, Radio } from '@patternfly/react-core';
import { useClusterAvailability, type KindTable } from './cluster-api.js';

export type SaveTargetValue = 'database' | 'cluster';

export const SAVE_TARGET_LABELS = {
  group: 'Save to',
  database: 'Console database',
  cluster: 'Cluster (custom resource)',
  fixed: 'It lives in the cluster: changes are saved there.',
} as const;

export interface SaveTargetProps {
  table: KindTable;
  value: SaveTargetValue;
  onChange: (value: SaveTargetValue) => void;
  isDisabled?: boolean;
  /** Editing a resource of the cluster: the target is the cluster and cannot change. */
  fixedToCluster?: boolean;
}

/**
 * 'Save to: Console database | Cluster (custom resource)'. The cluster is disabled, with the
 * reason under it, when there is none, it is disconnected, the kind is not installed or the
 * person may not write the table.
 */
export function SaveTarget({
  table,
  value,
  onChange,
  isDisabled = false,
  fixedToCluster = false,
}: SaveTargetProps) {
  const id = useId();
  const availability = useClusterAvailability(table);
  const clusterReason = availability.available ? undefined : availability.reason;
  const describe = (reason: string | undefined, suffix: string) =>
    reason === undefined ? {} : { description: <span id={`${id}-${suffix}`}>{reason}</span> };

  return (
    <FormGroup role="radiogroup" isInline fieldId={id} label={SAVE_TARGET_LABELS.group}>
      <Radio
        id={`${id}-database`}
        name={id}
        label={SAVE_TARGET_LABELS.database}
        isChecked={!fixedToCluster && value === 'database'}
        onChange={() => onChange('database')}
        isDisabled={isDisabled || fixedToCluster}
        aria-describedby={fixedToCluster ? `${id}-database-reason` : undefined}
        {...describe(fixedToCluster ? SAVE_TARGET_LABELS.fixed : undefined, 'database-reason')}
      />
      <Radio
        id={`${id}-cluster`}
        name={id}
        label={SAVE_TARGET_LABELS.cluster}
        isChecked={fixedToCluster || value === 'cluster'}
        onChange={() => onChange('cluster')}
        isDisabled={isDisabled || fixedToCluster || clusterReason !== undefined}
        aria-describedby={clusterReason === undefined ? undefined : `${id}-cluster-reason`}
        {...describe(clusterReason, 'cluster-reason')}
      />
    </FormGroup>
  );
}
