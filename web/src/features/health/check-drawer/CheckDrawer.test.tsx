import { screen, waitFor, within } from '@testing-library/react';
import { CHECK_ID, useDrawerApi } from './drawer-test-kit.js';

const { reply, renderDrawer, requestsTo, historyRequests, lastHistoryQuery } = useDrawerApi();
const drawer = () => screen.getByRole('dialog', { name: /api-health/ });

describe('CheckDrawer', () => {
  it("shows the check's header, labels and figures over the range", async () => {
    renderDrawer();
    expect(await screen.findByRole('dialog', { name: /api-health/ })).toBeInTheDocument();
    const dialog = drawer();
    const heading = within(dialog).getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('api-health');
    expect(within(heading).getByText('Unhealthy')).toBeInTheDocument();
    expect(within(dialog).getByText('https://api.example.com/health')).toBeInTheDocument();
    expect(within(dialog).getByText('team: payments')).toBeInTheDocument();
    expect(within(dialog).getByText('env: prod')).toBeInTheDocument();
    const figure = (term: string) =>
      within(dialog).getByText(term).closest('.pf-v6-c-description-list__group');
    await waitFor(() => expect(figure('Uptime')).toHaveTextContent('75.0%'));
    expect(figure('Latency p95')).toHaveTextContent('250ms');
    expect(figure('Latency p97')).toHaveTextContent('1.25s');
    expect(figure('Latency p99')).toHaveTextContent('2m 5s');
    expect(figure('Last run')).toHaveTextContent('5 minutes ago');
    expect(figure('Type')).toHaveTextContent('http');
    expect(figure('Canary')).toHaveTextContent('payments-canary');
    expect(figure('Agent')).toHaveTextContent('local');

    const summaryQuery = requestsTo('api/canary/api/summary')[0]!.query;
    expect(summaryQuery.get('check_id')).toBe(CHECK_ID);
    expect(summaryQuery.get('start')).toBe('1h');
    const checkQuery = requestsTo('api/db/checks')[0]!.query;
    expect(checkQuery.get('id')).toBe(`eq.${CHECK_ID}`);
    expect(checkQuery.get('select')).toBe(
      '*,canary:canary_id(id,name,namespace,spec,source,agent_id,created_by,agent:agent_id(id,name))',
    );
  });

  it('moves focus into the drawer and closes on Escape and on the close button', async () => {
    const { user, onClose } = renderDrawer();
    await screen.findByRole('dialog', { name: /api-health/ });
    await waitFor(() => expect(drawer()).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(within(drawer()).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("says 'Check not found' for an unknown check", async () => {
    reply('GET api/db/checks', { status: 200, body: [] });
    renderDrawer();
    expect(await screen.findByText('Check not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run Now' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the check cannot be loaded", async () => {
    reply('GET api/db/checks', { status: 500, body: { message: 'database is down' } });
    renderDrawer();
    expect(await screen.findByText('database is down')).toBeInTheDocument();
  });

  it('draws the Health Overview from the runs since the start of the range', async () => {
    renderDrawer();
    expect(await screen.findByTestId('chart')).toHaveTextContent('2 runs, 1 failed');
    const chartQuery = requestsTo('api/db/check_statuses').find((r) => !r.query.has('offset'))!.query;
    expect(chartQuery.get('check_id')).toBe(`eq.${CHECK_ID}`);
    expect(chartQuery.get('select')).toBe('time,duration,status');
    expect(chartQuery.get('order')).toBe('time.asc');
    const since = Date.parse(chartQuery.get('time')!.replace(/^gte\./, ''));
    expect(Math.abs(since - (Date.now() - 3_600_000))).toBeLessThan(60_000);
  });

  it('puts the chart into a Graph tab on short screens', async () => {
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 700 });
    const { user } = renderDrawer();
    const graph = await screen.findByRole('tab', { name: 'Graph' });
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
    await user.click(graph);
    expect(await screen.findByTestId('chart')).toBeInTheDocument();
  });

  it('has no Graph tab on tall screens', async () => {
    renderDrawer();
    await screen.findByRole('tab', { name: 'History' });
    expect(screen.queryByRole('tab', { name: 'Graph' })).not.toBeInTheDocument();
  });

  describe('History', () => {
    it('lists the newest runs first, 50 a page, with the total from the count', async () => {
      renderDrawer();
      const table = await screen.findByRole('grid', { name: 'Check history' });
      expect(await within(table).findByText('connection refused')).toBeInTheDocument();
      expect(within(table).getByText('OK 200')).toBeInTheDocument();
      expect(within(table).getByText('900ms')).toBeInTheDocument();
      expect(within(table).getByText('Healthy')).toBeInTheDocument();
      expect(within(table).getByText('Unhealthy')).toBeInTheDocument();
      expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
      const query = lastHistoryQuery();
      expect(query.get('check_id')).toBe(`eq.${CHECK_ID}`);
      expect(query.get('order')).toBe('time.desc');
      expect(query.get('offset')).toBe('0');
      expect(query.get('limit')).toBe('50');
      expect(query.has('status')).toBe(false);
      expect(query.has('duration')).toBe(false);
    });

    it('filters by status and by a preset duration on the server', async () => {
      const { user } = renderDrawer();
      await screen.findByRole('grid', { name: 'Check history' });
      await user.click(screen.getByRole('button', { name: 'Unhealthy' }));
      await waitFor(() => expect(lastHistoryQuery().get('status')).toBe('eq.0'));
      await user.click(screen.getByRole('button', { name: 'Healthy' }));
      await waitFor(() => expect(lastHistoryQuery().get('status')).toBe('eq.1'));

      await user.click(screen.getByRole('combobox', { name: 'Duration' }));
      await user.click(screen.getByRole('option', { name: '500ms' }));
      await waitFor(() => expect(lastHistoryQuery().get('duration')).toBe('gte.500'));
      expect(lastHistoryQuery().get('status')).toBe('eq.1');

      await user.click(screen.getByRole('button', { name: 'All' }));
      await waitFor(() => expect(lastHistoryQuery().has('status')).toBe(false));
    });

    it('takes a typed duration in ms or s, and refuses other units without querying', async () => {
      const { user } = renderDrawer();
      await screen.findByRole('grid', { name: 'Check history' });
      const input = screen.getByRole('combobox', { name: 'Duration' });

      await user.type(input, '2m');
      expect(screen.getByText('duration is allowed only in milli seconds & seconds')).toBeInTheDocument();
      const before = historyRequests().length;
      await user.keyboard('{Enter}');

      await user.clear(input);
      await user.type(input, '1.5s{Enter}');
      expect(
        screen.queryByText('duration is allowed only in milli seconds & seconds'),
      ).not.toBeInTheDocument();
      await waitFor(() => expect(lastHistoryQuery().get('duration')).toBe('gte.1500'));
      // The 1.5 s query is the only one since 2m was entered: 2m queried nothing.
      expect(
        historyRequests()
          .slice(before)
          .map((r) => r.query.get('duration')),
      ).toEqual(['gte.1500']);
    });

    it('pages on the server', async () => {
      const { user } = renderDrawer();
      await screen.findByText('Page 1 of 3');
      await user.click(screen.getByRole('button', { name: 'Next page' }));
      await waitFor(() => expect(lastHistoryQuery().get('offset')).toBe('50'));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Page size' }), '100');
      await waitFor(() => expect(lastHistoryQuery().get('limit')).toBe('100'));
      expect(lastHistoryQuery().get('offset')).toBe('0');
    });

    it("toasts the server's message when the history cannot be loaded", async () => {
      reply('GET api/db/check_statuses', { status: 500, body: { message: 'statuses unavailable' } });
      renderDrawer();
      expect(await screen.findAllByText('statuses unavailable')).not.toHaveLength(0);
      expect(screen.getByRole('heading', { name: /statuses unavailable/ })).toBeInTheDocument();
    });
  });

  it('shows the spec as YAML', async () => {
    const { user } = renderDrawer();
    await user.click(await screen.findByRole('tab', { name: 'Spec' }));
    const spec = await screen.findByRole('region', { name: 'Check spec' });
    expect(spec).toHaveTextContent('url: https://api.example.com/health');
    expect(spec).toHaveTextContent('- 200');
  });

  it('counts and links the related configs and components', async () => {
    const { user } = renderDrawer();
    const tab = await screen.findByRole('tab', { name: /Relationships/ });
    await waitFor(() => expect(tab).toHaveTextContent('Relationships 2'));
    await user.click(tab);
    expect(await screen.findByRole('link', { name: 'payments-db' })).toHaveAttribute('href', '/catalog/cfg1');
    expect(screen.getByRole('link', { name: 'payments-api' })).toHaveAttribute('href', '/topology/cmp1');
    const configs = requestsTo('api/db/check_config_relationships')[0]!.query;
    expect(configs.get('select')).toBe('config:config_id(id,name,type)');
    expect(configs.get('check_id')).toBe(`eq.${CHECK_ID}`);
  });
});
