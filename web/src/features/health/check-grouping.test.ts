import { dashboardView, groupByChoices, groupKeyOf, tabByChoices, tabKeyOf } from './check-grouping.js';
import { DEFAULT_HEALTH_PARAMS } from './health-params.js';
import { sortChecks } from './check-sort.js';
import { makeCheck } from './test-checks.js';

describe('choices', () => {
  it('groups by No Grouping, Group Name, Name, Description, Type and then every label key', () => {
    expect(groupByChoices(['app', 'env']).map((choice) => choice.label)).toEqual([
      'No Grouping',
      'Group Name',
      'Name',
      'Description',
      'Type',
      'app',
      'env',
    ]);
    expect(groupByChoices([])[1]).toEqual({ value: 'canary_name', label: 'Group Name' });
  });

  it('tabs by Namespace, every label key, then Agent', () => {
    expect(tabByChoices(['env']).map((choice) => choice.label)).toEqual(['Namespace', 'env', 'Agent']);
  });
});

describe('keys', () => {
  const check = makeCheck('c', {
    canary_name: 'web',
    namespace: null,
    agent_name: null,
    labels: { env: 'prod' },
    description: null,
  });

  it('groups by a field or a label; missing values go to none', () => {
    expect(groupKeyOf('canary_name')!(check)).toBe('web');
    expect(groupKeyOf('label:env')!(check)).toBe('prod');
    expect(groupKeyOf('label:team')!(check)).toBe('none');
    expect(groupKeyOf('description')!(check)).toBe('none');
    expect(groupKeyOf('no_grouping')).toBeUndefined();
  });

  it("tabs a check without a namespace under 'none' and the local agent under 'local'", () => {
    expect(tabKeyOf('namespace')(check)).toBe('none');
    expect(tabKeyOf('agent')(check)).toBe('local');
    expect(tabKeyOf('agent')({ ...check, agent_name: 'eu-west' })).toBe('eu-west');
    expect(tabKeyOf('label:env')(check)).toBe('prod');
  });
});

describe('dashboardView', () => {
  const checks = [
    makeCheck('1', { name: 'orders', canary_name: 'shop', namespace: 'prod', status: 'unhealthy' }),
    makeCheck('2', { name: 'cart', canary_name: 'shop', namespace: 'prod' }),
    makeCheck('3', { name: 'login', canary_name: 'auth', namespace: 'dev', status: 'unhealthy' }),
    makeCheck('4', { name: 'dns', canary_name: 'infra', namespace: null, status: null }),
    makeCheck('5', { name: 'api', canary_name: 'auth', namespace: 'dev', labels: { tier: 'edge' } }),
  ];
  const view = (options: Partial<typeof DEFAULT_HEALTH_PARAMS> = {}) =>
    dashboardView(checks, { ...DEFAULT_HEALTH_PARAMS, ...options });
  const names = (options?: Partial<typeof DEFAULT_HEALTH_PARAMS>) => view(options).rows.map((c) => c.name);

  it('hides passing checks by default and orders by group, then name', () => {
    expect(names()).toEqual(['login', 'dns', 'orders']);
    expect(names({ hidePassing: false })).toEqual(['api', 'login', 'dns', 'cart', 'orders']);
  });

  it("lists 'All' first and then the tabs alphabetically, counting the checks shown", () => {
    expect(view().tabs).toEqual([
      { name: 'All', count: 3 },
      { name: 'dev', count: 1 },
      { name: 'none', count: 1 },
      { name: 'prod', count: 1 },
    ]);
    expect(view({ hidePassing: false }).tabs[0]).toEqual({ name: 'All', count: 5 });
  });

  it('shows the chosen tab only, and All for a tab that does not exist', () => {
    expect(view({ tab: 'dev', hidePassing: false }).rows.map((c) => c.name)).toEqual(['api', 'login']);
    expect(view({ tab: 'none' }).rows.map((c) => c.name)).toEqual(['dns']);
    expect(view({ tab: 'staging' }).tab).toBe('All');
  });

  it('counts passing and failing in the tab under every filter but Hide Passing', () => {
    expect(view().counts).toEqual({ passing: 2, failing: 2 });
    expect(view({ tab: 'prod' }).counts).toEqual({ passing: 1, failing: 1 });
    expect(view({ query: 'o' }).counts).toEqual({ passing: 0, failing: 2 }); // orders, login
  });

  it('applies the search and the label filters to rows, tabs and counts', () => {
    expect(names({ query: 'LOG' })).toEqual(['login']);
    expect(view({ labels: { 'tier=edge': 1 }, hidePassing: false }).tabs).toEqual([
      { name: 'All', count: 1 },
      { name: 'dev', count: 1 },
      { name: 'none', count: 0 },
      { name: 'prod', count: 0 },
    ]);
  });

  it('orders by name alone without grouping', () => {
    expect(names({ groupBy: 'no_grouping', hidePassing: false })).toEqual([
      'api',
      'cart',
      'dns',
      'login',
      'orders',
    ]);
  });

  it('sorts by a column the way the table does', () => {
    const rows = view({ hidePassing: false }).rows;
    expect(sortChecks(rows, 'health', false).map((c) => c.name)).toEqual([
      'login',
      'orders',
      'dns',
      'api',
      'cart',
    ]);
    expect(sortChecks(rows, 'name', true).map((c) => c.name)).toEqual([
      'orders',
      'login',
      'dns',
      'cart',
      'api',
    ]);
    expect(sortChecks(rows, undefined, false)).toBe(rows);
  });
});
