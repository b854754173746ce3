import type { Links } from './links.js';
import { emptyComponent } from './expand.js';
import { rollUp } from './rollup.js';
import type { BuiltComponent } from './types.js';

function component(name: string, extra: Partial<BuiltComponent> = {}): BuiltComponent {
  return { ...emptyComponent(name), type: 'Service', ...extra };
}

const noLinks = (): Links => ({ configs: new Map(), checks: new Map(), canariesWritten: 0 });

describe('the health roll-up', () => {
  it('takes the worst of children, checks and configs: unhealthy over warning over healthy', () => {
    const warned = component('cache', { health: 'warning' });
    const checked = component('api');
    const root = component('root', { children: [warned, checked] });
    const links = noLinks();
    links.checks.set(checked, [
      { id: 'c1', canaryId: 'k', name: 'api-up', status: 'healthy', selectorId: 's' },
      { id: 'c2', canaryId: 'k', name: 'api-db', status: 'unhealthy', selectorId: 's' },
    ]);
    const rollups = rollUp([root], links, []);
    expect(rollups.get(checked)).toEqual({
      health: 'unhealthy',
      status: 'unhealthy',
      statusReason: 'check api-db is failing',
    });
    expect(rollups.get(root)).toEqual({
      health: 'unhealthy',
      status: 'unhealthy',
      statusReason: 'Service api is unhealthy',
    });
  });

  it('is unknown with nothing known, and healthy when a config item is', () => {
    const alone = component('alone');
    const linked = component('linked');
    const links = noLinks();
    links.configs.set(linked, [{ id: 'x', name: 'db', type: 'RDS', health: 'healthy', selectorId: 's' }]);
    const rollups = rollUp([alone, linked], links, []);
    expect(rollups.get(alone)).toMatchObject({ health: 'unknown', status: 'unknown' });
    expect(rollups.get(linked)).toMatchObject({ health: 'healthy', status: 'healthy', statusReason: null });
  });

  it('lets healthExpr and statusExpr decide, and reports one that cannot run', () => {
    const disk = component('disk', {
      properties: [{ name: 'Used', value: 95 }],
      healthExpr: 'properties.Used > 90 ? "unhealthy" : "healthy"',
      statusExpr: 'component.health == "unhealthy" ? "warning" : "healthy"',
    });
    const broken = component('broken', { healthExpr: 'nope(' });
    const errors: string[] = [];
    const rollups = rollUp([disk, broken], noLinks(), errors);
    expect(rollups.get(disk)).toEqual({
      health: 'unhealthy',
      status: 'warning',
      statusReason: 'healthExpr: properties.Used > 90 ? "unhealthy" : "healthy"',
    });
    expect(rollups.get(broken)).toMatchObject({ health: 'unknown' });
    expect(errors).toEqual([expect.stringMatching(/^healthExpr of broken: /)]);
  });
});
