/**
 * The health of a Kubernetes object as the platform reads it (flanksource/is-healthy): from the
 * status its controller writes. Kinds without a rule are healthy when their Ready or Available
 * condition (if any) is not False.
 */
export type HealthStatus = 'healthy' | 'unhealthy' | 'warning' | 'unknown';

export interface ObjectHealth {
  health: HealthStatus;
  ready: boolean;
  /** The status a person reads: Running, CrashLoopBackOff, 2/3 ready… */
  status: string;
  message: string;
}

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj => (value && typeof value === 'object' ? (value as Obj) : {});
const list = (value: unknown): Obj[] => (Array.isArray(value) ? value.map(obj) : []);
const num = (value: unknown, fallback = 0) => (typeof value === 'number' ? value : fallback);

const healthy = (status: string, message = ''): ObjectHealth => ({
  health: 'healthy',
  ready: true,
  status,
  message,
});
const progressing = (status: string, message = ''): ObjectHealth => ({
  health: 'unknown',
  ready: false,
  status,
  message,
});
const unhealthy = (status: string, message = ''): ObjectHealth => ({
  health: 'unhealthy',
  ready: false,
  status,
  message,
});

function condition(status: Obj, type: string): Obj | undefined {
  return list(status.conditions).find((c) => c.type === type);
}

/** Waiting reasons that mean the container will not come up by itself. */
const BROKEN_REASONS = new Set([
  'CrashLoopBackOff',
  'ErrImagePull',
  'ImagePullBackOff',
  'CreateContainerConfigError',
  'InvalidImageName',
  'CreateContainerError',
  'RunContainerError',
  'OOMKilled',
]);

function podHealth(status: Obj): ObjectHealth {
  const phase = String(status.phase ?? 'Unknown');
  for (const container of [...list(status.initContainerStatuses), ...list(status.containerStatuses)]) {
    const waiting = obj(obj(container.state).waiting);
    const reason = typeof waiting.reason === 'string' ? waiting.reason : undefined;
    if (reason && BROKEN_REASONS.has(reason))
      return unhealthy(reason, `${String(container.name)}: ${String(waiting.message ?? reason)}`);
  }
  if (phase === 'Succeeded') return healthy('Completed');
  if (phase === 'Failed') return unhealthy('Failed', String(status.message ?? status.reason ?? ''));
  if (phase !== 'Running') return progressing(phase, String(status.message ?? ''));
  const ready = condition(status, 'Ready');
  if (ready && ready.status !== 'True')
    return {
      health: 'warning',
      ready: false,
      status: 'Running',
      message: String(ready.message ?? 'not ready'),
    };
  return healthy('Running');
}

function replicasHealth(spec: Obj, status: Obj, readyField = 'readyReplicas'): ObjectHealth {
  const wanted = num(spec.replicas, 1);
  const ready = num(status[readyField]);
  const text = `${ready}/${wanted} ready`;
  if (ready >= wanted) return healthy(text);
  return wanted > 0 && ready === 0 ? unhealthy(text) : progressing(text);
}

function daemonSetHealth(status: Obj): ObjectHealth {
  const wanted = num(status.desiredNumberScheduled);
  const ready = num(status.numberReady);
  const text = `${ready}/${wanted} ready`;
  return ready >= wanted ? healthy(text) : wanted > 0 && ready === 0 ? unhealthy(text) : progressing(text);
}

function jobHealth(status: Obj): ObjectHealth {
  const failed = condition(status, 'Failed');
  if (failed?.status === 'True') return unhealthy('Failed', String(failed.message ?? failed.reason ?? ''));
  const complete = condition(status, 'Complete');
  if (complete?.status === 'True') return healthy('Completed');
  return progressing('Running', `${num(status.active)} active`);
}

function conditionHealth(status: Obj, type: string, name: string): ObjectHealth {
  const found = condition(status, type);
  if (!found) return progressing('Unknown', `no ${type} condition`);
  return found.status === 'True'
    ? healthy(name)
    : unhealthy(`Not${name}`, String(found.message ?? found.reason ?? ''));
}

function phaseHealth(status: Obj, good: string): ObjectHealth {
  const phase = String(status.phase ?? 'Unknown');
  return phase === good ? healthy(phase) : phase === 'Pending' ? progressing(phase) : unhealthy(phase);
}

function genericHealth(status: Obj): ObjectHealth {
  for (const type of ['Ready', 'Available']) {
    const found = condition(status, type);
    if (found?.status === 'False')
      return unhealthy(`Not${type}`, String(found.message ?? found.reason ?? ''));
    if (found?.status === 'True') return healthy(type);
  }
  return healthy('Exists');
}

export function healthOf(object: Obj): ObjectHealth {
  const spec = obj(object.spec);
  const status = obj(object.status);
  if (obj(object.metadata).deletionTimestamp) return progressing('Terminating');
  switch (object.kind) {
    case 'Pod':
      return podHealth(status);
    case 'Deployment':
    case 'StatefulSet':
    case 'ReplicaSet':
      return replicasHealth(spec, status);
    case 'DaemonSet':
      return daemonSetHealth(status);
    case 'Job':
      return jobHealth(status);
    case 'Node':
      return conditionHealth(status, 'Ready', 'Ready');
    case 'Namespace':
      return phaseHealth(status, 'Active');
    case 'PersistentVolumeClaim':
      return phaseHealth(status, 'Bound');
    default:
      return genericHealth(status);
  }
}
