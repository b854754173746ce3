import { Alert } from '@patternfly/react-core';
import { Age } from '../../../components/Age/index.js';
import { useClusterStatus } from './cluster-api.js';

export const CLUSTER_NOTICES = {
  notConfigured:
    'No Kubernetes cluster is configured: custom resources cannot be saved or edited from the console.',
  disconnected: 'The Kubernetes cluster is disconnected',
  connecting: 'Connecting to the Kubernetes cluster',
  unsupported: 'The Kubernetes cluster is too old for the console',
} as const;

/**
 * Where a cluster feature would appear: says there is no cluster, that it is disconnected (the
 * server's reason and since when), still being reached, or too old. Nothing while the cluster
 * is there or its status is unknown.
 */
export function ClusterNotice() {
  const { data: status } = useClusterStatus();
  if (!status || (status.configured && status.connected)) return null;
  if (!status.configured) {
    return <Alert variant="info" isInline isPlain title={CLUSTER_NOTICES.notConfigured} />;
  }
  if (status.state === 'connecting' || status.state === 'unsupported') {
    return (
      <Alert
        variant={status.state === 'connecting' ? 'info' : 'warning'}
        isInline
        title={CLUSTER_NOTICES[status.state]}
      >
        {status.message}
      </Alert>
    );
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
