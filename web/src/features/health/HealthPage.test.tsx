import { jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell } from '../../shell/test-support.js';
import { HealthPage } from './HealthPage.js';
import { REFRESH_RATE_STORAGE_KEY } from './refresh-rate.js';
import { makeCheck } from './test-checks.js';
import type { CheckSummary, HealthSummaryResponse } from './types.js';

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

const CHECKS: CheckSummary[] = [
  makeCheck('c-orders', {
    name: 'orders-api',
    canary_name: 'shop',
    namespace: 'prod',
    status: 'unhealthy',
    endpoint: 'https://orders.example.com',
    labels: { env: 'prod', team: 'shop' },
    uptime: { passed: 995, failed: 5 },
    latency: { p95: 1250, p97: 1500, p99: 2000 },
    last_runtime: hoursAgo(3),
  }),
  makeCheck('c-cart', {
    name: 'cart-api',
    canary_name: 'shop',
    namespace: 'prod',
    labels: { env: 'prod', team: 'shop' },
    last_runtime: hoursAgo(0.1),
  }),
  makeCheck('c-login', {
    name: 'login',
    canary_name: 'auth',
    namespace: 'dev',
    status: 'unhealthy',
    description: 'Signs in as the robot',
    labels: { env: 'dev', team: 'identity' },
    last_runtime: hoursAgo(0.1),
  }),
  makeCheck('c-dns', { name: 'dns', canary_name: 'infra', namespace: null, status: 'healthy', labels: {} }),
];

const summary = (checks: CheckSummary[]): HealthSummaryResponse => ({
  checks_summary: checks,
  from: hoursAgo(1),
  to: hoursAgo(0),
  duration: 3,
});

const page = fakeApiPerTest((api) =>
  api.reply('GET api/canary/api/summary', { status: 200, body: summary(CHECKS) }),
);
// jsdom has no layout: the virtualized table needs a viewport height to render rows (45 px each).
const VIEWPORT = 450;
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => VIEWPORT });
  localStorage.clear();
});
afterEach(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});

function renderHealth(path = '/health?groupBy=no_grouping') {
  const user = userEvent.setup();
  const { router } = renderInShell([{ path: 'health', element: <HealthPage /> }], path);
  const url = () => new URLSearchParams(router.state.location.search);
  return { user, router, url };
}

const table = () => screen.findByRole('grid', { name: 'Health checks' });
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
const shownNames = () =>
  screen
    .queryAllByRole('row')
    .map((row) => row.querySelector('.ops-check-name')?.textContent)
    .filter(Boolean);
const tabNames = () =>
  within(screen.getByLabelText('Check tabs'))
    .getAllByRole('tab')
    .map((tab) => tab.textContent);
const summaryRequests = () => page.sent.filter((request) => request.path === 'api/canary/api/summary');

