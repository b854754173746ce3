import { ApiError } from '../../../api/index.js';
import { clusterAvailability, clusterWriteError } from './cluster-api.js';
import { clusterStatus, NO_CLUSTER } from './test-support.js';

describe('clusterAvailability', () => {
  it('is available when connected, the kind installed and the person a writer', () => {
    expect(clusterAvailability(clusterStatus(), undefined, 'topologies', true)).toEqual({ available: true });
  });

  it.each([
    ['no cluster is configured', NO_CLUSTER, true, 'No Kubernetes cluster is configured.'],
    [
      'the cluster is disconnected',
      clusterStatus({
        connected: false,
        state: 'disconnected',
        message: 'dial tcp 10.0.0.1:443: connection refused',
      }),
      true,
      'The Kubernetes cluster is disconnected. dial tcp 10.0.0.1:443: connection refused',
    ],
    [
      'the cluster is too old',
      clusterStatus({
        connected: false,
        state: 'unsupported',
        message:
          'Kubernetes v1.24 is older than the oldest this console supports (1.25: it needs strict field validation).',
      }),
      true,
      'Kubernetes v1.24 is older than the oldest this console supports (1.25: it needs strict field validation).',
    ],
    [
      'the kind is not installed',
      clusterStatus({ kinds: [{ kind: 'Topology', table: 'topologies', installed: false }] }),
      true,
      'The Topology custom resource definition is not installed in the cluster.',
    ],
    ['the person may not write', clusterStatus(), false, 'You do not have permission to write topologies.'],
    ['whoami has not answered', clusterStatus(), undefined, 'Checking the cluster…'],
  ] as const)('says why not when %s', (_case, status, mayWrite, reason) => {
    expect(clusterAvailability(status, undefined, 'topologies', mayWrite)).toEqual({
      available: false,
      reason,
    });
  });

  it('says the status is unknown when the server could not tell', () => {
    expect(
      clusterAvailability(undefined, new ApiError('HTTP 502', { status: 502 }), 'playbooks', true),
    ).toEqual({
      available: false,
      reason: "The cluster's status is not available: HTTP 502",
    });
  });
});

describe('clusterWriteError', () => {
  it("reads the reason and field errors of the server's error body", () => {
    const body = {
      code: 'KUBE422',
      message: 'Topology is invalid',
      reason: 'Invalid',
      fieldErrors: [{ field: 'spec.type', message: 'Required value' }],
    };
    expect(clusterWriteError(new ApiError('Topology is invalid', { status: 422, body }))).toMatchObject({
      reason: 'Invalid',
      fieldErrors: [{ field: 'spec.type', message: 'Required value' }],
    });
    expect(clusterWriteError(new ApiError('HTTP 500', { status: 500, body: 'oops' }))).toBeUndefined();
    expect(clusterWriteError(new Error('network'))).toBeUndefined();
  });
});
