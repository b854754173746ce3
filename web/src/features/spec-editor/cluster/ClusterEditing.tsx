import { Alert, AlertActionCloseButton, AlertActionLink, Spinner } from '@patternfly/react-core';
import { describeRef, type KindTable, type KubeObject } from './cluster-api.js';

export const CLUSTER_SAVED = 'Saved to the cluster. The console shows it here within a few seconds.';
export const STOP_EDITING_IN_CLUSTER = 'Stop editing in cluster';

/** After a save to the cluster: the mirror brings the change to the console soon. */
export function ClusterSavedAlert({ onClose }: { onClose: () => void }) {
  return (
    <Alert
      variant="info"
      isInline
      title={CLUSTER_SAVED}
      actionClose={<AlertActionCloseButton onClose={onClose} />}
      className="pf-v6-u-mb-md"
    />
  );
}

export const WAITING_FOR_MIRROR = 'Waiting for the cluster’s resource to appear in the console…';

/** A page opened on a resource just created in the cluster, before the mirror has brought its row. */
export function WaitingForMirror() {
  return (
    <p>
      <Spinner size="md" aria-label="Waiting" className="pf-v6-u-mr-sm" />
      {WAITING_FOR_MIRROR}
    </p>
  );
}

/** Over a cluster editor: what is edited where, and the way back to the read-only row. */
export function EditingInClusterBanner({
  table,
  object,
  onStop,
}: {
  table: KindTable;
  object: KubeObject;
  onStop: () => void;
}) {
  const name = describeRef({
    table,
    namespace: object.metadata.namespace ?? 'default',
    name: object.metadata.name,
  });
  return (
    <Alert
      variant="custom"
      isInline
      title={`Editing ${name} in the cluster`}
      actionLinks={<AlertActionLink onClick={onStop}>{STOP_EDITING_IN_CLUSTER}</AlertActionLink>}
      className="pf-v6-u-mb-md"
    >
      Saving runs a dry run first and shows what changes before it is applied.
    </Alert>
  );
}
