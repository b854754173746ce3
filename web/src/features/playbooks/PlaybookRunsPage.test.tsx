import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell } from '../../shell/test-support.js';
import { PlaybookRunsPage } from './PlaybookRunsPage.js';
import { PLAYBOOK_ID, RUN_ID, runListRow } from './test-support.js';

const OTHER_RUN = '33333333-3333-4333-8333-333333333333';
const rows = [
  runListRow(),
  runListRow({
    id: OTHER_RUN,
    status: 'failed',
    trigger: 'check.failed',
    created_by: null,
    creator: null,
    check: null,
    config: { id: 'cfg1', name: 'orders-db', type: 'Postgres' },
  }),
];

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/playbook_runs', { status: 200, body: rows, headers: { 'Content-Range': '0-1/120' } });
  api.reply('GET api/db/playbooks', {
    status: 200,
    body: [
      { id: PLAYBOOK_ID, name: 'restart', title: 'Restart', icon: null },
      { id: 'pb2', name: 'scale', title: 'Scale up', icon: null },
    ],
  });
});

function renderRuns(path = '/playbooks/runs') {
  const user = userEvent.setup();
  const result = renderInShell(
    [
      { path: 'playbooks/runs', element: <PlaybookRunsPage /> },
      { path: 'playbooks/runs/:id', element: <p>run page</p> },
    ],
    path,
  );
  const url = () => new URLSearchParams(result.router.state.location.search);
  return { ...result, user, url };
}

const listRequests = () => page.sent.filter((r) => r.method === 'GET' && r.path === 'api/db/playbook_runs');
const lastList = () => listRequests().at(-1)!.query;
const DAY = 24 * 3_600_000;
/** How long before now the request's lower bound on created_at lies. */
const sinceMs = (query: URLSearchParams) =>
  Date.now() - Date.parse(query.get('created_at')!.replace(/^gte\./, ''));

describe('PlaybookRunsPage', () => {
  it('lists the runs of the last 7 days, newest first, with their playbook, status, resource and starter', async () => {
    renderRuns();
    const table = await screen.findByRole('grid', { name: 'Playbook runs' });
    await within(table).findByRole('link', { name: 'orders-db' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('link', { name: 'Restart' })).toHaveAttribute(
      'href',
      `/playbooks/runs/${RUN_ID}`,
    );
    expect(within(first!).getByText('Completed').closest('[data-status]')).toHaveClass('pf-m-green');
    expect(within(first!).getByRole('link', { name: 'api-health' })).toHaveAttribute(
      'href',
      '/health?checkId=c1',
    );
    expect(first).toHaveTextContent('Jane Doe');
    expect(within(second!).getByText('Failed').closest('[data-status]')).toHaveClass('pf-m-red');
    expect(within(second!).getByRole('link', { name: 'orders-db' })).toHaveAttribute('href', '/catalog/cfg1');
    // Started by an event, not a person.
    expect(second).toHaveTextContent('check.failed');

    const query = lastList();
    expect(query.get('select')).toContain('playbook:playbook_id(id,name,title,icon)');
    expect(query.get('select')).toContain('creator:created_by(id,name,avatar)');
    expect(query.get('order')).toBe('created_at.desc.nullslast,id.asc');
    expect(query.get('offset')).toBe('0');
    expect(query.get('limit')).toBe('50');
    expect(sinceMs(query)).toBeGreaterThan(7 * DAY - 60_000);
    expect(sinceMs(query)).toBeLessThan(7 * DAY + 60_000);
    expect(screen.getByRole('button', { name: 'Time range: Last 7 days' })).toBeInTheDocument();
  });

  it('filters by status and by playbook, in the URL and in the request, back on the first page', async () => {
    const { user, url } = renderRuns('/playbooks/runs?pageIndex=1');
    await screen.findByRole('link', { name: 'orders-db' });
    expect(lastList().get('offset')).toBe('50');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'pending_approval');
    await waitFor(() => expect(url().get('status')).toBe('pending_approval'));
    expect(url().get('pageIndex')).toBeNull();
    await waitFor(() => expect(lastList().get('status')).toBe('eq.pending_approval'));
    expect(lastList().get('offset')).toBe('0');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Playbook' }), 'Scale up');
    await waitFor(() => expect(url().get('playbook')).toBe('pb2'));
    await waitFor(() => expect(lastList().get('playbook_id')).toBe('eq.pb2'));
    expect(lastList().get('status')).toBe('eq.pending_approval');
  });

  it('offers every run status', async () => {
    renderRuns();
    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All statuses',
      'Pending',
      'Scheduled',
      'Running',
      'Pending approval',
      'Waiting',
      'Sleeping',
      'Completed',
      'Failed',
      'Cancelled',
      'Timed out',
    ]);
  });

  it('takes the time range from the picker into the URL and the request', async () => {
    const { user, url } = renderRuns();
    await screen.findByRole('link', { name: 'orders-db' });
    await user.click(screen.getByRole('button', { name: 'Time range: Last 7 days' }));
    const panel = await screen.findByRole('dialog', { name: 'Select time range' });
    await user.click(within(panel).getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(url().get('from')).toBe('now-30d'));
    expect(url().get('to')).toBe('now');
    await waitFor(() => expect(sinceMs(lastList())).toBeGreaterThan(29 * DAY));
  });

  it('reads a shared link: filters, range, sort and page', async () => {
    renderRuns(
      `/playbooks/runs?status=failed&playbook=${PLAYBOOK_ID}&from=now-1h&to=now&sortBy=start_time&sortOrder=asc&pageIndex=2`,
    );
    await screen.findByRole('link', { name: 'orders-db' });
    const query = lastList();
    expect(query.get('status')).toBe('eq.failed');
    expect(query.get('playbook_id')).toBe(`eq.${PLAYBOOK_ID}`);
    expect(sinceMs(query)).toBeLessThan(3_600_000 + 60_000);
    expect(query.get('order')).toBe('start_time.asc.nullslast,id.asc');
    expect(query.get('offset')).toBe('100');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('failed');
  });

  it('pages and sorts on the server, with the total from the count', async () => {
    const { user, url } = renderRuns();
    await screen.findByRole('link', { name: 'orders-db' });
    expect(screen.getByText(/of 3/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(url().get('pageIndex')).toBe('1'));
    await waitFor(() => expect(lastList().get('offset')).toBe('50'));

    await user.click(screen.getByRole('button', { name: 'Started' }));
    await waitFor(() => expect(url().get('sortBy')).toBe('start_time'));
    expect(url().get('pageIndex')).toBeNull();
    await waitFor(() => expect(lastList().get('order')).toBe('start_time.asc.nullslast,id.asc'));
  });

  it('opens a run from its row', async () => {
    const { user, router } = renderRuns();
    await user.click(await screen.findByText('check.failed'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/playbooks/runs/${OTHER_RUN}`));
  });

  it("says 'No playbook runs found' without runs, and the server's error when the list fails", async () => {
    page.api.reply('GET api/db/playbook_runs', {
      status: 200,
      body: [],
      headers: { 'Content-Range': '*/0' },
    });
    const first = renderRuns();
    expect(await screen.findByText('No playbook runs found')).toBeInTheDocument();
    first.unmount();

    page.api.reply('GET api/db/playbook_runs', { status: 400, body: { message: 'bad filter' } });
    renderRuns();
    expect(await screen.findByText('bad filter')).toBeInTheDocument();
  });
});
