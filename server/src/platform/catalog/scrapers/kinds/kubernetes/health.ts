/**
 * An object's health, status and readiness as the catalog shows them, after flanksource/is-healthy
 * (docs/catalog-kubernetes.md lists the rules kept). The workload, Pod, Node, Namespace and PVC
 * rules are the health checks' own (health/kinds/kubernetes-health.ts); this adds the kinds
 * the catalog shows besides, and leaves kinds without a state (ConfigMap, ServiceAccount,
 * Endpoints) without a health.
 */
import { healthOf as workloadHealth } from '../../../../health/kinds/kubernetes-health.js';
import type { ConfigHealth } from '../../types.js';
import type { KubeObject } from './objects.js';

export interface ItemHealth {
  health?: ConfigHealth;
  status?: string;
  ready?: boolean;
  /** Why, when it is not healthy: the item's description. */
  message?: string;
}

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw => (value && typeof value === 'object' ? (value as Raw) : {});
const list = (value: unknown): Raw[] => (Array.isArray(value) ? value.map(obj) : []);

const STATELESS = new Set(['ConfigMap', 'ServiceAccount', 'Endpoints', 'Secret']);

function persistentVolumeHealth(status: Raw): ItemHealth {
  const phase = typeof status.phase === 'string' ? status.phase : 'Unknown';
  if (phase === 'Bound' || phase === 'Available') return { health: 'healthy', status: phase, ready: true };
  if (phase === 'Released') return { health: 'warning', status: phase, ready: true };
  if (phase === 'Pending') return { health: 'unknown', status: phase, ready: false };
  return { health: 'unhealthy', status: phase, ready: false, message: String(status.message ?? '') };
}

function serviceHealth(spec: Raw, status: Raw): ItemHealth {
  if (spec.type !== 'LoadBalancer') return { health: 'healthy', status: 'Running', ready: true };
  const ingress = list(obj(status.loadBalancer).ingress);
  return ingress.length > 0
    ? { health: 'healthy', status: 'Running', ready: true }
    : { health: 'unknown', status: 'Pending', ready: false, message: 'waiting for a load balancer address' };
}

function ingressHealth(status: Raw): ItemHealth {
  const ingress = list(obj(status.loadBalancer).ingress);
  return ingress.length > 0
    ? { health: 'healthy', status: 'Running', ready: true }
    : { health: 'unknown', status: 'Pending', ready: false, message: 'waiting for an address' };
}

function cronJobHealth(spec: Raw, status: Raw): ItemHealth {
  if (spec.suspend === true) return { health: 'unknown', status: 'Suspended', ready: true };
  const active = list(status.active).length;
  if (active > 0) return { health: 'healthy', status: 'Running', ready: true };
  const scheduled = status.lastScheduleTime;
  const succeeded = status.lastSuccessfulTime;
  if (typeof scheduled === 'string' && typeof succeeded === 'string' && succeeded < scheduled)
    return { health: 'warning', status: 'Failing', ready: true, message: 'the last run did not succeed' };
  return { health: 'healthy', status: scheduled ? 'Scheduled' : 'Waiting', ready: true };
}

/** A Deployment by its available replicas (not merely ready ones), as is-healthy reads it. */
function deploymentHealth(spec: Raw, status: Raw): ItemHealth {
  const wanted = typeof spec.replicas === 'number' ? spec.replicas : 1;
  const available = typeof status.availableReplicas === 'number' ? status.availableReplicas : 0;
  const progressing = list(status.conditions).find((c) => c.type === 'Progressing');
  if (progressing?.status === 'False' && progressing.reason === 'ProgressDeadlineExceeded')
    return {
      health: 'unhealthy',
      status: 'Failed',
      ready: false,
      message: String(progressing.message ?? ''),
    };
  if (wanted === 0) return { health: 'healthy', status: 'Scaled to 0', ready: true };
  const text = `${available}/${wanted} available`;
  if (available >= wanted) return { health: 'healthy', status: 'Running', ready: true, message: text };
  if (available === 0) return { health: 'unhealthy', status: 'Unavailable', ready: false, message: text };
  return { health: 'warning', status: 'Scaling', ready: false, message: text };
}

export function healthOf(object: KubeObject): ItemHealth {
  const spec = obj(object.spec);
  const status = obj(object.status);
  if (STATELESS.has(object.kind)) return {};
  if (object.metadata.deletionTimestamp) return { health: 'unknown', status: 'Terminating', ready: false };
  switch (object.kind) {
    case 'PersistentVolume':
      return persistentVolumeHealth(status);
    case 'Service':
      return serviceHealth(spec, status);
    case 'Ingress':
      return ingressHealth(status);
    case 'CronJob':
      return cronJobHealth(spec, status);
    case 'Deployment':
      return deploymentHealth(spec, status);
    default: {
      const found = workloadHealth(object as unknown as Raw);
      return {
        health: found.health,
        status: found.status,
        ready: found.ready,
        ...(found.message ? { message: found.message } : {}),
      };
    }
  }
}
