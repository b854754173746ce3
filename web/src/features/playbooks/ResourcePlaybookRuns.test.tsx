import { screen, waitFor, within } from '@testing-library/react';
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
    '/catalog/cfg1/playbooks?runs.pageIndex=1',
  );
  return { ...result, user };
}

describe('ResourcePlaybookRuns', () => {
  it("lists the resource's runs, newest first, paged under its own URL parameters, any time", async () => {
    renderTab();
    const table = await screen.findByRole('grid', { name: 'Playbook runs' });
    expect(await within(table).findByRole('link', { name: 'Restart' })).toBeInTheDocument();
    // On the resource's own page its name is no column.
    expect(within(table).queryByRole('columnheader', { name: 'Resource' })).not.toBeInTheDocument();
    const query = listRequests().at(-1)!.query;
    expect(query.get('config_id')).toBe('eq.cfg1');
    expect(query.get('offset')).toBe('50');
    expect(query.get('order')).toBe('created_at.desc.nullslast,id.asc');
    expect(query.has('created_at')).toBe(false);
  });

  it('opens a run from its row', async () => {
    const { user, router } = renderTab();
    const table = await screen.findByRole('grid', { name: 'Playbook runs' });
    await within(table).findByRole('link', { name: 'Restart' });
    await user.click(within(table).getAllByRole('row')[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/playbooks/runs/${RUN_ID}`));
  });
});
