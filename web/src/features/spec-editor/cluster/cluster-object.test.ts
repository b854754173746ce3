import { clusterWriteRequest, DIFF_CONTEXT, hasChanges, objectDiff, objectYaml } from './cluster-object.js';
import { kubeObject } from './test-support.js';

describe('objectYaml', () => {
  it("leaves out the status and the API server's bookkeeping, keeping labels and annotations", () => {
    const object = kubeObject(
      'topologies',
      {
        name: 'web',
        labels: { team: 'web' },
        annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{...}', owner: 'web' },
      },
      { type: 'Website' },
    );
    const yaml = objectYaml(object);
    expect(yaml).toContain('team: web');
    expect(yaml).toContain('owner: web');
    for (const noise of [
      'managedFields',
      'resourceVersion',
      'uid',
      'generation',
      'creationTimestamp',
      'status',
      'last-applied',
    ]) {
      expect(yaml).not.toContain(noise);
    }
  });
});

describe('objectDiff', () => {
  const spec = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`field${index + 10}`, index]));

  it('marks the changed line removed and added, with a few unchanged lines around it', () => {
    const live = kubeObject('topologies', { name: 'web' }, spec);
    const next = kubeObject(
      'topologies',
      { name: 'web', resourceVersion: '42' },
      { ...spec, field20: 'changed' },
    );
    const lines = objectDiff(live, next);
    expect(lines.filter((line) => line.kind === 'removed')).toEqual([
      { kind: 'removed', text: '  field20: 10' },
    ]);
    expect(lines.filter((line) => line.kind === 'added')).toEqual([
      { kind: 'added', text: '  field20: changed' },
    ]);
    const at = lines.findIndex((line) => line.kind === 'removed');
    expect(lines.slice(at - DIFF_CONTEXT - 1, at)[0]).toMatchObject({ kind: 'skipped' });
    expect(lines.slice(at - DIFF_CONTEXT, at).every((line) => line.kind === 'same')).toBe(true);
    expect(lines.at(-1)).toMatchObject({ kind: 'skipped' });
    expect(hasChanges(lines)).toBe(true);
  });

  it('shows every line added for a resource that does not exist yet', () => {
    const lines = objectDiff(null, kubeObject('topologies', { name: 'web' }, { type: 'Website' }));
    expect(lines.every((line) => line.kind === 'added')).toBe(true);
    expect(lines).toContainEqual({ kind: 'added', text: '  type: Website' });
  });

  it('finds no change when only the bookkeeping differs', () => {
    const live = kubeObject('topologies', { name: 'web' }, spec);
    const next = kubeObject('topologies', { name: 'web', resourceVersion: '42', generation: 4 }, spec);
    expect(hasChanges(objectDiff(live, next))).toBe(false);
  });
});

describe('clusterWriteRequest', () => {
  it('sends labels when the editor has them, and the resourceVersion and generation it read', () => {
    expect(
      clusterWriteRequest({
        labels: {},
        spec: { a: 1 },
        specYaml: 'a: 1\n',
        resourceVersion: '7',
        generation: 2,
      }),
    ).toEqual({
      metadata: { labels: {} },
      spec: { a: 1 },
      specYaml: 'a: 1\n',
      resourceVersion: '7',
      generation: 2,
    });
    expect(clusterWriteRequest({ spec: { a: 1 }, specYaml: 'a: 1\n' })).toEqual({
      spec: { a: 1 },
      specYaml: 'a: 1\n',
    });
  });
});
