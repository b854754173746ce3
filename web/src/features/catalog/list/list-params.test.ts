import {
  drillIntoSummaryRow,
  parseTristate,
  readListParams,
  showsItems,
  tristateQueryValue,
  writeListParams,
} from './list-params.js';

const params = (query: string) => readListParams(new URLSearchParams(query));

describe('catalog list parameters', () => {
  it('defaults to grouping by provider and type, sorted by type ascending', () => {
    const read = params('');
    expect(read.groupBy).toEqual([
      { key: 'config_class', isTag: false },
      { key: 'type', isTag: false },
    ]);
    expect(read.sortBy).toBe('type');
    expect(read.sortOrder).toBe('asc');
    expect(showsItems(read)).toBe(false);
  });

  it('reads every parameter of a shared link', () => {
    const read = params(
      'configType=Kubernetes::Pod&labels=app__:__web,team__:__core&status=Running:1&health=healthy:1,warning:-1' +
        '&search=api&groupBy=name,cluster__tag&sortBy=name&sortOrder=desc&tags=env__:__prod&groupByProp=x',
    );
    expect(read).toEqual({
      configType: 'Kubernetes::Pod',
      labels: { app: 'web', team: 'core' },
      tags: { env: 'prod' },
      status: { include: ['Running'], exclude: [] },
      health: { include: ['healthy'], exclude: ['warning'] },
      search: 'api',
      groupBy: [
        { key: 'name', isTag: false },
        { key: 'cluster', isTag: true },
      ],
      sortBy: 'name',
      sortOrder: 'desc',
      groupByProp: 'x',
    });
    expect(showsItems(read)).toBe(true);
  });

  it('takes a bare health value as chosen in, and sends exclusions with !', () => {
    expect(parseTristate('unhealthy')).toEqual({ include: ['unhealthy'], exclude: [] });
    expect(tristateQueryValue({ include: ['healthy'], exclude: ['unknown'] })).toBe('healthy,!unknown');
  });

  it('writes a filter change back, dropping empty values and the page index', () => {
    const next = writeListParams(new URLSearchParams('configType=A&pageIndex=3&sortBy=name'), {
      configType: undefined,
      health: { include: ['warning'], exclude: [] },
      search: '  db ',
    });
    expect(Object.fromEntries(next)).toEqual({ sortBy: 'name', health: 'warning:1', search: 'db' });
  });

  it('drills into a summary row: its type becomes configType, its tag values labels, groupBy cleared', () => {
    const groupBy = [
      { key: 'config_class', isTag: false },
      { key: 'type', isTag: false },
      { key: 'cluster', isTag: true },
    ];
    const next = drillIntoSummaryRow(
      new URLSearchParams('groupBy=config_class,type,cluster__tag&labels=old__:__x&pageIndex=2'),
      groupBy,
      { type: 'Kubernetes::Pod', config_class: 'Kubernetes', cluster: 'prod', count: 3 },
    );
    expect(Object.fromEntries(next)).toEqual({ configType: 'Kubernetes::Pod', labels: 'cluster__:__prod' });
  });
});
