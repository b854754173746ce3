import { disabledMessage, featureOf } from './feature-map.js';
import { FEATURES } from './features.js';
import { RESOURCE_OF } from './resource-map.js';

describe('featureOf', () => {
  it.each([
    ['checks', 'health'],
    ['check_statuses', 'health'],
    ['incidents', 'incidents'],
    ['evidences', 'incidents'],
    ['comments', 'incidents'],
    ['responders', 'incidents'],
    ['configs', 'config'],
    ['config_changes', 'config'],
    ['rpc/related_configs_recursive', 'config'],
    ['config_scrapers', 'config'],
    ['components', 'topology'],
    ['playbook_runs', 'playbooks'],
    ['agents_summary', 'agents'],
    ['logging_backends', 'logs'],
  ])('puts %s in the %s area', (relation, feature) => {
    expect(featureOf(relation)).toBe(feature);
  });

  it.each([
    'people',
    'teams',
    'properties',
    'connections',
    'job_histories',
    'event_queue_summary',
    'nowhere',
  ])('keeps %s on whatever area is off', (relation) => {
    expect(featureOf(relation)).toBeUndefined();
  });

  it('only names known features', () => {
    for (const name of Object.keys(RESOURCE_OF)) {
      const feature = featureOf(name);
      if (feature) expect(FEATURES).toContain(feature);
    }
  });

  it("says '{Area} is disabled' with the area's name", () => {
    expect(disabledMessage('config')).toBe('Catalog is disabled');
    expect(disabledMessage('incidents')).toBe('Incidents is disabled');
  });
});
