import { jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LogSearchRequest } from '../../../../common/logs.js';
import { formatDateTime } from '../../lib/time-range/index.js';
import { fakeApiPerTest, renderInShell } from '../../shell/test-support.js';
import { LogsPage, NO_COMPONENT_CHOSEN, NO_MATCHING_LOGS } from './LogsPage.js';
import { preloadLogSearch } from './logs-api.js';
import { LOG_SEARCH_DEBOUNCE_MS } from './logs-params.js';
import { logLine, logResult, ORDERS_ID, PAYMENTS_ID, replyLogs } from './test-support.js';
import { COLUMN_SIZES_KEY } from './use-column-sizes.js';

const page = fakeApiPerTest(replyLogs);

function renderLogs(path = '/logs', options?: Parameters<typeof userEvent.setup>[0]) {
  const user = userEvent.setup(options);
  const result = renderInShell([{ path: 'logs', element: <LogsPage /> }], path);
  const search = () => new URLSearchParams(result.router.state.location.search);
  return { ...result, user, search };
}

const searches = () =>
  page.sent
    .filter((r) => r.method === 'POST' && r.path === 'api/logs')
    .map((r) => r.body as LogSearchRequest);
const lastSearch = () => searches().at(-1);
const table = () => screen.getByRole('grid', { name: 'Log lines' });

// jsdom has no layout: give every element a viewport height (rows keep the 62 px estimate).
beforeEach(() => {
  localStorage.clear();
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 620 });
});
afterEach(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});

