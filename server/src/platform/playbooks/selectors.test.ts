import {
  filtersRefusal,
  matchesLabelSelector,
  matchesPatterns,
  playbookSelects,
  selectorMatches,
  selectsResources,
  type SelectableResource,
} from './selectors.js';

const httpCheck: SelectableResource = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'checkout-http',
  namespace: 'shop',
  type: 'http',
  status: 'unhealthy',
  agent_id: '00000000-0000-0000-0000-000000000000',
  labels: { team: 'payments', env: 'prod' },
};
const tcpCheck: SelectableResource = { ...httpCheck, id: '2', name: 'checkout-tcp', type: 'tcp' };

describe('a resource selector', () => {
  it('selects checks by type: http, not tcp', () => {
    expect(selectorMatches({ types: ['http'] }, httpCheck)).toBe(true);
    expect(selectorMatches({ types: ['http'] }, tcpCheck)).toBe(false);
  });

  it('matches names exactly, by wildcard, and excludes with !', () => {
    expect(selectorMatches({ name: 'checkout-http' }, httpCheck)).toBe(true);
    expect(selectorMatches({ name: 'checkout-*' }, tcpCheck)).toBe(true);
    expect(selectorMatches({ name: 'cart-*' }, httpCheck)).toBe(false);
    expect(selectorMatches({ name: '!checkout-tcp' }, httpCheck)).toBe(true);
    expect(selectorMatches({ name: '!checkout-tcp' }, tcpCheck)).toBe(false);
    expect(selectorMatches({ types: ['!tcp'] }, tcpCheck)).toBe(false);
  });

  it('needs every field it gives to hold', () => {
    expect(selectorMatches({ types: ['http'], namespace: 'shop' }, httpCheck)).toBe(true);
    expect(selectorMatches({ types: ['http'], namespace: 'other' }, httpCheck)).toBe(false);
  });

  it('reads label selectors: equality, inequality, exists, not exists, sets', () => {
    expect(matchesLabelSelector('team=payments,env!=dev', httpCheck.labels)).toBe(true);
    expect(matchesLabelSelector('team==payments', httpCheck.labels)).toBe(true);
    expect(matchesLabelSelector('env=dev', httpCheck.labels)).toBe(false);
    expect(matchesLabelSelector('team,!legacy', httpCheck.labels)).toBe(true);
    expect(matchesLabelSelector('legacy', httpCheck.labels)).toBe(false);
    expect(matchesLabelSelector('env in (prod,staging)', httpCheck.labels)).toBe(true);
    expect(matchesLabelSelector('env notin (prod)', httpCheck.labels)).toBe(false);
    expect(selectorMatches({ labelSelector: 'team=payments' }, httpCheck)).toBe(true);
  });

  it('matches tags of configs with tagSelector, fields with fieldSelector', () => {
    const config = { ...httpCheck, type: 'Kubernetes::Pod', tags: { cluster: 'eu' }, labels: {} };
    expect(selectorMatches({ tagSelector: 'cluster=eu' }, config)).toBe(true);
    expect(selectorMatches({ tagSelector: 'cluster=us' }, config)).toBe(false);
    expect(selectorMatches({ fieldSelector: 'type=http,status=unhealthy' }, httpCheck)).toBe(true);
    expect(selectorMatches({ fieldSelector: 'status!=unhealthy' }, httpCheck)).toBe(false);
    expect(selectorMatches({ fieldSelector: 'secret=x' }, httpCheck)).toBe(false);
  });

  it('searches by words in the name and field=value terms', () => {
    expect(selectorMatches({ search: 'CHECKOUT' }, httpCheck)).toBe(true);
    expect(selectorMatches({ search: 'cart' }, httpCheck)).toBe(false);
    expect(selectorMatches({ search: 'type=http labels.team=payments' }, httpCheck)).toBe(true);
    expect(selectorMatches({ search: 'type!=http' }, httpCheck)).toBe(false);
    expect(selectorMatches({ search: 'a=b' }, httpCheck)).toBe(false);
    expect(selectorMatches({ search: 'a=b' }, { ...httpCheck, name: 'x-a=b' })).toBe(true);
  });

  it('narrows by agent: local, all, or an id', () => {
    expect(selectorMatches({ types: ['http'], agent: 'local' }, httpCheck)).toBe(true);
    expect(selectorMatches({ types: ['http'], agent: 'all' }, httpCheck)).toBe(true);
    expect(
      selectorMatches({ types: ['http'], agent: '99999999-9999-4999-8999-999999999999' }, httpCheck),
    ).toBe(false);
  });

  it('matches nothing when it gives nothing to match by, and skips deleted resources', () => {
    expect(selectorMatches({}, httpCheck)).toBe(false);
    expect(selectorMatches({ agent: 'all' }, httpCheck)).toBe(false);
    const deleted = { ...httpCheck, deleted_at: '2026-01-01T00:00:00Z' };
    expect(selectorMatches({ types: ['http'] }, deleted)).toBe(false);
    expect(selectorMatches({ types: ['http'], includeDeleted: true }, deleted)).toBe(true);
  });

  it('pattern lists: no inclusions means anything not excluded', () => {
    expect(matchesPatterns(['!a'], 'b')).toBe(true);
    expect(matchesPatterns([], 'b')).toBe(true);
    expect(matchesPatterns(['a', 'b*'], 'bc')).toBe(true);
  });
});

describe('a playbook on a resource', () => {
  const spec = { checks: [{ types: ['http'] }, { name: 'db-*' }] };

  it('runs on a resource any selector of that kind matches', () => {
    expect(playbookSelects(spec, 'check', httpCheck)).toBe(true);
    expect(playbookSelects(spec, 'check', tcpCheck)).toBe(false);
    expect(playbookSelects(spec, 'config', httpCheck)).toBe(false);
    expect(selectsResources(spec)).toBe(true);
    expect(selectsResources({})).toBe(false);
  });

  it('runs only where every filter is true', () => {
    expect(filtersRefusal({ filters: ["check.type == 'http'"] }, { check: httpCheck })).toBeUndefined();
    expect(filtersRefusal({ filters: ["check.type == 'http'"] }, { check: tcpCheck })).toBe(
      "The filter 'check.type == 'http'' is not true for this resource",
    );
    expect(filtersRefusal({ filters: ['check.('] }, { check: httpCheck })).toMatch(
      /^The filter 'check.\(' failed/,
    );
  });
});
