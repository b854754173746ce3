import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell } from '../../shell/test-support.js';
import { ResourcePlaybookRuns } from './index.js';
import { RUN_ID, runListRow } from './test-support.js';

const page = fakeApiPerTest((api) => {
  api.reply('GET api/db/playbook_runs', {
    status: 200,
    body: [runListRow({ check: null, config: { id: 'cfg1', name: 'orders-db' } })],
    headers: { 'Content-Range': '0-0/1' },
  });
});

const listRequests = () => page.sent.filter((r) => r.method === 'GET' && r.path === 'api/db/playbook_runs');

function renderTab() {
  const user = userEvent.setup();
  const result = renderInShell(
    [
      { path: 'catalog/:id/playbooks', element: <ResourcePlaybookRuns resource={{ config_id: 'cfg1' }} /> },
      { path: 'playbooks/runs/:id', element: <p>run page</p> },
    ],
    '/catalog/cfg1/playbooks',
  );
  return { ...result, user };
}

/** The table once its rows are in (the loading state is another table). */
async function loadedTable() {
  await screen.findAllByRole('link', { name: 'Restart' });
  return screen.getByRole('grid', { name: 'Playbook runs' });
}

describe('ResourcePlaybookRuns', () => {
  // jsdom has no layout: the virtualized table needs a viewport height to render rows.
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 450 });
  });
  afterEach(() => {
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  });

  it("lists the resource's runs, newest first, 50 at a time, any time", async () => {
    renderTab();
    const table = await loadedTable();
    expect(within(table).getByRole('link', { name: 'Restart' })).toBeInTheDocument();
    // On the resource's own page its name is no column.
    expect(within(table).queryByRole('columnheader', { name: 'Resource' })).not.toBeInTheDocument();
    const query = listRequests().at(-1)!.query;
    expect(query.get('config_id')).toBe('eq.cfg1');
    expect(query.get('limit')).toBe('50');
    expect(query.get('order')).toBe('created_at.desc.nullslast,id.asc');
    expect(query.has('created_at')).toBe(false);
    // One page of one run: nothing more to ask for.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(listRequests()).toHaveLength(1);
  });

  it('loads the next page when the reader scrolls near the end', async () => {
    page.api.reply('GET api/db/playbook_runs', {
      status: 200,
      body: Array.from({ length: 50 }, (_, i) => runListRow({ id: `run-${i}`, check: null })),
      headers: { 'Content-Range': '0-49/120' },
    });
    {
      renderTab();
      const table = await loadedTable();
      expect(listRequests()).toHaveLength(1);
      await act(async () => {
        table.parentElement!.scrollTop = 50 * 45;
        fireEvent.scroll(table.parentElement!);
      });
      await waitFor(() => expect(listRequests()).toHaveLength(2));
      expect(listRequests()[1]!.query.get('offset')).toBe('50');
    }
  });

  it('opens a run from its row', async () => {
    const { user, router } = renderTab();
    const table = await loadedTable();
    await user.click(within(table).getAllByRole('row')[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/playbooks/runs/${RUN_ID}`));
  });
});
