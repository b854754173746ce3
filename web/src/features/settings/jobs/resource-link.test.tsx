import { jobResourcePath } from './resource-link.js';

describe('jobResourcePath', () => {
  it('links each resource type where spec 3 §2.3 says', () => {
    expect(jobResourcePath('canary', 'c1')).toBe('/settings/canaries/c1');
    expect(jobResourcePath('config_scraper', 's1')).toBe('/catalog/scrapers/s1');
    expect(jobResourcePath('catalog_scraper', 's2')).toBe('/catalog/scrapers/s2');
    expect(jobResourcePath('topology', 't1')).toBe('/settings/topologies/t1');
    expect(jobResourcePath('config', 'g1')).toBe('/catalog/g1');
    expect(jobResourcePath('playbook', 'p1')).toBe('/playbooks/p1');
    expect(jobResourcePath('agent', 'a1')).toBe('/settings/agents?id=a1');
  });

  it('links nothing for other types or without an id', () => {
    expect(jobResourcePath('incident_rule', 'r1')).toBeUndefined();
    expect(jobResourcePath('canary', null)).toBeUndefined();
    expect(jobResourcePath(null, 'x')).toBeUndefined();
  });
});