describe('LogsPage', () => {
  it('asks to choose a component first and searches nothing', async () => {
    renderLogs();
    expect(await screen.findByText(NO_COMPONENT_CHOSEN)).toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(within(heading).getByRole('link', { name: 'Logs' })).toHaveAttribute('href', '/logs');
    await screen.findByRole('combobox', { name: 'Component' });
    expect(screen.getByRole('combobox', { name: 'Log selector' })).toBeDisabled();
    expect(searches()).toEqual([]);
  });

  it("shows a linked component's lines from its first selector, the link kept as it came", async () => {
    const { search, user } = renderLogs(`/logs?topologyId=${ORDERS_ID}`);
    const first = (
      await within(await screen.findByRole('grid', { name: 'Log lines' })).findByText('GET /orders 200 12ms')
    ).closest('tr')!;
    expect(first).toHaveTextContent(formatDateTime(new Date('2026-11-29T10:15:30Z')));
    expect(within(first).getByText('pod=orders-api-7d9f')).toBeInTheDocument();
    expect(within(first).getByText('namespace=shop')).toBeInTheDocument();
    expect(within(table()).getByText('POST /orders 500 database timeout')).toBeInTheDocument();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Timestamp', 'Message', 'Labels']);

    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Log selector' })).toHaveValue('orders-api logs'),
    );
    expect(screen.getByRole('combobox', { name: 'Component' })).toHaveValue('orders-api');
    // The link stays as it came: no selector named is the first.
    expect(search().get('logsSelector')).toBeNull();
    // One search, over the last hour, without a name: the server takes the first selector.
    expect(searches()).toHaveLength(1);
    const body = lastSearch()!;
    expect(body).toMatchObject({ id: ORDERS_ID });
    expect(body.name).toBeUndefined();
    expect(Date.parse(body.end!) - Date.parse(body.start!)).toBe(60 * 60_000);
    expect(body.query).toBeUndefined();
    // Choosing another selector names it, and the first again names the first.
    const selectorBox = screen.getByRole('combobox', { name: 'Log selector' });
    await user.selectOptions(selectorBox, 'orders-api audit');
    await waitFor(() => expect(search().get('logsSelector')).toBe('orders-api audit'));
    await waitFor(() => expect(lastSearch()).toMatchObject({ id: ORDERS_ID, name: 'orders-api audit' }));
    await user.selectOptions(selectorBox, 'orders-api logs');
    await waitFor(() => expect(search().get('logsSelector')).toBe('orders-api logs'));
  });

  it('takes the search the route started for its URL instead of asking again', async () => {
    preloadLogSearch(new URLSearchParams(`topologyId=${ORDERS_ID}`));
    renderLogs(`/logs?topologyId=${ORDERS_ID}`);
    await within(await screen.findByRole('grid', { name: 'Log lines' })).findByText('GET /orders 200 12ms');
    expect(searches()).toHaveLength(1);
  });

  it('keeps the component, selector and range in the URL, and back returns to the earlier choice', async () => {
    const { user, search, router } = renderLogs(
      `/logs?topologyId=${ORDERS_ID}&logsSelector=orders-api%20audit`,
    );
    await within(await screen.findByRole('grid', { name: 'Log lines' })).findByText('GET /orders 200 12ms');
    expect(lastSearch()).toMatchObject({ id: ORDERS_ID, name: 'orders-api audit' });
    expect(screen.getByRole('combobox', { name: 'Log selector' })).toHaveValue('orders-api audit');

    await user.click(screen.getByRole('combobox', { name: 'Component' }));
    await user.click(await screen.findByRole('option', { name: /Payments service/ }));
    await waitFor(() => expect(search().get('topologyId')).toBe(PAYMENTS_ID));
    // Another component: its first selector, named neither in the URL nor in the search.
    expect(search().get('logsSelector')).toBeNull();
    await waitFor(() => expect(lastSearch()).toMatchObject({ id: PAYMENTS_ID }));
    expect(lastSearch()!.name).toBeUndefined();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Log selector' })).toHaveValue('payments logs'),
    );

    await user.click(screen.getByRole('button', { name: /Last 1 hour/ }));
    await user.click(await screen.findByRole('button', { name: 'Last 2 days' }));
    await waitFor(() => expect(search().get('start')).toBe('now-2d'));
    expect(search().get('end')).toBeNull();
    await waitFor(() => {
      const body = lastSearch()!;
      expect(Date.parse(body.end!) - Date.parse(body.start!)).toBe(2 * 86_400_000);
    });

    await act(() => router.navigate(-1));
    await waitFor(() => expect(search().get('start')).toBeNull());
    await act(() => router.navigate(-1));
    await waitFor(() => expect(search().get('topologyId')).toBe(ORDERS_ID));
    expect(search().get('logsSelector')).toBe('orders-api audit');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Component' })).toHaveValue('orders-api'),
    );

    await user.click(screen.getByRole('combobox', { name: 'Component' }));
    await user.click(await screen.findByRole('option', { name: 'None' }));
    await waitFor(() => expect(search().get('topologyId')).toBeNull());
    expect(await screen.findByText(NO_COMPONENT_CHOSEN)).toBeInTheDocument();
  });

  it('filters the component list by what is typed', async () => {
    const { user } = renderLogs();
    await user.type(await screen.findByRole('combobox', { name: 'Component' }), 'pay');
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox', { name: 'Component' }))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['None', 'Payments servicepayments']),
    );
  });

  it(`searches once typing has paused ${LOG_SEARCH_DEBOUNCE_MS} ms, and the URL keeps the text`, async () => {
    jest.useFakeTimers();
    try {
      const { user, search, router } = renderLogs(`/logs?topologyId=${ORDERS_ID}`, {
        advanceTimers: jest.advanceTimersByTime,
      });
      await within(await screen.findByRole('grid', { name: 'Log lines' })).findByText('GET /orders 200 12ms');
      const box = screen.getByRole('textbox', { name: 'Search logs' });
      const queried = () => searches().filter((body) => body.query);
      await user.type(box, 'time');
      act(() => jest.advanceTimersByTime(LOG_SEARCH_DEBOUNCE_MS - 100));
      await user.type(box, 'out');
      // Each key restarted the wait: nothing was asked for a part of the word.
      act(() => jest.advanceTimersByTime(LOG_SEARCH_DEBOUNCE_MS - 1));
      expect(queried()).toEqual([]);
      expect(search().get('query')).toBeNull();
      act(() => jest.advanceTimersByTime(1));
      await waitFor(() => expect(lastSearch()?.query).toBe('timeout'));
      expect(search().get('query')).toBe('timeout');
      expect(queried()).toHaveLength(1);

      // Back undoes the search, in the box as well.
      await act(() => router.navigate(-1));
      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Search logs' })).toHaveValue(''));
      expect(search().get('query')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('reads the search text and range a link holds', async () => {
    renderLogs(`/logs?topologyId=${ORDERS_ID}&logsSelector=orders-api%20logs&query=timeout&start=now-6h`);
    expect(await screen.findByRole('textbox', { name: 'Search logs' })).toHaveValue('timeout');
    await waitFor(() => expect(lastSearch()).toMatchObject({ query: 'timeout', name: 'orders-api logs' }));
    const body = lastSearch()!;
    expect(Date.parse(body.end!) - Date.parse(body.start!)).toBe(6 * 60 * 60_000);
    expect(screen.getByRole('button', { name: /Last 6 hours/ })).toBeInTheDocument();
  });

  it('says when no line matches', async () => {
    page.api.reply('POST api/logs', { status: 200, body: logResult([]) });
    renderLogs(`/logs?topologyId=${ORDERS_ID}&query=nothing`);
    expect(
      await within(await screen.findByRole('grid', { name: 'Log lines' })).findByText(NO_MATCHING_LOGS),
    ).toBeVisible();
  });

  it("shows the server's error", async () => {
    page.api.reply('POST api/logs', { status: 502, body: { error: 'loki: connection refused' } });
    renderLogs(`/logs?topologyId=${ORDERS_ID}`);
    expect(await screen.findByText('loki: connection refused')).toBeInTheDocument();
    expect(screen.queryByText(NO_MATCHING_LOGS)).not.toBeInTheDocument();
  });

  it('links only http and https addresses in messages and labels', async () => {
    page.api.reply('POST api/logs', {
      status: 200,
      body: logResult([
        logLine({
          message: 'see https://status.example.com/x then javascript:alert(1) and ftp://files.example.com/a',
          labels: { dashboard: 'http://grafana.example.com/d/1', trap: 'javascript:alert(2)' },
        }),
      ]),
    });
    renderLogs(`/logs?topologyId=${ORDERS_ID}`);
    const row = (
      await within(await screen.findByRole('grid', { name: 'Log lines' })).findByText(/see /)
    ).closest('tr')!;
    const links = within(row).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://status.example.com/x',
      'http://grafana.example.com/d/1',
    ]);
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(row).toHaveTextContent('javascript:alert(1) and ftp://files.example.com/a');
    expect(row).toHaveTextContent('trap=javascript:alert(2)');
  });

  it('loads older lines from the next page', async () => {
    page.api.reply('POST api/logs', {
      status: 200,
      body: logResult([logLine()], { total: 2, nextPage: 'p2' }),
    });
    const { user } = renderLogs(`/logs?topologyId=${ORDERS_ID}`);
    await within(await screen.findByRole('grid', { name: 'Log lines' })).findByText('GET /orders 200 12ms');
    page.api.reply('POST api/logs', {
      status: 200,
      body: logResult([logLine({ id: 'l0', message: 'service started' })], { total: 2 }),
    });
    await user.click(screen.getByRole('button', { name: 'Load older' }));
    expect(await within(table()).findByText('service started')).toBeInTheDocument();
    expect(lastSearch()).toMatchObject({ id: ORDERS_ID, page: 'p2' });
    expect(within(table()).getByText('GET /orders 200 12ms')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument());
  });

  it('renders only the lines in view of a long answer', async () => {
    const lines = Array.from({ length: 2000 }, (_, index) =>
      logLine({ id: `l${index}`, message: `line ${String(index).padStart(4, '0')}` }),
    );
    page.api.reply('POST api/logs', { status: 200, body: logResult(lines) });
    renderLogs(`/logs?topologyId=${ORDERS_ID}`);
    await within(await screen.findByRole('grid', { name: 'Log lines' })).findByText('line 0000');
    const rows = within(table()).getAllByRole('row');
    // The viewport's 10 rows of 62 px and the overscan of 10, not 2,000.
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(40);
    expect(within(table()).queryByText('line 1999')).not.toBeInTheDocument();
  });

  it('restores the column widths kept in local storage and keeps new ones there', async () => {
    localStorage.setItem(COLUMN_SIZES_KEY, JSON.stringify({ timestamp: 150, message: 500 }));
    const { user } = renderLogs(`/logs?topologyId=${ORDERS_ID}`);
    await within(await screen.findByRole('grid', { name: 'Log lines' })).findByText('GET /orders 200 12ms');
    const [timestamp, message] = within(table()).getAllByRole('columnheader');
    expect(timestamp).toHaveStyle({ width: '150px' });
    expect(message).toHaveStyle({ width: '500px' });

    const resizer = screen.getByRole('separator', { name: 'Resize Message column' });
    expect(resizer).toHaveAttribute('aria-valuenow', '500');
    resizer.focus();
    await user.keyboard('{ArrowRight}');
    expect(message).toHaveStyle({ width: '520px' });
    expect(JSON.parse(localStorage.getItem(COLUMN_SIZES_KEY)!)).toEqual({ timestamp: 150, message: 520 });
  });
});
