import { readFilters, topologyQuery, writeFilters, zoomInPath } from './topology-params.js';

describe('topology params', () => {
  it('reads the filters; flatten only once a type is chosen', () => {
    expect(readFilters(new URLSearchParams('status=unhealthy&hidden=true'))).toEqual({
      status: 'unhealthy',
      type: undefined,
      team: undefined,
      labels: undefined,
      agent_id: undefined,
      hidden: true,
      flatten: false,
    });
    expect(readFilters(new URLSearchParams('type=Pod')).flatten).toBe(true);
    expect(readFilters(new URLSearchParams('type=Pod&flatten=false')).flatten).toBe(false);
  });

  it('writes a filter and removes an emptied one, keeping the rest', () => {
    const search = new URLSearchParams('team=Payments&sortBy=name');
    expect(writeFilters(search, { status: 'warning', team: undefined }).toString()).toBe(
      'sortBy=name&status=warning',
    );
    expect(writeFilters(search, { hidden: true, flatten: false }).toString()).toBe(
      'team=Payments&sortBy=name&hidden=true&flatten=false',
    );
  });

  it('asks the API for the filters, flatten only with a type', () => {
    expect(
      topologyQuery('c1', readFilters(new URLSearchParams('type=Pod&labels=env=prod&agent_id=a1'))),
    ).toEqual({
      id: 'c1',
      type: 'Pod',
      labels: 'env=prod',
      agent_id: 'a1',
      flatten: 'true',
    });
    expect(topologyQuery(undefined, readFilters(new URLSearchParams('flatten=true')))).toEqual({});
  });

  it('zooms in keeping the other parameters and naming the page it came from', () => {
    const search = new URLSearchParams('type=Pod&refererId=old');
    expect(zoomInPath('child', 'parent', search)).toBe('/topology/child?type=Pod&refererId=parent');
    expect(zoomInPath('root', undefined, search)).toBe('/topology/root?type=Pod');
  });
});
