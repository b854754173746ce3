import {
  DEFAULT_HEALTH_PARAMS,
  normalizeSortParams,
  parseLabelFilter,
  readHealthParams,
  writeHealthParams,
} from './health-params.js';

const read = (query: string) => readHealthParams(new URLSearchParams(query));

describe('readHealthParams', () => {
  it('gives the defaults for an empty URL: 1h, table, grouped by canary, tabs by namespace, passing hidden', () => {
    expect(read('')).toEqual(DEFAULT_HEALTH_PARAMS);
    expect(DEFAULT_HEALTH_PARAMS).toMatchObject({
      timeRange: '1h',
      layout: 'table',
      groupBy: 'canary_name',
      tabBy: 'namespace',
      hidePassing: true,
    });
  });

  it('reads every parameter of a shared link', () => {
    expect(
      read(
        'timeRange=2d&layout=card&checkId=c1&labels=%7B%22env%3Dprod%22%3A1%2C%22team%3Ddb%22%3A-1%7D' +
          '&query=api&groupBy=type&tabBy=agent&tab=eu&hidePassing=false&sortBy=uptime&sortDesc=true',
      ),
    ).toEqual({
      timeRange: '2d',
      layout: 'card',
      checkId: 'c1',
      labels: { 'env=prod': 1, 'team=db': -1 },
      query: 'api',
      groupBy: 'type',
      tabBy: 'agent',
      tab: 'eu',
      hidePassing: false,
      sortBy: 'uptime',
      sortDesc: true,
    });
  });

  it('falls back to the defaults for values it does not know', () => {
    expect(read('timeRange=7h&layout=list&hidePassing=no')).toMatchObject({
      timeRange: '1h',
      layout: 'table',
      hidePassing: true,
    });
  });
});

describe('parseLabelFilter', () => {
  it('keeps only include (1) and exclude (-1) states', () => {
    expect(parseLabelFilter('{"a=1":1,"b=2":-1,"c=3":0,"d=4":"1"}')).toEqual({ 'a=1': 1, 'b=2': -1 });
  });

  it('ignores malformed JSON and non-objects', () => {
    expect(parseLabelFilter('{oops')).toEqual({});
    expect(parseLabelFilter('[1]')).toEqual({});
    expect(parseLabelFilter('null')).toEqual({});
    expect(parseLabelFilter(null)).toEqual({});
  });
});

describe('writeHealthParams', () => {
  it('leaves defaults out of the URL', () => {
    const next = writeHealthParams(new URLSearchParams('timeRange=2d&layout=card&hidePassing=false'), {
      timeRange: '1h',
      layout: 'table',
      hidePassing: true,
      groupBy: 'canary_name',
      tabBy: 'namespace',
      labels: {},
      query: '',
      sortDesc: false,
    });
    expect(next.toString()).toBe('');
  });

  it('writes what differs from the defaults and keeps parameters it does not own', () => {
    const next = writeHealthParams(new URLSearchParams('pivotBy=type&pivotCellType=uptime'), {
      hidePassing: false,
      labels: { 'env=prod': 1 },
      checkId: 'c1',
    });
    expect(next.get('pivotBy')).toBe('type');
    expect(next.get('pivotCellType')).toBe('uptime');
    expect(next.get('hidePassing')).toBe('false');
    expect(next.get('checkId')).toBe('c1');
    expect(JSON.parse(next.get('labels')!)).toEqual({ 'env=prod': 1 });
  });

  it('removes a parameter set to undefined', () => {
    expect(
      writeHealthParams(new URLSearchParams('checkId=c1&tab=eu'), { checkId: undefined }).toString(),
    ).toBe('tab=eu');
  });

  it('round-trips through readHealthParams', () => {
    const params = { ...DEFAULT_HEALTH_PARAMS, groupBy: 'label:app', tab: 'none', query: 'a b&c' };
    expect(readHealthParams(writeHealthParams(new URLSearchParams(), params))).toEqual(params);
  });
});

describe('normalizeSortParams', () => {
  it("turns the table's sortOrder into sortDesc", () => {
    expect(normalizeSortParams(new URLSearchParams('sortBy=uptime&sortOrder=desc'))?.toString()).toBe(
      'sortBy=uptime&sortDesc=true',
    );
    expect(
      normalizeSortParams(new URLSearchParams('sortBy=uptime&sortOrder=asc&sortDesc=true'))?.toString(),
    ).toBe('sortBy=uptime');
  });

  it('has nothing to do without sortOrder', () => {
    expect(normalizeSortParams(new URLSearchParams('sortBy=uptime&sortDesc=true'))).toBeUndefined();
  });
});
