import { insightsOf } from './insights.js';
import type { KubeObject } from './objects.js';

const limited = { name: 'app', resources: { limits: { cpu: '1', memory: '1Gi' } } };
const unlimited = { name: 'sidecar', resources: { limits: { cpu: '1' } } };

const deployment = (available: number | undefined, containers: unknown[] = [limited]): KubeObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop', uid: 'd1' },
  spec: { replicas: 2, template: { spec: { containers } } },
  status: available === undefined ? {} : { availableReplicas: available },
});

const pod = (state: Record<string, unknown>, owned = true): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'web-1',
    uid: 'p1',
    ...(owned ? { ownerReferences: [{ kind: 'ReplicaSet', name: 'web-1', uid: 'r1' }] } : {}),
  },
  spec: { containers: [{ name: 'app' }] },
  status: { containerStatuses: [{ name: 'app', restartCount: 4, state }] },
});

const analyzers = (object: KubeObject) => insightsOf(object).map((a) => a.analyzer);

describe('insights', () => {
  it('a crash-looping pod: availability, high', () => {
    const [finding] = insightsOf(pod({ waiting: { reason: 'CrashLoopBackOff' } }));
    expect(finding).toMatchObject({
      analyzer: 'pod-crash-loop',
      analysisType: 'availability',
      severity: 'high',
      message: 'Container app of pod web-1 is in CrashLoopBackOff (4 restarts)',
    });
    expect(analyzers(pod({ running: {} }))).toEqual([]);
  });

  it('a deployment without available replicas: availability, high', () => {
    expect(insightsOf(deployment(undefined))).toEqual([
      expect.objectContaining({
        analyzer: 'deployment-unavailable',
        analysisType: 'availability',
        severity: 'high',
      }),
    ]);
    expect(analyzers(deployment(0))).toEqual(['deployment-unavailable']);
    expect(analyzers(deployment(1))).toEqual([]);
  });

  it('containers without limits, on the object that defines them', () => {
    expect(insightsOf(deployment(2, [limited, unlimited]))).toEqual([
      expect.objectContaining({
        analyzer: 'missing-resource-limits',
        analysisType: 'reliability',
        severity: 'low',
        message: 'Deployment web has containers without resource limits: sidecar (memory)',
      }),
    ]);
    // A pod its ReplicaSet owns is fixed in its Deployment: not raised twice.
    expect(analyzers(pod({ running: {} }, true))).toEqual([]);
    expect(analyzers(pod({ running: {} }, false))).toEqual(['missing-resource-limits']);
  });
});
