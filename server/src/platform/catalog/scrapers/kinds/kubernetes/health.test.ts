import { healthOf } from './health.js';
import type { KubeObject } from './objects.js';

const object = (kind: string, body: Partial<KubeObject> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind,
  metadata: { name: 'x', namespace: 'shop', uid: 'u1' },
  ...body,
});

const waiting = (reason: string) => ({
  phase: 'Running',
  containerStatuses: [{ name: 'app', state: { waiting: { reason, message: 'back-off' } } }],
});

describe('health rules', () => {
  it('Pods: running and ready, crash-looping, not ready, pending, completed, failed', () => {
    const ready = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
    expect(healthOf(object('Pod', { status: ready }))).toMatchObject({
      health: 'healthy',
      status: 'Running',
      ready: true,
    });
    expect(healthOf(object('Pod', { status: waiting('CrashLoopBackOff') }))).toMatchObject({
      health: 'unhealthy',
      status: 'CrashLoopBackOff',
      ready: false,
    });
    expect(healthOf(object('Pod', { status: waiting('ImagePullBackOff') }))).toMatchObject({
      health: 'unhealthy',
      status: 'ImagePullBackOff',
    });
    const notReady = {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: 'False', message: 'probe failed' }],
    };
    expect(healthOf(object('Pod', { status: notReady }))).toMatchObject({
      health: 'warning',
      status: 'Running',
      ready: false,
      message: 'probe failed',
    });
    expect(healthOf(object('Pod', { status: { phase: 'Pending' } }))).toMatchObject({
      health: 'unknown',
      status: 'Pending',
    });
    expect(healthOf(object('Pod', { status: { phase: 'Succeeded' } }))).toMatchObject({
      health: 'healthy',
      status: 'Completed',
    });
    expect(healthOf(object('Pod', { status: { phase: 'Failed' } }))).toMatchObject({
      health: 'unhealthy',
      status: 'Failed',
    });
  });

  it('Deployments by available replicas', () => {
    const deployment = (replicas: number, available?: number, conditions: unknown[] = []) =>
      healthOf(
        object('Deployment', {
          apiVersion: 'apps/v1',
          spec: { replicas },
          status: { availableReplicas: available, readyReplicas: 0, conditions },
        }),
      );
    expect(deployment(3, 3)).toMatchObject({
      health: 'healthy',
      status: 'Running',
      message: '3/3 available',
    });
    expect(deployment(3, 1)).toMatchObject({ health: 'warning', status: 'Scaling', ready: false });
    expect(deployment(2)).toMatchObject({ health: 'unhealthy', status: 'Unavailable', ready: false });
    expect(deployment(0)).toMatchObject({ health: 'healthy', status: 'Scaled to 0' });
    expect(
      deployment(2, 2, [
        { type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded', message: 'timed out' },
      ]),
    ).toMatchObject({ health: 'unhealthy', status: 'Failed', message: 'timed out' });
  });

  it('Nodes by their Ready condition, Namespaces and claims by phase', () => {
    const node = (status: string) =>
      healthOf(object('Node', { status: { conditions: [{ type: 'Ready', status }] } }));
    expect(node('True')).toMatchObject({ health: 'healthy', status: 'Ready' });
    expect(node('False')).toMatchObject({ health: 'unhealthy', status: 'NotReady' });
    expect(healthOf(object('Namespace', { status: { phase: 'Active' } }))).toMatchObject({
      health: 'healthy',
      status: 'Active',
    });
    expect(healthOf(object('PersistentVolumeClaim', { status: { phase: 'Bound' } }))).toMatchObject({
      health: 'healthy',
      status: 'Bound',
    });
    expect(healthOf(object('PersistentVolumeClaim', { status: { phase: 'Pending' } }))).toMatchObject({
      health: 'unknown',
      status: 'Pending',
    });
    expect(healthOf(object('PersistentVolumeClaim', { status: { phase: 'Lost' } }))).toMatchObject({
      health: 'unhealthy',
      status: 'Lost',
    });
  });

  it('PersistentVolumes, Services, Ingresses and CronJobs', () => {
    expect(healthOf(object('PersistentVolume', { status: { phase: 'Available' } }))).toMatchObject({
      health: 'healthy',
    });
    expect(healthOf(object('PersistentVolume', { status: { phase: 'Released' } }))).toMatchObject({
      health: 'warning',
    });
    expect(healthOf(object('PersistentVolume', { status: { phase: 'Failed' } }))).toMatchObject({
      health: 'unhealthy',
    });
    expect(healthOf(object('Service', { spec: { type: 'ClusterIP' } }))).toMatchObject({ health: 'healthy' });
    expect(healthOf(object('Service', { spec: { type: 'LoadBalancer' }, status: {} }))).toMatchObject({
      health: 'unknown',
      status: 'Pending',
    });
    expect(
      healthOf(
        object('Service', {
          spec: { type: 'LoadBalancer' },
          status: { loadBalancer: { ingress: [{ ip: '10.0.0.1' }] } },
        }),
      ),
    ).toMatchObject({ health: 'healthy' });
    expect(healthOf(object('Ingress', { status: {} }))).toMatchObject({
      health: 'unknown',
      status: 'Pending',
    });
    expect(healthOf(object('CronJob', { spec: { suspend: true } }))).toMatchObject({ status: 'Suspended' });
    expect(
      healthOf(
        object('CronJob', {
          spec: {},
          status: { lastScheduleTime: '2026-01-02T00:00:00Z', lastSuccessfulTime: '2026-01-01T00:00:00Z' },
        }),
      ),
    ).toMatchObject({ health: 'warning', status: 'Failing' });
  });

  it('kinds without a state have no health; an object being deleted is Terminating', () => {
    expect(healthOf(object('ConfigMap'))).toEqual({});
    expect(healthOf(object('ServiceAccount'))).toEqual({});
    expect(
      healthOf(
        object('Pod', {
          metadata: { name: 'x', deletionTimestamp: '2026-01-01T00:00:00Z' },
          status: { phase: 'Running' },
        }),
      ),
    ).toMatchObject({ health: 'unknown', status: 'Terminating', ready: false });
  });
});
