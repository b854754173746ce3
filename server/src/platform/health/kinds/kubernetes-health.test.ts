import { healthOf } from './kubernetes-health.js';
import { globMatcher } from './kubernetes.js';

const pod = (status: Record<string, unknown>) => ({ kind: 'Pod', status });

describe('healthOf', () => {
  it('reads a pod from its phase, its Ready condition and the waiting reasons of its containers', () => {
    expect(
      healthOf(pod({ phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] })),
    ).toMatchObject({
      health: 'healthy',
      ready: true,
      status: 'Running',
    });
    expect(
      healthOf(
        pod({
          phase: 'Running',
          containerStatuses: [
            { name: 'web', state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 5m0s' } } },
          ],
        }),
      ),
    ).toEqual({
      health: 'unhealthy',
      ready: false,
      status: 'CrashLoopBackOff',
      message: 'web: back-off 5m0s',
    });
    expect(
      healthOf(pod({ phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }] })),
    ).toMatchObject({
      health: 'warning',
      ready: false,
    });
    expect(healthOf(pod({ phase: 'Pending' }))).toMatchObject({
      health: 'unknown',
      ready: false,
      status: 'Pending',
    });
    expect(healthOf(pod({ phase: 'Succeeded' }))).toMatchObject({ health: 'healthy', status: 'Completed' });
  });

  it('counts ready replicas of deployments and daemon sets against what they want', () => {
    const deployment = (replicas: number, readyReplicas: number) => ({
      kind: 'Deployment',
      spec: { replicas },
      status: { readyReplicas },
    });
    expect(healthOf(deployment(3, 3))).toMatchObject({ health: 'healthy', status: '3/3 ready' });
    expect(healthOf(deployment(3, 1))).toMatchObject({
      health: 'unknown',
      ready: false,
      status: '1/3 ready',
    });
    expect(healthOf(deployment(2, 0))).toMatchObject({ health: 'unhealthy', status: '0/2 ready' });
    expect(
      healthOf({ kind: 'DaemonSet', status: { desiredNumberScheduled: 4, numberReady: 4 } }),
    ).toMatchObject({ health: 'healthy', status: '4/4 ready' });
  });

  it('reads nodes, jobs and other kinds from their conditions, and a terminating object as not ready', () => {
    expect(
      healthOf({
        kind: 'Node',
        status: { conditions: [{ type: 'Ready', status: 'False', message: 'kubelet stopped' }] },
      }),
    ).toEqual({ health: 'unhealthy', ready: false, status: 'NotReady', message: 'kubelet stopped' });
    expect(
      healthOf({
        kind: 'Job',
        status: { conditions: [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded' }] },
      }),
    ).toMatchObject({ health: 'unhealthy', message: 'BackoffLimitExceeded' });
    expect(healthOf({ kind: 'ConfigMap' })).toMatchObject({ health: 'healthy', status: 'Exists' });
    expect(
      healthOf({
        kind: 'Certificate',
        status: { conditions: [{ type: 'Ready', status: 'False', reason: 'Expired' }] },
      }),
    ).toMatchObject({ health: 'unhealthy', message: 'Expired' });
    expect(
      healthOf({ kind: 'ConfigMap', metadata: { deletionTimestamp: '2026-01-01T00:00:00Z' } }),
    ).toMatchObject({ ready: false, status: 'Terminating' });
  });
});

describe('globMatcher', () => {
  it('matches any of the patterns and none of the negated ones', () => {
    const matches = globMatcher('kube-*,!*-lease');
    expect(['kube-system', 'kube-node-lease', 'default'].filter(matches)).toEqual(['kube-system']);
    expect(['a', 'b'].filter(globMatcher('!b'))).toEqual(['a']);
    expect(['web-1', 'web-10', 'api'].filter(globMatcher('web-?'))).toEqual(['web-1']);
  });
});
