import { isUpToDate, rowOf } from './mirror-rows.js';
import type { KubeObject } from './types.js';

const canary: KubeObject = {
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: {
    name: 'web',
    namespace: 'team-a',
    uid: '0b6f8a52-8d2c-4a8e-9d43-1f2e3c4b5a69',
    generation: 3,
    resourceVersion: '17',
    labels: { team: 'a' },
    creationTimestamp: '2024-06-11T10:00:00Z',
  },
  spec: { schedule: '@every 1m', icon: 'http', http: [{ name: 'home', url: 'https://example.com' }] },
  status: { status: 'Passed' },
};

describe('rowOf', () => {
  it('maps a Canary: uid as id, labels, schedule and icon from the spec, the local agent, KubernetesCRD', () => {
    expect(rowOf('canaries', canary)).toEqual({
      id: canary.metadata.uid,
      name: 'web',
      namespace: 'team-a',
      labels: { team: 'a' },
      spec: canary.spec,
      schedule: '@every 1m',
      icon: 'http',
      source: 'KubernetesCRD',
      agent_id: '00000000-0000-0000-0000-000000000000',
      created_at: '2024-06-11T10:00:00.000Z',
    });
  });

  it('maps a Playbook: title, icon, description and category from the spec, no labels or agent', () => {
    const playbook: KubeObject = {
      ...canary,
      kind: 'Playbook',
      spec: {
        title: 'Restart',
        icon: 'k8s',
        description: 'Restarts a pod',
        category: 'Kubernetes',
        actions: [],
      },
    };
    expect(rowOf('playbooks', playbook)).toEqual({
      id: canary.metadata.uid,
      name: 'web',
      namespace: 'team-a',
      title: 'Restart',
      icon: 'k8s',
      description: 'Restarts a pod',
      category: 'Kubernetes',
      spec: playbook.spec,
      source: 'KubernetesCRD',
      created_at: '2024-06-11T10:00:00.000Z',
    });
  });

  it('titles a Playbook without a title by its name, as the platform does', () => {
    const playbook: KubeObject = { ...canary, kind: 'Playbook', spec: { actions: [] } };
    expect(rowOf('playbooks', playbook)).toMatchObject({ name: 'web', title: 'web' });
  });

  it('maps a ScrapeConfig with its description; a missing schedule or label set is null or empty', () => {
    const scraper: KubeObject = {
      ...canary,
      metadata: { ...canary.metadata, labels: undefined },
      spec: { kubernetes: [] },
    };
    expect(rowOf('config_scrapers', scraper)).toMatchObject({
      labels: {},
      schedule: null,
      description: null,
      icon: null,
    });
  });

  it('skips an object without uid or namespace', () => {
    expect(rowOf('canaries', { ...canary, metadata: { name: 'web', namespace: 'team-a' } })).toBeUndefined();
    expect(rowOf('canaries', { ...canary, metadata: { name: 'web', uid: 'x' } })).toBeUndefined();
  });
});

describe('isUpToDate', () => {
  const wanted = rowOf('canaries', canary)!;
  // As the database returns it: a Date, jsonb objects with keys in another order.
  const stored = {
    ...wanted,
    created_at: new Date('2024-06-11T10:00:00Z'),
    spec: { http: [{ url: 'https://example.com', name: 'home' }], icon: 'http', schedule: '@every 1m' },
    deleted_at: null,
  };

  it('is true for the row as stored, so a status-only change rewrites nothing', () => {
    expect(
      isUpToDate('canaries', stored, rowOf('canaries', { ...canary, status: { status: 'Failed' } })!),
    ).toBe(true);
  });

  it('is false for a changed spec or label, a soft-deleted row, or no row', () => {
    expect(
      isUpToDate('canaries', stored, rowOf('canaries', { ...canary, spec: { schedule: '@every 5m' } })!),
    ).toBe(false);
    expect(
      isUpToDate(
        'canaries',
        stored,
        rowOf('canaries', { ...canary, metadata: { ...canary.metadata, labels: {} } })!,
      ),
    ).toBe(false);
    expect(isUpToDate('canaries', { ...stored, deleted_at: new Date() }, wanted)).toBe(false);
    expect(isUpToDate('canaries', undefined, wanted)).toBe(false);
  });
});
