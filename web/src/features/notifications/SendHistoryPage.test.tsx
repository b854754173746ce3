import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell } from '../../shell/test-support.js';
import { NotificationsLayout } from './NotificationsLayout.js';
import { SendHistoryPage } from './SendHistoryPage.js';
import { historyRow } from './test-support.js';

const rows = [
  historyRow(),
  historyRow({
    id: 'h2',
    status: 'repeat-interval',
    source_event: 'component.unhealthy',
    resource_type: 'component',
    resource_id: 'cmp1',
    resource: { id: 'cmp1', name: 'payments-api', icon: null },
    count: 5,
    first_observed: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  }),
];

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/notification_send_history_summary', {
    status: 200,
    body: rows,
    headers: { 'Content-Range': '0-1/60' },
  });
});

function renderHistory(path = '/notifications') {
  const user = userEvent.setup();
  const result = renderInShell(
    [
      {
        path: 'notifications',
        element: <NotificationsLayout />,
        children: [
          { index: true, element: <SendHistoryPage /> },
          { path: 'rules', element: <p>rules page</p> },
        ],
      },
    ],
    path,
  );
  const search = () => new URLSearchParams(result.router.state.location.search);
  return { ...result, user, search };
}

const listRequests = () =>
  page.sent.filter((r) => r.path === 'api/db/notification_send_history_summary' && !r.query.get('id'));
const lastList = () => listRequests().at(-1)!.query;

describe('SendHistoryPage', () => {
  it('lists the history newest first, a page at a time, with the Age, Resource, Status and Event', async () => {
    renderHistory();
    const table = await screen.findByRole('grid', { name: 'Notifications' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Age', 'Resource', 'Status', 'Event']);
    const repeated = (await within(table).findByText('payments-api')).closest('tr')!;
    // Spec 2 §4: repeat-interval shows as Repeated, with how many over how long.
    expect(within(repeated).getByText('Repeated')).toBeInTheDocument();
    expect(repeated).toHaveTextContent('(x5 over 3 hours)');
    expect(within(repeated).getByRole('link', { name: 'payments-api' })).toHaveAttribute(
      'href',
      '/topology/cmp1',
    );
    const sent = within(table).getByText('api-health').closest('tr')!;
    expect(within(sent).getByText('Sent')).toBeInTheDocument();
    expect(sent).not.toHaveTextContent(' over ');
    expect(within(sent).getByRole('link', { name: 'api-health' })).toHaveAttribute(
      'href',
      '/health?checkId=c1',
    );
    expect(lastList().get('order')).toBe('created_at.desc,id.asc');
    expect(lastList().get('offset')).toBe('0');
    // The count header pages the list on the server.
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('keeps the Status and Resource Type filters in the URL, each going back to the first page', async () => {
    const { user, search } = renderHistory('/notifications?pageIndex=2');
    await screen.findByText('api-health');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'repeat-interval');
    await waitFor(() => expect(search().get('status')).toBe('repeat-interval'));
    expect(search().get('pageIndex')).toBeNull();
    await waitFor(() => expect(lastList().get('status')).toBe('eq.repeat-interval'));
    expect(screen.getByRole('option', { name: 'Repeated' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(search().get('pageIndex')).toBe('1'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Resource Type' }), 'Catalog');
    await waitFor(() => expect(search().get('resourceType')).toBe('config'));
    expect(search().get('pageIndex')).toBeNull();
    expect(search().get('status')).toBe('repeat-interval');
    await waitFor(() => expect(lastList().get('resource_type')).toBe('eq.config'));
    expect(lastList().get('offset')).toBe('0');
  });

  it('opens the details of a row under ?id=, its body sanitized and its error pretty-printed', async () => {
    page.api.reply('GET api/db/notification_send_history_summary', {
      status: 200,
      body: rows,
      headers: { 'Content-Range': '0-1/2' },
    });
    const { user, search } = renderHistory();
    await user.click(await screen.findByText('check.failed'));
    await waitFor(() => expect(search().get('id')).toBe('h1'));
    // The details are read by id: answer that read with the row in full.
    page.api.reply('GET api/db/notification_send_history_summary', {
      status: 200,
      body: historyRow({
        status: 'error',
        person: { id: 'p1', name: 'Person 1' },
        duration_millis: 1250,
        body: '<p>API <b>down</b></p><img src="x" onerror="window.__pwned = true"><script>window.__pwned = true</script><a href="javascript:alert(1)">open</a>',
        error: '{"code":500,"message":"receiver failed"}',
      }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Notification Details' });
    expect(await within(dialog).findByText('Person 1')).toBeInTheDocument();
    expect(within(dialog).getByText('Error')).toBeInTheDocument();
    expect(within(dialog).getByText('1.25s')).toBeInTheDocument();
    expect(within(dialog).getByText('check.failed')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Notification rule' })).toHaveAttribute(
      'href',
      '/notifications/rules?id=n1',
    );
    const body = within(dialog).getByRole('region', { name: 'Body' });
    expect(body).toHaveTextContent('API down');
    expect(body.querySelector('b')).not.toBeNull();
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('[onerror]')).toBeNull();
    expect(body.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/);
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
    expect(dialog).toHaveTextContent('"message": "receiver failed"');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(search().has('id')).toBe(false));
  });

  it('opens the details straight from a link with ?id=, and says Unknown without a recipient', async () => {
    page.api.reply('GET api/db/notification_send_history_summary', { status: 200, body: historyRow() });
    renderHistory('/notifications?id=h1');
    // Found afresh each time: the dialog's content is drawn again once the entry has loaded.
    await waitFor(() =>
      expect(
        within(screen.getByRole('dialog', { name: 'Notification Details' })).getByText('Unknown'),
      ).toBeInTheDocument(),
    );
  });

  it('shows the tabs as links, Notifications chosen', async () => {
    const { user, router } = renderHistory();
    const tabs = await screen.findByRole('tablist', { name: 'Notifications sections' });
    const names = within(tabs)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(names).toEqual(['Notifications', 'Rules', 'Silences']);
    expect(within(tabs).getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
    expect(within(tabs).getByRole('tab', { name: 'Rules' })).toHaveAttribute('href', '/notifications/rules');
    expect(screen.getByRole('tabpanel', { name: 'Notifications' })).toBeInTheDocument();
    await user.click(within(tabs).getByRole('tab', { name: 'Rules' }));
    expect(await screen.findByText('rules page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notifications/rules');
  });
});
