/**
 * The findings the scraper can judge from an object alone, raised on its item; an item scraped
 * without one has it resolved by the engine:
 * - `pod-crash-loop` (availability, high): a container of a Pod waiting in CrashLoopBackOff;
 * - `deployment-unavailable` (availability, high): a Deployment that wants replicas and has
 *   none available;
 * - `missing-resource-limits` (reliability, low): a container without CPU or memory limits, on
 *   the object whose pod template sets them (Deployments, StatefulSets, DaemonSets, CronJobs,
 *   and Jobs, ReplicaSets and Pods that no controller owns).
 */
import type { ScrapedAnalysis } from '../../types.js';
import type { KubeObject } from './objects.js';

export const ANALYZERS = {
  crashLoop: 'pod-crash-loop',
  unavailable: 'deployment-unavailable',
  limits: 'missing-resource-limits',
} as const;

const SOURCE = 'Kubernetes';

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw => (value && typeof value === 'object' ? (value as Raw) : {});
const list = (value: unknown): Raw[] => (Array.isArray(value) ? value.map(obj) : []);

function crashLooping(pod: KubeObject): ScrapedAnalysis | undefined {
  const status = obj(pod.status);
  const looping = [...list(status.initContainerStatuses), ...list(status.containerStatuses)].filter(
    (container) => obj(obj(container.state).waiting).reason === 'CrashLoopBackOff',
  );
  if (looping.length === 0) return undefined;
  const names = looping.map((container) => String(container.name));
  const restarts = looping.reduce(
    (sum, c) => sum + (typeof c.restartCount === 'number' ? c.restartCount : 0),
    0,
  );
  return {
    analyzer: ANALYZERS.crashLoop,
    analysisType: 'availability',
    severity: 'high',
    summary: 'Pod is crash-looping',
    message: `Container${names.length > 1 ? 's' : ''} ${names.join(', ')} of pod ${pod.metadata.name} ${
      names.length > 1 ? 'are' : 'is'
    } in CrashLoopBackOff (${restarts} restart${restarts === 1 ? '' : 's'})`,
    source: SOURCE,
  };
}

function unavailable(deployment: KubeObject): ScrapedAnalysis | undefined {
  const spec = obj(deployment.spec);
  const wanted = typeof spec.replicas === 'number' ? spec.replicas : 1;
  const available = obj(deployment.status).availableReplicas;
  if (wanted === 0 || (typeof available === 'number' && available > 0)) return undefined;
  return {
    analyzer: ANALYZERS.unavailable,
    analysisType: 'availability',
    severity: 'high',
    summary: 'Deployment has no available replicas',
    message: `Deployment ${deployment.metadata.name} wants ${wanted} replica${wanted === 1 ? '' : 's'} and has none available`,
    source: SOURCE,
  };
}

/** The pod spec an object defines, when it is where its containers are set. */
function podSpecOf(object: KubeObject): Raw | undefined {
  const owned = (object.metadata.ownerReferences ?? []).length > 0;
  const spec = obj(object.spec);
  switch (object.kind) {
    case 'Deployment':
    case 'StatefulSet':
    case 'DaemonSet':
      return obj(obj(spec.template).spec);
    case 'CronJob':
      return obj(obj(obj(obj(spec.jobTemplate).spec).template).spec);
    case 'Job':
    case 'ReplicaSet':
      return owned ? undefined : obj(obj(spec.template).spec);
    case 'Pod':
      return owned ? undefined : spec;
    default:
      return undefined;
  }
}

function missingLimits(object: KubeObject): ScrapedAnalysis | undefined {
  const podSpec = podSpecOf(object);
  if (!podSpec) return undefined;
  const lacking = list(podSpec.containers)
    .map((container) => {
      const limits = obj(obj(container.resources).limits);
      const missing = ['cpu', 'memory'].filter((resource) => limits[resource] === undefined);
      return missing.length ? `${String(container.name)} (${missing.join(' and ')})` : undefined;
    })
    .filter((text): text is string => text !== undefined);
  if (lacking.length === 0) return undefined;
  return {
    analyzer: ANALYZERS.limits,
    analysisType: 'reliability',
    severity: 'low',
    summary: 'Container without resource limits',
    message: `${object.kind} ${object.metadata.name} has containers without resource limits: ${lacking.join(', ')}`,
    source: SOURCE,
  };
}

export function insightsOf(object: KubeObject): ScrapedAnalysis[] {
  const found: (ScrapedAnalysis | undefined)[] = [];
  if (object.kind === 'Pod') found.push(crashLooping(object));
  if (object.kind === 'Deployment') found.push(unavailable(object));
  found.push(missingLimits(object));
  return found.filter((analysis): analysis is ScrapedAnalysis => analysis !== undefined);
}
