import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInShell, fakeApiPerTest, whoamiAs } from '../../../shell/test-support.js';
import { ResourceListPage } from './ResourceListPage.js';

const hourAgo = new Date(Date.now() - 60 * 60_000).toISOString();
const canaries = [
  {
    id: 'c1',
    name: 'payments-api',
    namespace: 'payments',
    source: 'UI',
    schedule: '@every 1m',
    job_status: 'FAILED',
    last_runtime: hourAgo,
    created_by: { id: 'p1', name: 'Ada Lovelace' },
    agent: { id: 'a1', name: 'acme-prod-eu' },
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-02T00:00:00Z',
    deleted_at: null,
  },
  {
    id: 'c2',
    name: 'dns-records',
    namespace: 'default',
    source: 'KubernetesCRD',
    schedule: null,
    job_status: 'SUCCESS',
    last_runtime: null,
    created_by: null,
    created_at: '2024-01-01T00:00:00Z',
    updated_at: null,
    deleted_at: null,
  },
];

const page = fakeApiPerTest((api) =>
  api.reply('GET api/db/canaries_with_status', { status: 200, body: canaries }),
);

function renderList(table = 'canaries') {
  const user = userEvent.setup();
  const result = renderInShell(
    [
      { path: 'settings/:table', element: <ResourceListPage /> },
      { path: 'settings/:table/:id', element: <p>resource page</p> },
    ],
    `/settings/${table}`,
  );
  return { user, ...result };
}

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

describe('ResourceListPage', () => {
  it("asks the table's status view for 100 rows by name, with their creators and agents", async () => {
    renderList();
    const table = await screen.findByRole('grid', { name: 'Health Check' });
    await within(table).findByText('payments-api');
    const query = page.sent.find((request) => request.path === 'api/db/canaries_with_status')!.query;
    expect(query.get('select')).toBe('*,created_by(id,name),agent:agent_id(id,name)');
    expect(query.get('deleted_at')).toBe('is.null');
    expect(query.get('order')).toBe('name.asc');
    expect(query.get('limit')).toBe('100');
  });

  it('shows each row with its namespace, agent, source, schedule, job status, last run and creator', async () => {
    renderList();
    const table = await screen.findByRole('grid', { name: 'Health Check' });
    expect(headers(table)).toEqual([
      'Name',
      'Namespace',
      'Agent',
      'Source',
      'Schedule',
      'Status',
      'Last Run',
      'Created by',
      'Created',
      'Updated',
    ]);
    const row = (await within(table).findByText('payments-api')).closest('tr')!;
    const cells = [...row.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells.slice(0, 8)).toEqual([
      'payments-api',
      'payments',
      'acme-prod-eu',
      'UI',
      '@every 1m',
      'FAILED',
      '1 hour ago',
      'Ada Lovelace',
    ]);
    expect(within(table).getByText('SUCCESS')).toBeInTheDocument();
  });

  it('leaves out the columns a table does not have', async () => {
    page.api.reply('GET api/db/teams_with_status', {
      status: 200,
      body: [{ id: 't1', name: 'Platform', source: 'UI' }],
    });
    renderList('teams');
    const table = await screen.findByRole('grid', { name: 'Teams' });
    expect(headers(table)).not.toContain('Namespace');
    expect(headers(table)).not.toContain('Schedule');
    expect(headers(table)).not.toContain('Agent');
    expect(await within(table).findByText('Platform')).toBeInTheDocument();
    const query = page.sent.find((request) => request.path === 'api/db/teams_with_status')!.query;
    expect(query.get('select')).toBe('*,created_by(id,name)');
  });

  it('opens a row at /settings/{table}/{id}', async () => {
    const { user, router } = renderList();
    await user.click(await screen.findByText('dns-records'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/canaries/c2'));
  });

  it("shows 'No data available' without rows", async () => {
    page.api.reply('GET api/db/canaries_with_status', { status: 200, body: [] });
    renderList();
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it("shows the server's message when the list fails", async () => {
    page.api.reply('GET api/db/canaries_with_status', {
      status: 500,
      body: { message: 'canaries are unavailable' },
    });
    renderList();
    expect(await screen.findByText('canaries are unavailable')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
  });

  it("opens the 'Add Health Check' dialog for writers", async () => {
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Add Health Check' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Health Check' });
    expect(within(dialog).getByRole('button', { name: 'HTTP' })).toBeInTheDocument();
  });

  it('adds a catalog scraper through its type picker, then the chosen type in the Form', async () => {
    page.api.reply('GET api/db/config_scrapers_with_status', { status: 200, body: [] });
    const { user } = renderList('config_scrapers');
    await user.click(await screen.findByRole('button', { name: 'Add Catalog Scraper' }));
    const picker = await screen.findByRole('dialog', { name: 'Add Catalog Scraper' });
    await user.click(within(picker).getByRole('button', { name: 'HTTP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add HTTP Catalog Scraper' });
    expect(within(dialog).getByRole('tab', { name: 'Form', selected: true })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /URL/ })).toBeInTheDocument();
  });

  it('offers no add button to viewers', async () => {
    page.api.reply('GET api/auth/whoami', { status: 200, body: whoamiAs('viewer') });
    renderList();
    await screen.findByText('payments-api');
    expect(screen.queryByRole('button', { name: 'Add Health Check' })).not.toBeInTheDocument();
  });

  it('offers no add button for a table without an editor', async () => {
    page.api.reply('GET api/db/notifications_with_status', { status: 200, body: [] });
    renderList('notifications');
    await screen.findByText('No data available');
    expect(screen.queryByRole('button', { name: /^Add/ })).not.toBeInTheDocument();
  });
});
