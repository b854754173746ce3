import { CRD_SOURCE, isManaged, managerOf, readOnlyNote, resourceName, UI_SOURCE } from './managed.js';

describe('who manages a row', () => {
  it("leaves the console's own rows to the console", () => {
    expect(isManaged(UI_SOURCE)).toBe(false);
    expect(isManaged(null)).toBe(false);
    expect(isManaged(undefined)).toBe(false);
    expect(managerOf('Canary', { name: 'web', namespace: 'default', source: UI_SOURCE })).toBeUndefined();
  });

  it('names the custom resource of a mirrored row, and any other source as it is', () => {
    const row = { name: 'web-checks', namespace: 'default', source: CRD_SOURCE };
    expect(managerOf('Canary', row)).toBe('Canary default/web-checks in the cluster');
    expect(managerOf('Canary', { ...row, source: 'Flux' })).toBe('Flux');
    expect(resourceName('Topology', { name: 'cluster' })).toBe('Topology cluster');
  });

  it('says so in one sentence', () => {
    expect(readOnlyNote('health check', 'Canary default/x in the cluster')).toBe(
      'This health check is managed by Canary default/x in the cluster and is read-only here.',
    );
  });
});
