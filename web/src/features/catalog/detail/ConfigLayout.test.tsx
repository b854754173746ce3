import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { linkedReadOnly } from '../../../../../common/managed.js';
import { fakeApiPerTest } from '../../../shell/test-support.js';
import { CONFIG_ID, configRow, renderConfigPage, replyConfig } from './test-support.js';

const page = fakeApiPerTest((api) => replyConfig(api));

const detailRequests = () => page.sent.filter((r) => r.path === 'api/db/config_detail');

function renderPage(path?: string) {
  const user = userEvent.setup();
  return { ...renderConfigPage(path), user };
}

describe('ConfigLayout', () => {
  it('titles the page Catalog › type › name and badges each tab with its count', async () => {
    page.api.reply('GET api/db/config_detail', {
      status: 200,
      body: [
        configRow({ summary: { changes: 1500, analysis: 3, relationships: 4, playbook_runs: 0, checks: 2 } }),
      ],
    });
    renderPage();
    const tabs = await screen.findByRole('tablist', { name: 'Config detail tabs' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Config', 'Changes1k+', 'Insights3', 'Relationships4', 'Playbooks0', 'Checks2']);
    expect(within(tabs).getByRole('tab', { name: /Config/ })).toHaveAttribute('aria-selected', 'true');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Catalog' })).toHaveAttribute('href', '/catalog');
    expect(within(banner).getByRole('link', { name: 'Kubernetes::Pod' })).toHaveAttribute(
      'href',
      '/catalog?configType=Kubernetes%3A%3APod',
    );
    expect(within(banner).getByText('orders-7c9')).toHaveAttribute('aria-current', 'page');
    const query = detailRequests().at(-1)!.query;
    expect(query.get('id')).toBe(`eq.${CONFIG_ID}`);
    expect(query.get('select')).toContain('config_scrapers(id,name)');
  });

  it('opens a tab at its own address and marks it current', async () => {
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('tab', { name: /Changes/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/catalog/${CONFIG_ID}/changes`));
    expect(await screen.findByText('changes of the config')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Changes/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Checks/ })).toHaveAttribute(
      'href',
      `/catalog/${CONFIG_ID}/checks`,
    );
  });

  it('moves between the tabs with the arrow keys, Home and End, and opens one with Space or Enter', async () => {
    const { user, router } = renderPage();
    const config = await screen.findByRole('tab', { name: 'Config' });
    expect(config).toHaveAttribute('aria-controls', screen.getByRole('tabpanel').id);
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Config');
    expect(screen.getByRole('tab', { name: /Changes/ })).toHaveAttribute('tabindex', '-1');
    config.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('tab', { name: /Changes/ })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: /Checks/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(config).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('tab', { name: /Checks/ })).toHaveFocus();
    await user.keyboard('{Home}{ArrowDown}');
    expect(screen.getByRole('tab', { name: /Changes/ })).toHaveFocus();
    expect(router.state.location.pathname).toBe(`/catalog/${CONFIG_ID}`);
    await user.keyboard(' ');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/catalog/${CONFIG_ID}/changes`));
    expect(screen.getByRole('tab', { name: /Changes/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Changes/ })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(/Changes/);
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/catalog/${CONFIG_ID}`));
    expect(config).toHaveAttribute('aria-selected', 'true');
  });

  it('leaves a modified click to the browser (a new tab or window)', async () => {
    const { user, router } = renderPage();
    const changes = await screen.findByRole('tab', { name: /Changes/ });
    const clicks: boolean[] = [];
    document.addEventListener('click', (event) => clicks.push(event.defaultPrevented), { once: true });
    await user.keyboard('{Control>}');
    await user.click(changes);
    await user.keyboard('{/Control}');
    expect(clicks).toEqual([false]);
    expect(router.state.location.pathname).toBe(`/catalog/${CONFIG_ID}`);
  });

  it('says when a deleted config was deleted', async () => {
    replyConfig(page.api, configRow({ deleted_at: new Date(Date.now() - 3 * 86_400_000).toISOString() }));
    const { user } = renderPage();
    const banner = await screen.findByRole('banner');
    const deleted = await within(banner).findByText('Deleted');
    await user.hover(deleted);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Deleted: 3 days ago');
  });

  it('shows "Details not found" for an absent config and for an address that is no id', async () => {
    replyConfig(page.api, null);
    const { unmount } = renderPage();
    expect(await screen.findByText('Details not found')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    unmount();

    renderPage('/catalog/not-an-id');
    expect(await screen.findByText('Details not found')).toBeInTheDocument();
    expect(detailRequests()).toHaveLength(1);
  });

  it('shows the server message when the config cannot be loaded', async () => {
    page.api.reply('GET api/db/config_detail', { status: 500, body: { message: 'database is down' } });
    renderPage();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('database is down')).toBeInTheDocument();
  });

  it('hides and shows the details sidebar', async () => {
    const { user } = renderPage();
    const sidebar = await screen.findByLabelText('Config details', { selector: 'dl' });
    expect(sidebar).toBeVisible();
    const banner = screen.getByRole('banner');
    await user.click(within(banner).getByRole('button', { name: 'Hide Sidebar', expanded: true }));
    await waitFor(() => expect(sidebar).not.toBeVisible());
    await user.click(within(banner).getByRole('button', { name: 'Show Sidebar', expanded: false }));
    await waitFor(() => expect(sidebar).toBeVisible());
  });

  it('lists the playbooks matched to the config and runs one on it', async () => {
    page.api.reply('GET api/playbook/list', {
      status: 200,
      body: [
        {
          id: 'p1',
          name: 'restart-pod',
          title: 'Restart pod',
          spec: { configs: [{ types: ['Kubernetes::Pod'] }] },
        },
      ],
    });
    page.api.reply('POST api/playbook/p1/params', { status: 200, body: { params: [] } });
    page.api.reply('POST api/playbook/run', { status: 201, body: { run_id: 'run1' } });
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Run Playbook' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Restart pod' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restart pod' });
    expect(within(dialog).getByRole('textbox', { name: 'Resource' })).toHaveValue('orders-7c9');
    await within(dialog).findByText('No parameters for this playbook.');
    await user.click(within(dialog).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/playbooks/runs/run1'));
    expect(page.sent.find((r) => r.path === 'api/playbook/list')!.query.get('config_id')).toBe(CONFIG_ID);
    expect(page.sent.find((r) => r.path === 'api/playbook/run')!.body).toEqual({
      id: 'p1',
      config_id: CONFIG_ID,
      params: {},
    });
  });

  describe("an agent's item in the hub", () => {
    const AGENT_ID = '55555555-5555-4555-8555-555555555555';
    const pushed = configRow({ agent_id: AGENT_ID });
    const agentRequests = () => page.sent.filter((r) => r.method === 'GET' && r.path === 'api/db/agents');

    it('says it is linked to the agent, by name, over every tab, and keeps what the hub allows', async () => {
      replyConfig(page.api, pushed);
      page.api.reply('GET api/db/agents', { status: 200, body: [{ id: AGENT_ID, name: 'eu-1' }] });
      const { user } = renderPage();
      expect(await screen.findByText('Linked to eu-1')).toBeInTheDocument();
      expect(screen.getByText(linkedReadOnly('This catalog item', 'eu-1'))).toBeInTheDocument();
      expect(agentRequests().at(-1)!.query.get('id')).toBe(`eq.${AGENT_ID}`);
      // Playbook runs and evidence are the hub's own rows, whatever agent the item came from.
      expect(screen.getByRole('button', { name: 'Run Playbook' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Attach as Evidence' })).toBeEnabled();

      await user.click(screen.getByRole('tab', { name: /Checks/ }));
      expect(await screen.findByRole('tab', { name: /Checks/, selected: true })).toBeInTheDocument();
      expect(screen.getByText('Linked to eu-1')).toBeInTheDocument();
    });

    it('names the agent by its id when its name cannot be read', async () => {
      replyConfig(page.api, pushed);
      page.api.reply('GET api/db/agents', { status: 403, body: { message: 'Agents is disabled' } });
      renderPage();
      expect(await screen.findByText(`Linked to ${AGENT_ID}`)).toBeInTheDocument();
      expect(screen.getByRole('tablist', { name: 'Config detail tabs' })).toBeInTheDocument();
    });

    it("says nothing of agents for the console's own item", async () => {
      replyConfig(page.api, configRow({ agent_id: '00000000-0000-0000-0000-000000000000' }));
      renderPage();
      expect(await screen.findByRole('tablist', { name: 'Config detail tabs' })).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Attach as Evidence' })).toBeInTheDocument();
      expect(screen.queryByText(/^Linked to/)).not.toBeInTheDocument();
      expect(agentRequests()).toHaveLength(0);
    });
  });
});
