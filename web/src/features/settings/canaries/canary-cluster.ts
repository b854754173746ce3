// A health check as a Canary custom resource: there its icon and schedule live in the spec.
import { CRD_SOURCE, type KubeObject } from '../../spec-editor/index.js';
import type { Canary, CanaryFields } from './canaries-api.js';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The editor's view of a Canary read from the cluster. */
export function canaryFromObject(object: KubeObject): Canary {
  const { icon, schedule, ...spec } = object.spec ?? {};
  const { metadata } = object;
  return {
    id: metadata.uid ?? '',
    name: metadata.name,
    namespace: metadata.namespace ?? 'default',
    icon: text(icon),
    labels: metadata.labels ?? {},
    schedule: text(schedule),
    spec,
    source: CRD_SOURCE,
    agent_id: '',
    created_by: null,
    created_at: metadata.creationTimestamp ?? '',
    updated_at: metadata.resourceVersion ?? null,
    deleted_at: null,
  };
}

/** The Canary's spec for the editor's fields: the checks, with the icon and schedule when set. */
export function canarySpecOf({ spec, icon, schedule }: CanaryFields): Record<string, unknown> {
  return { ...spec, ...(icon ? { icon } : {}), ...(schedule ? { schedule } : {}) };
}
