import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell } from '../../../shell/test-support.js';
import { ConfigInsightsTab } from './ConfigInsightsTab.js';
import { InsightsPage } from './InsightsPage.js';

const CONFIG = '11111111-1111-4111-8111-111111111111';
const OTHER_CONFIG = '33333333-3333-4333-8333-333333333333';
const COMPONENT = '22222222-2222-4222-8222-222222222222';
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const LONG_MESSAGE = `${'x'.repeat(500)}TAIL`;

const insightRows = [
  {
    id: 'a1',
    config_id: CONFIG,
    analyzer: 'trivy',
    analysis_type: 'security',
    severity: 'critical',
    status: 'open',
    message: LONG_MESSAGE,
    summary: null,
    source: 'trivy',
    first_observed: daysAgo(3),
    last_observed: daysAgo(1),
    name: 'web-1',
    config_type: 'Kubernetes::Pod',
    config_class: 'Pod',
  },
];

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/config_analysis_items', {
    status: 200,
    body: insightRows,
    headers: { 'Content-Range': '0-0/120' },
  });
  api.reply('GET api/db/config_analysis_analyzers', { status: 200, body: [{ analyzer: 'trivy' }] });
  api.reply('GET api/db/component_names', { status: 200, body: [{ id: COMPONENT, name: 'payments' }] });
});

function renderInsights(path = '/catalog/insights') {
  const user = userEvent.setup();
  const result = renderInShell(
    [
      { path: 'catalog/insights', element: <InsightsPage /> },
      { path: 'catalog/:id/insights', element: <ConfigInsightsTab /> },
      { path: 'catalog/:id', element: <p>config page</p> },
    ],
    path,
  );
  const url = () => new URLSearchParams(result.router.state.location.search);
  return { ...result, user, url };
}

const itemCalls = () => page.sent.filter((r) => r.path === 'api/db/config_analysis_items');

describe('InsightsPage', () => {
  it('lists insights newest first, 50 a page, with their catalog item, type, analyzer, severity and status', async () => {
    renderInsights();
    const table = await screen.findByRole('grid', { name: 'Insights' });
    const row = (await within(table).findByRole('link', { name: 'web-1' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'web-1' })).toHaveAttribute('href', `/catalog/${CONFIG}`);
    expect(row).toHaveTextContent('Security');
    expect(row).toHaveTextContent('trivy');
    expect(row).toHaveTextContent('Critical');
    expect(row).toHaveTextContent('Open');
    expect(row).toHaveTextContent('3 days ago');
    expect(row).toHaveTextContent('1 day ago');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Catalog', 'Type', 'Analyzer', 'Severity', 'Status', 'First Observed', 'Last Observed']);
    // 120 insights at 50 a page: 3 pages.
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    const query = itemCalls().at(-1)!.query;
    expect(query.get('order')).toBe('first_observed.desc.nullslast,id.asc');
    expect([query.get('offset'), query.get('limit')]).toEqual(['0', '50']);
  });

  it('filters by type, severity (lowercased) and analyzer, kept in the URL', async () => {
    const { user, url } = renderInsights('/catalog/insights?severity=HIGH&configType=Kubernetes::Pod');
    await screen.findByRole('grid', { name: 'Insights' });
    await waitFor(() => expect(itemCalls().length).toBeGreaterThan(0));
    expect(itemCalls().at(-1)!.query.get('severity')).toBe('eq.high');
    expect(itemCalls().at(-1)!.query.get('config_type')).toBe('eq.Kubernetes::Pod');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'technical_debt');
    await screen.findByRole('option', { name: 'trivy' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Analyzer' }), 'trivy');
    await waitFor(() => expect(itemCalls().at(-1)!.query.get('analyzer')).toBe('eq.trivy'));
    const query = itemCalls().at(-1)!.query;
    expect(query.get('analysis_type')).toBe('eq.technical_debt');
    expect(url().get('type')).toBe('technical_debt');
    expect(url().get('analyzer')).toBe('trivy');
  });

  it("reads a component's insights first, then their configs by id", async () => {
    page.api.reply('GET api/db/rpc/lookup_analysis_by_component', {
      status: 200,
      body: [
        { ...insightRows[0], id: 'c1', config_id: OTHER_CONFIG, severity: 'high' },
        { ...insightRows[0], id: 'c2', config_id: CONFIG, severity: 'low' },
      ],
    });
    page.api.reply('GET api/db/configs', {
      status: 200,
      body: [{ id: OTHER_CONFIG, name: 'orders-db', type: 'AWS::RDS::DBInstance', config_class: 'RDS' }],
    });
    renderInsights(`/catalog/insights?component=${COMPONENT}&severity=High`);
    const table = await screen.findByRole('grid', { name: 'Insights' });
    await within(table).findByRole('link', { name: 'orders-db' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    const rpc = page.sent.find((r) => r.path === 'api/db/rpc/lookup_analysis_by_component')!;
    expect(rpc.query.get('id')).toBe(COMPONENT);
    const configs = page.sent.find((r) => r.path === 'api/db/configs')!;
    expect(configs.query.get('id')).toBe(`in.(${OTHER_CONFIG})`);
    expect(itemCalls()).toHaveLength(0);
  });

  it('shows an insight with its message cut at 500 characters', async () => {
    const { user } = renderInsights();
    const table = await screen.findByRole('grid', { name: 'Insights' });
    await user.click((await within(table).findByText('Security')).closest('tr')!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(`${'x'.repeat(500)}…`);
    expect(dialog).not.toHaveTextContent('TAIL');
  });

  it('tells a failed fetch in a toast with its message', async () => {
    page.api.reply('GET api/db/config_analysis_items', {
      status: 400,
      body: { code: 'PGRST100', message: 'insights are unavailable' },
    });
    renderInsights();
    const toast = await screen.findByText('insights are unavailable');
    expect(toast.closest('.pf-v6-c-alert')).toHaveClass('pf-m-danger');
  });
});

describe('ConfigInsightsTab', () => {
  it("lists the insights of the route's config", async () => {
    renderInsights(`/catalog/${CONFIG}/insights`);
    await screen.findByRole('grid', { name: 'Insights' });
    await waitFor(() => expect(itemCalls().length).toBeGreaterThan(0));
    expect(itemCalls().at(-1)!.query.get('config_id')).toBe(`eq.${CONFIG}`);
  });
});
