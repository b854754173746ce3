import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApiPerTest, renderInShell } from '../../../shell/test-support.js';
import type { ChangesRequest } from './changes-api.js';
import { ConfigChangesTab } from './ConfigChangesTab.js';
import { CONFIG_ID, giveTablesAViewport, replyChanges } from './test-support.js';

const page = fakeApiPerTest((api) => replyChanges(api));
giveTablesAViewport();

function renderTab(query = '') {
  const user = userEvent.setup();
  const result = renderInShell(
    [{ path: 'catalog/:id/changes', element: <ConfigChangesTab /> }],
    `/catalog/${CONFIG_ID}/changes${query}`,
  );
  const url = () => new URLSearchParams(result.router.state.location.search);
  return { ...result, user, url };
}

const lastRequest = () =>
  page.sent.filter((r) => r.method === 'POST' && r.path === 'api/catalog/changes').at(-1)!
    .body as ChangesRequest;

describe('ConfigChangesTab', () => {
  it('lists the config’s changes and its downstream configs’, 5 levels deep', async () => {
    renderTab();
    await screen.findByText('spec.replicas changed');
    expect(screen.getByRole('grid', { name: 'Config changes' })).toBeInTheDocument();
    expect(lastRequest()).toMatchObject({ id: CONFIG_ID, recursive: 'downstream', depth: 5 });
    expect(screen.getByRole('switch', { name: 'Downstream' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Upstream' })).not.toBeChecked();
  });

  it('follows the upstream and downstream toggles', async () => {
    const { user, url } = renderTab();
    await screen.findByText('spec.replicas changed');

    await user.click(screen.getByRole('switch', { name: 'Upstream' }));
    await waitFor(() => expect(lastRequest().recursive).toBe('all'));
    expect(url().get('upstream')).toBe('true');

    await user.click(screen.getByRole('switch', { name: 'Downstream' }));
    await waitFor(() => expect(lastRequest().recursive).toBe('upstream'));
    expect(url().get('downstream')).toBe('false');

    await user.click(screen.getByRole('switch', { name: 'Upstream' }));
    await waitFor(() => expect(lastRequest().recursive).toBe('none'));
    expect(lastRequest().depth).toBeUndefined();
  });

  it('shows the toggles as a shared link set them', async () => {
    renderTab('?upstream=true&downstream=false');
    await screen.findByText('spec.replicas changed');
    expect(screen.getByRole('switch', { name: 'Upstream' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Downstream' })).not.toBeChecked();
    expect(lastRequest()).toMatchObject({ recursive: 'upstream', depth: 5 });
  });
});
