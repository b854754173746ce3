import { Alert } from '@patternfly/react-core';
import { Age } from '../../../components/Age/index.js';
import { useClusterStatus } from './cluster-api.js';

export const CLUSTER_NOTICES = {
  notConfigured:
    'No Kubernetes cluster is configured: custom resources cannot be saved or edited from the console.',
  disconnected: 'The Kubernetes cluster is disconnected',
} as const;

/**
 * Where a cluster feature would appear: says there is no cluster, or that it is disconnected (the
 * server's reason and since when). Nothing while the cluster is there or its status is unknown.
 */
export function ClusterNotice() {
  const { data: status } = useClusterStatus();
  if (!status || (status.configured && status.connected)) return null;
  if (!status.configured) {
    return <Alert variant="info" isInline isPlain title={CLUSTER_NOTICES.notConfigured} />;
  }
  return (
    <Alert variant="warning" isInline title={CLUSTER_NOTICES.disconnected}>
      {status.message}
      {status.since && (
        <>
          {status.message ? ' ' : ''}
          Disconnected for <Age from={status.since} suffix={false} />.
        </>
      )}
    </Alert>
  );
}