describe('HealthPage', () => {
  it('lists the failing checks of the last hour with health, uptime, latency and header counts', async () => {
    renderHealth();
    const grid = await table();
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Checks', 'Health', 'Uptime', 'Latency', 'Transition']);
    await screen.findByText('orders-api');
    // Hide Passing is on by default: the passing checks are not listed.
    expect(shownNames()).toEqual(['login', 'orders-api']);
    const orders = await rowOf('orders-api');
    expect(orders).toHaveTextContent('Unhealthy');
    expect(orders).toHaveTextContent('3 hours ago'); // last run over an hour ago
    expect(orders).toHaveTextContent('99.5%');
    expect(orders).toHaveTextContent('1.25s');
    // A check that ran minutes ago shows no last-run age.
    expect(await rowOf('login')).not.toHaveTextContent('ago');
    // Counts are of every check, passing ones included.
    expect(screen.getByText('2 passing')).toBeInTheDocument();
    expect(screen.getByText('2 failing')).toBeInTheDocument();
    expect(summaryRequests()[0]!.query.get('start')).toBe('1h');
  });

  it('renders only the visible rows of 2,000 checks', async () => {
    const many = Array.from({ length: 2000 }, (_, index) =>
      makeCheck(`c${index}`, { name: `check ${String(index).padStart(4, '0')}`, status: 'unhealthy' }),
    );
    page.api.reply('GET api/canary/api/summary', { status: 200, body: summary(many) });
    renderHealth();
    expect(await screen.findByText('check 0000')).toBeInTheDocument();
    expect(screen.getByText('2000 failing')).toBeInTheDocument();
    expect(shownNames().length).toBeGreaterThan(5);
    expect(shownNames().length).toBeLessThan(50);
    expect(screen.queryByText('check 1999')).not.toBeInTheDocument();
  });

  it('writes no defaults into the URL', async () => {
    const { url } = renderHealth('/health');
    await screen.findByRole('button', { name: 'Toggle group shop' });
    expect(url().toString()).toBe('');
  });

  it('groups by canary name by default, with a count badge and the group health', async () => {
    const { user } = renderHealth('/health?hidePassing=false');
    const shop = await screen.findByRole('button', { name: 'Toggle group shop' });
    const shopRow = shop.closest('tr')!;
    expect(shopRow).toHaveTextContent('2');
    expect(shopRow).toHaveTextContent('Mixed');
    expect(
      (await screen.findByRole('button', { name: 'Toggle group auth' })).closest('tr'),
    ).toHaveTextContent('Unhealthy');
    // A handful of checks: the groups start open, so the checks show at once.
    expect(shop).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('cart-api')).toBeInTheDocument();
    expect(screen.getByText('orders-api')).toBeInTheDocument();
    await user.click(shop);
    expect(screen.queryByText('cart-api')).not.toBeInTheDocument();
  });

  it("shows 'No data available' without checks", async () => {
    page.api.reply('GET api/canary/api/summary', { status: 200, body: summary([]) });
    renderHealth();
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it("shows the server's message when the summary fails", async () => {
    page.api.reply('GET api/canary/api/summary', { status: 500, body: { error: 'summary unavailable' } });
    renderHealth();
    expect(await screen.findByText('summary unavailable')).toBeInTheDocument();
  });

  it('keeps the checks on screen when a refresh fails', async () => {
    const { user } = renderHealth();
    await screen.findByText('orders-api');
    page.api.reply('GET api/canary/api/summary', { status: 503, body: { error: 'database is starting' } });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('database is starting')).toBeInTheDocument();
    expect(screen.getByText('The checks could not be refreshed')).toBeInTheDocument();
    expect(screen.getByText('orders-api')).toBeInTheDocument();
  });

  it('searches name, description and endpoint once typing pauses', async () => {
    const { user, url } = renderHealth('/health?groupBy=no_grouping&hidePassing=false');
    await screen.findByText('orders-api');
    const search = screen.getByPlaceholderText('Search by name, description, or endpoint');
    await user.type(search, 'ROBOT');
    // Not applied while typing.
    expect(url().get('query')).toBeNull();
    await waitFor(() => expect(shownNames()).toEqual(['login']));
    expect(url().get('query')).toBe('ROBOT');
    await user.clear(search);
    await user.type(search, 'orders.example');
    await waitFor(() => expect(shownNames()).toEqual(['orders-api']));
  });

  it('shows passing checks when Hide Passing is switched off', async () => {
    const { user, url } = renderHealth();
    await screen.findByText('orders-api');
    await user.click(screen.getByRole('switch', { name: 'Hide Passing' }));
    await waitFor(() => expect(shownNames()).toEqual(['cart-api', 'dns', 'login', 'orders-api']));
    expect(url().get('hidePassing')).toBe('false');
  });

  it('filters by labels, summarizing four or more selected labels', async () => {
    const { user, url } = renderHealth('/health?groupBy=no_grouping&hidePassing=false');
    await screen.findByText('orders-api');
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    const env = within(filters).getByRole('region', { name: 'env' });
    await user.click(within(env).getByRole('button', { name: 'Include prod' }));
    await waitFor(() => expect(shownNames()).toEqual(['cart-api', 'orders-api']));
    expect(JSON.parse(url().get('labels')!)).toEqual({ 'env=prod': 1 });

    const team = within(filters).getByRole('region', { name: 'team' });
    await user.click(within(team).getByRole('button', { name: 'Exclude identity' }));
    await user.click(within(env).getByRole('button', { name: 'Include dev' }));
    expect(within(filters).getByRole('button', { name: 'Remove env=prod' })).toBeInTheDocument();
    await user.click(within(team).getByRole('button', { name: 'Exclude shop' }));
    expect(await within(filters).findByText('4 selected (2 included, 2 excluded)')).toBeInTheDocument();
    expect(within(filters).queryByRole('button', { name: 'Remove env=prod' })).not.toBeInTheDocument();
    expect(shownNames()).toEqual([]);

    await user.click(within(filters).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(shownNames()).toHaveLength(4));
    expect(url().get('labels')).toBeNull();
  });

  it('outlines the filters below the page title and ties the tabs to the checks they show', async () => {
    renderHealth('/health?groupBy=no_grouping&hidePassing=false');
    await screen.findByText('orders-api');
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    expect(within(filters).getByRole('heading', { level: 2, name: 'Labels' })).toBeInTheDocument();
    expect(within(filters).getByRole('heading', { level: 3, name: 'env' })).toBeInTheDocument();
    const tab = screen.getByRole('tab', { name: /^All/ });
    const panel = document.getElementById(tab.getAttribute('aria-controls')!);
    expect(panel).toHaveAttribute('role', 'tabpanel');
    expect(panel).toHaveAttribute('aria-labelledby', tab.id);
    expect(within(panel!).getByRole('grid', { name: 'Health checks' })).toBeInTheDocument();
  });

  it("tabs by namespace: 'All' first, then alphabetically, 'none' for checks without one", async () => {
    const { user, url } = renderHealth('/health?groupBy=no_grouping&hidePassing=false');
    await screen.findByText('orders-api');
    expect(tabNames()).toEqual(['All 4', 'dev 1', 'none 1', 'prod 2']);
    await user.click(screen.getByRole('tab', { name: /prod/ }));
    await waitFor(() => expect(shownNames()).toEqual(['cart-api', 'orders-api']));
    expect(url().get('tab')).toBe('prod');
    expect(screen.getByText('1 passing')).toBeInTheDocument();
    expect(screen.getByText('1 failing')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Tab By'), 'Agent');
    await waitFor(() => expect(url().get('tabBy')).toBe('agent'));
    expect(url().get('tab')).toBeNull();
    expect(tabNames()).toEqual(['All 4', 'local 4']);
  });

  it('offers the label keys in Group By and Tab By', async () => {
    const { user, url } = renderHealth('/health?hidePassing=false');
    await screen.findByRole('button', { name: 'Toggle group shop' });
    const groupBy = screen.getByLabelText('Group By');
    expect(
      within(groupBy)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No Grouping', 'Group Name', 'Name', 'Description', 'Type', 'env', 'team']);
    expect(
      within(screen.getByLabelText('Tab By'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Namespace', 'env', 'team', 'Agent']);
    await user.selectOptions(groupBy, 'team');
    expect(await screen.findByRole('button', { name: 'Toggle group identity' })).toBeInTheDocument();
    expect(url().get('groupBy')).toBe('label:team');
  });

  it('opens a check from its row with a click or Enter', async () => {
    const { user, url, router } = renderHealth();
    await user.click(await screen.findByText('orders-api'));
    await waitFor(() => expect(url().get('checkId')).toBe('c-orders'));
    // The drawer (loaded on demand) opens, and closing it takes checkId out of the URL.
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(url().get('checkId')).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Opening was a history step: Back closes the drawer too.
    await user.click(await screen.findByText('orders-api'));
    await waitFor(() => expect(url().get('checkId')).toBe('c-orders'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(url().get('checkId')).toBeNull());
    (await rowOf('login')).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(url().get('checkId')).toBe('c-login'));
  });

  it('reloads the dashboard after Run Now in the drawer', async () => {
    page.api.reply('POST api/canary/run/check/c-orders', {
      status: 200,
      body: {
        result: { time: hoursAgo(0), duration: 80, status: true, message: 'ok', error: null },
        check: { ...CHECKS[0], status: 'healthy' },
      },
    });
    page.api.reply('GET api/db/checks', {
      status: 200,
      body: [
        {
          ...CHECKS[0],
          spec: {},
          canary: { id: 'canary-1', name: 'shop', namespace: 'prod', spec: {}, source: 'UI' },
        },
      ],
    });
    const { user } = renderHealth('/health?groupBy=no_grouping&checkId=c-orders');
    const drawer = await screen.findByRole('dialog');
    const dashboardLoads = () => summaryRequests().filter((request) => !request.query.has('check_id')).length;
    await waitFor(() => expect(dashboardLoads()).toBe(1));
    await user.click(await within(drawer).findByRole('button', { name: 'Run Now' }));
    await waitFor(() => expect(dashboardLoads()).toBe(2));
  });

  it('sorts by a column, keeping sortBy and sortDesc in the URL', async () => {
    const { user, url } = renderHealth('/health?groupBy=no_grouping&hidePassing=false');
    await screen.findByText('orders-api');
    await user.click(screen.getByRole('button', { name: 'Uptime' }));
    await waitFor(() => expect(url().get('sortBy')).toBe('uptime'));
    expect(url().get('sortOrder')).toBeNull();
    expect(url().get('sortDesc')).toBeNull();
    expect(shownNames()[0]).toBe('orders-api');
    await user.click(screen.getByRole('button', { name: 'Uptime' }));
    await waitFor(() => expect(url().get('sortDesc')).toBe('true'));
    expect(url().get('sortOrder')).toBeNull();
    expect(shownNames()[3]).toBe('orders-api');
  });

  it('asks for the chosen time range', async () => {
    const { user, url } = renderHealth();
    await screen.findByText('orders-api');
    await user.selectOptions(screen.getByLabelText('Time Range'), 'Last 2 days');
    await waitFor(() => expect(url().get('timeRange')).toBe('2d'));
    await waitFor(() => expect(summaryRequests().at(-1)!.query.get('start')).toBe('2d'));
  });

  it('disables refresh rates too frequent for the range and remembers the choice', async () => {
    const { user } = renderHealth();
    await screen.findByText('orders-api');
    await user.click(screen.getByRole('button', { name: 'Refresh rate: None' }));
    const menu = screen.getByRole('menu', { name: 'Refresh rate' });
    const item = (name: string) => within(menu).getByRole('menuitem', { name });
    expect(item('15s')).toBeDisabled();
    expect(item('30s')).toBeDisabled();
    expect(item('60s')).toBeEnabled();
    expect(item('2m')).toBeEnabled();
    await user.click(item('2m'));
    expect(localStorage.getItem(REFRESH_RATE_STORAGE_KEY)).toBe('2m');
    expect(screen.getByRole('button', { name: 'Refresh rate: 2m' })).toBeInTheDocument();

    // Over 3 hours 2m is too frequent: the smallest allowed rate applies.
    await user.selectOptions(screen.getByLabelText('Time Range'), 'Last 6 hours');
    expect(await screen.findByRole('button', { name: 'Refresh rate: 60s' })).toBeInTheDocument();
  });

  it('polls at the stored refresh rate', async () => {
    localStorage.setItem(REFRESH_RATE_STORAGE_KEY, '15s');
    jest.useFakeTimers({ advanceTimers: true, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      renderHealth('/health?timeRange=15m&groupBy=no_grouping');
      await screen.findByText('orders-api');
      const before = summaryRequests().length;
      await act(async () => {
        await jest.advanceTimersByTimeAsync(15_500);
      });
      await waitFor(() => expect(summaryRequests().length).toBeGreaterThan(before));
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows cards grouped like the table; a card opens with Enter', async () => {
    const { user, url } = renderHealth('/health?hidePassing=false');
    await screen.findByRole('button', { name: 'Toggle group shop' });
    await user.click(screen.getByRole('button', { name: 'Cards' }));
    await waitFor(() => expect(url().get('layout')).toBe('card'));
    const shop = await screen.findByRole('region', { name: 'shop' });
    expect(within(shop).getByRole('heading', { name: 'shop' })).toBeInTheDocument();
    const card = within(shop).getByRole('button', { name: /orders-api/ });
    expect(card).toHaveTextContent('99.5%');
    expect(card).toHaveTextContent('Unhealthy');
    card.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(url().get('checkId')).toBe('c-orders'));
  });

  it('closes the filter panel on small screens behind a filter button', async () => {
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 800 });
    try {
      const { user } = renderHealth();
      await screen.findByText('orders-api');
      expect(screen.queryByRole('complementary', { name: 'Filters' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Show filters' }));
      expect(screen.getByRole('switch', { name: 'Hide Passing' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Hide filters' }));
      expect(screen.queryByRole('complementary', { name: 'Filters' })).not.toBeInTheDocument();
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    }
  });
});
